/// A JSON value (RFC 8259), as JSON-RPC messages carry it.
///
/// Objects keep their members in order, so what the server writes is
/// deterministic; lookups go through `subscript(key:)`.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The member named `key` of an object (the last one when repeated); `nil` otherwise.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an integer, when the value is a whole number within `Int`'s range.
    public var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The Boolean, when the value is one.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// Whether the value is an object.
    public var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// A number from an integer.
    public static func int(_ value: Int) -> JSON { .number(Double(value)) }

    /// The value as compact JSON text (UTF-8).
    public var serialized: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    /// Appends the value's compact JSON text to `output`.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += Array("null".utf8)
        case .bool(let value): output += Array((value ? "true" : "false").utf8)
        case .number(let value):
            if value.rounded() == value && abs(value) < 9.0e15 {
                output += Array(String(Int(value)).utf8)
            } else if value.isFinite {
                output += Array(String(value).utf8)
            } else {
                output += Array("null".utf8)
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(0x5B)
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(0x2C) }
                value.write(to: &output)
            }
            output.append(0x5D)
        case .object(let members):
            output.append(0x7B)
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(0x2C) }
                Self.writeString(key, to: &output)
                output.append(0x3A)
                value.write(to: &output)
            }
            output.append(0x7D)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(0x22)
        var value = value
        value.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case 0x22: output += [0x5C, 0x22]
                case 0x5C: output += [0x5C, 0x5C]
                case 0x0A: output += [0x5C, 0x6E]
                case 0x0D: output += [0x5C, 0x72]
                case 0x09: output += [0x5C, 0x74]
                default: output += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                }
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(0x22)
    }
}
