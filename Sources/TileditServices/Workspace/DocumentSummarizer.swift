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
            let document = MarkdownDocument(bytes: bytes, dialect: dialect)
            let metadata = DocumentMetadata(document: document, fallbackTitle: fallback)
            var errors = 0
            var warnings = 0
            var tileTypes: [String] = []
            for index in 0..<document.blockCount {
                errors += document.diagnosticCount(at: index, severity: .error)
                warnings += document.diagnosticCount(at: index, severity: .warning)
                if let type = tileType(of: document.kind(at: index)), !tileTypes.contains(type) { tileTypes.append(type) }
            }
            return DocumentSummary(
                path: path, kind: kind, title: metadata.title, date: metadata.date, tags: metadata.tags,
                isDraft: metadata.isDraft, tileTypes: tileTypes, dialect: dialect, errorCount: errors, warningCount: warnings, size: bytes.count)
        case .yaml:
            let result = YAMLParser.parse(bytes)
            let title = result.documents.first?.root?["title"]?.scalar?.value.trimmingSpaces()
            return DocumentSummary(
                path: path, kind: kind, title: title?.isEmpty == false ? title ?? fallback : fallback,
                errorCount: result.error == nil ? 0 : 1, size: bytes.count)
        case .siteConfig:
            // Flat `key: value` lines, read like Tiledown front matter.
            return DocumentSummary(path: path, kind: kind, title: siteTitle(bytes) ?? fallback, size: bytes.count)
        }
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

    /// The `title:` line of a site config.
    private static func siteTitle(_ bytes: [UInt8]) -> String? {
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = line.hasPrefix("\u{FEFF}") ? line.dropFirst() : line
            guard line.hasPrefix("title:") else { continue }
            let value = line.dropFirst("title:".count).trimmingSpaces()
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
