/// Where the preview shows the block selected in the editor
/// (`PreviewModel.anchor`): the block, the first item of the styled
/// document showing it, and the selection's revision. A renderer scrolls
/// so the item is at the top when the revision differs from the one it
/// last followed, and otherwise keeps its own scroll: the keys and the
/// wheel scroll the preview until the selection moves again.
public struct PreviewAnchor: Equatable, Sendable {
    /// The selected block (from 0).
    public var block: Int
    /// Position in `StyledDocument.items` of the first item showing the
    /// block (or, for a block that shows nothing, of the next one).
    public var item: Int
    /// Changes each time another block is selected (`PreviewModel.selectionRevision`).
    public var selectionRevision: Int

    /// The anchor of `block` at `item`, for the selection's `selectionRevision`.
    public init(block: Int, item: Int, selectionRevision: Int) {
        self.block = block
        self.item = item
        self.selectionRevision = selectionRevision
    }
}
