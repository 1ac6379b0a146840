import Foundation

/// The low-level file operations the services use, as closures, so tests can
/// inject a failing write, a short write, a failing rename, a file that
/// changes on disk, or a crash at any step.
///
/// Each closure is one system call (or a fixed pair of them), so a test file
/// system fails one step at a time. Every closure throws `FileSystemError`.
/// Paths are file URLs; open files are `FileDescriptor`s.
public struct FileSystem: Sendable {
    // MARK: Paths

    /// `stat` (following symbolic links); `nil` when nothing is at the path.
    public var status: @Sendable (URL) throws -> FileStatus?
    /// `lstat` (a symbolic link itself); `nil` when nothing is at the path.
    public var linkStatus: @Sendable (URL) throws -> FileStatus?
    /// The target text of a symbolic link (`readlink`), as stored.
    public var readLink: @Sendable (URL) throws -> String
    /// Whether the calling user may write the file, by its permission bits
    /// and access control list (`faccessat(…, W_OK, AT_EACCESS)`); `false`
    /// also for a read-only file system.
    public var canWrite: @Sendable (URL) throws -> Bool
    /// Flushes a file's or folder's data to the storage device (`fsync`).
    public var synchronize: @Sendable (URL) throws -> Void
    /// Renames `from` to `to`, atomically replacing a file at `to` (`rename(2)`).
    public var rename: @Sendable (_ from: URL, _ to: URL) throws -> Void
    /// Renames `from` to `to`, failing with `EEXIST` when `to` exists, in
    /// one step (`renameat2(RENAME_NOREPLACE)`, `renamex_np(RENAME_EXCL)`).
    /// Fails with `EINVAL`, `ENOSYS` or `ENOTSUP` where the file system cannot.
    public var renameExclusive: @Sendable (_ from: URL, _ to: URL) throws -> Void
    /// Swaps two existing names in one step (`renameat2(RENAME_EXCHANGE)`,
    /// `renamex_np(RENAME_SWAP)`); fails with `ENOENT` when either is gone,
    /// and with `EINVAL`, `ENOSYS` or `ENOTSUP` where the file system cannot.
    public var exchange: @Sendable (URL, URL) throws -> Void
    /// Removes a file or an empty folder.
    public var remove: @Sendable (URL) throws -> Void
    /// Creates a folder and any missing parents; no error when it exists.
    public var createFolder: @Sendable (URL) throws -> Void
    /// The entries of a folder, in no particular order.
    public var listFolder: @Sendable (URL) throws -> [FolderEntry]

    // MARK: Open files

    /// Opens a path (see `FileOpenMode`).
    public var openFile: @Sendable (URL, FileOpenMode) throws -> FileDescriptor {
        // Replaced (a test's): paths given as text go through it too.
        didSet { opensPathsDirectly = false }
    }
    /// Whether `openFile` is the live one (`live`), so `readListedFile(atPath:limit:)`
    /// opens a path given as text without making a URL of it; cleared
    /// when `openFile` is replaced.
    private var opensPathsDirectly = false
    /// `fstat` of an open file.
    public var describeFile: @Sendable (FileDescriptor) throws -> FileStatus
    /// All bytes of an open file from its first byte, at most `limit + 1`
    /// (`pread` until the end of the file).
    public var readFile: @Sendable (_ file: FileDescriptor, _ limit: Int) throws -> [UInt8]
    /// `fstat` of an open file and, when it is a regular file, all its bytes
    /// from the first, at most `limit + 1`, into a buffer sized by that
    /// status (one `pread` normally; more only while the file grows); for
    /// anything but a regular file, its status and no bytes (never read, so
    /// a FIFO never blocks). The read path of search and folder listings:
    /// one status call and one read per file where `describeFile` then
    /// `readFile` take two of each. By default (`init` without it) those two
    /// closures in turn, so a test file system fails either step.
    public var readWholeFile: @Sendable (_ file: FileDescriptor, _ limit: Int) throws -> FileContents
    /// One `pwrite` of `bytes` at `offset` (`write` at the current position
    /// when `offset` is `nil`); returns how many bytes were written, which
    /// may be fewer than given.
    public var writeFile: @Sendable (_ file: FileDescriptor, _ bytes: ArraySlice<UInt8>, _ offset: Int?) throws -> Int
    /// Sets an open file's length (`ftruncate`).
    public var truncateFile: @Sendable (_ file: FileDescriptor, _ length: Int) throws -> Void
    /// Flushes an open file to the storage device (`fsync`).
    public var synchronizeFile: @Sendable (FileDescriptor) throws -> Void
    /// Closes an open file; an error means written data may be lost.
    public var closeFile: @Sendable (FileDescriptor) throws -> Void
    /// Takes an exclusive advisory lock on an open file without waiting
    /// (`flock(LOCK_EX | LOCK_NB)`); `false` when another open file holds it.
    /// The lock goes when the file is closed or the process ends.
    public var lockFile: @Sendable (FileDescriptor) throws -> Bool
    /// `fchown`: the owner and group of an open file.
    public var setOwner: @Sendable (_ file: FileDescriptor, _ owner: UInt32, _ group: UInt32) throws -> Void
    /// `fchmod`: the permission bits (`0o7777` mask) of an open file.
    public var setPermissions: @Sendable (_ file: FileDescriptor, _ permissions: UInt16) throws -> Void
    /// Every extended attribute of an open file (`flistxattr`, `fgetxattr`);
    /// empty where the file system has none.
    public var extendedAttributes: @Sendable (FileDescriptor) throws -> [ExtendedAttribute]
    /// `fsetxattr`: sets (adds or replaces) one extended attribute.
    public var setExtendedAttribute: @Sendable (FileDescriptor, ExtendedAttribute) throws -> Void
    /// `fremovexattr`: removes one extended attribute by name.
    public var removeExtendedAttribute: @Sendable (_ file: FileDescriptor, _ name: String) throws -> Void

