import CGtk
import TileditGtk
import TileditModel
import TileditViewModels

/// Lines of changes (`ChangeLine`: a file's name, a hunk's `@@` line, a
/// diff line, a note) as a virtualized list in monospace, colored by what
/// each line is; only the rows on screen are made.
@MainActor
final class ChangeLinesList {
    let view: Widget
    private let rows = RowList()
    private let list: ListView<Label>
    private var lines: [ChangeLine] = []

    init(name: String) {
        list = ListView(model: rows) {
            let label = Label()
            label.setTextAlignment(0)
            label.addStyleClass("monospace")
            return label
        }
        list.setAccessibleLabel(name)
        let scrolled = ScrolledWindow(list)
        scrolled.setAccessibleLabel("\(name) pane")
        scrolled.setSizeRequest(width: 640, height: 320)
        view = scrolled
        list.bindRow = { [weak self] label, index in
            guard let self, index >= 0, index < self.lines.count else { return "" }
            let line = self.lines[index]
            label.text = line.text
            for style in ["tiledit-file", "tiledit-hunk", "tiledit-added", "tiledit-removed", "dim-label"] { label.removeStyleClass(style) }
            switch line.kind {
            case .file: label.addStyleClass("tiledit-file")
            case .hunk: label.addStyleClass("tiledit-hunk")
            case .diff(.added): label.addStyleClass("tiledit-added")
            case .diff(.removed): label.addStyleClass("tiledit-removed")
            case .diff: break
            case .note: label.addStyleClass("dim-label")
            }
            return line.text
        }
    }

    /// Shows `lines` (only those on screen are bound).
    func show(_ lines: [ChangeLine]) {
        guard lines != self.lines else { return }
        self.lines = lines
        rows.reset(count: lines.count)
    }
}
