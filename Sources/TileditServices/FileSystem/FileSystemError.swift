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
    /// The operation that failed.
    public enum Operation: String, Sendable, Hashable {
        case status, read, write, synchronize, rename, remove, createFolder, listFolder
    }

    /// The operation that failed.
    public var operation: Operation
    /// The path operated on (for `rename`, the source).
    public var path: String
    /// The POSIX error number (`errno`), e.g. `ENOENT`.
    public var code: Int32

    public init(_ operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The system's description of `code` ("No such file or directory").
    public var reason: String { String(cString: strerror(code)) }

    /// Whether the path (or a folder on it) does not exist.
    public var isMissing: Bool { code == ENOENT || code == ENOTDIR }
}
