import Foundation

/// What `stat` (or `lstat`, `fstat`) says about a file.
public struct FileStatus: Sendable, Hashable {
    /// The kind of file system object.
    public enum Kind: Sendable, Hashable {
        case file
        case folder
        case symbolicLink
        /// A named pipe (`mkfifo`).
        case fifo
        /// A character device (`/dev/null`, a terminal).
        case characterDevice
        /// A block device (a disk).
        case blockDevice
        /// A Unix domain socket.
        case socket
        /// Anything else the platform reports.
        case other

        /// How a message names the kind: "a FIFO (named pipe)", "a folder", …
        public var description: String {
            switch self {
            case .file: "a regular file"
            case .folder: "a folder"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO (named pipe)"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "not a regular file"
            }
        }
    }

    /// File, folder, link, device, pipe or socket.
    public var kind: Kind
    /// Size in bytes.
    public var size: Int
    /// Last modification of the content.
    public var modificationDate: Date
    /// Permission bits (`mode & 0o7777`, e.g. `0o644`, with set-user-ID,
    /// set-group-ID and sticky bits).
    public var permissions: UInt16
    /// Which file this is, whatever its name (device and inode numbers).
    public var identity: FileIdentity
    /// How many names (hard links) the file has.
    public var linkCount: Int
    /// The owner's user ID.
    public var owner: UInt32
    /// The group ID.
    public var group: UInt32
    /// Size, modification time and status change time (nanoseconds since
    /// 1970): different after any write, `chmod`, `chown` or new link.
    public var changeStamp: ChangeStamp

    /// The values that change whenever a file's content or metadata changes.
    public struct ChangeStamp: Sendable, Hashable {
        public var size: Int
        public var modificationTime: Int64
        public var statusChangeTime: Int64

        public init(size: Int, modificationTime: Int64, statusChangeTime: Int64) {
            self.size = size
            self.modificationTime = modificationTime
            self.statusChangeTime = statusChangeTime
        }
    }

    public init(
        kind: Kind, size: Int, modificationDate: Date, permissions: UInt16,
        identity: FileIdentity = FileIdentity(device: 0, inode: 0), linkCount: Int = 1,
        owner: UInt32 = 0, group: UInt32 = 0, changeStamp: ChangeStamp? = nil
    ) {
        self.kind = kind
        self.size = size
        self.modificationDate = modificationDate
        self.permissions = permissions
        self.identity = identity
        self.linkCount = linkCount
        self.owner = owner
        self.group = group
        self.changeStamp = changeStamp ?? ChangeStamp(
            size: size, modificationTime: Int64((modificationDate.timeIntervalSince1970 * 1_000_000_000).rounded()), statusChangeTime: 0)
    }
}
