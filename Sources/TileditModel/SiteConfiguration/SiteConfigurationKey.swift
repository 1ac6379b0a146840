/// One key `tiledown.yml` accepts, or a family of keys sharing a prefix
/// (`social.<network>`), with what its value may be.
public struct SiteConfigurationKey: Sendable, Hashable {
    /// The key (`title`), or for a family the prefix with its dot (`social.`).
    public var name: String
    /// Whether `name` is a family prefix: any key `name` + one or more characters.
    public var isFamily: Bool
    /// What the value may be.
    public var kind: SiteConfigurationValueKind
    /// Tiledown's value when the key is absent, as written in its reference;
    /// `nil` when there is none.
    public var defaultValue: String?
    /// One line on what the key does.
    public var summary: String
    /// For a family: how the part after the prefix is named in docs (`network`).
    public var placeholder: String?

    public init(
        _ name: String, _ kind: SiteConfigurationValueKind, default defaultValue: String? = nil, summary: String
    ) {
        self.name = name
        isFamily = false
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
        placeholder = nil
    }

    /// A family of keys: `prefix` (with its trailing dot) followed by a name.
    public init(family prefix: String, placeholder: String, _ kind: SiteConfigurationValueKind, summary: String) {
        name = prefix
        isFamily = true
        self.kind = kind
        defaultValue = nil
        self.summary = summary
        self.placeholder = placeholder
    }

    /// The key as the reference writes it: `title`, `social.<network>`.
    public var displayName: String { isFamily ? "\(name)<\(placeholder ?? "name")>" : name }

    /// Whether `key` is this key or a member of this family.
    public func matches(_ key: String) -> Bool {
        isFamily ? key.hasPrefix(name) && key.utf8.count > name.utf8.count : key == name
    }

    /// A Markdown paragraph for hovers: the key, its kind, allowed values, default and summary.
    public var documentation: String {
        var lines = ["**\(displayName)** (\(kind.hint))", "", summary]
        let choices = kind.choices
        if case .choice = kind, !choices.isEmpty {
            lines.append("")
            lines.append("Allowed: " + choices.map { "`\($0)`" }.joined(separator: ", "))
        }
        if let defaultValue {
            lines.append("")
            lines.append("Default: " + (defaultValue.isEmpty ? "empty" : "`\(defaultValue)`"))
        }
        return lines.joined(separator: "\n")
    }
}
