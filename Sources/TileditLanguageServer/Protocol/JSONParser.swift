/// Reads JSON text (RFC 8259) into `JSON`. Never traps: malformed input,
/// invalid UTF-8 and nesting deeper than `maximumDepth` are errors.
public struct JSONParser {
    /// Why text is not JSON, with the byte offset where reading stopped.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var offset: Int

        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Arrays and objects nested deeper than this are refused (recursion is bounded).
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses `bytes`, which must hold exactly one JSON value (whitespace around it allowed).
    ///
    /// - Throws: `Failure` for anything else.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSON {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSON {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        guard position < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[position] {
        case 0x7B: return try object(depth: depth)
        case 0x5B: return try array(depth: depth)
        case 0x22: return .string(try string())
        case 0x74: try literal("true"); return .bool(true)
        case 0x66: try literal("false"); return .bool(false)
        case 0x6E: try literal("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try number())
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("unexpected end of input") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw failure("unexpected character")
        }
        position += count
    }

    private mutating func object(depth: Int) throws(Failure) -> JSON {
        position += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == 0x7D {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == 0x22 else { throw failure("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == 0x3A else { throw failure("expected `:`") }
            position += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input") }
            if bytes[position] == 0x2C {
                position += 1
                continue
            }
            guard bytes[position] == 0x7D else { throw failure("expected `,` or `}`") }
            position += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSON {
        position += 1
        var values: [JSON] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == 0x5D {
            position += 1
            return .array(values)
        }
        while true {
            skipWhitespace()
            values.append(try value(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input") }
            if bytes[position] == 0x2C {
                position += 1
                continue
            }
            guard bytes[position] == 0x5D else { throw failure("expected `,` or `]`") }
            position += 1
            return .array(values)
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = position
        if bytes[position] == 0x2D { position += 1 }
        func digits() -> Int {
            let from = position
            while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
            return position - from
        }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("expected a digit") }
        if integerDigits > 1 && bytes[integerStart] == 0x30 { throw failure("leading zero in a number") }
        if position < bytes.count && bytes[position] == 0x2E {
            position += 1
            guard digits() > 0 else { throw failure("expected a digit after `.`") }
        }
        if position < bytes.count && (bytes[position] == 0x65 || bytes[position] == 0x45) {
            position += 1
            if position < bytes.count && (bytes[position] == 0x2B || bytes[position] == 0x2D) { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw failure("unreadable number") }
        return value
    }

    private mutating func string() throws(Failure) -> String {
        position += 1
        // UTF-8 bytes of the value: runs copied as they are, escapes encoded.
        var utf8: [UInt8] = []
        var runStart = position
        func append(_ scalar: Unicode.Scalar) {
            utf8.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [0xEF, 0xBF, 0xBD])
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                utf8.append(contentsOf: bytes[runStart..<position])
                position += 1
                guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
                return text
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte != 0x5C {
                position += 1
                continue
            }
            utf8.append(contentsOf: bytes[runStart..<position])
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case 0x22: utf8.append(0x22)
            case 0x5C: utf8.append(0x5C)
            case 0x2F: utf8.append(0x2F)
            case 0x62: utf8.append(0x08)
            case 0x66: utf8.append(0x0C)
            case 0x6E: utf8.append(0x0A)
            case 0x72: utf8.append(0x0D)
            case 0x74: utf8.append(0x09)
            case 0x75:
                let high = try hex4()
                if (0xD800..<0xDC00).contains(high) {
                    // A surrogate pair: the low half must follow as another `\u` escape.
                    if position + 1 < bytes.count && bytes[position] == 0x5C && bytes[position + 1] == 0x75 {
                        position += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                            append(scalar)
                        } else {
                            append("\u{FFFD}")
                            append(Unicode.Scalar(low) ?? "\u{FFFD}")
                        }
                    } else {
                        append("\u{FFFD}")
                    }
                } else {
                    append(Unicode.Scalar(high) ?? "\u{FFFD}")
                }
            default:
                throw failure("unknown escape")
            }
            runStart = position
        }
        throw failure("unterminated string")
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("expected a hexadecimal digit")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
