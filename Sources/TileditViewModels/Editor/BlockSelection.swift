import TileditModel

/// The selected block of a Markdown editor and its position when it was
/// last seen, kept so that a neighbor is selected when a change takes the
/// block away. Every position is checked against the document; any
/// offset is safe (`ListPosition`).
struct BlockSelection: Equatable, Sendable {
    /// The selected block, `nil` when none is.
    private(set) var id: BlockID?
    /// Position (from 0) of `id` when it was selected.
    private(set) var lastKnownIndex: Int?

    /// Selects `id` (`nil`: nothing) and remembers its position in `document`.
    mutating func select(_ id: BlockID?, in document: MarkdownDocument?) {
        self.id = id
        lastKnownIndex = id.flatMap { document?.index(of: $0) }
    }

    /// The block `offset` rows from the selection (from the first block
    /// when none is selected), kept within the document; `nil` for an
    /// empty document.
    func moved(by offset: Int, in document: MarkdownDocument) -> BlockID? {
        let current = id.flatMap { document.index(of: $0) } ?? 0
        return ListPosition.moved(current, by: offset, count: document.blockCount).map { document.id(at: $0) }
    }

    /// The first or the last block; `nil` for an empty document.
    static func edge(last: Bool, in document: MarkdownDocument) -> BlockID? {
        guard document.blockCount > 0 else { return nil }
        return document.id(at: last ? document.blockCount - 1 : 0)
    }

    /// The block to select after a change: `preferred` when it still
    /// exists, else the block selected now, else the block at
    /// `fallbackIndex` (within the document, 0 when unknown); `nil` for
    /// an empty document.
    func following(_ preferred: BlockID?, fallbackIndex: Int?, in document: MarkdownDocument) -> BlockID? {
        if let preferred, document.index(of: preferred) != nil { return preferred }
        if let id, document.index(of: id) != nil { return id }
        guard document.blockCount > 0 else { return nil }
        return document.id(at: Swift.max(0, Swift.min(fallbackIndex ?? 0, document.blockCount - 1)))
    }

    /// The block to select once the block at `index` is deleted: the one
    /// after it, else the one before it, else none.
    static func neighbor(ofDeleted index: Int, in document: MarkdownDocument) -> BlockID? {
        if index + 1 < document.blockCount, index + 1 >= 0 { return document.id(at: index + 1) }
        if index > 0, index - 1 < document.blockCount { return document.id(at: index - 1) }
        return nil
    }

    /// Where a new block goes (a position from 0): after the selected one
    /// at `selected`, else after the last block.
    static func insertionIndex(after selected: Int?, blockCount: Int) -> Int {
        (selected ?? (blockCount - 1)) + 1
    }
}
