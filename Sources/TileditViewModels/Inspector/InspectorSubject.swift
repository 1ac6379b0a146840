import TileditModel

/// What the inspector shows (`InspectorModel.subject`).
public enum InspectorSubject: Equatable, Sendable {
    case nothing
    /// A tile: a form of its properties.
    case tile(BlockID)
    /// The front matter: a form of its fields.
    case frontMatter(BlockID)
    /// Prose or a raw block (or front matter that does not read as
    /// fields): edited as text.
    case text(BlockID)

    /// The subject of `block` (`nil`: nothing selected).
    init(_ block: Block?) {
        guard let block else {
            self = .nothing
            return
        }
        switch block.kind {
        case .tile: self = .tile(block.id)
        case .frontMatter(let frontMatter): self = frontMatter.source == nil ? .frontMatter(block.id) : .text(block.id)
        default: self = .text(block.id)
        }
    }

    /// The block shown.
    public var blockID: BlockID? {
        switch self {
        case .nothing: nil
        case .tile(let id), .frontMatter(let id), .text(let id): id
        }
    }

    /// Whether the subject has properties to add and remove (a tile or
    /// the front matter).
    public var hasProperties: Bool {
        switch self {
        case .tile, .frontMatter: true
        case .text, .nothing: false
        }
    }
}
