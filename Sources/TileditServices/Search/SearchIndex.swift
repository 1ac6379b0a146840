import Foundation
import TileditModel

/// A full-text index of a workspace's documents (a value).
///
/// An inverted index: each term maps to its postings (document, unit)
/// sorted by document, so a query looks up its terms and intersects their
/// postings instead of scanning documents. Units are the title, each front
/// matter value, each block (prose text, tile property values) and, in YAML
/// files, each line; a result knows its block and line.
///
/// Ranking: the zone of the best match (title, then front matter, then
/// body), then how many query terms match in that zone (more first), then
/// the path. Updating or removing one document replaces only its postings.
public struct SearchIndex: Sendable {
    /// Document identities grow with each added document, so a new
    /// document's postings are appended and every list stays sorted.
    private var documents: [UInt32: IndexedDocument] = [:]
    private var idByPath: [String: UInt32] = [:]
    /// Term → postings, each `document << 32 | unit`, ascending.
    private var postings: [String: [UInt64]] = [:]
    /// Lowercased tag → documents.
    private var documentsByTag: [String: Set<UInt32>] = [:]
    /// Tile type → documents.
    private var documentsByTileType: [String: Set<UInt32>] = [:]
    private var nextID: UInt32 = 0

    /// An empty index.
    public init() {}

    /// Number of indexed documents.
    public var documentCount: Int { documents.count }

    /// Paths of the indexed documents, sorted.
    public var paths: [String] { idByPath.keys.sorted() }

    // MARK: Building

