import TileditModel

/// A document's bytes to index.
public struct SearchSource: Sendable {
    /// Path relative to the workspace root.
    public var path: String
    /// Markdown, YAML or the site config.
    public var kind: DocumentKind
    /// Front matter dialect (Markdown files).
    public var dialect: FrontMatterDialect
    /// The file's bytes; documents that fail `ContentCheck` are not indexed.
    public var bytes: [UInt8]

    public init(path: String, kind: DocumentKind, dialect: FrontMatterDialect, bytes: [UInt8]) {
        self.path = path
        self.kind = kind
        self.dialect = dialect
        self.bytes = bytes
    }
}
