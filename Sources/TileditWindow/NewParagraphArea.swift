import CGtk
import TileditGtk
import TileditViewModels

/// The text area of a new paragraph (`InspectorModel.newParagraph`), in
/// the inspector while one is typed: Insert › Paragraph opens it empty
/// after the selected block (`onTappedInsertParagraph`) and gives it the
/// keyboard, as the terminal's `o` does. Each change goes to the editor as
/// `.changedNewParagraph`; Ctrl+Enter, Add or leaving it with text adds
/// the paragraph (`.leftNewParagraph`: one undoable change; Ctrl+Enter or
/// Add on white space only closes it, adding nothing); Escape or Discard
/// asks the editor to drop it.
@MainActor
final class NewParagraphArea {
    let view = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    private let heading = Label("New paragraph")
    private let text = TextView()
    private let app: AppModel
    /// Gives the keyboard back (to the blocks list) once the area closes.
    private let closed: @MainActor () -> Void
    private var controllers: [EventController] = []
    private var isRendering = false
    private var wasOpen = false
    private var observer: StateObserver?

    init(app: AppModel, closed: @escaping @MainActor () -> Void) {
        self.app = app
        self.closed = closed
        heading.addStyleClass("heading")
        heading.setTextAlignment(0)
        text.setEditable(true)
        text.setMonospace(true)
        text.setAccessibleLabel("New paragraph text")
        text.setAccessibleDescription("Ctrl+Enter adds it, Escape drops it; left empty, nothing is added")
        text.setExpands(horizontally: true, vertically: true)
        text.setSizeRequest(width: -1, height: 160)
        text.onChanged { [weak self] in
            guard let self, !self.isRendering, self.isOpen else { return }
            self.app.editor?.onInspector(.changedNewParagraph(self.text.text))
        }
        let add = Button(label: "Add")
        add.setAccessibleLabel("Add paragraph")
        add.setTooltip("Add the paragraph to the document (Ctrl+Enter)")
        add.addStyleClass("suggested-action")
        add.onClicked { [weak self] in self?.leave() }
        let discard = Button(label: "Discard")
        discard.setAccessibleLabel("Discard paragraph")
        discard.setTooltip("Drop the new paragraph (Escape)")
        discard.onClicked { [weak self] in self?.discard() }
        let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        buttons.append(add)
        buttons.append(discard)
        buttons.setHorizontalAlignment(GTK_ALIGN_END)
        watchKeys()
        view.append(heading)
        view.append(text)
        view.append(buttons)
        view.isVisible = false
        observer = StateObserver { [weak self] in self?.render() }
    }

    /// Whether a new paragraph is being typed.
    var isOpen: Bool {
        guard let inspector = app.editor?.inspector else { return false }
        return inspector.newParagraph != nil && inspector.editing == .newParagraph
    }

    private func watchKeys() {
        let keys = KeyController()
        keys.setCapturesFirst()
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, self.isOpen else { return false }
            switch Int32(key) {
            case GDK_KEY_Escape:
                self.discard()
                return true
            case GDK_KEY_Return, GDK_KEY_KP_Enter:
                guard modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
                self.leave()
                return true
            default:
                return false
            }
        }
        let focus = FocusController()
        focus.onLeave { [weak self] in
            // Leaving with text adds the paragraph; an empty one stays open
            // (Escape or Discard closes it) rather than vanish unseen.
            guard let self, !self.isRendering, self.app.editor?.inspector.newParagraph?.hasText == true else { return }
            self.leave()
        }
        text.addController(keys)
        text.addController(focus)
        controllers += [keys, focus]
    }

    private func leave() {
        guard isOpen else { return }
        app.editor?.onInspector(.leftNewParagraph)
    }

    private func discard() {
        guard isOpen else { return }
        app.editor?.onTappedDiscardTyping(.newParagraph)
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        let draft = isOpen ? app.editor?.inspector.newParagraph : nil
        view.isVisible = draft != nil
        if let draft, text.text != draft.text { text.text = draft.text }
        // Focus follows creation: a paragraph just begun takes the keyboard,
        // and gives it back to the blocks once added or dropped.
        // (When GTK is idle: Insert › Paragraph's menu gives the focus back as it closes.)
        if draft != nil, !wasOpen { text.grabFocusWhenIdle() }
        if draft == nil, wasOpen { closed() }
        wasOpen = draft != nil
    }
}
