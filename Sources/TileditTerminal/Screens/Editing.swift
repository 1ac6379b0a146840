import TileditModel
import TileditTerminalToolkit

/// What the user is typing into, if anything (view-local state): a field of
/// the inspector, the text of a prose block, or the documents filter.
public enum Editing: Hashable, Sendable {
    /// A one-line field of the block `block`.
    case field(block: BlockID, key: String, TextField)
    /// A multi-line field of the block `block`.
    case fieldArea(block: BlockID, key: String, TextArea)
    /// The text of the prose or raw block `block`.
    case text(block: BlockID, TextArea)
    /// The text of a new paragraph, not in the document yet.
    case newParagraph(TextArea)
    /// The documents filter.
    case filter(TextField)
    /// The value of the selected YAML scalar.
    case yamlValue(TextField)
    /// The value of the selected YAML scalar of several lines (a block
    /// scalar, a quoted value over several lines).
    case yamlText(TextArea)

    /// The key of the field being edited, if a field is.
    public var fieldKey: String? {
        switch self {
        case .field(_, let key, _), .fieldArea(_, let key, _): key
        case .text, .newParagraph, .filter, .yamlValue, .yamlText: nil
        }
    }

    /// The block being edited, if a block is.
    public var block: BlockID? {
        switch self {
        case .field(let block, _, _), .fieldArea(let block, _, _), .text(let block, _): block
        case .newParagraph, .filter, .yamlValue, .yamlText: nil
        }
    }

    /// What the user is typing into, for the status line.
    public var accessibilityLabel: String {
        switch self {
        case .field(_, let key, _): "Editing field \(key)"
        case .fieldArea(_, let key, let area): "Editing field \(key) (multi-line), \(Self.position(area))"
        case .text(_, let area): "Editing text, \(Self.position(area))"
        case .newParagraph(let area): "Editing a new paragraph, \(Self.position(area))"
        case .filter: "Filtering documents"
        case .yamlValue: "Editing value"
        case .yamlText(let area): "Editing value (multi-line), \(Self.position(area))"
        }
    }

    /// Where the cursor is, e.g. `line 2 of 5`.
    private static func position(_ area: TextArea) -> String {
        "line \(area.cursor.line + 1) of \(area.lineCount)"
    }
}
