/// The type a scalar field edits, decided from how the scalar is written.
///
/// Quoted and block scalars are strings; a plain scalar takes its YAML 1.2
/// core-schema type (YAML 1.2 section 10.3.2), and a plain `2024-01-05` is
/// a date (the YAML 1.1 timestamp most readers still produce).
public enum YAMLValueType: String, Sendable, Hashable, CaseIterable {
    case string
    case number
    case boolean
    case date
    case null

    /// The type of `scalar` as written.
    public init(_ scalar: YAMLScalar) {
        guard scalar.style == .plain else {
            self = .string
            return
        }
        switch YAMLScalarType.core(plain: scalar.value) {
        case .null: self = .null
        case .boolean: self = .boolean
        case .integer, .float: self = .number
        case .timestamp, .string:
            self = YAMLScalarType.yaml11(plain: scalar.value) == .timestamp ? .date : .string
        }
    }

    /// The type of `text` written as a plain scalar.
    public static func plain(_ text: String) -> YAMLValueType {
        YAMLValueType(YAMLScalar(value: text, style: .plain, range: 0..<0))
    }

    /// The type a null takes from `text` typed into it, the one
    /// `YAMLScalarWriter.intent` writes it as: the type of `text` written
    /// plain when every reader reads it as its characters say (`3`, `2.5`,
    /// `true`, `2024-01-05`), else a string (`02134`, `1.10`, `1e3`, `yes`);
    /// empty text leaves it a null.
    public static func takenByNull(_ text: String) -> YAMLValueType {
        guard !text.isEmpty else { return .null }
        let null = YAMLScalar(value: "", style: .plain, range: 0..<0)
        guard case .typed = YAMLScalarWriter.intent(for: text, replacing: null) else { return .string }
        return plain(text)
    }

    /// The values offered as choices, when the set is closed.
    public var choices: [String] {
        switch self {
        case .boolean: ["true", "false"]
        case .null: ["null", "~"]
        case .string, .number, .date: []
        }
    }

    /// Why `text` is not a value of this type, or `nil` when it is.
    ///
    /// Numbers follow the core schema's integer and float forms; booleans
    /// are `true` or `false`; dates are `YYYY-MM-DD` with an optional time
    /// (YAML 1.1 timestamp) and a real month and day; nulls are empty, `~`
    /// or `null`. Every string is a string.
    public func problem(with text: String) -> String? {
        switch self {
        case .string:
            return nil
        case .number:
            switch YAMLScalarType.core(plain: text) {
            case .integer, .float: return nil
            default: return "`\(text)` is not a number (for example 42, -3.5 or 1e6)"
            }
        case .boolean:
            return text == "true" || text == "false" ? nil : "a boolean is `true` or `false`"
        case .date:
            return Self.isDate(text) ? nil : "`\(text)` is not a date written YYYY-MM-DD"
        case .null:
            return text.isEmpty || text == "~" || text == "null" ? nil : "a null is empty, `~` or `null`"
        }
    }

    /// A YAML 1.1 timestamp naming a real day and time (the rule front
    /// matter dates and `!!timestamp` tags follow too).
    private static func isDate(_ text: String) -> Bool {
        YAMLScalarType.isCalendarTimestamp(text)
    }
}
