/// What an operation did to a document, with what undoes it.
public struct DocumentChange: Sendable, Hashable {
    /// The edits applied, in the coordinates of the text before the change.
    public var edits: [TextEdit]
    /// Edits that restore the text before the change, in the coordinates
    /// of the text after it.
    public var inverse: [TextEdit]
    /// Blocks re-parsed, removed and created.
    public var blocks: MarkdownDocument.Replacement
    /// The block to select after the change, if any.
    public var focus: BlockID?
    /// Things the user should know (e.g. "2 other places use the anchor `defaults`").
    public var notes: [String]
    /// Identities that survive the change although their bytes were removed
    /// and written again (a moved block), also through undo and redo.
    public var keptIdentities: [BlockID]

    public init(
        edits: [TextEdit], inverse: [TextEdit], blocks: MarkdownDocument.Replacement, focus: BlockID?,
        notes: [String] = [], keptIdentities: [BlockID] = []
    ) {
        self.edits = edits
        self.inverse = inverse
        self.blocks = blocks
        self.focus = focus
        self.notes = notes
        self.keptIdentities = keptIdentities
    }
}
