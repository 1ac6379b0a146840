/// What the user must decide before the session goes on.
public enum DocumentSessionQuestion: Equatable, Sendable {
    /// The file changed on disk: reload, overwrite or keep both.
    case conflict
    /// The file is no longer at its path as the text file it was loaded
    /// from: deleted, moved or renamed away, replaced by a folder or a FIFO,
    /// a link to nothing, unreadable (`DocumentSession.diskProblem` says
    /// which; `nil`: found deleted by a save). Save it again where nothing
    /// is there, else keep a copy; or close and keep the text unsaved.
    case deletedOnDisk
    /// The file is read-only for the user: save anyway (keeping its
    /// mode) or cancel. `message` names the file and its mode.
    case overrideReadOnly(message: String)
    /// The conflict looked at closely: its comparison and merge.
    case reviewConflict(ConflictReview)
}
