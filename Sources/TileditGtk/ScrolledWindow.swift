import CGtk

/// A scrolling view of one child (`GtkScrolledWindow`).
@MainActor
public final class ScrolledWindow: Widget {
    private var child: Widget?

    public init(_ child: Widget) {
        super.init(gtk_scrolled_window_new())
        setChild(child)
    }

    public func setChild(_ child: Widget) {
        self.child = child
        gtk_scrolled_window_set_child(opaque, child.widget)
    }

    /// Scrolls horizontally only when `horizontal`; vertically always as needed.
    public func setScrollsHorizontally(_ horizontal: Bool) {
        gtk_scrolled_window_set_policy(opaque, horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }
}
