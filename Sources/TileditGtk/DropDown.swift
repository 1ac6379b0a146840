import CGtk

/// A choice among words (`GtkDropDown` over a `StringList`).
@MainActor
public final class DropDown: Widget {
    /// The choices.
    public let choices: StringList

    public init(choices: [String]) {
        let list = StringList(choices)
        self.choices = list
        // `gtk_drop_down_new` takes ownership of a model reference.
        g_object_ref(list.rawPointer)
        super.init(gtk_drop_down_new(list.opaque, nil))
    }

    /// The chosen position, or `nil`.
    public var selectedIndex: Int? {
        get {
            let index = gtk_drop_down_get_selected(opaque)
            return index == GTK_INVALID_LIST_POSITION ? nil : Int(index)
        }
        set {
            let index = newValue.flatMap { $0 >= 0 && $0 < choices.count ? guint($0) : nil } ?? GTK_INVALID_LIST_POSITION
            if gtk_drop_down_get_selected(opaque) != index { gtk_drop_down_set_selected(opaque, index) }
        }
    }

    /// Called when the choice changes (by the user or by `selectedIndex`).
    public func onSelected(_ handler: @escaping @MainActor () -> Void) {
        connect("notify::selected", pointer: { _ in handler() })
    }
}
