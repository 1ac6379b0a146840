import TileditModel
import TileditViewModels

/// What is drawn over the panes and takes the keys, derived on every frame
/// from the view models' destinations and the view-local help and prompt.
/// Precedence: help, then the app's destination, the editor's (Markdown
/// or YAML), the document list's, then a prompt. A destination that is an
/// alert is `.alert`, drawn from the view model's `AlertState`; the other
/// cases are sheets.
@MainActor
enum Modal {
    case help
    case app(AppModel.Destination)
    case editor(DocumentEditorModel, DocumentEditorModel.Destination)
    case documents(DocumentListModel, DocumentListModel.Destination)
    /// A conflict with the disk looked at closely (either editor's).
    case review(ConflictReview)
    case alert(AlertOverlay)
    case prompt(Prompt)

    /// The modal on top, if any.
    static func current(app: AppModel, state: ViewState) -> Modal? {
        if state.isHelpShown { return .help }
        if let alert = AlertOverlay.current(app: app) { return .alert(alert) }
        if let destination = app.destination { return .app(destination) }
        if let editor = app.editor, let destination = editor.destination { return destination.conflictReview.map(Modal.review) ?? .editor(editor, destination) }
        if case .reviewingConflict(let review)? = app.yamlEditor?.destination { return .review(review) }
        if let list = app.documents, let destination = list.destination { return .documents(list, destination) }
        if let prompt = state.prompt { return .prompt(prompt) }
        return nil
    }

    /// The overlay's title: its accessibility label, shown in its border.
    var title: String {
        switch self {
        case .help: "Keys"
        case .app(.search): "Search"
        case .app(.settings): "Settings"
        case .app(.recoverEdits): "Recover unsaved edits"
        case .editor(_, .tileCatalog): "Insert tile"
        case .documents(_, .newDocument): "New document"
        case .documents(_, .rename): "Rename or move"
        case .documents(_, .renamePreview(let preview)): preview.title
        case .review(let review): review.title
        case .alert(let alert): alert.overlay.title
        case .prompt(let prompt): prompt.title
        // Alerts are `.alert`; these do not occur.
        case .app, .editor, .documents: ""
        }
    }

    /// Changes when another modal comes up, so its view-local state
    /// (selected button, list position, typed text) starts afresh.
    var identity: String {
        switch self {
        case .help: "help"
        case .app(.search(let model)): "search \(ObjectIdentifier(model).hashValue)"
        case .app(.settings(let model)): "settings \(ObjectIdentifier(model).hashValue)"
        case .app: "recover edits"
        case .editor(let editor, _): "catalog \(ObjectIdentifier(editor).hashValue)"
        case .documents(_, .rename): "rename"
        case .documents(_, .renamePreview): "rename preview"
        case .documents: "new document"
        case .review(let review): "review \(ObjectIdentifier(review).hashValue) \(review.stage)"
        case .alert(let alert): alert.identity
        case .prompt(let prompt): "prompt \(prompt.title)"
        }
    }

    /// The key scope the modal reads keys in.
    var scope: KeyScope {
        switch self {
        case .help: .help
        case .app(.search): .search
        case .app(.settings): .settings
        case .app(.recoverEdits): .recovery
        case .editor(_, .tileCatalog): .catalog
        case .documents(_, .newDocument): .newDocument
        case .documents(_, .rename): .rename
        case .documents(_, .renamePreview), .review: .changes
        case .prompt: .prompt
        default: .dialog
        }
    }
}
