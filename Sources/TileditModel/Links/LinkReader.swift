import CCmarkGFM

/// The link destinations of a Markdown document, where they are written
/// and what they say, as CommonMark reads them (ARCHITECTURE.md, "Renaming
/// a document"): inline links and images in prose, and link reference
/// definitions. Code spans, code blocks, HTML, display math, front matter
/// and tiles hold no links.
///
/// Two readings must agree for a destination to be given: the byte
/// scanners (`InlineLinkScanner`, `LinkDefinitionScanner`) find where each
/// destination is written, and cmark-gfm, parsing the same block with the
/// document's definitions, says which links there are and their URLs.
/// A block whose links the two cannot pair one to one (the scanner saw
/// something cmark does not read as a link is fine; a link cmark reads
/// that the scanner cannot place, or two places a link could be, is not)
/// gives none of its destinations, and its first line is reported in
/// `unreadLines`, so a caller never edits bytes it is not sure about.
///
/// Checking costs a cmark parse of a block and the definitions, so only
/// blocks holding a destination the caller wants are checked.
public enum LinkReader {
    /// What `destinations(in:wanting:)` found.
    public struct Result: Sendable, Hashable {
        /// The destinations wanted, in file order, each checked with cmark.
        public var destinations: [LinkDestination]
        /// First lines (from 1) of blocks holding a wanted destination that
        /// could not be read exactly; they were left out.
        public var unreadLines: [Int]
    }

    /// The destinations of `document` that `wanted` accepts (it sees each
    /// candidate before the check), checked against cmark's reading.
    public static func destinations(in document: MarkdownDocument, wanting wanted: (LinkDestination) -> Bool) -> Result {
        let bytes = document.bytes
        var definitions: [(block: Int, found: LinkDefinitionScanner.Found)] = []
        var urls: [String: String] = [:]
        let definitionScanner = LinkDefinitionScanner(bytes: bytes)
        for index in 0..<document.blockCount where document.kind(at: index) == .linkReferenceDefinitions {
            for found in definitionScanner.scan(document.range(at: index)) {
                definitions.append((index, found))
                let key = LinkLabel.normalized(found.label)
                if urls[key] == nil, let url = found.url { urls[key] = url }
            }
        }
        let definitionText = CommonMarkTree.linkReferenceDefinitions(in: document)
        var result = Result(destinations: [], unreadLines: [])

        // Definitions: each block checked once when it holds a wanted one.
        var definitionsByBlock: [Int: [LinkDefinitionScanner.Found]] = [:]
        for entry in definitions { definitionsByBlock[entry.block, default: []].append(entry.found) }
        for block in definitionsByBlock.keys.sorted() {
            let found = definitionsByBlock[block] ?? []
            let candidates = found.map { definition in
                LinkDestination(
                    form: .definition(label: definition.label), range: definition.range, isAngleBracketed: definition.isAngleBracketed,
                    url: definition.url ?? "", line: document.location(of: definition.range.lowerBound).line)
            }
            let wantedIndexes = candidates.indices.filter { found[$0].url != nil && wanted(candidates[$0]) }
            guard !wantedIndexes.isEmpty else { continue }
            let checked = checkedDefinitions(found, in: document.storage[document.range(at: block)])
            if let checked {
                for index in wantedIndexes where checked.contains(index) { result.destinations.append(candidates[index]) }
                if wantedIndexes.contains(where: { !checked.contains($0) }) { result.unreadLines.append(document.firstLine(at: block)) }
            } else {
                result.unreadLines.append(document.firstLine(at: block))
            }
        }

        // Inline links and images.
        let inlineScanner = InlineLinkScanner(bytes: bytes, definitions: urls)
        for block in 0..<document.blockCount where holdsInlines(document.kind(at: block)) {
            let range = document.range(at: block)
            guard bytes[range].contains(Byte.closeBracket) else { continue }
            let found = inlineScanner.scan(range)
            var candidates: [Int: LinkDestination] = [:]
            for (position, link) in found.enumerated() {
                guard case .inline(let destinationRange, let isAngle, let url?) = link.kind else { continue }
                let candidate = LinkDestination(
                    form: link.isImage ? .inlineImage : .inlineLink, range: destinationRange, isAngleBracketed: isAngle,
                    url: url, line: document.location(of: destinationRange.lowerBound).line)
                if wanted(candidate) { candidates[position] = candidate }
            }
            guard !candidates.isEmpty else { continue }
            var footnoteLabel: String?
            if case .footnoteDefinition(let label) = document.kind(at: block) { footnoteLabel = label }
            let nodes = cmarkLinks(in: document.storage[range], definitions: definitionText, footnoteLabel: footnoteLabel)
            guard let paired = nodes.flatMap({ pairing(found, with: $0) }) else {
                result.unreadLines.append(document.firstLine(at: block))
                continue
            }
            // A candidate cmark does not read as a link is text (in code, in HTML): not a destination.
            for position in candidates.keys.sorted() {
                if paired.contains(position), let candidate = candidates[position] { result.destinations.append(candidate) }
            }
        }
        result.destinations.sort { $0.range.lowerBound < $1.range.lowerBound }
        result.unreadLines.sort()
        return result
    }

