import TileditModel
import TileditViewModels
import TileditTerminalToolkit

/// What is drawn over the panes and takes the keys, derived on every frame
/// from the view models' destinations and the view-local help.
/// Precedence: help, then an alert of any view model (the app's, the
/// editor's, the document list's; drawn from its `AlertState`), the app's
/// sheets, the editor's sheet or prompt (Markdown or YAML), then the
/// document list's sheet.
@MainActor
enum Modal {
    case help
    case app(AppModel.Destination)
    case catalog(DocumentEditorModel, TileCatalogPicker)
    case documents(DocumentListModel, DocumentListModel.Destination)
    /// A conflict with the disk looked at closely (either editor's).
    case review(ConflictReview)
    case alert(AlertOverlay)
    case prompt(EditorPrompt)

    /// The modal on top, if any.
    static func current(app: AppModel, state: ViewState) -> Modal? {
        if state.isHelpShown { return .help }
        if let alert = AlertOverlay.current(app: app) { return .alert(alert) }
        if let destination = app.destination { return .app(destination) }
        if let review = app.editor?.destination?.conflictReview { return .review(review) }
        if let review = app.yamlEditor?.destination?.conflictReview { return .review(review) }
        if let editor = app.editor, let picker = editor.destination?.tileCatalog { return .catalog(editor, picker) }
        if let prompt = app.editor?.destination?.prompt ?? app.yamlEditor?.destination?.prompt { return .prompt(prompt) }
        if let list = app.documents, let destination = list.destination { return .documents(list, destination) }
        return nil
    }

    /// The overlay's title: its accessibility label, shown in its border.
    var title: String {
        switch self {
        case .help: "Keys"
        case .app(.search): "Search"
        case .app(.settings): "Settings"
        case .app(.recoverEdits): "Recover unsaved edits"
        case .catalog: "Insert tile"
        case .documents(_, .newDocument): "New document"
        case .documents(_, .rename): "Rename or move"
        case .documents(_, .renamePreview(let preview)): preview.title
        case .review(let review): review.title
        case .alert(let alert): alert.overlay.title
        case .prompt(let prompt): prompt.title
        // Alerts are `.alert`; these do not occur.
        case .app, .documents: ""
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
        case .catalog(_, let picker): "catalog \(ObjectIdentifier(picker).hashValue)"
        case .documents(_, .rename): "rename"
        case .documents(_, .renamePreview): "rename preview"
        case .documents: "new document"
        case .review(let review): "review \(ObjectIdentifier(review).hashValue) \(review.stage)"
        case .alert(let alert): alert.identity
        case .prompt(let prompt): "prompt \(ObjectIdentifier(prompt).hashValue)"
        }
    }

    /// The key scope the modal reads keys in.
    var scope: KeyScope {
        switch self {
        case .help: .help
        case .app(.search): .search
        case .app(.settings): .settings
        case .app(.recoverEdits): .recovery
        case .catalog: .catalog
        case .documents(_, .newDocument): .newDocument
        case .documents(_, .rename): .rename
        case .documents(_, .renamePreview), .review: .changes
        case .prompt: .prompt
        default: .dialog
        }
    }
}
