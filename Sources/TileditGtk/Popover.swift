import CGtk

/// A bubble over the window holding one child (`GtkPopover`), shown by a
/// `MenuButton` or on its own.
@MainActor
public final class Popover: Widget {
    private var child: Widget?

    public init(child: Widget) {
        super.init(gtk_popover_new())
        self.child = child
        gtk_popover_set_child(pointer(as: GtkPopover.self), child.widget)
    }

    public func popup() {
        gtk_popover_popup(pointer(as: GtkPopover.self))
    }

    public func popdown() {
        gtk_popover_popdown(pointer(as: GtkPopover.self))
    }

    /// Called when the popover opens.
    public func onShown(_ handler: @escaping @MainActor () -> Void) {
        connect("show", handler)
    }

    /// Called when the popover closes (Escape, a click outside, `popdown`).
    public func onClosed(_ handler: @escaping @MainActor () -> Void) {
        connect("closed", handler)
    }
}
