import CGtk

/// A button that stays pressed or not (`GtkToggleButton`); toggle buttons
/// in one group act as radio buttons, one pressed at a time.
@MainActor
public final class ToggleButton: Widget {
    /// A toggle button showing `label`.
    public init(label: String) {
        super.init(gtk_toggle_button_new_with_label(GtkText.shown(label)))
    }

    private var button: UnsafeMutablePointer<GtkToggleButton> { pointer(as: GtkToggleButton.self) }

    /// Whether it is pressed.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(button) != 0 }
        set { if isActive != newValue { gtk_toggle_button_set_active(button, newValue ? 1 : 0) } }
    }

    /// Puts this button in `other`'s group: pressing one releases the others.
    public func setGroup(_ other: ToggleButton) {
        gtk_toggle_button_set_group(button, other.button)
    }

    /// Called when it is pressed or released (by the user or by `isActive`).
    public func onToggled(_ handler: @escaping @MainActor () -> Void) {
        connect("toggled", handler)
    }
}
