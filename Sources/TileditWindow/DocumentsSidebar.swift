import CGtk
import TileditGtk
import TileditServices
import TileditViewModels

/// The documents of the workspace: a filter (the search's query
/// language, sent to `DocumentListModel.onChangedFilter` as typed), the
/// order (path, title, date), a virtualized list of title and path with
/// the selection from `DocumentListModel.selection` (choosing a row
/// opens it), the list's actions (new, rename or move, undo the rename,
/// move to the trash, restore) and what the last rename did.
@MainActor
final class DocumentsSidebar {
    let view: Widget
    private let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    private let filter = Entry(search: true)
    private var orders: [(order: DocumentSortOrder, button: ToggleButton)] = []
    private let rows = RowList()
    private let list: ListView<Box>
    private let notice = Label()
    private let empty = Label()
    private let app: AppModel
    /// The documents the rows were bound from.
    private var shown: [DocumentSummary] = []
    private var observer: StateObserver?
    private var opening: Task<Void, Never>?
    private var isRendering = false

    /// The buttons run window actions (`win.new-document`…), which the
    /// window enables from the list's state.
    init(app: AppModel) {
        self.app = app
        list = ListView(model: rows, makeRow: DocumentsSidebar.makeRow)
        list.setAccessibleLabel("Documents")
        list.addStyleClass("navigation-sidebar")
        let scrolled = ScrolledWindow(list)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Documents pane")
        scrolled.setExpands(horizontally: false, vertically: true)
        filter.setAccessibleLabel("Filter documents")
        filter.setTooltip("Words in titles and paths, tag:NAME, type:TILE, draft:true")
        filter.setMargins(top: 6, bottom: 0, start: 6, end: 6)
        let order = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
        order.addStyleClass("linked")
        order.setMargins(top: 0, bottom: 0, start: 6, end: 6)
        order.setHorizontalAlignment(GTK_ALIGN_FILL)
        for (sort, title) in [(DocumentSortOrder.path, "Path"), (.title, "Title"), (.date, "Date")] {
            let button = ToggleButton(label: title)
            button.setAccessibleLabel("Sort by \(title.lowercased())")
            button.setTooltip("Order the documents by \(title.lowercased())")
            button.setExpands(horizontally: true, vertically: false)
            if let first = orders.first { button.setGroup(first.button) }
            orders.append((sort, button))
            order.append(button)
        }
        let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
        buttons.setMargins(top: 0, bottom: 0, start: 6, end: 6)
        for (icon, name, tooltip, action) in [
            ("document-new-symbolic", "New document", "Create a post or a page", "win.new-document"),
            ("document-edit-symbolic", "Rename document", "Rename or move the document; the links to it follow", "win.rename-document"),
            ("edit-undo-symbolic", "Undo rename", "Put the last renamed document back", "win.undo-rename"),
            ("user-trash-symbolic", "Move document to trash", "Move the document to .tiledit-trash", "win.trash-document"),
            ("edit-redo-symbolic", "Restore document from trash", "Bring back the document last moved to the trash", "win.restore-document"),
        ] {
            let button = Button(iconName: icon)
            button.addStyleClass("flat")
            button.setAccessibleLabel(name)
            button.setTooltip(tooltip)
            button.setActionName(action)
            buttons.append(button)
        }
        notice.setTextAlignment(0)
        notice.setWraps(true)
        notice.addStyleClass("dim-label")
        notice.addStyleClass("caption")
        notice.setMargins(top: 0, bottom: 6, start: 8, end: 8)
        notice.setAccessibleDescription("Documents notice")
        empty.setTextAlignment(0)
        empty.setWraps(true)
        empty.addStyleClass("dim-label")
        empty.setMargins(8)
        column.append(filter)
        column.append(order)
        column.append(buttons)
        column.append(empty)
        column.append(scrolled)
        column.append(notice)
        column.setSizeRequest(width: 240, height: -1)
        view = column
        list.bindRow = { [weak self] row, index in
            guard let self, index >= 0, index < self.shown.count else { return "" }
            let document = self.shown[index]
            return Self.bind(row, document, detail: self.app.documents?.sortOrder.detail(of: document))
        }
        list.onSelectionChanged { [weak self] index in self?.userSelected(index) }
        filter.onChanged { [weak self] in
            guard let self, !self.isRendering, let documents = self.app.documents, documents.filterText != self.filter.text else { return }
            documents.onChangedFilter(self.filter.text)
        }
        // Escape in the filter clears it (a search entry's stop-search).
        filter.onStopSearch { [weak self] in self?.app.documents?.onChangedFilter("") }
        for (sort, button) in orders {
            button.onToggled { [weak self, weak button] in
                guard let self, let button, !self.isRendering, button.isActive, let documents = self.app.documents, documents.sortOrder != sort else { return }
                documents.onChangedSortOrder(sort)
            }
        }
        observer = StateObserver { [weak self] in self?.render() }
    }

    deinit {
        opening?.cancel()
    }

    private static func makeRow() -> Box {
        let row = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        row.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        let title = Label()
        title.setTextAlignment(0)
        title.setEllipsizesAtEnd()
        let path = Label()
        path.setTextAlignment(0)
        path.setEllipsizesAtEnd()
        path.addStyleClass("dim-label")
        path.addStyleClass("caption")
        row.append(title)
        row.append(path)
        return row
    }

    /// `detail`: what the order shows beside the title (`DocumentSortOrder.detail`).
    private static func bind(_ row: Box, _ document: DocumentSummary?, detail: String?) -> String {
        guard let document, let labels = row.children as? [Label], labels.count == 2 else { return "" }
        labels[0].text = document.title
        labels[1].text = detail.map { "\($0) · \(document.path)" } ?? document.path
        var name = "\(document.title), \(document.path)"
        if document.isDraft { name += ", draft" }
        if document.errorCount > 0 { name += ", \(document.errorCount) \(document.errorCount == 1 ? "error" : "errors")" }
        return name
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        let documents = app.documents?.visibleDocuments ?? []
        if documents != shown {
            shown = documents
            rows.reset(count: documents.count)
        }
        list.selectedIndex = app.documents?.selectedIndex
        filter.text = app.documents?.filterText ?? ""
        let order = app.documents?.sortOrder ?? .path
        for (sort, button) in orders { button.isActive = sort == order }
        let message = app.documents?.notice ?? ""
        notice.text = message
        notice.isVisible = !message.isEmpty
        switch app.documents?.workspace {
        case .failed(let error)?: empty.text = error.message
        case .loading(previous: nil)?, .idle?: empty.text = "Reading the folder…"
        case .loaded?, .loading?: empty.text = documents.isEmpty ? (app.documents?.filterText.isEmpty == false ? "No document matches the filter" : "No documents in this folder") : ""
        case nil: empty.text = "No folder open"
        }
        empty.isVisible = !empty.text.isEmpty
    }

    private func userSelected(_ index: Int?) {
        guard let index, index < shown.count, let documents = app.documents else { return }
        let path = shown[index].path
        guard path != app.editor?.displayPath, path != app.yamlEditor?.displayPath else { return }
        opening?.cancel()
        opening = Task { await documents.onSelectedDocument(path) }
    }
}