    public init(
        status: @escaping @Sendable (URL) throws -> FileStatus?,
        linkStatus: @escaping @Sendable (URL) throws -> FileStatus?,
        readLink: @escaping @Sendable (URL) throws -> String,
        canWrite: @escaping @Sendable (URL) throws -> Bool,
        synchronize: @escaping @Sendable (URL) throws -> Void,
        rename: @escaping @Sendable (_ from: URL, _ to: URL) throws -> Void,
        renameExclusive: @escaping @Sendable (_ from: URL, _ to: URL) throws -> Void,
        exchange: @escaping @Sendable (URL, URL) throws -> Void,
        remove: @escaping @Sendable (URL) throws -> Void,
        createFolder: @escaping @Sendable (URL) throws -> Void,
        listFolder: @escaping @Sendable (URL) throws -> [FolderEntry],
        openFile: @escaping @Sendable (URL, FileOpenMode) throws -> FileDescriptor,
        describeFile: @escaping @Sendable (FileDescriptor) throws -> FileStatus,
        readFile: @escaping @Sendable (_ file: FileDescriptor, _ limit: Int) throws -> [UInt8],
        readWholeFile: (@Sendable (_ file: FileDescriptor, _ limit: Int) throws -> FileContents)? = nil,
        writeFile: @escaping @Sendable (_ file: FileDescriptor, _ bytes: ArraySlice<UInt8>, _ offset: Int?) throws -> Int,
        truncateFile: @escaping @Sendable (_ file: FileDescriptor, _ length: Int) throws -> Void,
        synchronizeFile: @escaping @Sendable (FileDescriptor) throws -> Void,
        closeFile: @escaping @Sendable (FileDescriptor) throws -> Void,
        lockFile: @escaping @Sendable (FileDescriptor) throws -> Bool,
        setOwner: @escaping @Sendable (_ file: FileDescriptor, _ owner: UInt32, _ group: UInt32) throws -> Void,
        setPermissions: @escaping @Sendable (_ file: FileDescriptor, _ permissions: UInt16) throws -> Void,
        extendedAttributes: @escaping @Sendable (FileDescriptor) throws -> [ExtendedAttribute],
        setExtendedAttribute: @escaping @Sendable (FileDescriptor, ExtendedAttribute) throws -> Void,
        removeExtendedAttribute: @escaping @Sendable (_ file: FileDescriptor, _ name: String) throws -> Void
    ) {
        self.status = status
        self.linkStatus = linkStatus
        self.readLink = readLink
        self.canWrite = canWrite
        self.synchronize = synchronize
        self.rename = rename
        self.renameExclusive = renameExclusive
        self.exchange = exchange
        self.remove = remove
        self.createFolder = createFolder
        self.listFolder = listFolder
        self.openFile = openFile
        self.describeFile = describeFile
        self.readFile = readFile
        self.readWholeFile = readWholeFile ?? { file, limit in
            let status = try describeFile(file)
            guard status.kind == .file else { return FileContents(bytes: [], status: status) }
            return FileContents(bytes: try readFile(file, limit), status: status)
        }
        self.writeFile = writeFile
        self.truncateFile = truncateFile
        self.synchronizeFile = synchronizeFile
        self.closeFile = closeFile
        self.lockFile = lockFile
        self.setOwner = setOwner
        self.setPermissions = setPermissions
        self.extendedAttributes = extendedAttributes
        self.setExtendedAttribute = setExtendedAttribute
        self.removeExtendedAttribute = removeExtendedAttribute
    }

