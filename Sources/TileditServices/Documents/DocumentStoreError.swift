/// Why a `DocumentStore` operation failed. Paths are as given (absolute).
public enum DocumentStoreError: Error, Sendable, Hashable {
    /// Nothing is at the path.
    case missing(path: String)
    /// The path is a folder, not a file.
    case isFolder(path: String)
    /// The path is a FIFO, a device or a socket: never read (it could block
    /// or never end) and never replaced.
    case notAFile(path: String, kind: FileStatus.Kind)
    /// The path is a symbolic link whose target (as stored in the link)
    /// does not exist; nothing is created there.
    case danglingLink(path: String, target: String)
    /// The file's bytes cannot be opened as text.
    case content(path: String, ContentProblem)
    /// The file on disk is not the one the editor read (its bytes changed);
    /// or, for a new file, a file appeared at the path.
    case conflict(path: String)
    /// The path was a regular file (or a link leading elsewhere) when read
    /// and is now a symbolic link, whose text is `target`: nothing was
    /// written through it.
    case becameLink(path: String, target: String)
    /// The file the editor read was deleted on disk.
    case deletedOnDisk(path: String)
    /// The user may not write the file (no write permission bit for anyone,
    /// or `access(2)` refuses). Saving again with
    /// `SaveOptions.overridesReadOnly` writes it, keeping its mode.
    case notWritable(path: String, permissions: UInt16)
    /// The file can be neither replaced keeping what it is (its hard links,
    /// owner, group, mode and extended attributes) nor written in place
    /// after a backup: nothing was written. `reason` says why, as a clause.
    case cannotKeepFile(path: String, reason: String)
    /// A write in place failed and the old content could not be put back:
    /// the file may be incomplete. The old content is in the backup file at
    /// `backupPath`, which the next save or start-up check restores.
    case incompleteWrite(path: String, backupPath: String, reason: String)
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
        case .notAFile(let path, let kind):
            "\(path) is \(kind.description), not a regular file; Tiledit reads and writes only regular files."
        case .danglingLink(let path, let target):
            "\(path) is a symbolic link to \(target), which does not exist; nothing was written."
        case .content(let path, let problem):
            problem.message(path: path)
        case .becameLink(let path, let target):
            "\(path) is now a symbolic link to \(target), which it was not when it was read; nothing was written through it."
        case .conflict(let path):
            "\(path) was changed by another program since it was opened; reload it, overwrite it, or keep both."
        case .deletedOnDisk(let path):
            "\(path) was deleted by another program since it was opened; save to create it again, or close it."
        case .notWritable(let path, let permissions):
            "\(path) is read-only for you (mode \(Self.octal(permissions))); it was not saved. Saving anyway keeps its mode."
        case .cannotKeepFile(let path, let reason):
            "\(path) was not saved: \(reason). The file on disk is unchanged."
        case .incompleteWrite(let path, let backupPath, let reason):
            "\(path) could not be saved (\(reason)) and may be incomplete; its previous version is kept in \(backupPath) and is put back at the next save or start."
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

    /// `0444`, `0640`, `2775`: four octal digits.
    static func octal(_ permissions: UInt16) -> String {
        let digits = String(permissions & 0o7777, radix: 8)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
