/// Reading the text of a link destination as CommonMark does (sections 2.4
/// and 2.5): a backslash before ASCII punctuation is dropped, and
/// character references are replaced by their characters.
enum LinkText {
    /// `bytes` with escapes and character references resolved; `nil` when
    /// a named reference is not one this reader knows (the caller then
    /// cannot be sure what CommonMark reads).
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == Byte.backslash, index + 1 < bytes.endIndex, isASCIIPunctuation(bytes[index + 1]) {
                result.append(bytes[index + 1])
                index += 2
                continue
            }
            if byte == UInt8(ascii: "&"), let (scalar, end) = reference(in: bytes, at: index) {
                guard let scalar else { return nil }
                result += Array(String(Character(scalar)).utf8)
                index = end
                continue
            }
            result.append(byte)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether `byte` is ASCII punctuation (what a backslash may escape).
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// The names this reader resolves; a link holding another named
    /// reference is read as unknown.
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "\u{A9}",
    ]

    /// A character reference starting at `start` (`&…;`): the scalar (`nil`
    /// for a name this reader does not know) and the index after the `;`;
    /// `nil` when the text there is not shaped as a reference.
    private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> (Unicode.Scalar?, Int)? {
        var index = start + 1
        guard index < bytes.endIndex else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = index < bytes.endIndex && (bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X"))
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.endIndex, index - digitsStart < (isHex ? 6 : 7), let digit = digitValue(bytes[index], hex: isHex) {
                value = value * (isHex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") else { return nil }
            // Code point 0 and the ones that are not scalars read as U+FFFD.
            let scalar = value == 0 ? Unicode.Scalar(0xFFFD) : Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)
            return (scalar, index + 1)
        }
        let nameStart = index
        while index < bytes.endIndex, index - nameStart < 32, isAlphanumeric(bytes[index]) { index += 1 }
        guard index > nameStart, index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        return (named[name], index + 1)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
