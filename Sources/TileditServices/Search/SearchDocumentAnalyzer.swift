import TileditModel

/// Cuts a document into search units and collects the terms of each.
enum SearchDocumentAnalyzer {
    /// A document ready to merge into an index.
    struct Analyzed: Sendable {
        var document: IndexedDocument
        /// Each distinct term and the units holding it (ascending).
        var termUnits: [String: [UInt32]]
    }

    /// `nil` when the bytes are not text (`ContentCheck`).
    ///
    /// - Parameter keptTerms: when given, only these terms are collected
    ///   (an index for one query); units are cut as always.
    static func analyze(_ source: SearchSource, rootName: String = "", keptTerms: Set<String>? = nil) -> Analyzed? {
        guard ContentCheck.problem(in: source.bytes) == nil else { return nil }
        var builder = Builder(keptTerms: keptTerms)
        let fallback = DocumentMetadata.fallbackTitle(forPath: source.path, rootName: rootName)
        var document: IndexedDocument
        switch source.kind {
        case .markdown:
            let markdown = MarkdownDocument(bytes: source.bytes, dialect: source.dialect)
            let metadata = DocumentMetadata(document: markdown, fallbackTitle: fallback)
            document = IndexedDocument(
                path: source.path, title: metadata.title, tags: metadata.tags, isDraft: metadata.isDraft,
                tileTypes: [], units: [], terms: [])
            switch metadata.titleSource {
            case .frontMatter(let block, let line), .heading(let block, let line):
                builder.add(zone: .title, blockIndex: block, line: line, text: metadata.title, indexed: metadata.title)
            case .fileName:
                builder.add(zone: .title, blockIndex: nil, line: 1, text: metadata.title, indexed: metadata.title)
            }
            for index in 0..<markdown.blockCount {
                let block = markdown.block(at: index)
                let line = block.lines.lowerBound
                switch block.kind {
                case .frontMatter(let frontMatter):
                    let lines = LineEnding.lines(of: markdown.text(of: block))
                    for field in frontMatter.fields where field.key != "title" {
                        let sourceLine = field.lineOffset < lines.count ? String(lines[field.lineOffset]) : "\(field.key): \(field.value)"
                        builder.add(
                            zone: .frontMatter, blockIndex: index, line: line + field.lineOffset,
                            text: sourceLine.trimmingCharacters(in: "\r"), indexed: field.value, key: field.key)
                    }
                case .tile(let tile):
                    document.tileTypes.insert(tile.type)
                    let values = tile.properties.map(\.value.text).joined(separator: "\n")
                    builder.add(zone: .body, blockIndex: index, line: line, text: markdown.text(of: block), indexed: values, key: tile.type)
                case .raw(.tile(let type)):
                    if let type { document.tileTypes.insert(type) }
                    let text = markdown.text(of: block)
                    builder.add(zone: .body, blockIndex: index, line: line, text: text, indexed: text, key: type)
                case .fencedCode(let info):
                    // A fenced chart or diagram counts as that tile type, and a
                    // `type:` filter points at it.
                    var type: String?
                    switch FencedCodeMeaning(info: info) {
                    case .chart: type = "chart"
                    case .mermaid: type = "mermaid"
                    case .code: break
                    }
                    if let type { document.tileTypes.insert(type) }
                    let text = markdown.text(of: block)
                    builder.add(zone: .body, blockIndex: index, line: line, text: text, indexed: text, key: type)
                default:
                    let text = markdown.text(of: block)
                    builder.add(zone: .body, blockIndex: index, line: line, text: text, indexed: text)
                }
            }
        case .yaml, .siteConfig:
            let text = String(decoding: source.bytes, as: UTF8.self)
            var title = fallback
            if source.kind == .yaml, let value = YAMLParser.parse(source.bytes).documents.first?.root?["title"]?.scalar?.value, !value.isEmpty {
                title = value
            }
            var lineNumber = 1
            var titleLine: Int?
            var lines: [(Int, String)] = []
            for line in LineEnding.lines(of: text) {
                let content = String(line)
                if titleLine == nil && content.hasPrefix("title:") { titleLine = lineNumber }
                if !content.trimmingSpaces().isEmpty { lines.append((lineNumber, content)) }
                lineNumber += 1
            }
            if source.kind == .siteConfig, let line = lines.first(where: { $0.1.hasPrefix("title:") }) {
                let value = line.1.dropFirst("title:".count).trimmingSpaces()
                if !value.isEmpty { title = value }
            }
            document = IndexedDocument(path: source.path, title: title, tags: [], isDraft: false, tileTypes: [], units: [], terms: [])
            builder.add(zone: .title, blockIndex: nil, line: titleLine ?? 1, text: title, indexed: title)
            for (number, content) in lines {
                builder.add(zone: .body, blockIndex: nil, line: number, text: content, indexed: content)
            }
        }
        document.units = builder.units
        document.terms = Array(builder.termUnits.keys)
        return Analyzed(document: document, termUnits: builder.termUnits)
    }

    private struct Builder {
        var units: [IndexedDocument.Unit] = []
        var termUnits: [String: [UInt32]] = [:]
        let keptTerms: Set<String>?
        /// The kept terms' bytes when every one is ASCII: a unit whose text
        /// contains none of them (ignoring case) is not tokenized at all.
        let keptNeedles: [[UInt8]]?

        init(keptTerms: Set<String>?) {
            self.keptTerms = keptTerms
            if let keptTerms, keptTerms.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
                keptNeedles = keptTerms.map { Array($0.utf8) }
            } else {
                keptNeedles = nil
            }
        }

        mutating func add(zone: SearchZone, blockIndex: Int?, line: Int, text: String, indexed: String, key: String? = nil) {
            let unit = UInt32(units.count)
            units.append(IndexedDocument.Unit(zone: zone, blockIndex: blockIndex, firstLine: line, text: text, key: key))
            if let keptTerms {
                if let keptNeedles, !keptNeedles.contains(where: { ASCIICaseFoldSearch.contains($0, in: indexed) }) { return }
                SearchTokenizer.forEachTerm(in: indexed) { (term: String) in
                    if keptTerms.contains(term) { Self.appendOnce(unit, to: &termUnits[term, default: []]) }
                }
            } else {
                SearchTokenizer.forEachTerm(in: indexed) { (term: String) in
                    Self.appendOnce(unit, to: &termUnits[term, default: []])
                }
            }
        }

        /// One dictionary access per term: the list is changed in place.
        private static func appendOnce(_ unit: UInt32, to units: inout [UInt32]) {
            if units.last != unit { units.append(unit) }
        }
    }
}

extension String {
    /// The text without `character` at either end.
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var result = Substring(self)
        while result.last == character { result.removeLast() }
        while result.first == character { result.removeFirst() }
        return String(result)
    }
}
