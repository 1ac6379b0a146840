import CGtk
import TileditGtk
import TileditServices
import TileditViewModels

/// The documents of the workspace as a virtualized list: title and path,
/// selection from `DocumentListModel.selection`; choosing a row opens it.
@MainActor
final class DocumentsSidebar {
    let view: Widget
    private let rows = RowList()
    private let list: ListView<Box>
    private let app: AppModel
    /// The documents the rows were bound from.
    private var shown: [DocumentSummary] = []
    private var observer: StateObserver?
    private var opening: Task<Void, Never>?

    init(app: AppModel) {
        self.app = app
        list = ListView(model: rows, makeRow: DocumentsSidebar.makeRow)
        list.setAccessibleLabel("Documents")
        list.addStyleClass("navigation-sidebar")
        let scrolled = ScrolledWindow(list)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Documents pane")
        scrolled.setSizeRequest(width: 220, height: -1)
        view = scrolled
        list.bindRow = { [weak self] row, index in
            guard let self, index >= 0, index < self.shown.count else { return "" }
            return Self.bind(row, self.shown[index])
        }
        list.onSelectionChanged { [weak self] index in self?.userSelected(index) }
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

    private static func bind(_ row: Box, _ document: DocumentSummary?) -> String {
        guard let document, let labels = row.children as? [Label], labels.count == 2 else { return "" }
        labels[0].text = document.title
        labels[1].text = document.path
        var name = "\(document.title), \(document.path)"
        if document.isDraft { name += ", draft" }
        if document.errorCount > 0 { name += ", \(document.errorCount) \(document.errorCount == 1 ? "error" : "errors")" }
        return name
    }

    private func render() {
        let documents = app.documents?.visibleDocuments ?? []
        if documents != shown {
            shown = documents
            rows.reset(count: documents.count)
        }
        list.selectedIndex = app.documents?.selectedIndex
    }

    private func userSelected(_ index: Int?) {
        guard let index, index < shown.count, let documents = app.documents else { return }
        let path = shown[index].path
        guard path != app.editor?.displayPath else { return }
        opening?.cancel()
        opening = Task { await documents.onSelectedDocument(path) }
    }
}
