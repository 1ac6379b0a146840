/// Why a `DocumentStore` operation failed. Paths are as given (absolute).
public enum DocumentStoreError: Error, Sendable, Hashable {
    /// Nothing is at the path.
    case missing(path: String)
    /// The path is a folder, not a file.
    case isFolder(path: String)
    /// The file's bytes cannot be opened as text.
    case content(path: String, ContentProblem)
    /// The file on disk is not the one the editor read (its bytes changed);
    /// or, for a new file, a file appeared at the path.
    case conflict(path: String)
    /// The file the editor read was deleted on disk.
    case deletedOnDisk(path: String)
    /// Something already exists where a trashed item would be restored.
    case occupied(path: String)
    /// The path is not inside the workspace folder.
    case outsideWorkspace(path: String, root: String)
    /// A journal entry exists but cannot be read back.
    case journalUnreadable(path: String)
    /// Reading failed for another reason (permissions, I/O).
    case readFailed(path: String, reason: String)
    /// Writing failed; the file on disk is unchanged.
    case writeFailed(path: String, reason: String)

    /// A sentence that names the path and says what the user can do.
    public var message: String {
        switch self {
        case .missing(let path):
            "\(path) does not exist; it may have been moved or deleted."
        case .isFolder(let path):
            "\(path) is a folder; choose a file to open."
        case .content(let path, let problem):
            problem.message(path: path)
        case .conflict(let path):
            "\(path) was changed by another program since it was opened; reload it, overwrite it, or keep both."
        case .deletedOnDisk(let path):
            "\(path) was deleted by another program since it was opened; save to create it again, or close it."
        case .occupied(let path):
            "\(path) already exists; move or rename it before restoring."
        case .outsideWorkspace(let path, let root):
            "\(path) is not inside the workspace \(root)."
        case .journalUnreadable(let path):
            "The recovery journal for \(path) cannot be read; it was left in place for inspection."
        case .readFailed(let path, let reason):
            "\(path) cannot be read: \(reason)."
        case .writeFailed(let path, let reason):
            "\(path) could not be saved (\(reason)); the file on disk is unchanged."
        }
    }
}
