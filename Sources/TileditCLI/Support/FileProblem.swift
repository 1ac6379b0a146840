import TileditModel
import TileditServices

/// A file a command could not read or write, as one line for standard
/// error: `path: reason` (the path as the user named it), or
/// `path:line:column: error: reason` when the reason is at a place in the
/// file's bytes (invalid UTF-8, a NUL byte); lines and columns from 1, the
/// column counting UTF-8 bytes.
struct FileProblem: Error, Sendable, Hashable {
    /// The whole line, without its line break.
    var message: String

    init(_ message: String) {
        self.message = message
    }

    /// The line for an error thrown by `DocumentStore`, `WorkspaceClient`
    /// or `FileSystem` about the file named `path`.
    init(_ error: any Error, path: String) {
        switch error {
        case let error as DocumentStoreError:
            self.init(Self.message(for: error, path: path))
        case let error as WorkspaceError:
            self.init(Self.message(for: error, path: path))
        case let error as FileSystemError:
            self.init(error.isMissing ? "\(path): no such file or folder" : "\(path): cannot be read: \(error.reason)")
        default:
            self.init("\(path): \(error)")
        }
    }

    private static func message(for error: DocumentStoreError, path: String) -> String {
        switch error {
        case .missing: "\(path): no such file or folder"
        case .isFolder: "\(path): is a folder; give a file"
        case .notAFile(_, let kind): "\(path): is \(kind.description), not a regular file; only regular files are read or written"
        case .danglingLink(_, let target): "\(path): a symbolic link to \(target), which does not exist; nothing was written"
        case .notWritable(_, let permissions):
            "\(path): read-only for you (mode \(octal(permissions))); not written (--force writes it, keeping its mode)"
        case .cannotKeepFile(_, let reason): "\(path): not written: \(reason)"
        case .incompleteWrite(_, let backupPath, let reason):
            "\(path): could not be written (\(reason)) and may be incomplete; its previous version is in \(backupPath), which the next tiledit set, fmt --write or render -o puts back"
        case .content(_, let problem): message(for: problem, path: path)
        case .conflict: "\(path): changed on disk since it was read; not written"
        case .becameLink(_, let target): "\(path): is now a symbolic link to \(target), which it was not when it was read; not written through it"
        case .deletedOnDisk: "\(path): deleted on disk since it was read; not written"
        case .readFailed(_, let reason): "\(path): cannot be read: \(reason)"
        case .writeFailed(_, let reason): "\(path): could not be written (\(reason)); the file on disk is unchanged"
        case .occupied, .outsideWorkspace, .journalUnreadable: "\(path): \(error.message)"
        }
    }

    private static func message(for problem: ContentProblem, path: String) -> String {
        switch problem {
        case .tooLarge(let fileSize, let limit):
            "\(path): the file is \(size(fileSize)), over the limit of \(size(limit)); the file was not changed"
        // A problem at a place in the bytes takes the `path:line:column: error:`
        // form every other diagnostic uses, so editors and scripts can jump to it.
        case .binary(let offset, let location):
            "\(path):\(location.line):\(location.column): error: binary file (a NUL byte at byte \(offset)); the file was not changed"
        case .invalidUTF8(let offset, let location):
            "\(path):\(location.line):\(location.column): error: invalid UTF-8 at byte \(offset); the file was not changed"
        case .unreadable(let reason):
            "\(path): cannot be read: \(reason)"
        }
    }

    private static func message(for error: WorkspaceError, path: String) -> String {
        switch error {
        case .missing: "\(path): no such file or folder"
        case .notAFolder: "\(path): is a file; give a folder"
        case .notADocument: "\(path): not a Markdown or YAML file"
        case .outsideWorkspace: "\(path): \(error.message)"
        case .unreadable(_, let reason): "\(path): cannot be read: \(reason)"
        }
    }

    /// Permission bits as four octal digits (`0444`).
    private static func octal(_ permissions: UInt16) -> String {
        let digits = String(permissions & 0o7777, radix: 8)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }

    /// A size in MB (2^20 bytes, one decimal when it is not whole), or in
    /// bytes below 1 MB.
    private static func size(_ bytes: Int) -> String {
        let megabyte = 1024 * 1024
        guard bytes >= megabyte else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let tenths = (bytes * 10 + megabyte / 2) / megabyte
        return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}
