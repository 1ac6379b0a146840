import TileditModel

/// One undoable edit of a YAML file: the byte edits made, their inverse,
/// and the node to select after it (edits in UTF-8 byte offsets of the
/// file before the edit; the inverse in offsets of the file after it).
public struct YAMLChange: UndoableChange {
    /// The edits applied to the file.
    public var edits: [TextEdit]
    /// The edits that give the file back as it was.
    public var inverse: [TextEdit]
    /// The node selected after the change (and after a redo).
    public var selectionAfter: YAMLNodeID?

    /// Whether the change has no edits.
    public var isEmpty: Bool { edits.isEmpty }
}
