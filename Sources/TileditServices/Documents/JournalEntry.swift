import Foundation

/// Unsaved edits of one document, kept so a crash loses nothing
/// (ARCHITECTURE.md, "Safety").
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
    /// Values typed into the editor and not applied to the text (a value
    /// that is not valid yet), kept with the text so that no typing is lost.
    public var pendingValues: [PendingValue]

    public init(documentURL: URL, bytes: [UInt8], baseHash: ContentHash?, date: Date, pendingValues: [PendingValue] = []) {
        self.documentURL = documentURL
        self.bytes = bytes
        self.baseHash = baseHash
        self.date = date
        self.pendingValues = pendingValues
    }

    /// A value typed for a block and not applied to the text.
    public struct PendingValue: Sendable, Hashable, Codable {
        /// Position of the block in the journaled text, from 0.
        public var block: Int
        /// The field (a tile property or front-matter key); `nil` for the
        /// block's own text (prose typed in a text area).
        public var key: String?
        /// What was typed.
        public var text: String
        /// `true` for a new paragraph typed to go at position `block`, not
        /// in the text yet (`nil`: a value of the block at `block`).
        public var isNewParagraph: Bool?

        public init(block: Int, key: String?, text: String, isNewParagraph: Bool? = nil) {
            self.block = block
            self.key = key
            self.text = text
            self.isNewParagraph = isNewParagraph
        }
    }
}
