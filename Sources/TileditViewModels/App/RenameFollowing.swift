import TileditModel
import TileditServices

/// What follows a rename made or undone (ARCHITECTURE.md, "Renaming a
/// document"): editors of moved documents close (they had no unsaved
/// edits: the list refuses a rename that meets some) and the document
/// shown opens again at its new path; editors of files whose links
/// changed read them again (their reload tells the index); the search
/// index takes in every other file written and lets go of the old paths.
@MainActor
enum RenameFollowing {
    /// Follows `applied` (its undo when `undone`); `close` closes an
    /// editor and takes its path out of the index. Returns the move made.
    static func follow(
        _ applied: AppliedRename, undone: Bool, opened: OpenEditors, indexing: SearchCoordinator, close: (String) -> Void
    ) async -> DocumentMove {
        let move = undone ? applied.plan.move.reversed : applied.plan.move
        for path in opened.paths where move.mapped(path) != nil {
            close(path)
        }
        for edit in applied.plan.edits {
            let (path, bytes) = undone ? (edit.path, edit.before) : (edit.newPath, edit.after)
            // An open editor reads the file again, and its reload tells the index.
            if let markdown = opened.markdown[path] {
                await markdown.onCheckedDisk()
            } else if let yaml = opened.yaml[path] {
                await yaml.onCheckedDisk()
            } else {
                indexing.saved(path, bytes, list: nil)
            }
        }
        return move
    }
}
