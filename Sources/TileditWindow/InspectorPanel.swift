import CGtk
import TileditGtk
import TileditViewModels

/// The selected block's inspector, read-only for now: a tile's or the
/// front matter's fields (key, value, what the value accepts, its message)
/// or a prose block's text, and the block's diagnostics.
@MainActor
final class InspectorPanel {
    let view: Widget
    private let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 10)
    private let heading = Label()
    private let fields = Box(GTK_ORIENTATION_VERTICAL, spacing: 10)
    private let text = TextView()
    private let problems = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    private let app: AppModel
    private var observer: StateObserver?

    init(app: AppModel) {
        self.app = app
        content.setMargins(12)
        heading.addStyleClass("heading")
        heading.setTextAlignment(0)
        heading.setWraps(true)
        text.setEditable(false)
        text.setMonospace(true)
        text.setAccessibleLabel("Block text")
        text.setExpands(horizontally: true, vertically: true)
        content.append(heading)
        content.append(fields)
        content.append(text)
        content.append(problems)
        let scrolled = ScrolledWindow(content)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Inspector pane")
        scrolled.setSizeRequest(width: 320, height: -1)
        view = scrolled
        observer = StateObserver { [weak self] in self?.render() }
    }

    private func render() {
        guard let editor = app.editor, let row = editor.selectedIndex.flatMap({ editor.row(at: $0) }) else {
            heading.text = app.editor == nil ? "No document open" : "No block selected"
            fields.removeAll()
            problems.removeAll()
            text.isVisible = false
            return
        }
        let inspector = editor.inspector
        heading.text = row.lines.count == 1 ? "\(row.kindLabel) · line \(row.lines.lowerBound)" : "\(row.kindLabel) · lines \(row.lines.lowerBound)–\(row.lines.upperBound)"
        fields.removeAll()
        for field in inspector.fields {
            fields.append(Self.fieldView(field))
        }
        if let original = inspector.originalText {
            text.text = original
            text.isVisible = true
        } else {
            text.isVisible = false
        }
        problems.removeAll()
        for diagnostic in inspector.diagnostics {
            let label = Label("\(diagnostic.severity.rawValue): \(diagnostic.message)")
            label.setWraps(true)
            label.setTextAlignment(0)
            label.addStyleClass(diagnostic.severity == .error ? "error" : "warning")
            problems.append(label)
        }
    }

    /// One field: its key (marked when required), value, hint and message.
    private static func fieldView(_ field: InspectorField) -> Widget {
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        let key = Label(field.isRequired ? "\(field.key) (required)" : field.key)
        key.setTextAlignment(0)
        key.addStyleClass("caption-heading")
        let value = Label(field.isPresent ? field.original : "not set")
        value.setTextAlignment(0)
        value.setWraps(true)
        if !field.isPresent { value.addStyleClass("dim-label") }
        let hint = Label(field.isKnown ? "\(field.summary) — accepts \(field.hint)" : "Unknown property")
        hint.setTextAlignment(0)
        hint.setWraps(true)
        hint.addStyleClass("dim-label")
        hint.addStyleClass("caption")
        box.append(key)
        box.append(value)
        box.append(hint)
        if let message = field.message {
            let problem = Label(message)
            problem.setTextAlignment(0)
            problem.setWraps(true)
            problem.addStyleClass("error")
            box.append(problem)
        }
        return box
    }
}