    /// Indexes `sources`, analyzing them in parallel (at most `concurrency`
    /// at once). Sources whose bytes are not text are left out.
    ///
    /// - Parameter rootName: the workspace folder's name, the title of a
    ///   root `index.md` with no title field and no heading.
    public static func build(
        _ sources: [SearchSource], rootName: String = "", concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> SearchIndex {
        let analyzed = await BoundedConcurrency.map(sources, limit: concurrency) { SearchDocumentAnalyzer.analyze($0, rootName: rootName) }
        var index = SearchIndex()
        for document in analyzed.compactMap({ $0 }).sorted(by: { $0.document.path < $1.document.path }) {
            index.insert(document)
        }
        return index
    }

    /// Indexes the readable documents of `workspace`, reading each file once
    /// through `fileSystem`, in parallel. Files that cannot be read are left out.
    public static func build(
        workspace: Workspace, fileSystem: FileSystem = .live, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> SearchIndex {
        let rootName = workspace.root.standardizedFileURL.lastPathComponent
        let readable = workspace.documents.filter(\.isReadable)
        let analyzed = await BoundedConcurrency.map(readable, limit: concurrency) { summary -> SearchDocumentAnalyzer.Analyzed? in
            guard let bytes = try? fileSystem.read(workspace.url(of: summary.path)) else { return nil }
            let source = SearchSource(path: summary.path, kind: summary.kind, dialect: summary.dialect ?? .yaml, bytes: bytes)
            return SearchDocumentAnalyzer.analyze(source, rootName: rootName)
        }
        var index = SearchIndex()
        for document in analyzed.compactMap({ $0 }).sorted(by: { $0.document.path < $1.document.path }) {
            index.insert(document)
        }
        return index
    }

    // MARK: Incremental changes

    /// Replaces the document at `source.path` (or adds it); a source that is
    /// not text removes the document.
    public mutating func update(_ source: SearchSource, rootName: String = "") {
        remove(path: source.path)
        if let analyzed = SearchDocumentAnalyzer.analyze(source, rootName: rootName) { insert(analyzed) }
    }

    /// The index with the document at `source.path` replaced (see `update(_:rootName:)`).
    public func updating(_ source: SearchSource, rootName: String = "") -> SearchIndex {
        var copy = self
        copy.update(source, rootName: rootName)
        return copy
    }

    /// Removes the document at `path` (relative); no effect when absent.
    public mutating func remove(path: String) {
        guard let id = idByPath.removeValue(forKey: path), let document = documents.removeValue(forKey: id) else { return }
        for term in document.terms {
            guard var list = postings[term] else { continue }
            let range = Self.postingRange(of: id, in: list)
            if range.count == list.count {
                postings[term] = nil
            } else {
                list.removeSubrange(range)
                postings[term] = list
            }
        }
        for tag in Set(document.tags.map { $0.lowercased() }) {
            documentsByTag[tag]?.remove(id)
            if documentsByTag[tag]?.isEmpty == true { documentsByTag[tag] = nil }
        }
        for type in document.tileTypes {
            documentsByTileType[type]?.remove(id)
            if documentsByTileType[type]?.isEmpty == true { documentsByTileType[type] = nil }
        }
    }

    /// The index without the document at `path`.
    public func removing(path: String) -> SearchIndex {
        var copy = self
        copy.remove(path: path)
        return copy
    }

    private mutating func insert(_ analyzed: SearchDocumentAnalyzer.Analyzed) {
        let id = nextID
        nextID += 1
        let document = analyzed.document
        documents[id] = document
        idByPath[document.path] = id
        let base = UInt64(id) << 32
        for (term, units) in analyzed.termUnits {
            postings[term, default: []].append(contentsOf: units.map { base | UInt64($0) })
        }
        for tag in Set(document.tags.map { $0.lowercased() }) { documentsByTag[tag, default: []].insert(id) }
        for type in document.tileTypes { documentsByTileType[type, default: []].insert(id) }
    }

    // MARK: Searching

    /// The documents matching `query` (see `SearchQuery` for the syntax),
    /// best first, at most `limit`.
    public func search(_ query: String, limit: Int = 100) -> [SearchResult] {
        search(SearchQuery(parsing: query), limit: limit)
    }

    /// The documents matching `query`, best first, at most `limit`.
    public func search(_ query: SearchQuery, limit: Int = 100) -> [SearchResult] {
        guard !query.isEmpty, limit > 0 else { return [] }
        var lists: [[UInt64]] = []
        for term in query.terms {
            guard let list = postings[term] else { return [] }
            lists.append(list)
        }
        lists.sort { $0.count < $1.count }

        // Candidates: the documents of the rarest term (or of the filters).
        var candidates: [UInt32]
        if let rarest = lists.first {
            candidates = []
            var previous: UInt32?
            for posting in rarest {
                let id = UInt32(truncatingIfNeeded: posting >> 32)
                if id != previous { candidates.append(id) }
                previous = id
            }
            for list in lists.dropFirst() {
                candidates = candidates.filter { !Self.postingRange(of: $0, in: list).isEmpty }
            }
        } else if let first = filterSets(query).min(by: { $0.count < $1.count }) {
            candidates = Array(first)
        } else {
            candidates = Array(documents.keys)
        }
        let filters = filterSets(query)
        candidates = candidates.filter { id in
            guard let document = documents[id] else { return false }
            if let draft = query.draft, document.isDraft != draft { return false }
            return filters.allSatisfy { $0.contains(id) }
        }

        var ranked: [Ranked] = []
        ranked.reserveCapacity(candidates.count)
        for id in candidates {
            guard let document = documents[id], let rank = rank(id, document, query, lists: query.terms.map { postings[$0] ?? [] }) else { continue }
            ranked.append(rank)
        }
        let best: [Ranked]
        if ranked.count > limit {
            best = Array(ranked.sorted(by: Ranked.isBefore).prefix(limit))
        } else {
            best = ranked.sorted(by: Ranked.isBefore)
        }
        return best.map { result(for: $0, query: query) }
    }

    private struct Ranked {
        var id: UInt32
        var path: String
        var zone: SearchZone
        var termCount: Int
        var unit: Int

        static func isBefore(_ lhs: Ranked, _ rhs: Ranked) -> Bool {
            if lhs.zone != rhs.zone { return lhs.zone < rhs.zone }
            if lhs.termCount != rhs.termCount { return lhs.termCount > rhs.termCount }
            return lhs.path < rhs.path
        }
    }

    private func filterSets(_ query: SearchQuery) -> [Set<UInt32>] {
        query.tags.map { documentsByTag[$0] ?? [] } + query.tileTypes.map { documentsByTileType[$0] ?? [] }
    }

    /// Scores one candidate; `nil` when a phrase does not occur.
    private func rank(_ id: UInt32, _ document: IndexedDocument, _ query: SearchQuery, lists: [[UInt64]]) -> Ranked? {
        guard !query.terms.isEmpty else {
            return Ranked(id: id, path: document.path, zone: .title, termCount: 0, unit: anchorUnit(document, query))
        }
        // Units of each term in this document.
        var unitsByTerm: [[Int]] = []
        for list in lists {
            unitsByTerm.append(Self.postingRange(of: id, in: list).map { Int(truncatingIfNeeded: list[$0] & 0xFFFF_FFFF) })
        }
        var phraseUnits: Set<Int>?
        for phrase in query.phrases {
            guard let firstIndex = query.terms.firstIndex(of: phrase[0]) else { return nil }
            let matching = unitsByTerm[firstIndex].filter { Self.contains(phrase, in: document.units[$0].text) }
            if matching.isEmpty { return nil }
            phraseUnits = (phraseUnits ?? []).union(matching)
        }
        // Per unit, how many distinct query terms it holds.
        var termsPerUnit: [Int: Int] = [:]
        for units in unitsByTerm {
            for unit in units { termsPerUnit[unit, default: 0] += 1 }
        }
        var best: (zone: SearchZone, count: Int, unit: Int)?
        for zone in [SearchZone.title, .frontMatter, .body] {
            let count = unitsByTerm.filter { units in units.contains { document.units[$0].zone == zone } }.count
            guard count > 0 else { continue }
            // The unit of this zone with the most terms (a phrase's unit first), earliest on ties.
            var chosen = -1
            var chosenScore = -1
            for (unit, terms) in termsPerUnit where document.units[unit].zone == zone {
                let score = terms * 2 + ((phraseUnits?.contains(unit) ?? false) ? 1 : 0)
                if score > chosenScore || (score == chosenScore && unit < chosen) {
                    chosen = unit
                    chosenScore = score
                }
            }
            best = (zone, count, chosen)
            break
        }
        guard let best else { return nil }
        return Ranked(id: id, path: document.path, zone: best.zone, termCount: best.count, unit: best.unit)
    }

    /// For a query of filters only: the `tags` field, the first tile of the
    /// type, the `draft` field, or the title.
    private func anchorUnit(_ document: IndexedDocument, _ query: SearchQuery) -> Int {
        let keys = (query.tags.isEmpty ? [] : ["tags"]) + query.tileTypes + (query.draft == nil ? [] : ["draft"])
        for key in keys {
            if let unit = document.units.firstIndex(where: { $0.key == key }) { return unit }
        }
        return 0
    }

    private func result(for ranked: Ranked, query: SearchQuery) -> SearchResult {
        guard let document = documents[ranked.id], ranked.unit >= 0, ranked.unit < document.units.count else {
            return SearchResult(path: ranked.path, title: "", zone: ranked.zone, blockIndex: nil, line: 1, snippet: "")
        }
        let unit = document.units[ranked.unit]
        let (lineOffset, snippet) = Self.snippet(in: unit.text, terms: query.terms, phrases: query.phrases)
        return SearchResult(
            path: document.path, title: document.title, zone: ranked.zone, blockIndex: unit.blockIndex,
            line: unit.firstLine + lineOffset, snippet: snippet)
    }

    // MARK: Helpers

    /// Indexes of `list` whose document is `id` (binary search).
    private static func postingRange(of id: UInt32, in list: [UInt64]) -> Range<Int> {
        let low = UInt64(id) << 32
        let high = (UInt64(id) + 1) << 32
        return lowerBound(low, in: list)..<lowerBound(high, in: list)
    }

    private static func lowerBound(_ value: UInt64, in list: [UInt64]) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `text`'s terms contain `phrase` consecutively.
    private static func contains(_ phrase: [String], in text: String) -> Bool {
        let terms = SearchTokenizer.terms(in: text)
        guard terms.count >= phrase.count else { return false }
        for start in 0...(terms.count - phrase.count) where terms[start] == phrase[0] {
            if Array(terms[start..<(start + phrase.count)]) == phrase { return true }
        }
        return false
    }

    /// The first line of `text` holding a phrase or a query term: its offset
    /// in lines and a snippet of it.
    static func snippet(in text: String, terms: [String], phrases: [[String]], width: Int = 80) -> (Int, String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        let wanted = Set(phrases.first.map { [$0[0]] } ?? terms)
        for (offset, line) in lines.enumerated() {
            var match: Range<String.Index>?
            SearchTokenizer.forEachTerm(in: line) { term, range in
                if match == nil && wanted.contains(term) { match = range }
            }
            if let match { return (offset, cut(line, around: match, width: width)) }
        }
        let first = lines.first { !$0.trimmingSpaces().isEmpty } ?? ""
        let offset = lines.firstIndex(of: first) ?? 0
        return (offset, cut(first, around: first.startIndex..<first.startIndex, width: width))
    }

    /// `line` trimmed, cut to about `width` characters around `match`.
    private static func cut(_ line: String, around match: Range<String.Index>, width: Int) -> String {
        let characters = Array(line)
        var start = 0
        while start < characters.count && (characters[start] == " " || characters[start] == "\t") { start += 1 }
        var end = characters.count
        while end > start && (characters[end - 1] == " " || characters[end - 1] == "\t") { end -= 1 }
        guard end - start > width else { return String(characters[start..<end]) }
        let matchStart = line.distance(from: line.startIndex, to: match.lowerBound)
        // About a third of the room before the match.
        var from = Swift.max(start, Swift.min(matchStart - width / 3, end - width))
        var to = Swift.min(end, from + width)
        // Cut between words where there is a space nearby.
        if from > start, let space = characters[from..<Swift.min(matchStart, to)].firstIndex(of: " ") { from = space + 1 }
        if to < end, let space = characters[Swift.max(from, matchStart)..<to].lastIndex(of: " ") { to = space }
        var snippet = String(characters[from..<to]).trimmingSpaces()
        if from > start { snippet = "…" + snippet }
        if to < end { snippet += "…" }
        return snippet
    }
}
