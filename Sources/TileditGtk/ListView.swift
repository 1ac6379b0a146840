import CGtk
import CGtkShim

/// A virtualized list (`GtkListView` with a `GtkSingleSelection` and a
/// `GtkSignalListItemFactory`): GTK makes row widgets only for the rows on
/// screen (`setup`) and fills them by position (`bind`) as they scroll in.
@MainActor
public final class ListView<Row: Widget>: Widget {
    /// The rows' model (a `RowList` or a `StringList`).
    public let model: ObjectHandle
    private let selection: ObjectHandle
    private let factory: ObjectHandle
    /// Row widgets by their `GtkListItem`, alive while GTK keeps the item.
    private var rows: [UnsafeMutableRawPointer: Row] = [:]
    private let makeRow: @MainActor () -> Row
    /// Fills a row widget with the row at a position and returns the row's
    /// accessible name (GTK 4.8 names a list item only when told). Set it
    /// before the list is shown.
    public var bindRow: @MainActor (Row, Int) -> String = { _, _ in "" }
    /// Whether the row at a position is unfolded (`true`), folded
    /// (`false`) or does not fold (`nil`): the accessible expanded state
    /// of a tree's rows. Set before the list is shown.
    public var rowExpanded: (@MainActor (Int) -> Bool?)?
    /// The accessible description of the row at a position (a tree row's
    /// level), or `nil` for none. Set before the list is shown.
    public var rowDescription: (@MainActor (Int) -> String?)?
    /// Set while the selection is changed from the view model's state, so
    /// the change is not reported back as the user's.
    private var isApplyingSelection = false
    /// Called when the user drags a row onto another row of this list:
    /// the dragged row's position and the position of the row it was
    /// dropped on. Set before the list is shown (rows made before do not drag).
    public var onRowDropped: (@MainActor (Int, Int) -> Void)?

    /// - Parameters:
    ///   - model: the rows (`RowList` or `StringList`).
    ///   - makeRow: a new, empty row widget.
    public init(model: ObjectHandle, makeRow: @escaping @MainActor () -> Row) {
        self.model = model
        self.makeRow = makeRow
        // The selection and the list view each take ownership of a reference.
        g_object_ref(model.rawPointer)
        let single = gtk_single_selection_new(model.opaque)
        gtk_single_selection_set_autoselect(single, 0)
        gtk_single_selection_set_can_unselect(single, 1)
        selection = ObjectHandle(adopting: UnsafeMutableRawPointer(single!))
        factory = ObjectHandle(adopting: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()!))
        g_object_ref(selection.rawPointer)
        g_object_ref(factory.rawPointer)
        super.init(gtk_list_view_new(selection.opaque, factory.opaque))
        factory.connect("setup", pointer: { [weak self] item in self?.setUp(item) })
        factory.connect("bind", pointer: { [weak self] item in self?.bind(item) })
        factory.connect("teardown", pointer: { [weak self] item in
            guard let item else { return }
            self?.rows[item] = nil
        })
    }

    private func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let row = makeRow()
        rows[item] = row
        gtk_list_item_set_child(OpaquePointer(item), row.widget)
        if onRowDropped != nil { enableReordering(row) }
    }

    /// A drag source and a drop target on `row`; a drop reaches `onRowDropped`.
    private func enableReordering(_ row: Row) {
        let forward: @MainActor (Int, Int) -> Void = { [weak self] from, to in self?.onRowDropped?(from, to) }
        let data = Unmanaged.passRetained(SignalClosure(forward)).toOpaque()
        let dropped: TileditRowDropped = { data, from, to in
            guard let data else { return }
            let closure = SignalClosure<@MainActor (Int, Int) -> Void>.from(data)
            MainActor.assumeIsolated { closure.handler(Int(from), Int(to)) }
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        tiledit_row_enable_reordering(row.widget, dropped, data, release)
    }

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[item] else { return }
        let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
        tiledit_row_set_position(row.widget, guint(position))
        describe(row, at: position)
    }

    /// Binds `row` to `position` and names the list item widget around it,
    /// which is what AT-SPI lists and focuses.
    private func describe(_ row: Row, at position: Int) {
        let name = bindRow(row, position)
        guard let itemWidget = gtk_widget_get_parent(row.widget) else { return }
        tiledit_accessible_set_label(itemWidget, GtkText.shown(name))
        if let rowExpanded { tiledit_accessible_set_expanded(itemWidget, rowExpanded(position).map { $0 ? 1 : 0 } ?? -1) }
        if let rowDescription { tiledit_accessible_set_description(itemWidget, GtkText.shown(rowDescription(position) ?? "")) }
    }

    /// The selected position, or `nil`. Setting it scrolls the row into
    /// view and does not call `onSelectionChanged`.
    public var selectedIndex: Int? {
        get {
            let position = gtk_single_selection_get_selected(selection.opaque)
            return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
        }
        set {
            let count = Int(g_list_model_get_n_items(model.opaque))
            let position = newValue.flatMap { $0 >= 0 && $0 < count ? guint($0) : nil } ?? GTK_INVALID_LIST_POSITION
            guard gtk_single_selection_get_selected(selection.opaque) != position else { return }
            isApplyingSelection = true
            gtk_single_selection_set_selected(selection.opaque, position)
            isApplyingSelection = false
            if position != GTK_INVALID_LIST_POSITION {
                gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(position))
            }
        }
    }

    /// Called when the user selects a row (click, arrows, AT-SPI): its position, or `nil`.
    public func onSelectionChanged(_ handler: @escaping @MainActor (Int?) -> Void) {
        selection.connect("notify::selected", pointer: { [weak self] _ in
            guard let self, !self.isApplyingSelection else { return }
            handler(self.selectedIndex)
        })
    }

    /// Called when the user activates a row (Enter, double click): its position.
    public func onActivated(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", unsigned: { position in handler(Int(position)) })
    }

    /// Binds the rows on screen again (after their content changed in place).
    public func rebindVisibleRows() {
        for (item, row) in rows where gtk_list_item_get_item(OpaquePointer(item)) != nil {
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            tiledit_row_set_position(row.widget, guint(position))
            describe(row, at: position)
        }
    }
}
