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
    /// The standardized path of the file its path led to through symbolic
    /// links when it was read or written; `nil` when its path was no link.
    /// A save refuses a link that was not there, or leads elsewhere.
    public var resolvedPath: String?

    public init(hash: ContentHash, size: Int, modificationDate: Date, permissions: UInt16, resolvedPath: String? = nil) {
        self.hash = hash
        self.size = size
        self.modificationDate = modificationDate
        self.permissions = permissions
        self.resolvedPath = resolvedPath
    }
}
