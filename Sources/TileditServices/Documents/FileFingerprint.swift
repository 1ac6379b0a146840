import Foundation

/// What the editor knows about a file as it read or wrote it, to tell later
/// whether another program changed it.
///
/// Only `hash` decides whether the file changed (see `ContentHash`); the
/// other fields are for display and for keeping the file's mode on save.
public struct FileFingerprint: Sendable, Hashable {
    /// SHA-256 of all the file's bytes.
    public var hash: ContentHash
    /// Size in bytes.
    public var size: Int
    /// Modification date reported by the file system.
    public var modificationDate: Date
    /// Permission bits (`0o644`, …).
    public var permissions: UInt16

    public init(hash: ContentHash, size: Int, modificationDate: Date, permissions: UInt16) {
        self.hash = hash
        self.size = size
        self.modificationDate = modificationDate
        self.permissions = permissions
    }
}
