import TileditModel
import TileditServices

/// A file a command could not read or write, as one line for standard
/// error: `path: reason` (the path as the user named it).
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
        case .content(_, let problem): message(for: problem, path: path)
        case .conflict: "\(path): changed on disk since it was read; not written"
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
        case .binary(let offset):
            "\(path): binary file (a NUL byte at byte \(offset)); the file was not changed"
        case .invalidUTF8(let offset, let location):
            "\(path): invalid UTF-8 at byte \(offset) (line \(location.line), column \(location.column)); the file was not changed"
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

    /// A size in MB (2^20 bytes, one decimal when it is not whole), or in
    /// bytes below 1 MB.
    private static func size(_ bytes: Int) -> String {
        let megabyte = 1024 * 1024
        guard bytes >= megabyte else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let tenths = (bytes * 10 + megabyte / 2) / megabyte
        return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}
