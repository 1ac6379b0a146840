import CGtk

/// Children in a row or a column (`GtkBox`).
@MainActor
public final class Box: Widget {
    /// The children in order (kept alive with the box; GTK holds its own references too).
    public private(set) var children: [Widget] = []

    /// - Parameters:
    ///   - orientation: a row (`GTK_ORIENTATION_HORIZONTAL`) or a column.
    ///   - spacing: pixels between children.
    public init(_ orientation: GtkOrientation, spacing: Int32 = 0) {
        super.init(gtk_box_new(orientation, spacing))
    }

    /// Adds `child` at the end.
    public func append(_ child: Widget) {
        gtk_box_append(pointer(as: GtkBox.self), child.widget)
        children.append(child)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        guard let index = children.firstIndex(where: { $0 === child }) else { return }
        gtk_box_remove(pointer(as: GtkBox.self), child.widget)
        children.remove(at: index)
    }

    /// Removes every child.
    public func removeAll() {
        for child in children { gtk_box_remove(pointer(as: GtkBox.self), child.widget) }
        children = []
    }
}
