import CGtk
import CGtkShim

/// Light, dark and high-contrast styles (GTK's Adwaita and HighContrast
/// themes): asked for by the user's setting, or following the desktop.
@MainActor
public enum Appearance {
    case system
    case dark
    case light

    /// Applies to every window: `system` follows the desktop's color scheme
    /// and contrast (the settings portal) and their changes.
    public func apply() {
        guard let settings = gtk_settings_get_default() else { return }
        let value: TileditAppearance
        switch self {
        case .system: value = TILEDIT_APPEARANCE_SYSTEM
        case .dark: value = TILEDIT_APPEARANCE_DARK
        case .light: value = TILEDIT_APPEARANCE_LIGHT
        }
        tiledit_follow_appearance(settings, value)
    }
}
