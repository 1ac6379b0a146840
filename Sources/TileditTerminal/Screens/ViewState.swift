import TileditModel
import TileditViewModels
import TileditTerminalToolkit

/// The renderer's own state: what is focused, where lists are scrolled,
/// what the user is typing, which overlay button is selected. Everything
/// else is read from the view models on every frame.
public struct ViewState: Sendable {
    /// The focused pane.
    public var focus: Pane = .documents
    /// The size of the last frame drawn (key handling pages by it).
    public internal(set) var size = TerminalSize(rows: 24, columns: 80)
    /// What the user is typing into.
    public internal(set) var editing: Editing?
    /// Whether the help overlay is shown.
    public internal(set) var isHelpShown = false
    /// A notice from the renderer itself (e.g. `$EDITOR` failed), until the next key.
    public internal(set) var message: String?

    var documentsList = ListView(accessibilityLabel: Pane.documents.label)
    var blocksList = ListView(accessibilityLabel: Pane.blocks.label)
    /// First content row shown in the inspector.
    var inspectorScroll = 0
    /// First preview line shown.
    var previewScroll = 0
    /// The selection revision the preview last scrolled to
    /// (`PreviewModel.anchor`): until the selection moves, the keys scroll it.
    var previewFollowed: Int?
    /// The preview laid out at the pane's width, as far as shown so far.
    var preview: PreviewPane.Cache?
    /// The blocks pane's wanted width for one version of one editor's
    /// document (`DocumentEditorModel.documentChanges`): measuring its first
    /// rows is work a keystroke that only moves the selection need not redo.
    var blocksWidth: (editor: ObjectIdentifier, documentChanges: Int, width: Int)?
    var helpScroll = 0
    /// The modal the state below belongs to (see `Modal.identity`).
    var modalIdentity: String?
    /// The selected button of an alert or confirmation.
    var choice = 0
    /// Scroll position in the tile catalog sheet.
    var catalogList = ListView(accessibilityLabel: "Tile types")
    var searchField = TextField(accessibilityLabel: "Search query")
    var searchList = ListView(accessibilityLabel: "Search results")
    var newDocumentField = TextField(accessibilityLabel: "Title of the new document")
    /// The answer typed into an editor's prompt (the prompt holds the text too).
    var promptField = TextField(accessibilityLabel: "Answer")
    var renameField = TextField(accessibilityLabel: "New path of the document")
    /// The item being typed into an open list field (`InspectorModel.list`).
    var listItemField: TextField?
    /// First body line shown in a sheet of changes (a rename's, a conflict's).
    var sheetScroll = 0
    /// Body rows the last sheet of changes showed (page keys move by it).
    var sheetPage = 10
    /// Where the last frame drew what a click can reach, in drawing order
    /// (the last region containing a place is the one on top).
    var hitRegions: [HitRegion] = []

    public init() {}

    /// Brings the view-local state in line with the view models: fresh
    /// overlay state when another modal comes up, no editing of a block
    /// that is no longer the inspector's.
    @MainActor
    mutating func sync(with app: AppModel) {
        let modal = Modal.current(app: app, state: self)
        let identity = modal?.identity
        if identity != modalIdentity {
            modalIdentity = identity
            if case .alert(let alert)? = modal { choice = alert.overlay.selectedChoice } else { choice = 0 }
            if case .review(let review)? = modal { choice = review.initialButton }
            sheetScroll = 0
            catalogList = ListView(accessibilityLabel: "Tile types")
            searchList = ListView(accessibilityLabel: "Search results")
            if case .app(.search(let search))? = modal {
                searchField = TextField(text: search.query, accessibilityLabel: "Search query")
            }
            if case .documents(_, .newDocument(let form))? = modal {
                newDocumentField = TextField(text: form.title, accessibilityLabel: "Title of the new document")
            }
            if case .prompt(let prompt)? = modal {
                promptField = TextField(text: prompt.text, accessibilityLabel: prompt.question)
            }
        }
        // The YAML editor says when its field is being typed into; the text widget follows.
        if let yaml = app.yamlEditor, yaml.isEditingField, let field = yaml.field {
            switch editing {
            case .yamlValue?, .yamlText?: break
            default:
                editing = field.isSingleLine
                    ? .yamlValue(TextField(text: field.text, accessibilityLabel: "Value"))
                    : .yamlText(TextArea(text: field.text, accessibilityLabel: "Value"))
            }
            return
        }
        switch editing {
        case .yamlValue?, .yamlText?:
            editing = nil
            return
        default:
            break
        }
        syncEditing(with: app.editor?.inspector)
        syncListItem(with: app.editor?.inspector)
        if case .filter? = editing, app.documents == nil {
            editing = nil
        }
    }

