/// Why a rename could not be planned, made or undone. Paths are relative
/// to the workspace. Nothing was changed on disk unless the case says so.
public enum RenameError: Error, Sendable, Hashable {
    /// The document cannot be renamed, or not to that path (the path rule's message).
    case refused(String)
    /// Something already exists where the document would go.
    case destinationExists(path: String)
    /// A file the rename or its undo would write changed on disk since
    /// (they are named); nothing was written.
    case changedOnDisk(paths: [String])
    /// What the undo would move back is gone.
    case missing(path: String)
    /// A file could not be read while planning.
    case unreadable(path: String, reason: String)
    /// A step failed: `reason` says which and why. When `restored`,
    /// everything done before it was put back; when not, `leftover` says
    /// what stayed as the failed step left it.
    case failed(reason: String, restored: Bool, leftover: String?)

    /// A sentence that says what happened and what the user can do.
    public var message: String {
        switch self {
        case .refused(let message):
            message
        case .destinationExists(let path):
            "\(path) already exists; choose another path."
        case .changedOnDisk(let paths):
            "\(paths.joined(separator: ", ")) changed on disk since; nothing was changed. Look at \(paths.count == 1 ? "it" : "them") and try again."
        case .missing(let path):
            "\(path) is no longer there; nothing was changed."
        case .unreadable(let path, let reason):
            "\(path) cannot be read (\(reason)); nothing was changed."
        case .failed(let reason, true, _):
            "\(reason); everything was put back as it was."
        case .failed(let reason, false, let leftover):
            "\(reason), and putting things back failed too: \(leftover ?? "see the files named")."
        }
    }
}
