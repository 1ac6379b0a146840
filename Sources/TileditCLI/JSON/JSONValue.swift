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
    /// An array whose `count` items are made one at a time as they are
    /// written (`item(index)`) and let go after, so writing a large tree
    /// holds one path of it, not all of it; `itemsArePlain` says whether
    /// every item is a number, boolean or null (as `array`'s are checked).
    case lazyArray(count: Int, itemsArePlain: Bool, item: @Sendable (Int) -> JSONValue)

    /// `{"start": …, "end": …}` for a byte range.
    static func range(_ range: Range<Int>) -> JSONValue {
        .object([("start", .number(range.lowerBound)), ("end", .number(range.upperBound))])
    }

    /// The value as JSON text (RFC 8259), indented by two spaces, `"key": value`,
    /// without a final line break. Empty arrays and objects are `[]` and `{}`;
    /// one whose members are all numbers, booleans or nulls (a range, a
    /// line span) stays on one line: `{"start": 0, "end": 8}`.
    /// Strings escape only `"`, `\` and control characters; other
    /// characters are written as UTF-8. (`JSONWriter` writes the same text
    /// piece by piece.)
    func serialized() -> String {
        var writer = JSONWriter(self)
        writer.write(upTo: .max)
        return String(decoding: writer.takeOutput(), as: UTF8.self)
    }

    /// A number, boolean or null.
    var isPlain: Bool {
        switch self {
        case .null, .bool, .number: true
        case .string, .array, .object, .lazyArray: false
        }
    }
}