    /// The text widget follows what the inspector says is being typed
    /// into: opened with the field's (or the text's) value, and the focus
    /// with it (a new tile's form, a new paragraph), closed when the
    /// inspector stops editing.
    @MainActor
    private mutating func syncEditing(with inspector: InspectorModel?) {
        let block = inspector?.subject.blockID
        let wasTyping = typesIntoInspector
        defer { if !wasTyping, typesIntoInspector { focus = .inspector } }
        switch (inspector?.editing, editing) {
        case (.newParagraph?, .newParagraph?): return
        case (.newParagraph?, _):
            editing = .newParagraph(TextArea(text: inspector?.newParagraph?.text ?? "", accessibilityLabel: "Text of the new paragraph"))
            return
        case (_, .newParagraph?):
            editing = nil
            return
        case (.field(let key)?, .field(let open, let openKey, _)?) where openKey == key && open == block: return
        case (.field(let key)?, .fieldArea(let open, let openKey, _)?) where openKey == key && open == block: return
        case (.text?, .text(let open, _)?) where open == block: return
        case (.field(let key)?, _):
            guard let block, let field = inspector?.field(key) else { return editing = nil }
            editing = field.input == .multiline
                ? .fieldArea(block: block, key: key, TextArea(text: field.draft, accessibilityLabel: "Field \(key)"))
                : .field(block: block, key: key, TextField(text: field.draft, accessibilityLabel: "Field \(key)"))
        case (.text?, _):
            guard let block else { return editing = nil }
            editing = .text(block: block, TextArea(text: inspector?.text ?? "", accessibilityLabel: "Text of the block"))
        case (nil, .field?), (nil, .fieldArea?), (nil, .text?):
            editing = nil
        case (nil, .filter?), (nil, nil), (_, .yamlValue?), (_, .yamlText?):
            return
        }
    }

    /// The item field follows the list's typing: opened with its text
    /// (a completion taken replaces it), closed when nothing is typed.
    @MainActor
    private mutating func syncListItem(with inspector: InspectorModel?) {
        guard let list = inspector?.list else { return listItemField = nil }
        focus = .inspector
        guard let typing = list.typing else { return listItemField = nil }
        if listItemField?.text != typing.text { listItemField = TextField(text: typing.text, accessibilityLabel: "Item of \(list.key)") }
    }

    /// What the last frame drew at (`row`, `column`), the topmost region first.
    func target(row: Int, column: Int) -> MouseTarget? {
        hitRegions.last { $0.rect.contains(row: row, column: column) }?.target
    }

    /// Records a region of the frame being drawn.
    mutating func record(_ rect: Rect, _ target: MouseTarget) {
        guard !rect.isEmpty else { return }
        hitRegions.append(HitRegion(rect: rect, target: target))
    }

    /// Records the rows a list shows in `rect`, from `offset` (its scroll)
    /// to the last of `count`, each as `target(index)`.
    mutating func recordRows(in rect: Rect, offset: Int, count: Int, _ target: (Int) -> MouseTarget) {
        guard rect.height > 0 else { return }
        for index in max(0, offset)..<max(max(0, offset), min(count, offset + rect.height)) {
            record(Rect(row: rect.row + index - offset, column: rect.column, width: rect.width, height: 1), target(index))
        }
    }

    /// Whether a field or text area of the Markdown inspector is open.
    private var typesIntoInspector: Bool {
        switch editing {
        case .field?, .fieldArea?, .text?, .newParagraph?: true
        case .filter?, .yamlValue?, .yamlText?, nil: false
        }
    }

    static func subjectID(_ subject: InspectorModel.Subject?) -> BlockID? {
        switch subject {
        case .tile(let id)?, .frontMatter(let id)?, .text(let id)?: id
        case .nothing?, nil: nil
        }
    }
}
