/// The editor's settings, stored in `settings.yml` (see `SettingsClient`).
/// `Settings()` holds the defaults.
public struct Settings: Sendable, Hashable {
    /// Color theme.
    public enum Theme: String, Sendable, Hashable, CaseIterable, Codable {
        /// Follow the terminal or system appearance.
        case auto
        case dark
        case light
    }

    /// The keys of the settings file.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        case formatOnSave
        case autosaveInterval
        case theme
        case mouse
        case catalogOrder
    }

    /// Format a document to canonical form when it is saved (default `false`:
    /// nothing the user did not touch changes on disk).
    public var formatOnSave: Bool
    /// Seconds between automatic saves; `0` (the default) turns autosave off.
    public var autosaveInterval: Int
    /// Color theme (default `.auto`).
    public var theme: Theme
    /// Whether the terminal editor takes the mouse (clicks and the wheel;
    /// default `true`); off, the terminal's own selection works as usual.
    public var mouse: Bool
    /// Tile types shown first in the insert catalog, in this order; the
    /// others follow in catalog order (default: none).
    public var catalogOrder: [String]

    /// `autosaveInterval` as a delay after the last change; `nil` when
    /// autosave is off.
    public var autosaveDelay: Duration? {
        autosaveInterval > 0 ? .seconds(autosaveInterval) : nil
    }

    public init(formatOnSave: Bool = false, autosaveInterval: Int = 0, theme: Theme = .auto, mouse: Bool = true, catalogOrder: [String] = []) {
        self.formatOnSave = formatOnSave
        self.autosaveInterval = autosaveInterval
        self.theme = theme
        self.mouse = mouse
        self.catalogOrder = catalogOrder
    }
}
