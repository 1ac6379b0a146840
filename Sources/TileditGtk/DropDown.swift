import CGtk
import CGtkShim

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

    /// Names the drop-down and the controls GTK 4.8 puts inside it (its
    /// toggle button, the row showing the choice), which would otherwise
    /// reach AT-SPI by their class names; again after each choice, since
    /// GTK makes a new row for it.
    public func setAccessibleName(_ name: String) {
        setAccessibleLabel(name)
        nameInside(name)
        if !namesInside {
            namesInside = true
            connect("notify::selected", pointer: { [weak self] _ in self?.nameInside(name) })
        }
    }

    private var namesInside = false

    private func nameInside(_ name: String) {
        let chosen = selectedIndex.flatMap { choices.string(at: $0) }
        let toggleType = gtk_toggle_button_get_type()
        // The drop-down's own widgets, a few levels deep.
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>, depth: Int) {
            guard depth < 8 else { return }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), toggleType) != 0 {
                    tiledit_accessible_set_label(current, GtkText.shown(name))
                } else if gtk_widget_get_focusable(current) != 0 {
                    tiledit_accessible_set_label(current, GtkText.shown(chosen.map { "\(name): \($0)" } ?? "\(name): none"))
                }
                visit(current, depth: depth + 1)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widget, depth: 0)
    }

    /// Called when the choice changes (by the user or by `selectedIndex`).
    public func onSelected(_ handler: @escaping @MainActor () -> Void) {
        connect("notify::selected", pointer: { _ in handler() })
    }
}
