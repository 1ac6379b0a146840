import TileditTerminalToolkit
/// Where a key binding applies: a pane, a list, an editing mode or a sheet.
/// The help overlay lists the scopes in this order, each under its title.
public enum KeyScope: Int, CaseIterable, Hashable, Sendable {
    case global
    case lists
    case documents
    case blocks
    case editor
    case inspector
    case fieldEditing
    case textEditing
    case textFields
    case listField
    case listItemEditing
    case dialog
    case catalog
    case search
    case settings
    case newDocument
    case recovery
    case prompt
    case rename
    case changes
    case help
    /// Notes only: where the keys differ from micro, nano and helix.
    case conventions

    /// The section title in the help overlay.
    public var title: String {
        switch self {
        case .global: "Everywhere"
        case .lists: "Lists and scrolling"
        case .documents: "Documents"
        case .blocks: "Blocks"
        case .editor: "Blocks and inspector"
        case .inspector: "Inspector"
        case .fieldEditing: "Editing a field"
        case .textEditing: "Editing text"
        case .listField: "A list field (tags, a tile's list; Enter on it)"
        case .listItemEditing: "Typing a list item"
        case .textFields: "Typing"
        case .dialog: "Dialogs"
        case .catalog: "Tile catalog"
        case .search: "Search"
        case .settings: "Settings"
        case .newDocument: "New document"
        case .recovery: "Unsaved edits from an earlier session"
        case .prompt: "Prompts"
        case .rename: "Rename or move a document"
        case .changes: "A rename's changes; comparing and merging with the disk"
        case .help: "This help"
        case .conventions: "Unlike micro, nano and helix"
        }
    }
}
