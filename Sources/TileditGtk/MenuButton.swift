import CGtk

/// A button that opens a popover or a menu (`GtkMenuButton`).
@MainActor
public final class MenuButton: Widget {
    private var popover: Popover?
    private var menu: ObjectHandle?

    public init(iconName: String) {
        super.init(gtk_menu_button_new())
        gtk_menu_button_set_icon_name(opaque, iconName)
    }

    /// The popover it opens.
    public func setPopover(_ popover: Popover) {
        self.popover = popover
        gtk_menu_button_set_popover(opaque, popover.widget)
    }

    /// A menu it opens, from `(label, action name)` items (`"win.save"`).
    public func setMenu(_ items: [(label: String, action: String)]) {
        let model = g_menu_new()
        for item in items { g_menu_append(model, GtkText.shown(item.label), item.action) }
        let handle = ObjectHandle(adopting: UnsafeMutableRawPointer(model!))
        menu = handle
        gtk_menu_button_set_menu_model(opaque, handle.pointer(as: GMenuModel.self))
    }

    /// Makes F10 open this menu (`GtkMenuButton:primary`, the GNOME convention).
    public func setPrimary(_ primary: Bool) {
        gtk_menu_button_set_primary(opaque, primary ? 1 : 0)
    }

    public func popup() {
        gtk_menu_button_popup(opaque)
    }

    public func popdown() {
        gtk_menu_button_popdown(opaque)
    }
}
