import CGtk

/// Two panes side by side (or stacked) with a handle between them (`GtkPaned`).
@MainActor
public final class Paned: Widget {
    private var start: Widget?
    private var end: Widget?

    public init(_ orientation: GtkOrientation) {
        super.init(gtk_paned_new(orientation))
    }

    /// Sets both panes; `resizeStart`/`resizeEnd` say which grows with the window.
    public func setPanes(start: Widget, end: Widget, resizeStart: Bool, resizeEnd: Bool) {
        self.start = start
        self.end = end
        gtk_paned_set_start_child(opaque, start.widget)
        gtk_paned_set_end_child(opaque, end.widget)
        gtk_paned_set_resize_start_child(opaque, resizeStart ? 1 : 0)
        gtk_paned_set_resize_end_child(opaque, resizeEnd ? 1 : 0)
        gtk_paned_set_shrink_start_child(opaque, 0)
        gtk_paned_set_shrink_end_child(opaque, 0)
    }

    /// The handle's position, in pixels from the start.
    public var position: Int32 {
        get { gtk_paned_get_position(opaque) }
        set { gtk_paned_set_position(opaque, newValue) }
    }
}
