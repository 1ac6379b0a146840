/// One file a rename writes: its path before and after the move (the same
/// for a file whose links change and that does not move), its bytes
/// before and after, and what changed in it.
public struct PlannedEdit: Sendable, Hashable {
    /// The file's path before the move.
    public var path: String
    /// Its path after the move.
    public var newPath: String
    /// Its bytes now.
    public var before: [UInt8]
    /// Its bytes after the rename (equal to `before` for a moved file
    /// whose text does not change).
    public var after: [UInt8]
    /// Link destinations rewritten in it.
    public var linkCount: Int
    /// Whether its `slug` changes.
    public var changesSlug: Bool

    public init(path: String, newPath: String, before: [UInt8], after: [UInt8], linkCount: Int, changesSlug: Bool) {
        self.path = path
        self.newPath = newPath
        self.before = before
        self.after = after
        self.linkCount = linkCount
        self.changesSlug = changesSlug
    }

    /// Whether its bytes change.
    public var changesText: Bool { before != after }
}
