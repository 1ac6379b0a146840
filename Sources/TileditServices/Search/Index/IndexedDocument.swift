import TileditModel

/// A document as the search index holds it: what results show and filters
/// read, its text (for snippets and phrases), and its terms.
struct IndexedDocument: Sendable {
    /// Path relative to the workspace root.
    var path: String
    var kind: DocumentKind
    var dialect: FrontMatterDialect
    /// The file as it was read, when it was read from disk.
    var fingerprint: SearchFingerprint?
    var title: String
    /// Tags as written.
    var tags: [String]
    var isDraft: Bool
    /// Tile types as written, each once.
    var tileTypes: [String]
    /// The text that was indexed.
    var bytes: [UInt8]
    /// Each distinct term (its identity in the index's term table, shifted
    /// left by 3) with the zones it occurs in (bit `1 << zone`).
    var terms: [UInt32]
}
