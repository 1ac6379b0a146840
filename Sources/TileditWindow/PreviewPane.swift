import CGtk
import TileditGtk
import TileditModel
import TileditViewModels

/// The preview of the open document: the view model's styled document
/// (`PreviewModel.document`) as a virtualized list of its items, each
/// drawn by `PreviewItemView` when it scrolls into view, so a 10 MB
/// document costs what its visible items cost. It follows the selected
/// block (its first item is selected and scrolled to); choosing an item
/// selects its block. While a newer render runs the last one stays; the
/// state line says when there is nothing to show.
@MainActor
final class PreviewPane {
    let view: Widget
    private let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 0)
    private let state = Label()
    private let rows = RowList()
    private let list: ListView<Box>
    private let scrolled: ScrolledWindow
    private let app: AppModel
    /// The document the rows were bound from, and its render.
    private var shown: (document: StyledDocument, revision: Int)?
    private var observer: StateObserver?
    private var selectionObserver: StateObserver?

    init(app: AppModel) {
        self.app = app
        list = ListView(model: rows) { Box(GTK_ORIENTATION_VERTICAL) }
        list.setAccessibleLabel("Preview")
        list.addStyleClass("tiledit-preview")
        scrolled = ScrolledWindow(list)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Preview pane")
        scrolled.setExpands(horizontally: true, vertically: true)
        state.setTextAlignment(0)
        state.setWraps(true)
        state.setMargins(12)
        state.addStyleClass("dim-label")
        state.setAccessibleDescription("Preview state")
        let heading = Label("Preview")
        heading.addStyleClass("heading")
        heading.setTextAlignment(0)
        heading.setMargins(top: 8, bottom: 4, start: 12, end: 12)
        column.append(heading)
        column.append(state)
        column.append(scrolled)
        column.setExpands(horizontally: true, vertically: true)
        view = column
        list.bindRow = { [weak self] row, index in
            guard let items = self?.shown?.document.items, index >= 0, index < items.count else { return "" }
            return PreviewItemView.fill(row, with: items[index])
        }
        list.onSelectionChanged { [weak self] index in self?.userSelected(index) }
        observer = StateObserver { [weak self] in self?.render() }
        selectionObserver = StateObserver { [weak self] in
            _ = self?.app.editor?.selection
            self?.follow()
        }
    }

    private func render() {
        let document: StyledDocument?
        switch app.preview.document {
        case .idle, .loading(previous: nil):
            document = nil
            state.text = app.previewPlaceholder ?? "Rendering…"
        case .failed(let error):
            document = nil
            state.text = error.message
        case .loading(previous: let previous?):
            document = previous
        case .loaded(let loaded):
            document = loaded
        }
        let revision = app.preview.revision
        if let document, document.items.isEmpty { state.text = "Nothing to preview" }
        state.isVisible = document == nil || document?.items.isEmpty == true
        scrolled.isVisible = document.map { !$0.items.isEmpty } ?? false
        guard let document else {
            if shown != nil {
                shown = nil
                rows.reset(count: 0)
            }
            return
        }
        // A render's revision names its document: no document is compared.
        if shown?.revision != revision {
            shown = (document, revision)
            rows.reset(count: document.items.count)
            list.selectedIndex = nil
            follow()
        }
    }

    /// Selects and scrolls to the first item of the selected block.
    private func follow() {
        guard let document = shown?.document, let block = app.editor?.selectedIndex else { return }
        list.selectedIndex = document.firstItemIndex(ofBlock: block)
    }

    /// Choosing an item selects its block in the editor.
    private func userSelected(_ index: Int?) {
        guard let index, let items = shown?.document.items, index < items.count, let editor = app.editor,
              let row = editor.row(at: items[index].block), row.id != editor.selection
        else { return }
        editor.onSelectedBlock(row.id)
    }
}
