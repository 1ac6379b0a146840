import CGtk

/// A thin line between widgets (`GtkSeparator`).
@MainActor
public final class Separator: Widget {
    /// A line across a column (`GTK_ORIENTATION_HORIZONTAL`) or a row.
    public init(_ orientation: GtkOrientation) {
        super.init(gtk_separator_new(orientation))
    }
}
