import Foundation

/// What `stat` says about a path.
public struct FileStatus: Sendable, Hashable {
    /// The kind of file system object.
    public enum Kind: Sendable, Hashable {
        case file
        case folder
        case symbolicLink
        /// A device, socket or pipe.
        case other
    }

    /// File, folder, link or other.
    public var kind: Kind
    /// Size in bytes.
    public var size: Int
    /// Last modification of the content.
    public var modificationDate: Date
    /// Permission bits (`mode & 0o7777`, e.g. `0o644`).
    public var permissions: UInt16

    public init(kind: Kind, size: Int, modificationDate: Date, permissions: UInt16) {
        self.kind = kind
        self.size = size
        self.modificationDate = modificationDate
        self.permissions = permissions
    }
}
