/// The front matter keys Tiledown reads (ARCHITECTURE.md, "The Tiledown format"), with what
/// each accepts, for typed fields and as-you-type checks.
public struct FrontMatterSchema: Sendable, Hashable {
    /// One known key.
    public struct Field: Sendable, Hashable {
        public var key: String
        public var kind: TilePropertyKind
        public var summary: String

        public init(_ key: String, _ kind: TilePropertyKind, summary: String) {
            self.key = key
            self.kind = kind
            self.summary = summary
        }
    }

    /// Known keys in the order a new page lists them.
    public var fields: [Field]

    /// The field for `key`, if known.
    public func field(_ key: String) -> Field? { fields.first { $0.key.hasSameBytes(as: key) } }

    /// Why `value` is not valid for `key`, or `nil` (unknown keys accept anything).
    public func problem(with value: String, for key: String) -> String? {
        guard let field = field(key), !value.isEmpty else { return nil }
        if key == "date" {
            return Self.isDate(value) ? nil : "`date` must be a date written YYYY-MM-DD; found `\(value)`"
        }
        return field.kind.problem(with: .text(value), key: key)
    }

    /// `YYYY-MM-DD` with a valid month and day.
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year > 0, (1...12).contains(month) else { return false }
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...days[month - 1]).contains(day)
    }

    /// Tiledown's front matter keys.
    public static let tiledown = FrontMatterSchema(fields: [
        Field("title", .text, summary: "Title of the page"),
        Field("description", .text, summary: "One-sentence summary for lists and feeds"),
        Field("date", .text, summary: "Publication date, YYYY-MM-DD"),
        Field("tags", .list, summary: "Tags, comma-separated"),
        Field("draft", .boolean, summary: "Whether the page is left out of normal builds"),
        Field("slug", .text, summary: "Path the page is published at"),
        Field("image", .text, summary: "Preview image"),
        Field("imageDark", .text, summary: "Preview image for dark themes"),
        Field("weight", .integer(Int.min...Int.max), summary: "Order among sibling pages (smaller first)"),
        Field("type", .text, summary: "Page type (e.g. redirect)"),
        Field("latest", .boolean, summary: "Whether the page lists the latest posts"),
    ])
}
