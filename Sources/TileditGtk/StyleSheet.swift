import CGtkShim

/// CSS of the application's own style classes, added above the theme for
/// every window (`GtkCssProvider` on the default display).
@MainActor
public enum StyleSheet {
    /// Adds `css`; call once GTK has a display (from `Application.onActivate`).
    public static func install(_ css: String) {
        tiledit_install_css(css)
    }
}
