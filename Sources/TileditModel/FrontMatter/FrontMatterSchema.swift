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

    /// Why `value` is not valid for `key`, or `nil` (unknown keys accept
    /// anything). The one rule for front matter values: the editor's fields
    /// check typed values with it, and the reader reports values on disk
    /// that break it (`front-matter.invalid-value`, seen by `check` and
    /// `set`).
    ///
    /// - Parameters:
    ///   - value: the value as read (Tiledown's dialect: the raw text; YAML:
    ///     the scalar's value).
    ///   - dialect: `date` is `YYYY-MM-DD` in Tiledown's dialect; YAML front
    ///     matter also takes a YAML timestamp (`2026-03-01 10:00:00Z`).
    public func problem(with value: String, for key: String, dialect: FrontMatterDialect = .tiledown) -> String? {
        guard let field = field(key), !value.isEmpty else { return nil }
        if key == "date" {
            if Self.isDate(value) { return nil }
            if dialect == .yaml && YAMLScalarType.isCalendarTimestamp(value) { return nil }
            return "`date` must be a date written YYYY-MM-DD; found `\(value)`"
        }
        return field.kind.problem(with: .text(value), key: key)
    }

    /// `YYYY-MM-DD` naming a day of the calendar (`CalendarDate`).
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let year = Int(parts[0]), year > 0, let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return CalendarDate.isValid(year: year, month: month, day: day)
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
