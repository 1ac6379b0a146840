import CGtk
import TileditGtk
import TileditViewModels

/// The selected block's inspector: a form for a tile's or the front
/// matter's fields (`InspectorFieldRow`: entry, switch, drop-down or
/// multi-line text, with the message under each field as the user types),
/// a text area for prose and raw blocks, why the last change was refused,
/// and the block's diagnostics, with a button applying the first one's fix.
///
/// The form is rebuilt only when the block or its set of fields changes;
/// otherwise each row shows its field in place, so typing keeps its focus.
/// The prose text area sends each change as `.changedText`; Ctrl+Enter,
/// the Apply button or leaving it applies (`.leftText`, one undoable
/// change; empty text deletes the block), Escape or Revert asks the editor
/// to discard the typing. Text holding a character GTK cannot show
/// (U+0000) is shown with a stand-in and cannot be typed into. While a
/// new paragraph is typed, its text area (`NewParagraphArea`) is shown
/// instead of the block's inspector.
@MainActor
final class InspectorPanel {
    let view: Widget
    private let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 10)
    /// The selected block's inspector (hidden while a new paragraph is typed).
    private let details = Box(GTK_ORIENTATION_VERTICAL, spacing: 10)
    private let newParagraph: NewParagraphArea
    private let heading = Label()
    private let refusal = Label()
    private let fields = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    private let addProperty = Entry()
    private let text = TextView()
    private let textButtons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    private let problems = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    private let fix = Button(label: "Apply fix")
    private let app: AppModel
    private var rows: [InspectorFieldRow] = []
    /// The subject and field layout the rows were made for.
    private var shownForm: (subject: InspectorModel.Subject, fields: [String])?
    private var textSubject: InspectorModel.Subject?
    private var controllers: [EventController] = []
    private var isRendering = false
    private var observer: StateObserver?

    /// - Parameter focusBlocks: gives the blocks list the keyboard (when a
    ///   new paragraph's text area closes).
    init(app: AppModel, focusBlocks: @escaping @MainActor () -> Void) {
        self.app = app
        newParagraph = NewParagraphArea(app: app, closed: focusBlocks)
        let scrolled = ScrolledWindow(content)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("Inspector pane")
        scrolled.setSizeRequest(width: 320, height: -1)
        view = scrolled
        content.setMargins(12)
        heading.addStyleClass("heading")
        heading.setTextAlignment(0)
        heading.setWraps(true)
        refusal.setTextAlignment(0)
        refusal.setWraps(true)
        refusal.addStyleClass("error")
        refusal.setAccessibleDescription("Refusal")
        refusal.isVisible = false
        addProperty.setPlaceholder("Add a property…")
        addProperty.setAccessibleLabel("Add property")
        addProperty.setTooltip("Type a property name and press Enter")
        addProperty.onActivate { [weak self] in
            guard let self, let editor = self.app.editor else { return }
            editor.onInspector(.addedProperty(self.addProperty.text))
            self.addProperty.text = ""
        }
        text.setEditable(true)
        text.setMonospace(true)
        text.setAccessibleLabel("Block text")
        text.setAccessibleDescription("Ctrl+Enter applies, Escape reverts; empty text deletes the block")
        text.setExpands(horizontally: true, vertically: true)
        text.setSizeRequest(width: -1, height: 160)
        text.onChanged { [weak self] in
            guard let self, !self.isRendering, let inspector = self.currentTextInspector,
                  GtkText.showsExactly(inspector.originalText ?? ""), GtkText.showsExactly(inspector.subjectPending.text ?? "") else { return }
            self.app.editor?.onInspector(.changedText(self.text.text))
        }
        let apply = Button(label: "Apply")
        apply.setAccessibleLabel("Apply text")
        apply.setTooltip("Apply the text to the document (Ctrl+Enter)")
        apply.addStyleClass("suggested-action")
        apply.onClicked { [weak self] in self?.commitText() }
        let revert = Button(label: "Revert")
        revert.setAccessibleLabel("Revert text")
        revert.setTooltip("Drop the edit (Escape)")
        revert.onClicked { [weak self] in self?.revertText() }
        textButtons.append(apply)
        textButtons.append(revert)
        textButtons.setHorizontalAlignment(GTK_ALIGN_END)
        fix.setAccessibleLabel("Apply fix")
        fix.setHorizontalAlignment(GTK_ALIGN_START)
        fix.onClicked { [weak self] in self?.app.editor?.onTappedApplyFix() }
        watchText()
        for part in [heading, refusal, fields, addProperty, text, textButtons, problems, fix] as [Widget] { details.append(part) }
        content.append(newParagraph.view)
        content.append(details)
        observer = StateObserver { [weak self] in self?.render() }
    }

    /// The inspector while it shows the block the text area was filled from.
    private var currentTextInspector: InspectorModel? {
        guard let inspector = app.editor?.inspector, case .text = inspector.subject, inspector.subject == textSubject else { return nil }
        return inspector
    }

    private func watchText() {
        let keys = KeyController()
        keys.setCapturesFirst()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, let inspector = self.currentTextInspector else { return false }
            switch Int32(key) {
            case GDK_KEY_Escape:
                guard inspector.subjectPending.text != nil else { return false }
                self.revertText()
                return true
            case GDK_KEY_Return, GDK_KEY_KP_Enter:
                guard modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
                self.commitText()
                return true
            default:
                return false
            }
        }
        let focus = FocusController()
        focus.onLeave { [weak self] in
            guard let self, !self.isRendering else { return }
            self.commitText()
        }
        text.addController(keys)
        text.addController(focus)
        controllers += [keys, focus]
    }

    private func commitText() {
        guard let inspector = currentTextInspector, inspector.subjectPending.text != nil else { return }
        app.editor?.onInspector(.leftText)
    }

    private func revertText() {
        guard currentTextInspector != nil else { return }
        app.editor?.onTappedDiscardTyping(.text)
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        details.isVisible = !newParagraph.isOpen
        guard let editor = app.editor, let row = editor.selectedIndex.flatMap({ editor.row(at: $0) }) else {
            heading.text = app.editor == nil ? "No document open" : "No block selected"
            fix.isVisible = false
            clearForm()
            refusal.isVisible = false
            addProperty.isVisible = false
            text.isVisible = false
            textButtons.isVisible = false
            textSubject = nil
            problems.removeAll()
            return
        }
        let inspector = editor.inspector
        heading.text = row.lines.count == 1 ? "\(row.kindLabel) · line \(row.lines.lowerBound)" : "\(row.kindLabel) · lines \(row.lines.lowerBound)–\(row.lines.upperBound)"
        refusal.text = inspector.refusal?.message ?? ""
        refusal.isVisible = inspector.refusal != nil
        renderForm(editor)
        switch inspector.subject {
        case .tile, .frontMatter: addProperty.isVisible = true
        case .text, .nothing: addProperty.isVisible = false
        }
        if case .text = inspector.subject, let original = inspector.originalText {
            textSubject = inspector.subject
            let shown = inspector.subjectPending.text ?? original
            text.text = shown
            text.isVisible = true
            let exact = GtkText.showsExactly(shown) && GtkText.showsExactly(original)
            text.setEditable(exact)
            text.setAccessibleDescription(exact
                ? "Ctrl+Enter applies, Escape reverts; empty text deletes the block"
                : "It holds a character this window cannot show (U+0000, shown as \(GtkText.nulStandIn)): edit it in the terminal editor")
            textButtons.isVisible = inspector.subjectPending.text != nil
        } else {
            textSubject = nil
            text.isVisible = false
            textButtons.isVisible = false
        }
        problems.removeAll()
        for diagnostic in inspector.diagnostics {
            let label = Label("\(diagnostic.severity.rawValue): \(diagnostic.message)")
            label.setWraps(true)
            label.setTextAlignment(0)
            label.addStyleClass(diagnostic.severity == .error ? "error" : "warning")
            problems.append(label)
        }
        let fixable = inspector.diagnostics.first { $0.fix != nil }
        fix.isVisible = fixable != nil
        fix.setTooltip(fixable?.fix?.title)
    }

    /// Rebuilds the rows when the subject or the fields changed, else updates them.
    private func renderForm(_ editor: DocumentEditorModel) {
        let inspector = editor.inspector
        let current = inspector.fields
        let layout = current.map { "\($0.key)|\($0.input)" }
        if let shown = shownForm, shown.subject == inspector.subject, shown.fields == layout {
            for (row, field) in zip(rows, current) { row.show(field) }
            return
        }
        clearForm()
        shownForm = (inspector.subject, layout)
        for field in current {
            let row = InspectorFieldRow(field, editor: editor)
            rows.append(row)
            fields.append(row.view)
        }
    }

    private func clearForm() {
        rows.forEach { $0.detach() }
        fields.removeAll()
        rows = []
        shownForm = nil
    }
}
