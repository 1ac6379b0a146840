/// One row of the settings screen (`SettingsModel.rows`): a setting with
/// its value, or a tile type at its place in the catalog order.
public struct SettingsRow: Equatable, Sendable {
    /// What the row sets.
    public enum Kind: Equatable, Sendable {
        /// Format on save, on or off.
        case formatOnSave
        /// The autosave interval.
        case autosave
        /// The color theme.
        case theme
        /// Whether the terminal editor takes the mouse.
        case mouse
        /// The tile type at `position` (from 1) of the catalog order.
        case catalogType(String, position: Int)
    }

    /// What the row sets.
    public var kind: Kind
    /// The setting's name (`Format on save`), or `Catalog N`.
    public var name: String
    /// The value as shown: `on`/`off`, `5 s`, `2 min`, a theme, a tile type.
    public var value: String

    /// `name: value`, the row's accessibility label.
    public var accessibilityLabel: String { "\(name): \(value)" }

    /// Whether the row is a tile type of the catalog order (moved, not changed).
    public var isCatalogType: Bool {
        if case .catalogType = kind { return true }
        return false
    }
}
