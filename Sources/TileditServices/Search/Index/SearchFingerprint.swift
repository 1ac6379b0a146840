import Foundation

/// What a file looked like on disk when it was indexed: a cached entry is
/// used again only while the file still has this size and modification
/// time.
public struct SearchFingerprint: Sendable, Hashable {
    /// Size in bytes.
    public var size: Int
    /// Modification time, seconds since 1970 (as `stat` gives it, to the
    /// nanosecond where the file system keeps it).
    public var modificationTime: Double

    public init(size: Int, modificationTime: Double) {
        self.size = size
        self.modificationTime = modificationTime
    }

    /// The fingerprint of a file's status.
    public init(_ status: FileStatus) {
        self.init(size: status.size, modificationTime: status.modificationDate.timeIntervalSince1970)
    }
}
