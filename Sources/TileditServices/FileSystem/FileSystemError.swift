#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed low-level file operation: which one, on which path, and the
/// POSIX error number.
public struct FileSystemError: Error, Sendable, Hashable {
    /// The operation that failed. Operations on an open file count as the
    /// path operation of the same name (`write` for every `write(2)`).
    public enum Operation: String, Sendable, Hashable, CaseIterable {
        case status, linkStatus, readLink, read, write, synchronize, rename, remove, createFolder, listFolder
        case open, describe, truncate, close, lock, setOwner, setPermissions
        case listAttributes, setAttribute, removeAttribute, access
    }

    /// The operation that failed.
    public var operation: Operation
    /// The path operated on (for `rename` and `exchange`, the source).
    public var path: String
    /// The POSIX error number (`errno`), e.g. `ENOENT`; `0` with `kind`.
    public var code: Int32
    /// Set when the operation was refused because the path is not a regular
    /// file: what it is instead (a FIFO, a device, a socket, a folder).
    public var kind: FileStatus.Kind?

    public init(_ operation: Operation, path: String, code: Int32, kind: FileStatus.Kind? = nil) {
        self.operation = operation
        self.path = path
        self.code = code
        self.kind = kind
    }

    /// A refusal to read or write something that is not a regular file.
    public static func notRegularFile(_ operation: Operation, path: String, kind: FileStatus.Kind) -> FileSystemError {
        FileSystemError(operation, path: path, code: 0, kind: kind)
    }

    /// The system's description of `code` ("No such file or directory"), or
    /// "it is a FIFO (named pipe), not a regular file".
    public var reason: String {
        if let kind { return "it is \(kind.description), not a regular file" }
        return String(cString: strerror(code))
    }

    /// Whether the path (or a folder on it) does not exist.
    public var isMissing: Bool { kind == nil && (code == ENOENT || code == ENOTDIR) }
}
