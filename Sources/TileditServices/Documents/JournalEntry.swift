import Foundation

/// Unsaved edits of one document, kept so a crash loses nothing
/// (DESIGN.md section 7).
public struct JournalEntry: Sendable, Hashable {
    /// The document the edits belong to.
    public var documentURL: URL
    /// The whole edited text.
    public var bytes: [UInt8]
    /// Hash of the file on disk the edits started from; `nil` for a document
    /// never saved. When the file's current hash differs, the edits apply to
    /// an older version and restoring them is a conflict.
    public var baseHash: ContentHash?
    /// When the entry was written.
    public var date: Date

    public init(documentURL: URL, bytes: [UInt8], baseHash: ContentHash?, date: Date) {
        self.documentURL = documentURL
        self.bytes = bytes
        self.baseHash = baseHash
        self.date = date
    }
}
