import CGtk

/// One line of editable text (`GtkEntry`, or `GtkSearchEntry` for a search field).
@MainActor
public final class Entry: Widget {
    /// Whether this is a `GtkSearchEntry` (its text is read through `GtkEditable` either way).
    public let isSearch: Bool

    /// - Parameter search: a search field (with its icon, clear button,
    ///   `search-changed` after a short pause and Escape to stop).
    public init(search: Bool = false) {
        isSearch = search
        super.init(search ? gtk_search_entry_new() : gtk_entry_new())
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set {
            // Setting the same text would move the cursor and emit `changed`.
            let shown = GtkText.shown(newValue)
            if text != shown { gtk_editable_set_text(opaque, shown) }
        }
    }

    /// Grey text shown while the entry is empty (a plain entry only).
    public func setPlaceholder(_ text: String) {
        if !isSearch { gtk_entry_set_placeholder_text(pointer(as: GtkEntry.self), GtkText.shown(text)) }
    }

    /// Whether the user can edit the text.
    public func setEditable(_ editable: Bool) {
        gtk_editable_set_editable(opaque, editable ? 1 : 0)
    }

    /// Called after every change of the text (typing, paste, `text =`).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        connect("changed", handler)
    }

    /// Called when the user presses Escape in a search entry (`stop-search`).
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) {
        if isSearch { connect("stop-search", handler) }
    }

    /// Called when the user presses Enter.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("activate", handler)
    }
}
