import Foundation

/// A file read from disk whose bytes passed `ContentCheck` (UTF-8 text, not
/// binary, not too large).
public struct LoadedFile: Sendable, Hashable {
    /// The file read.
    public var url: URL
    /// All its bytes.
    public var bytes: [UInt8]
    /// Its hash, size, modification date and mode when read.
    public var fingerprint: FileFingerprint

    public init(url: URL, bytes: [UInt8], fingerprint: FileFingerprint) {
        self.url = url
        self.bytes = bytes
        self.fingerprint = fingerprint
    }

    /// SHA-256 of all the bytes.
    public var hash: ContentHash { fingerprint.hash }
    /// Size in bytes.
    public var size: Int { fingerprint.size }
    /// Modification date when read.
    public var modificationDate: Date { fingerprint.modificationDate }
    /// Permission bits when read.
    public var permissions: UInt16 { fingerprint.permissions }
}
