import CGtk

/// Multi-line text (`GtkTextView` over its `GtkTextBuffer`).
@MainActor
public final class TextView: Widget {
    public init() {
        super.init(gtk_text_view_new())
        gtk_text_view_set_wrap_mode(pointer(as: GtkTextView.self), GTK_WRAP_WORD_CHAR)
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> {
        // A text view always has a buffer.
        gtk_text_view_get_buffer(pointer(as: GtkTextView.self))!
    }

    /// The whole text.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(characters) }
            return String(cString: characters)
        }
        set {
            let shown = GtkText.shown(newValue)
            if text != shown { gtk_text_buffer_set_text(buffer, shown, -1) }
        }
    }

    /// Whether the user can edit the text (a read-only view shows no cursor).
    public func setEditable(_ editable: Bool) {
        gtk_text_view_set_editable(pointer(as: GtkTextView.self), editable ? 1 : 0)
        gtk_text_view_set_cursor_visible(pointer(as: GtkTextView.self), editable ? 1 : 0)
    }

    /// Monospace text (for code and Markdown source).
    public func setMonospace(_ monospace: Bool) {
        gtk_text_view_set_monospace(pointer(as: GtkTextView.self), monospace ? 1 : 0)
    }

    /// Called after every change of the text.
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        bufferHandle.connect("changed", handler)
    }

    /// The buffer, held for its signal (it lives as long as the view).
    private lazy var bufferHandle = ObjectHandle(retaining: UnsafeMutableRawPointer(buffer))
}
