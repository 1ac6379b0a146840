import CGtk

/// Text that is read, not edited (`GtkLabel`).
@MainActor
public final class Label: Widget {
    /// - Parameter text: the text shown (plain, not markup).
    public init(_ text: String = "") {
        super.init(gtk_label_new(GtkText.shown(text)))
    }

    /// The text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set {
            // Setting the same text again would still queue a resize.
            let shown = GtkText.shown(newValue)
            if text != shown { gtk_label_set_text(opaque, shown) }
        }
    }

    /// Shows Pango markup (`<b>`, `<i>`, `<tt>`, `<span …>`); text inside
    /// it must be escaped with `GtkText.markupEscaped`.
    public func setMarkup(_ markup: String) {
        gtk_label_set_markup(opaque, GtkText.shown(markup))
    }

    /// Whether long text wraps at word boundaries instead of widening the label.
    public func setWraps(_ wraps: Bool) {
        gtk_label_set_wrap(opaque, wraps ? 1 : 0)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
    }

    /// Shortens text that does not fit with "…" at its end.
    public func setEllipsizesAtEnd() {
        gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END)
    }

    /// Horizontal position of the text, from 0 (start) to 1 (end).
    public func setTextAlignment(_ alignment: Float) {
        gtk_label_set_xalign(opaque, alignment)
    }

    /// Whether the text can be selected and copied (the label then takes focus).
    public func setSelectable(_ selectable: Bool) {
        gtk_label_set_selectable(opaque, selectable ? 1 : 0)
    }

    /// The widget a mnemonic or screen reader ties this label to.
    public func setMnemonicWidget(_ widget: Widget) {
        gtk_label_set_mnemonic_widget(opaque, widget.widget)
    }
}
