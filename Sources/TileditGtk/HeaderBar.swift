import CGtk

/// The window's title bar with controls at its start and end (`GtkHeaderBar`).
@MainActor
public final class HeaderBar: Widget {
    private var children: [Widget] = []

    public init() {
        super.init(gtk_header_bar_new())
    }

    /// Adds `child` after the controls already at the start.
    public func packStart(_ child: Widget) {
        gtk_header_bar_pack_start(opaque, child.widget)
        children.append(child)
    }

    /// Adds `child` before the controls already at the end.
    public func packEnd(_ child: Widget) {
        gtk_header_bar_pack_end(opaque, child.widget)
        children.append(child)
    }

    /// Replaces the title with `widget`.
    public func setTitleWidget(_ widget: Widget) {
        gtk_header_bar_set_title_widget(opaque, widget.widget)
        children.append(widget)
    }
}
