/// Why an edit was refused. Nothing is written when an edit throws.
public enum EditError: Error, Sendable, Hashable {
    /// No block has this identity.
    case blockNotFound(BlockID)
    /// The block is not the kind the operation needs (e.g. not a tile).
    case wrongBlockKind(expected: String, found: String)
    /// The block could not be read; `message` is its first error.
    case unreadableBlock(message: String)
    /// Front matter cannot be edited; `message` says why (invalid YAML, a
    /// look-alike block that is not front matter, …).
    case frontMatterUnavailable(message: String)
    /// The value cannot be written so that it reads back the same.
    case invalidValue(message: String)
    /// The tile id is used by another tile.
    case duplicateTileID(String)
    /// The catalog has no such tile type.
    case unknownTileType(String)
    /// A YAML path does not lead to a node that can be edited.
    case pathNotFound(message: String)
    /// The edit would change more than it means to (e.g. join two lists).
    case wouldChangeStructure(message: String)
    /// A position outside the document.
    case invalidPosition(Int)

    /// A sentence a user can act on.
    public var message: String {
        switch self {
        case .blockNotFound(let id): "block \(id) is no longer in the document"
        case .wrongBlockKind(let expected, let found): "this needs \(expected), but the block is \(found)"
        case .unreadableBlock(let message): "the block cannot be edited until it is fixed: \(message)"
        case .frontMatterUnavailable(let message): "front matter cannot be edited: \(message)"
        case .invalidValue(let message): message
        case .duplicateTileID(let id): "tile id `\(id)` is already used in this document"
        case .unknownTileType(let type): "the catalog has no tile type `\(type)`"
        case .pathNotFound(let message): message
        case .wouldChangeStructure(let message): message
        case .invalidPosition(let position): "position \(position) is outside the document"
        }
    }
}