    /// The real file system, through POSIX calls.
    public static var live: FileSystem {
        var fileSystem = FileSystem(
            status: { try POSIXFileOperations.status($0, followsLinks: true) },
            linkStatus: { try POSIXFileOperations.status($0, followsLinks: false) },
            readLink: { try POSIXFileOperations.readLink($0) },
            canWrite: { try POSIXFileOperations.canWrite($0) },
            synchronize: { try POSIXFileOperations.synchronize($0) },
            rename: { try POSIXFileOperations.rename($0, to: $1) },
            renameExclusive: { try POSIXFileOperations.renameExclusive($0, to: $1) },
            exchange: { try POSIXFileOperations.exchange($0, $1) },
            remove: { try POSIXFileOperations.remove($0) },
            createFolder: { try POSIXFileOperations.createFolder($0) },
            listFolder: { try POSIXFileOperations.listFolder($0) },
            openFile: { try POSIXFileOperations.open($0, mode: $1) },
            describeFile: { try POSIXFileOperations.describe($0) },
            readFile: { try POSIXFileOperations.read($0, limit: $1) },
            readWholeFile: { try POSIXFileOperations.readWhole($0, limit: $1) },
            writeFile: { try POSIXFileOperations.write($0, bytes: $1, offset: $2) },
            truncateFile: { try POSIXFileOperations.truncate($0, length: $1) },
            synchronizeFile: { try POSIXFileOperations.synchronize($0) },
            closeFile: { try POSIXFileOperations.close($0) },
            lockFile: { try POSIXFileOperations.lock($0) },
            setOwner: { try POSIXFileOperations.setOwner($0, owner: $1, group: $2) },
            setPermissions: { try POSIXFileOperations.setPermissions($0, $1) },
            extendedAttributes: { try POSIXFileOperations.extendedAttributes($0) },
            setExtendedAttribute: { try POSIXFileOperations.setExtendedAttribute($0, $1) },
            removeExtendedAttribute: { try POSIXFileOperations.removeExtendedAttribute($0, name: $1) }
        )
        fileSystem.opensPathsDirectly = true
        return fileSystem
    }

    // MARK: Composed operations

    /// Reads a regular file, at most `limit + 1` bytes (so a longer file
    /// shows as `bytes.count > limit` without being read whole).
    ///
    /// Anything but a regular file is refused before it is opened, and again
    /// by `fstat` of the open file (it may have been swapped in between):
    /// a FIFO, device or socket is never read and never blocks.
    ///
    /// - Throws: `FileSystemError` with `kind` set for a path that is not a
    ///   regular file (`isMissing` when nothing is there), or the failing
    ///   step's error.
    public func read(_ url: URL, limit: Int) throws -> FileContents {
        guard let before = try status(url) else { throw FileSystemError(.read, path: url.path, code: ENOENT) }
        guard before.kind == .file else { throw FileSystemError.notRegularFile(.read, path: url.path, kind: before.kind) }
        return try readOpened(url, limit: limit)
    }

    /// `read(_:limit:)` of a file its folder's listing just gave as a
    /// regular file (`listFolder`): the status before opening is that
    /// listing's (one call less per file when a whole folder is read); the
    /// open file's status is still checked, so something else swapped in
    /// meanwhile is opened without blocking (`O_NONBLOCK`) but never read.
    /// Read by `readWholeFile`: open, one `fstat`, one `pread` normally,
    /// close (what search and the index do for every file).
    ///
    /// - Throws: as `read(_:limit:)`.
    public func readListedFile(_ url: URL, limit: Int) throws -> FileContents {
        let file = try openFile(url, .read(followsLinks: true))
        defer { try? closeFile(file) }
        let contents = try readWholeFile(file, limit)
        guard contents.status.kind == .file else {
            throw FileSystemError.notRegularFile(.read, path: url.path, kind: contents.status.kind)
        }
        return contents
    }

    /// `readListedFile(_:limit:)` of an absolute path given as text (a
    /// folder's path and a name from its listing): the live file system
    /// opens it as it is, with no URL made and parsed per file (what the
    /// one-shot search and the folder summary do for every file); a file
    /// system whose `openFile` was replaced is given `URL(fileURLWithPath:)`.
    ///
    /// - Throws: as `readListedFile(_:limit:)`.
    public func readListedFile(atPath path: String, limit: Int) throws -> FileContents {
        let file = try opensPathsDirectly
            ? POSIXFileOperations.open(path: path, mode: .read(followsLinks: true))
            : openFile(URL(fileURLWithPath: path, isDirectory: false), .read(followsLinks: true))
        defer { try? closeFile(file) }
        let contents = try readWholeFile(file, limit)
        guard contents.status.kind == .file else {
            throw FileSystemError.notRegularFile(.read, path: path, kind: contents.status.kind)
        }
        return contents
    }

    /// Opens `url`, checks the open file is a regular one, and reads it
    /// (`describeFile`, then `readFile`: the path saving checks a file by).
    private func readOpened(_ url: URL, limit: Int) throws -> FileContents {
        let file = try openFile(url, .read(followsLinks: true))
        defer { try? closeFile(file) }
        let opened = try describeFile(file)
        guard opened.kind == .file else { throw FileSystemError.notRegularFile(.read, path: url.path, kind: opened.kind) }
        return FileContents(bytes: try readFile(file, limit), status: opened)
    }
}
