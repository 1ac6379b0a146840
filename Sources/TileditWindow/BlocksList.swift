import CGtk
import TileditGtk
import TileditViewModels

/// The open document's blocks as a virtualized list: kind, one-line
/// summary and diagnostics of each row on screen, asked of the editor by
/// position (`DocumentEditorModel.row(at:)`); selection follows
/// `DocumentEditorModel.selection`. A row dragged onto another moves its
/// block to that row's position (`onMovedBlock(to:)`, after selecting it),
/// as Alt+Up and Alt+Down move it by keyboard.
@MainActor
final class BlocksList {
    let view: Widget
    let list: ListView<Box>
    private let rows = RowList()
    private let app: AppModel
    private var documentObserver: StateObserver?
    private var selectionObserver: StateObserver?

    init(app: AppModel) {
        self.app = app
        list = ListView(model: rows, makeRow: BlocksList.makeRow)
        list.setAccessibleLabel("Blocks")
        let scrolled = ScrolledWindow(list)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Blocks pane")
        scrolled.setExpands(horizontally: true, vertically: true)
        view = scrolled
        list.bindRow = { [weak self] row, index in Self.bind(row, self?.app.editor?.row(at: index)) }
        list.onSelectionChanged { [weak self] index in self?.userSelected(index) }
        list.onRowDropped = { [weak self] from, to in self?.dropped(from, onto: to) }
        // The rows are bound again when the document changes, not when
        // only the selection moves (which reads the document too).
        documentObserver = StateObserver({ [weak self] in
            guard let self else { return }
            _ = self.app.editor?.document
            self.rows.reset(count: self.app.editor?.blockCount ?? 0)
        }, then: { [weak self] in self?.showSelection() })
        selectionObserver = StateObserver { [weak self] in self?.showSelection() }
    }

    private static func makeRow() -> Box {
        let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        row.setMargins(top: 4, bottom: 4, start: 6, end: 6)
        let kind = Label()
        kind.setTextAlignment(0)
        kind.setSizeRequest(width: 110, height: -1)
        kind.addStyleClass("dim-label")
        let summary = Label()
        summary.setTextAlignment(0)
        summary.setEllipsizesAtEnd()
        summary.setExpands(horizontally: true, vertically: false)
        let problems = Label()
        problems.addStyleClass("error")
        row.append(kind)
        row.append(summary)
        row.append(problems)
        return row
    }

    private static func bind(_ row: Box, _ block: BlockRow?) -> String {
        guard let block, let labels = row.children as? [Label], labels.count == 3 else { return "" }
        labels[0].text = block.kindLabel
        labels[1].text = block.summary
        let problems = [
            block.errorCount > 0 ? "\(block.errorCount) \(block.errorCount == 1 ? "error" : "errors")" : nil,
            block.warningCount > 0 ? "\(block.warningCount) \(block.warningCount == 1 ? "warning" : "warnings")" : nil,
        ].compactMap { $0 }.joined(separator: ", ")
        labels[2].text = problems
        labels[2].isVisible = !problems.isEmpty
        return [block.kindLabel, block.summary.isEmpty ? nil : block.summary, problems.isEmpty ? nil : problems]
            .compactMap { $0 }.joined(separator: ", ")
    }

    private func showSelection() {
        list.selectedIndex = app.editor?.selectedIndex
    }

    /// The block dragged from row `from` goes to row `to`'s position (the
    /// editor refuses a move it cannot make, with its alert).
    private func dropped(_ from: Int, onto to: Int) {
        guard from != to, let editor = app.editor, let row = editor.row(at: from) else { return }
        if row.id != editor.selection { editor.onSelectedBlock(row.id) }
        editor.onMovedBlock(to: to)
    }

    private func userSelected(_ index: Int?) {
        guard let index, let editor = app.editor, let row = editor.row(at: index), row.id != editor.selection else { return }
        editor.onSelectedBlock(row.id)
    }
}
