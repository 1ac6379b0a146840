import TileditGtk
import TileditViewModels

/// The window's status line: the open file, its save state, the selected
/// block (or YAML row) and the diagnostics count, why the last save
/// failed, a recovery journal that cannot be written, then the editor's
/// notes or what the document list last did. Its accessible description
/// is "Status".
@MainActor
final class StatusLine {
    let label = Label()
    private let app: AppModel
    private var observer: StateObserver?

    init(app: AppModel) {
        self.app = app
        label.setTextAlignment(0)
        label.setMargins(top: 4, bottom: 4, start: 8, end: 8)
        label.setEllipsizesAtEnd()
        label.addStyleClass("dim-label")
        label.setAccessibleDescription("Status")
        observer = StateObserver { [weak self] in
            guard let self else { return }
            self.label.text = Self.text(self.app)
        }
    }

    /// The parts of the line, joined by ` · `.
    static func text(_ app: AppModel) -> String {
        var parts: [String] = []
        switch app.session {
        case .closed: parts.append("No folder open")
        case .opening(let path): parts.append("Opening \(path)…")
        case .failed(let error): parts.append(error.message)
        case .open: break
        }
        var notes: [String] = []
        if let editor = app.editor {
            parts.append(editor.displayPath)
            if let error = editor.document.error { parts.append(error.message) }
            parts.append(editor.saveState.label)
            if let index = editor.selectedIndex { parts.append("block \(index + 1) of \(editor.blockCount)") }
            parts += counts(editor.diagnosticCounts)
            if case .failed(let error) = editor.saveState { parts.append(error.message) }
            if let problem = editor.session.journal.problem { parts.append(problem.message) }
            notes = editor.notes
        } else if let yaml = app.yamlEditor {
            parts.append(yaml.displayPath)
            if let error = yaml.file.error { parts.append(error.message) }
            parts.append(yaml.saveState.label)
            if let index = yaml.selectedRow { parts.append("row \(index + 1) of \(yaml.rowCount)") }
            parts += counts(yaml.diagnosticCounts)
            if case .failed(let error) = yaml.saveState { parts.append(error.message) }
            if let problem = yaml.session.journal.problem { parts.append(problem.message) }
            notes = yaml.notes
        }
        if !notes.isEmpty {
            parts += notes
        } else if let notice = app.documents?.notice {
            parts.append(notice)
        }
        return parts.joined(separator: " · ")
    }

    private static func counts(_ counts: (errors: Int, warnings: Int)) -> [String] {
        var parts: [String] = []
        if counts.errors > 0 { parts.append("\(counts.errors) \(counts.errors == 1 ? "error" : "errors")") }
        if counts.warnings > 0 { parts.append("\(counts.warnings) \(counts.warnings == 1 ? "warning" : "warnings")") }
        return parts
    }
}
