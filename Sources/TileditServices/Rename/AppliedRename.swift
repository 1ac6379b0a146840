import TileditModel

/// A rename that was made, with what its undo needs: the plan (every
/// file's bytes before and after) and the folders the move created and
/// left empty (relative to the workspace).
public struct AppliedRename: Sendable, Hashable {
    /// What was made: the move and every file's bytes before and after.
    public var plan: RenamePlan
    /// Folders made for the new place, outermost first (removed again by undo).
    public var createdFolders: [String]
    /// Folders the move left empty and removed, innermost first (made again by undo).
    public var removedFolders: [String]

    public init(plan: RenamePlan, createdFolders: [String], removedFolders: [String]) {
        self.plan = plan
        self.createdFolders = createdFolders
        self.removedFolders = removedFolders
    }
}
