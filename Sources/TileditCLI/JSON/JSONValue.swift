import TileditModel
/// A JSON value whose objects keep their keys in the order written, so the
/// commands' output has a stable, documented key order.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSONValue])
    /// Members in output order.
    case object([(String, JSONValue)])

    /// `{"start": …, "end": …}` for a byte range.
    static func range(_ range: Range<Int>) -> JSONValue {
        .object([("start", .number(range.lowerBound)), ("end", .number(range.upperBound))])
    }

    /// The value as JSON text (RFC 8259), indented by two spaces, `"key": value`,
    /// without a final line break. Empty arrays and objects are `[]` and `{}`;
    /// one whose members are all numbers, booleans or nulls (a range, a
    /// line span) stays on one line: `{"start": 0, "end": 8}`.
    /// Strings escape only `"`, `\` and control characters; other
    /// characters are written as UTF-8.
    func serialized() -> String {
        var text = ""
        write(into: &text, indent: "")
        return text
    }

    /// A number, boolean or null.
    private var isPlain: Bool {
        switch self {
        case .null, .bool, .number: true
        case .string, .array, .object: false
        }
    }

    private func write(into text: inout String, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += String(value)
        case .string(let value): Self.writeString(value, into: &text)
        case .array(let items):
            guard !items.isEmpty else {
                text += "[]"
                return
            }
            if items.allSatisfy(\.isPlain) {
                text += "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
                return
            }
            let inner = indent + "  "
            text += "[\n"
            for (index, item) in items.enumerated() {
                text += inner
                item.write(into: &text, indent: inner)
                text += index == items.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            if members.allSatisfy(\.1.isPlain) {
                text += "{"
                for (index, (key, value)) in members.enumerated() {
                    if index > 0 { text += ", " }
                    Self.writeString(key, into: &text)
                    text += ": " + value.serialized()
                }
                text += "}"
                return
            }
            let inner = indent + "  "
            text += "{\n"
            for (index, (key, value)) in members.enumerated() {
                text += inner
                Self.writeString(key, into: &text)
                text += ": "
                value.write(into: &text, indent: inner)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    private static func writeString(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where VisibleText.needsEscaping(scalar):
                // Controls (C0, DEL, C1), line separators and bidirectional
                // controls as \uXXXX: valid JSON that cannot act on a terminal.
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
