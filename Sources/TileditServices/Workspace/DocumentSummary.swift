import TileditModel

/// One document of a workspace as the document list shows it.
public struct DocumentSummary: Sendable, Hashable, Identifiable {
    /// Whether the file can be opened as text.
    public enum Readability: Sendable, Hashable {
        case readable
        /// Refused (binary, not UTF-8, too large, or unreadable); the summary
        /// has only the path, kind, size and a title from the file name.
        case unreadable(ContentProblem)
    }

    /// Path relative to the workspace root, `/`-separated (`posts/a/index.md`).
    public var path: String
    /// Markdown, YAML or the site config.
    public var kind: DocumentKind
    /// See `DocumentMetadata.title` (YAML files: a top-level `title`, else
    /// the file name).
    public var title: String
    /// Front matter `date` as written.
    public var date: String?
    /// Front matter `tags`.
    public var tags: [String]
    /// Front matter `draft` is true.
    public var isDraft: Bool
    /// The items of every front matter list, by key
    /// (`DocumentMetadata.lists`).
    public var frontMatterLists: [String: [String]]
    /// The types of the document's tiles, each once, in order (a fenced
    /// chart or diagram counts as `chart` or `mermaid`): what `type:`
    /// filters on.
    public var tileTypes: [String]
    /// How the front matter is read (Markdown files only).
    public var dialect: FrontMatterDialect?
    /// Number of error diagnostics (a YAML syntax error counts one).
    public var errorCount: Int
    /// Number of warning diagnostics.
    public var warningCount: Int
    /// File size in bytes.
    public var size: Int
    /// Whether the file can be opened, or why not.
    public var readability: Readability
    /// Whether the file was read for this summary; `false` for a document
    /// only listed so far (`WorkspaceClient.list`): its title is the file
    /// name's and it has no date, tags, tiles or counts yet.
    public var isSummarized: Bool

    public init(
        path: String, kind: DocumentKind, title: String, date: String? = nil, tags: [String] = [], isDraft: Bool = false,
        tileTypes: [String] = [], dialect: FrontMatterDialect? = nil, errorCount: Int = 0, warningCount: Int = 0, size: Int,
        readability: Readability = .readable, isSummarized: Bool = true, frontMatterLists: [String: [String]] = [:]
    ) {
        self.path = path
        self.kind = kind
        self.title = title
        self.date = date
        self.tags = tags
        self.isDraft = isDraft
        self.tileTypes = tileTypes
        self.dialect = dialect
        self.errorCount = errorCount
        self.warningCount = warningCount
        self.size = size
        self.readability = readability
        self.isSummarized = isSummarized
        self.frontMatterLists = frontMatterLists
    }

    /// The summary of a Markdown document already parsed (by the editor
    /// that opened it), as `WorkspaceClient.summarize` reads it from the
    /// file: no second read or parse.
    ///
    /// - Parameters:
    ///   - path: relative to the workspace root.
    ///   - rootName: the workspace folder's name (the title of a root
    ///     `index.md` without one).
    public init(parsed document: MarkdownDocument, path: String, rootName: String) {
        self = DocumentSummarizer.summarize(path: path, rootName: rootName, document: document, size: document.storage.count)
    }

    /// The summary of a YAML file already read (by the editor that opened
    /// it), as `WorkspaceClient.summarize` reads it from the file: no second
    /// read. Its kind is `.siteConfig` for the flat dialect, else `.yaml`.
    ///
    /// - Parameters:
    ///   - path: relative to the workspace root.
    ///   - rootName: the workspace folder's name.
    public init(parsed file: YAMLFileDocument, path: String, rootName: String) {
        self = DocumentSummarizer.summarize(path: path, rootName: rootName, file: file)
    }

    /// The path: unique within a workspace.
    public var id: String { path }

    /// Whether the file can be opened.
    public var isReadable: Bool { readability == .readable }
}
