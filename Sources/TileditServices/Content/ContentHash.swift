/// The SHA-256 digest of a file's bytes, all of them.
///
/// Change detection compares hashes, never modification times or sizes: a
/// program can rewrite a file with the same length within the same second
/// (case 46 of the shared cases).
public struct ContentHash: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: [UInt8]

    /// The digest of `content` (every byte, a byte order mark included).
    public init<Bytes: Collection<UInt8>>(of content: Bytes) {
        bytes = SHA256.digest(content)
    }

    /// A hash from its 64 lowercase or uppercase hexadecimal digits; `nil`
    /// when `hex` is not exactly that.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(32)
        var index = 0
        while index < 64 {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        bytes = result
    }

    /// The 64 lowercase hexadecimal digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(64)
        for byte in bytes {
            result.append(digits[Int(byte >> 4)])
            result.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    public var description: String { hex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let hash = ContentHash(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not 64 hexadecimal digits: \(text)")
        }
        self = hash
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
