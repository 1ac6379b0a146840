import Foundation

/// The low-level file operations the services use, as closures, so tests can
/// inject a failing write, a failing rename or a file that changes on disk.
///
/// Every closure throws `FileSystemError`. Paths are file URLs.
public struct FileSystem: Sendable {
    /// `stat` (following symbolic links); `nil` when nothing is at the path.
    public var status: @Sendable (URL) throws -> FileStatus?
    /// All bytes of a file.
    public var read: @Sendable (URL) throws -> [UInt8]
    /// Creates a new file (failing when one exists) holding `bytes`, with the
    /// given permission bits (`nil`: `0o666` less the umask).
    public var write: @Sendable (_ url: URL, _ bytes: [UInt8], _ permissions: UInt16?) throws -> Void
    /// Flushes a file's or folder's data to the storage device (`fsync`).
    public var synchronize: @Sendable (URL) throws -> Void
    /// Renames `from` to `to`, atomically replacing a file at `to` (`rename(2)`).
    public var rename: @Sendable (_ from: URL, _ to: URL) throws -> Void
    /// Removes a file or an empty folder.
    public var remove: @Sendable (URL) throws -> Void
    /// Creates a folder and any missing parents; no error when it exists.
    public var createFolder: @Sendable (URL) throws -> Void
    /// The entries of a folder, in no particular order.
    public var listFolder: @Sendable (URL) throws -> [FolderEntry]

    public init(
        status: @escaping @Sendable (URL) throws -> FileStatus?,
        read: @escaping @Sendable (URL) throws -> [UInt8],
        write: @escaping @Sendable (_ url: URL, _ bytes: [UInt8], _ permissions: UInt16?) throws -> Void,
        synchronize: @escaping @Sendable (URL) throws -> Void,
        rename: @escaping @Sendable (_ from: URL, _ to: URL) throws -> Void,
        remove: @escaping @Sendable (URL) throws -> Void,
        createFolder: @escaping @Sendable (URL) throws -> Void,
        listFolder: @escaping @Sendable (URL) throws -> [FolderEntry]
    ) {
        self.status = status
        self.read = read
        self.write = write
        self.synchronize = synchronize
        self.rename = rename
        self.remove = remove
        self.createFolder = createFolder
        self.listFolder = listFolder
    }

    /// The real file system, through POSIX calls.
    public static var live: FileSystem {
        FileSystem(
            status: { try POSIXFileOperations.status($0) },
            read: { try POSIXFileOperations.read($0) },
            write: { try POSIXFileOperations.write($0, bytes: $1, permissions: $2) },
            synchronize: { try POSIXFileOperations.synchronize($0) },
            rename: { try POSIXFileOperations.rename($0, to: $1) },
            remove: { try POSIXFileOperations.remove($0) },
            createFolder: { try POSIXFileOperations.createFolder($0) },
            listFolder: { try POSIXFileOperations.listFolder($0) }
        )
    }
}
