import TileditModel

/// Builds a `DocumentSummary` from a file's bytes (read once by the caller).
enum DocumentSummarizer {
    static func summarize(
        path: String, rootName: String, kind: DocumentKind, bytes: [UInt8], dialect: FrontMatterDialect, sizeLimit: Int
    ) -> DocumentSummary {
        let fallback = DocumentMetadata.fallbackTitle(forPath: path, rootName: rootName)
        if let problem = ContentCheck.problem(in: bytes, sizeLimit: sizeLimit) {
            return unreadable(path: path, rootName: rootName, kind: kind, size: bytes.count, problem: problem)
        }
        switch kind {
        case .markdown:
            return summarize(path: path, rootName: rootName, document: MarkdownDocument(bytes: bytes, dialect: dialect), size: bytes.count)
        case .yaml, .siteConfig:
            // `tiledown.yml` is flat `key: value` lines, read like Tiledown front matter.
            return summarize(path: path, rootName: rootName, file: YAMLFileDocument(bytes: bytes, dialect: kind == .yaml ? .yaml : .flat))
        }
    }

    /// The summary of a YAML file already read (by the editor that opened
    /// it: no second read): `.yaml`, or `.siteConfig` in the flat dialect.
    static func summarize(path: String, rootName: String, file: YAMLFileDocument) -> DocumentSummary {
        let fallback = DocumentMetadata.fallbackTitle(forPath: path, rootName: rootName)
        let kind: DocumentKind = file.dialect == .yaml ? .yaml : .siteConfig
        let title = (kind == .yaml ? file.node(at: YAMLPath([.key("title")]))?.scalar?.value : file.fields.last { $0.key.utf8.elementsEqual("title".utf8) }?.value)?
            .trimmingSpaces()
        let totals = file.diagnosticTotals
        return DocumentSummary(
            path: path, kind: kind, title: title?.isEmpty == false ? title ?? fallback : fallback,
            errorCount: totals.errors, warningCount: totals.warnings, size: file.bytes.count)
    }

    /// The summary of a Markdown document already parsed (by the editor
    /// that opened it: no second read or parse), `size` bytes long.
    static func summarize(path: String, rootName: String, document: MarkdownDocument, size: Int) -> DocumentSummary {
        let metadata = DocumentMetadata(document: document, fallbackTitle: DocumentMetadata.fallbackTitle(forPath: path, rootName: rootName))
        var tileTypes: [String] = []
        for index in 0..<document.blockCount {
            if let type = tileType(of: document.kind(at: index)), !tileTypes.contains(type) { tileTypes.append(type) }
        }
        let totals = document.diagnosticTotals
        return DocumentSummary(
            path: path, kind: .markdown, title: metadata.title, date: metadata.date, tags: metadata.tags,
            isDraft: metadata.isDraft, tileTypes: tileTypes, dialect: document.dialect, errorCount: totals.errors,
            warningCount: totals.warnings, size: size, frontMatterLists: metadata.lists)
    }

    static func unreadable(path: String, rootName: String, kind: DocumentKind, size: Int, problem: ContentProblem) -> DocumentSummary {
        DocumentSummary(
            path: path, kind: kind, title: DocumentMetadata.fallbackTitle(forPath: path, rootName: rootName),
            size: size, readability: .unreadable(problem))
    }

    /// The tile type a block stands for: a tile's (also one kept raw), or
    /// `chart` and `mermaid` for fenced charts and diagrams.
    private static func tileType(of kind: BlockKind) -> String? {
        switch kind {
        case .tile(let tile): tile.type
        case .raw(.tile(let type)): type
        case .fencedCode(let info):
            switch FencedCodeMeaning(info: info) {
            case .chart: "chart"
            case .mermaid: "mermaid"
            case .code: nil
            }
        default: nil
        }
    }
}
