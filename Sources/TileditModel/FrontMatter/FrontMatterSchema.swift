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
    ///     matter also takes a YAML timestamp (`2026-03-01 10:00:00Z`) and
    ///     the date-times generators read (`isDateTime`).
    ///   - style: in YAML front matter, the style the value is written in
    ///     on disk; `nil` for text a user typed, which is judged as the
    ///     writer will write it (`writesPlain(_:for:)`). A boolean field
    ///     takes only a YAML boolean, `true`/`false` written plain (also
    ///     `True`, `TRUE`, which YAML 1.2 and 1.1 read alike); a quoted `"true"` is
    ///     text, and `yes`, `on`, `1` are text or a number to YAML 1.2. A
    ///     whole-number field (`weight`) takes a plain integer.
    public func problem(
        with value: String, for key: String, dialect: FrontMatterDialect = .tiledown, style: YAMLScalar.Style? = nil
    ) -> String? {
        guard let field = field(key), !value.isEmpty else { return nil }
        if key == "date" {
            if Self.isDate(value) { return nil }
            if dialect == .yaml && (YAMLScalarType.isCalendarTimestamp(value) || Self.isDateTime(value)) { return nil }
            return "`date` must be a date written YYYY-MM-DD; found `\(value)`"
        }
        if dialect == .yaml, let style, style != .plain, field.kind == .boolean || Self.isWholeNumber(field.kind) {
            // In quotes (or a block scalar) YAML reads any text as a string.
            let what = field.kind == .boolean ? "true or false" : "a whole number"
            return "`\(key)` must be \(what), written without quotes; found `\"\(value)\"`, which YAML reads as text"
        }
        if field.kind == .boolean && dialect == .yaml {
            return YAMLScalarType.core(plain: value) == .boolean ? nil : "`\(key)` must be \(Self.yamlBooleanHint); found `\(value)`"
        }
        return field.kind.problem(with: .text(value), key: key)
    }

    /// Whether `value`, typed for `key`, is written plain in YAML front
    /// matter whatever the old value's style or type: the one rule of the
    /// written style of typed fields (`set --front-matter`, the
    /// inspector's fields). A boolean field's `true`/`false` (`True`, `TRUE`), a whole-number
    /// field's integer in its canonical spelling (`12`, `-3`; not `007`)
    /// within the field's range, and `date`'s `YYYY-MM-DD` naming a real
    /// day are; anything else is written as any text is (in quotes when it
    /// would read otherwise), and then breaks the field's rule.
    public func writesPlain(_ value: String, for key: String) -> Bool {
        guard let field = field(key) else { return false }
        if key == "date" { return Self.isDate(value) }
        if field.kind == .boolean { return YAMLScalarType.core(plain: value) == .boolean }
        if Self.isWholeNumber(field.kind) {
            return YAMLScalarWriter.isCanonicalInteger(value) && field.kind.problem(with: .text(value), key: key) == nil
        }
        return false
    }

    /// The plain value a field written in quotes or as another word stands
    /// for, for the fix of `check`: `"true"`, `yes`, `On` to `true`; `"3"`
    /// to `3` in a whole-number field; `nil` when there is no obvious one
    /// (`maybe`, `"1.5"`).
    public func plainValue(for value: String, key: String) -> String? {
        guard let field = field(key) else { return nil }
        if field.kind == .boolean {
            guard BooleanWord.isBoolean(value) else { return nil }
            return BooleanWord.isTrue(value) ? "true" : "false"
        }
        if Self.isWholeNumber(field.kind) { return writesPlain(value, for: key) ? value : nil }
        return nil
    }

    private static func isWholeNumber(_ kind: TilePropertyKind) -> Bool {
        if case .integer = kind { return true }
        return false
    }

    /// What a boolean field of YAML front matter takes, for hints and
    /// messages: YAML 1.2 reads only `true` and `false` as booleans; the
    /// other words Tiledown takes are text (or, 1/0, numbers) there.
    public static let yamlBooleanHint = "true or false (yes/no and on/off are text in YAML, 1/0 numbers)"

    /// The hint of `key`'s field in `dialect` (`TilePropertyKind.hint`, a
    /// boolean's in YAML by `yamlBooleanHint`); `nil` for an unknown key.
    public func hint(for key: String, dialect: FrontMatterDialect) -> String? {
        guard let field = field(key) else { return nil }
        return field.kind == .boolean && dialect == .yaml ? Self.yamlBooleanHint : field.kind.hint
    }

    /// `YYYY-MM-DD` naming a day of the calendar (`CalendarDate`).
    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let year = Int(parts[0]), year > 0, let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return CalendarDate.isValid(year: year, month: month, day: day)
    }

    /// A date with a time as static-site generators read it in YAML front
    /// matter (Jekyll writes `2024-03-05 10:20:30 +0100`; Hugo and Eleventy
    /// read the same forms): `YYYY-MM-DD`, `T` or spaces, `HH:MM` with
    /// optional `:SS` and fraction, then optional spaces and a zone `Z`,
    /// `±HH`, `±HHMM` or `±HH:MM`; the day must be on the calendar and the
    /// time on the clock.
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, isDate(String(decoding: bytes[0..<10], as: UTF8.self)) else { return false }
        var index = 10
        if bytes[index] == 0x54 || bytes[index] == 0x74 { index += 1 } else {
            guard bytes[index] == Byte.space else { return false }
            while index < bytes.count && bytes[index] == Byte.space { index += 1 }
        }
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count, bytes[index..<(index + digits)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            defer { index += digits }
            return bytes[index..<(index + digits)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func colon() -> Bool {
            guard index < bytes.count, bytes[index] == Byte.colon else { return false }
            index += 1
            return true
        }
        guard let hour = number(2), hour < 24, colon(), let minute = number(2), minute < 60 else { return false }
        if index < bytes.count, bytes[index] == Byte.colon {
            index += 1
            guard let second = number(2), second < 61 else { return false }
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                guard index > start else { return false }
            }
        }
        while index < bytes.count && bytes[index] == Byte.space { index += 1 }
        guard index < bytes.count else { return true }
        if bytes[index] == 0x5A && index + 1 == bytes.count { return true }
        guard bytes[index] == 0x2B || bytes[index] == Byte.hyphen else { return false }
        index += 1
        guard let zoneHours = number(2), zoneHours <= 14 else { return false }
        if index == bytes.count { return true }
        _ = colon()
        guard let zoneMinutes = number(2), zoneMinutes < 60 else { return false }
        return index == bytes.count
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
