/// What a `tiledown.yml` key accepts. Values are raw strings (Tiledown's
/// configuration reader interprets nothing: quotes and a later `#` are part
/// of the value); a kind says which strings Tiledown accepts.
public enum SiteConfigurationValueKind: Sendable, Hashable {
    /// Any text.
    case text
    /// A decimal number, e.g. `1.1`.
    case number
    /// A whole number, 0 or more.
    case nonNegativeInteger
    /// `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`, as tile booleans).
    case boolean
    /// One of `values`; `aliases` maps another accepted spelling to the value it stands for.
    case choice(values: [String], aliases: [String: String])
    /// An absolute or relative URL.
    case url
    /// HTML emitted verbatim.
    case rawHTML
    /// A source path relative to the content root: no `..` segment, not
    /// absolute, no control characters or backslashes.
    case contentPath
    /// A shell command.
    case command
    /// A path (`/old/`) or a URL.
    case pathOrURL

    /// The values offered as choices: a choice's values then its aliases,
    /// `true` and `false` for a boolean, none for an open kind.
    public var choices: [String] {
        switch self {
        case .choice(let values, let aliases): values + aliases.keys.sorted()
        case .boolean: ["true", "false"]
        default: []
        }
    }

    /// Whether the accepted values are a closed set.
    public var isClosed: Bool { !choices.isEmpty }

    /// A short name of the kind for hovers and messages ("boolean", "one of …").
    public var hint: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .nonNegativeInteger: "whole number, 0 or more"
        case .boolean: "boolean: true or false"
        case .choice(let values, _): "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
        case .url: "URL"
        case .rawHTML: "raw HTML, emitted verbatim"
        case .contentPath: "path relative to the content folder"
        case .command: "shell command"
        case .pathOrURL: "path or URL"
        }
    }

    /// Why `value` is not accepted for `key`, with the value to write instead
    /// when one is obvious; `nil` when it is accepted. An empty value is
    /// accepted (Tiledown then uses the default).
    public func problem(with value: String, key: String) -> (message: String, suggestion: String?)? {
        guard !value.isEmpty else { return nil }
        switch self {
        case .text, .url, .rawHTML, .command, .pathOrURL:
            return nil
        case .number:
            if let number = Double(value), number.isFinite, !value.hasPrefix("+"), !value.lowercased().contains("x") { return nil }
            return ("`\(key)` must be a number, e.g. `1.1`; found `\(value)`", nil)
        case .nonNegativeInteger:
            if let number = Int(value), number >= 0, !value.hasPrefix("+") { return nil }
            let suggestion = Double(value).flatMap { $0.isFinite && $0 >= 0 && $0 < 1e15 ? String(Int($0.rounded())) : nil }
            return ("`\(key)` must be a whole number, 0 or more; found `\(value)`", suggestion)
        case .boolean:
            if TileValidator.booleanWords.contains(value.lowercased()) { return nil }
            let suggestion = EditDistance.nearest(to: value, among: ["true", "false"])
            return ("`\(key)` must be `true` or `false`; found `\(value)`", suggestion)
        case .choice(let values, let aliases):
            if values.contains(value) || aliases[value] != nil { return nil }
            let spelled = values.map { "`\($0)`" }.joined(separator: ", ")
            let aliasText = aliases.isEmpty ? "" : " (or " + aliases.keys.sorted().map { "`\($0)`" }.joined(separator: ", ") + ")"
            let nearest = EditDistance.nearest(to: value, among: values + aliases.keys.sorted())
            return ("`\(key)` must be one of \(spelled)\(aliasText); found `\(value)`", nearest.map { aliases[$0] ?? $0 })
        case .contentPath:
            let segments = value.split(separator: "/", omittingEmptySubsequences: false)
            if value.hasPrefix("/") || segments.contains("..") {
                return ("`\(key)` must be a path inside the content folder (not absolute, no `..`); found `\(value)`", nil)
            }
            if let bad = value.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
                return ("`\(key)` holds a character Tiledown rejects in a path (U+\(String(bad.value, radix: 16, uppercase: true))); found `\(value)`", nil)
            }
            return nil
        }
    }
}
