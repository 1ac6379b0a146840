import CGtk

/// A push button (`GtkButton`) with a text label or an icon.
@MainActor
public final class Button: Widget {
    /// A button showing `label`.
    public init(label: String) {
        super.init(gtk_button_new_with_label(GtkText.shown(label)))
    }

    /// A button showing the themed icon `iconName`; give it an accessible
    /// label and a tooltip, since it has no visible text.
    public init(iconName: String) {
        super.init(gtk_button_new_from_icon_name(iconName))
    }

    /// The label text.
    public var label: String {
        get { gtk_button_get_label(pointer(as: GtkButton.self)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(pointer(as: GtkButton.self), GtkText.shown(newValue)) }
    }

    /// Called when the button is pressed (click, Enter, Space, AT-SPI's press action).
    public func onClicked(_ handler: @escaping @MainActor () -> Void) {
        connect("clicked", handler)
    }

    /// Ties the button to a window or application action (`"win.save"`):
    /// pressing it activates the action, and it is insensitive while the
    /// action is disabled.
    public func setActionName(_ name: String) {
        gtk_actionable_set_action_name(opaque, name)
    }
}