    /// Blocks whose inline content may hold links.
    private static func holdsInlines(_ kind: BlockKind) -> Bool {
        switch kind {
        case .paragraph, .heading, .list, .blockQuote, .table, .footnoteDefinition: true
        default: false
        }
    }

    // MARK: Checking with cmark

    /// The links and images cmark reads in `block`, in tree order, as
    /// (is an image, URL); `nil` when it could not parse.
    private static func cmarkLinks(in block: [UInt8], definitions: String, footnoteLabel: String?) -> [(Bool, String)]? {
        // A footnote definition nothing references is dropped by cmark: a reference keeps it.
        let prefix = definitions + (footnoteLabel.map { "[^\($0)]\n\n" } ?? "")
        return CommonMarkTree.withDocument(
            parsing: String(decoding: block, as: UTF8.self), definitions: prefix, options: CommonMarkBlockReader.parserOptions,
            extensions: ["table"]
        ) { document, _ in
            var links: [(Bool, String)] = []
            guard let iterator = cmark_iter_new(document) else { return links }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
                links.append((type == CMARK_NODE_IMAGE, cmark_node_get_url(node).map { String(cString: $0) } ?? ""))
            }
            return links
        }
    }

    /// Positions in `found` of the links cmark read (`nodes`), when each
    /// node pairs with exactly one of them in order; `nil` when a node
    /// has no place or could have two.
    static func pairing(_ found: [InlineLinkScanner.Found], with nodes: [(Bool, String)]) -> Set<Int>? {
        func matches(_ position: Int, _ node: (Bool, String)) -> Bool {
            found[position].isImage == node.0 && found[position].url == node.1
        }
        var earliest: [Int] = []
        var next = 0
        for node in nodes {
            while next < found.count && !matches(next, node) { next += 1 }
            guard next < found.count else { return nil }
            earliest.append(next)
            next += 1
        }
        var latest: [Int] = []
        var previous = found.count - 1
        for node in nodes.reversed() {
            while previous >= 0 && !matches(previous, node) { previous -= 1 }
            guard previous >= 0 else { return nil }
            latest.append(previous)
            previous -= 1
        }
        guard earliest == latest.reversed() else { return nil }
        return Set(earliest)
    }

    /// Positions in `found` whose URL cmark reads the same, parsing the
    /// definitions block with a reference to each label after it; `nil`
    /// when cmark cannot parse.
    private static func checkedDefinitions(_ found: [LinkDefinitionScanner.Found], in block: [UInt8]) -> Set<Int>? {
        var text = block
        CommonMarkTree.appendLineBreak(to: &text)
        CommonMarkTree.appendLineBreak(to: &text)
        var seen: Set<String> = []
        var firstOfLabel: [Int] = []
        for (index, definition) in found.enumerated() {
            // A later definition of a label is never used: only the first is checked.
            guard seen.insert(LinkLabel.normalized(definition.label)).inserted else { continue }
            firstOfLabel.append(index)
            text += Array("[\(definition.label)]\n\n".utf8)
        }
        guard let links = CommonMarkTree.withDocument(
            parsing: String(decoding: text, as: UTF8.self), options: CommonMarkBlockReader.parserOptions, extensions: ["table"], { document, _ in
                var urls: [String] = []
                for child in CommonMarkTree.children(of: document) {
                    guard cmark_node_get_type(child) == CMARK_NODE_PARAGRAPH, let first = cmark_node_first_child(child),
                          cmark_node_get_type(first) == CMARK_NODE_LINK else { continue }
                    urls.append(cmark_node_get_url(first).map { String(cString: $0) } ?? "")
                }
                return urls
            })
        else { return nil }
        guard links.count == firstOfLabel.count else { return [] }
        return Set(zip(firstOfLabel, links).filter { found[$0.0].url == $0.1 }.map(\.0))
    }
}
