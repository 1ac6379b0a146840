import TileditServices

/// What a disk check found at an open document's path instead of the
/// readable, writable text file it was loaded from (ARCHITECTURE.md, "View
/// models"): the file is gone from there, something else is there, or it
/// can no longer be read or written. The text in the editor is never
/// touched because of it; the user decides (`SessionAlert.notOnDisk`).
public enum DiskProblem: Equatable, Sendable {
    /// Nothing is at the path: the file was deleted, or moved or renamed
    /// away, by another program (its folder may be gone too).
    case missing
    /// A folder is at the path now.
    case folder
    /// Something that is not a regular file is at the path now; `kind` names
    /// it as a message does ("a FIFO (named pipe)", "a socket").
    case notAFile(kind: String)
    /// The path is now a symbolic link to `target` (as the link says), which does not exist.
    case danglingLink(target: String)
    /// The file is there but cannot be read as text (its permission, an I/O
    /// error, bytes that are not text); `reason` is the store's sentence.
    case unreadable(reason: String)
    /// The file lost every write permission bit: it is mode `permissions` now.
    case readOnly(permissions: UInt16)

    /// The problem a failed load or save shows: nothing there, a folder, a
    /// FIFO or device, a link to nothing; any other error (permission, I/O,
    /// bytes that are not text) is `.unreadable` with the error's message.
    init(_ error: DocumentStoreError) {
        switch error {
        case .missing, .deletedOnDisk: self = .missing
        case .isFolder: self = .folder
        case .notAFile(_, let kind): self = .notAFile(kind: kind.description)
        case .danglingLink(_, let target): self = .danglingLink(target: target)
        default: self = .unreadable(reason: error.message)
        }
    }

    /// A few words for a status line: "deleted on disk", "now a folder", "read-only".
    public var label: String {
        switch self {
        case .missing: "deleted on disk"
        case .folder: "now a folder"
        case .notAFile: "not a file"
        case .danglingLink: "link to nothing"
        case .unreadable: "unreadable"
        case .readOnly: "read-only"
        }
    }

    /// Whether "Save again" can write the text back at the path (nothing is
    /// there); else only a copy can be kept (something else is there, or the
    /// file cannot be read to be compared).
    public var canSaveAgain: Bool {
        self == .missing
    }

    /// Whether it is `.readOnly` (the file is there and readable).
    var isReadOnly: Bool {
        if case .readOnly = self { return true }
        return false
    }

    /// What happened, in a sentence naming `displayPath`.
    func sentence(displayPath: String) -> String {
        switch self {
        case .missing:
            "\(displayPath) is no longer on disk: another program deleted it, or moved or renamed it (or its folder)."
        case .folder:
            "\(displayPath) is now a folder: another program put it in the file's place."
        case .notAFile(let kind):
            "\(displayPath) is now \(kind), not a regular file: another program put it in the file's place."
        case .danglingLink(let target):
            "\(displayPath) is now a symbolic link to \(target), which does not exist."
        case .unreadable(let reason):
            "\(displayPath) can no longer be read, so it cannot be compared with your text: \(reason)"
        case .readOnly(let permissions):
            "\(displayPath) was made read-only (mode \(DiskProblem.octal(permissions))) by another program."
        }
    }

    /// `0444`: four octal digits.
    static func octal(_ permissions: UInt16) -> String {
        let digits = String(permissions & 0o7777, radix: 8)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
