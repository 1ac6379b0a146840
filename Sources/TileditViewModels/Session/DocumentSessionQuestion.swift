/// What the user must decide before the session goes on.
public enum DocumentSessionQuestion: Equatable, Sendable {
    /// The file changed on disk: reload, overwrite or keep both.
    case conflict
    /// The file was deleted on disk: save it again or not.
    case deletedOnDisk
    /// The file is read-only for the user: save anyway (keeping its
    /// mode) or cancel. `message` names the file and its mode.
    case overrideReadOnly(message: String)
    /// The conflict looked at closely: its comparison and merge.
    case reviewConflict(ConflictReview)
}
