import TileditModel
import TileditViewModels

/// What is drawn over the panes and takes the keys, derived on every frame
/// from the view models' destinations and the view-local help and prompt.
/// Precedence: help, then the app's destination, the editor's, the
/// document list's, then a prompt.
@MainActor
enum Modal {
    case help
    case app(AppModel.Destination)
    case editor(DocumentEditorModel, DocumentEditorModel.Destination)
    case yaml(YAMLDocumentModel, YAMLDocumentModel.Destination)
    case documents(DocumentListModel, DocumentListModel.Destination)
    case prompt(Prompt)

    /// The modal on top, if any.
    static func current(app: AppModel, state: ViewState) -> Modal? {
        if state.isHelpShown { return .help }
        if let destination = app.destination { return .app(destination) }
        if let editor = app.editor, let destination = editor.destination { return .editor(editor, destination) }
        if let yaml = app.yamlEditor, let destination = yaml.destination { return .yaml(yaml, destination) }
        if let list = app.documents, let destination = list.destination { return .documents(list, destination) }
        if let prompt = state.prompt { return .prompt(prompt) }
        return nil
    }

    /// The overlay's title: its accessibility label, shown in its border.
    var title: String {
        switch self {
        case .help: "Keys"
        case .app(let destination):
            switch destination {
            case .search: "Search"
            case .settings: "Settings"
            case .confirmQuit: "Unsaved changes"
            case .recoverEdits: "Recover unsaved edits"
            case .interruptedSaves: "Interrupted saves"
            case .alert: "Error"
            }
        case .editor(_, let destination):
            switch destination {
            case .tileCatalog: "Insert tile"
            case .confirmDelete: "Delete block"
            case .conflict: "Changed on disk"
            case .deletedOnDisk: "Deleted on disk"
            case .confirmOverrideReadOnly: "Read-only file"
            case .recovery: "Unsaved edits found"
            case .confirmDiscardTyping: "Discard typing"
            case .alert: "Error"
            }
        case .yaml(_, let destination):
            switch destination {
            case .conflict: "Changed on disk"
            case .deletedOnDisk: "Deleted on disk"
            case .recovery: "Unsaved edits found"
            case .confirmOverrideReadOnly: "Read-only file"
            }
        case .documents(_, let destination):
            switch destination {
            case .newDocument: "New document"
            case .confirmDelete: "Move to trash"
            case .alert: "Error"
            }
        case .prompt(let prompt): prompt.title
        }
    }

    /// Changes when another modal comes up, so its view-local state
    /// (selected button, list position, typed text) starts afresh.
    var identity: String {
        switch self {
        case .help: "help"
        case .app(let destination):
            switch destination {
            case .search(let model): "search \(ObjectIdentifier(model).hashValue)"
            case .settings(let model): "settings \(ObjectIdentifier(model).hashValue)"
            case .confirmQuit(let paths): "quit \(paths)"
            case .recoverEdits: "recover edits"
            case .interruptedSaves: "interrupted saves"
            case .alert(let error): "app alert \(error.message)"
            }
        case .editor(let editor, let destination):
            "editor \(ObjectIdentifier(editor).hashValue) \(title) \(destination.alert?.message ?? "")"
        case .yaml(let yaml, _):
            "yaml \(ObjectIdentifier(yaml).hashValue) \(title)"
        case .documents(_, let destination):
            destination.newDocument != nil ? "new document" : "documents \(title) \(destination.confirmDelete ?? destination.alert?.message ?? "")"
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
        case .prompt: .prompt
        default: .dialog
        }
    }
}
