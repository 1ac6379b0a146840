import Foundation
import TileditModel

/// A full-text index of a workspace's documents (a value).
///
/// An inverted index: each term maps to its postings (document, zone, unit)
/// sorted by document, so a query looks up its terms and intersects their
/// postings instead of scanning documents. Units are the title, each front
/// matter value, each block (prose text, tile property values) and, in YAML
/// files, each line; a result knows its block and line.
///
/// Ranking: the zone of the best match (title, then front matter, then
/// body), then how many query terms match in that zone (more first), then
/// the path. Updating or removing one document replaces only its postings.
public struct SearchIndex: Sendable {
    /// Documents by identity (`nil` once removed). Identities grow with each
    /// added document, so a new document's postings are appended and every
    /// posting list stays sorted.
    private var documents: [IndexedDocument?] = []
    /// Position of each document's path in `sortedPaths` (by identity).
    private var pathOrder: [Int32] = []
    private var sortedPaths: [String] = []
    private var idByPath: [String: UInt32] = [:]
    /// Term → postings, ascending; see `posting(document:zone:unit:)`.
    private var postings: [String: [UInt64]] = [:]
    /// Lowercased tag → documents.
    private var documentsByTag: [String: Set<UInt32>] = [:]
    /// Tile type → documents.
    private var documentsByTileType: [String: Set<UInt32>] = [:]

    /// An empty index.
    public init() {}

    /// Number of indexed documents.
    public var documentCount: Int { idByPath.count }

    /// Paths of the indexed documents, sorted.
    public var paths: [String] { sortedPaths }

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
        return SearchIndex(analyzed.compactMap { $0 })
    }

    /// Indexes the readable documents of `workspace`, reading each file once
    /// through `fileSystem`, in parallel. Files that cannot be read are left out.
    public static func build(
        workspace: Workspace, fileSystem: FileSystem = .live, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> SearchIndex {
        let rootName = workspace.root.standardizedFileURL.lastPathComponent
        let readable = workspace.documents.filter(\.isReadable)
        let analyzed = await BoundedConcurrency.map(readable, limit: concurrency) { summary -> SearchDocumentAnalyzer.Analyzed? in
            guard let bytes = try? fileSystem.read(workspace.url(of: summary.path), limit: ContentCheck.defaultSizeLimit).bytes,
                  bytes.count <= ContentCheck.defaultSizeLimit else { return nil }
            let source = SearchSource(path: summary.path, kind: summary.kind, dialect: summary.dialect ?? .yaml, bytes: bytes)
            return SearchDocumentAnalyzer.analyze(source, rootName: rootName)
        }
        return SearchIndex(analyzed.compactMap { $0 })
    }

    /// Indexes the documents under the folder `root` without summarizing
    /// them first (the one-shot `tiledit search`): the folder is scanned as
    /// workspace discovery scans it (hidden and build folders skipped,
    /// front matter dialect by `FrontMatterDialectRule`), and each file
    /// under `sizeLimit` bytes is read and analyzed once, in parallel.
    ///
    /// - Parameter query: when given, a file is analyzed only if its bytes
    ///   or path contain, ignoring ASCII case, every ASCII word, tag and
    ///   tile type of the query (a document without them cannot match),
    ///   and only the query's words are collected: this is what makes a
    ///   one-shot search fast. The index then answers that query and no
    ///   other. A word that appears only through a YAML escape (`"\u0041"`)
    ///   is not found this way.
    /// - Throws: `WorkspaceError` when `root` is missing, not a folder or
    ///   unreadable. Files that cannot be read are left out.
    public static func build(
        root: URL, fileSystem: FileSystem = .live, sizeLimit: Int = ContentCheck.defaultSizeLimit,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, onlyFor query: SearchQuery? = nil
    ) async throws -> SearchIndex {
        let needles = (query.map { $0.terms + $0.phrases.flatMap { $0 } + $0.tags + $0.tileTypes } ?? [])
            .filter { !$0.isEmpty && $0.utf8.allSatisfy { $0 < 0x80 } }
            .map { Array($0.lowercased().utf8) }
        // Filter-only queries (tag:, type:, draft:) need no terms at all.
        let keptTerms = query.map { Set($0.terms + $0.phrases.flatMap { $0 }) }
        let scan = try WorkspaceScanner(fileSystem: fileSystem).scan(root: root)
        let rootName = root.standardizedFileURL.lastPathComponent
        let candidates = scan.candidates.filter { $0.size <= sizeLimit }
        let analyzed = await BoundedConcurrency.map(candidates, limit: concurrency) { candidate -> SearchDocumentAnalyzer.Analyzed? in
            guard let bytes = try? fileSystem.read(candidate.url, limit: sizeLimit).bytes, bytes.count <= sizeLimit else { return nil }
            // The path too: a document with no title is titled by its file or folder name.
            let path = Array(candidate.path.utf8)
            guard needles.allSatisfy({ ASCIICaseFoldSearch.contains($0, in: bytes) || ASCIICaseFoldSearch.contains($0, in: path) })
            else { return nil }
            let source = SearchSource(path: candidate.path, kind: candidate.kind, dialect: candidate.dialect, bytes: bytes)
            return SearchDocumentAnalyzer.analyze(source, rootName: rootName, keptTerms: keptTerms)
        }
        return SearchIndex(analyzed.compactMap { $0 })
    }

    private init(_ analyzed: [SearchDocumentAnalyzer.Analyzed]) {
        var seen = Set<String>()
        for document in analyzed.sorted(by: { $0.document.path < $1.document.path }) where seen.insert(document.document.path).inserted {
            sortedPaths.append(document.document.path)
            insert(document, order: Int32(sortedPaths.count - 1))
        }
    }

    // MARK: Incremental changes

    /// Replaces the document at `source.path` (or adds it); a source that is
    /// not text removes the document.
    public mutating func update(_ source: SearchSource, rootName: String = "") {
        guard let analyzed = SearchDocumentAnalyzer.analyze(source, rootName: rootName) else {
            remove(path: source.path)
            return
        }
        if let id = idByPath[source.path] {
            // Same path: same place in path order, no renumbering.
            let order = pathOrder[Int(id)]
            removePostings(of: id)
            insert(analyzed, order: order)
        } else {
            let position = Self.insertionPoint(of: source.path, in: sortedPaths)
            sortedPaths.insert(source.path, at: position)
            insert(analyzed, order: Int32(position))
            renumber(from: position)
        }
    }

    /// The index with the document at `source.path` replaced (see `update(_:rootName:)`).
    public func updating(_ source: SearchSource, rootName: String = "") -> SearchIndex {
        var copy = self
        copy.update(source, rootName: rootName)
        return copy
    }

    /// Removes the document at `path` (relative); no effect when absent.
    public mutating func remove(path: String) {
        guard let id = idByPath[path] else { return }
        let position = Int(pathOrder[Int(id)])
        removePostings(of: id)
        sortedPaths.remove(at: position)
        renumber(from: position)
    }

    /// The index without the document at `path`.
    public func removing(path: String) -> SearchIndex {
        var copy = self
        copy.remove(path: path)
        return copy
    }

    private mutating func insert(_ analyzed: SearchDocumentAnalyzer.Analyzed, order: Int32) {
        let id = UInt32(documents.count)
        let document = analyzed.document
        documents.append(document)
        pathOrder.append(order)
        idByPath[document.path] = id
        for (term, units) in analyzed.termUnits {
            // Appended in place through the dictionary's accessor: no
            // array of the new postings in between.
            Self.append(units, of: id, zones: document.units, to: &postings[term, default: []])
        }
        for tag in Set(document.tags.map { $0.lowercased() }) { documentsByTag[tag, default: []].insert(id) }
        for type in document.tileTypes { documentsByTileType[type, default: []].insert(id) }
    }

    private static func append(_ units: [UInt32], of id: UInt32, zones: [IndexedDocument.Unit], to list: inout [UInt64]) {
        for unit in units { list.append(posting(document: id, zone: zones[Int(unit)].zone, unit: unit)) }
    }

    private mutating func removePostings(of id: UInt32) {
        guard let document = documents[Int(id)] else { return }
        documents[Int(id)] = nil
        pathOrder[Int(id)] = -1
        idByPath[document.path] = nil
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

    private mutating func renumber(from position: Int) {
        for index in position..<sortedPaths.count {
            if let id = idByPath[sortedPaths[index]] { pathOrder[Int(id)] = Int32(index) }
        }
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
        // Rank keys from the postings alone: zone, term count, path order.
        var keys: [UInt64] = []
        forEachCandidate(query, lists: lists) { id, masks in
            var counts = (0, 0, 0)
            for mask in masks {
                if mask & 1 != 0 { counts.0 += 1 }
                if mask & 2 != 0 { counts.1 += 1 }
                if mask & 4 != 0 { counts.2 += 1 }
            }
            let (zone, count): (UInt64, UInt64) = masks.isEmpty ? (0, 0)
                : counts.0 > 0 ? (0, UInt64(counts.0)) : counts.1 > 0 ? (1, UInt64(counts.1)) : (2, UInt64(counts.2))
            let order = UInt64(UInt32(bitPattern: pathOrder[Int(id)]))
            // zone (2 bits) | 255 - count (8 bits) | path order (22 bits) | identity (32 bits)
            keys.append(zone << 62 | (255 - Swift.min(count, 255)) << 54 | (order & 0x3F_FFFF) << 32 | UInt64(id))
        }
        keys.sort()

        var results: [SearchResult] = []
        for key in keys {
            let id = UInt32(truncatingIfNeeded: key)
            guard let document = documents[Int(id)],
                  let unit = bestUnit(in: document, id: id, zone: SearchZone(rawValue: Int(key >> 62)) ?? .body, query: query, lists: lists) else { continue }
            let (lineOffset, snippet) = Self.snippet(in: document.units[unit].text, terms: query.terms, phrases: query.phrases)
            let zone = lists.isEmpty ? SearchZone.title : SearchZone(rawValue: Int(key >> 62)) ?? .body
            results.append(SearchResult(
                path: document.path, title: document.title, zone: zone, blockIndex: document.units[unit].blockIndex,
                line: document.units[unit].firstLine + lineOffset, snippet: snippet))
            if results.count == limit { break }
        }
        return results
    }

    /// Calls `body` for each document holding every term and passing the
    /// filters, with one zone mask per term (bit `1 << zone` set when the
    /// term occurs in that zone). Walks the rarest term's postings and moves
    /// a cursor forward through each other list (galloping search), so the
    /// work grows with the rarest list, not with the index.
    private func forEachCandidate(_ query: SearchQuery, lists: [[UInt64]], _ body: (UInt32, [Int]) -> Void) {
        let filters = query.tags.map { documentsByTag[$0] ?? [] } + query.tileTypes.map { documentsByTileType[$0] ?? [] }
        func passes(_ id: UInt32) -> Bool {
            guard let document = documents[Int(id)] else { return false }
            if let draft = query.draft, document.isDraft != draft { return false }
            return filters.allSatisfy { $0.contains(id) }
        }
        guard let rarest = lists.indices.min(by: { lists[$0].count < lists[$1].count }) else {
            let ids = filters.min(by: { $0.count < $1.count }).map(Array.init) ?? idByPath.values.map { $0 }
            for id in ids where passes(id) { body(id, []) }
            return
        }
        var cursors = [Int](repeating: 0, count: lists.count)
        var masks = [Int](repeating: 0, count: lists.count)
        let driver = lists[rarest]
        var position = 0
        candidates: while position < driver.count {
            let id = driver[position] >> 32
            var mask = 0
            while position < driver.count && driver[position] >> 32 == id {
                mask |= 1 << Int((driver[position] >> 30) & 3)
                position += 1
            }
            masks[rarest] = mask
            for (index, list) in lists.enumerated() where index != rarest {
                let start = Self.gallop(to: id << 32, in: list, from: cursors[index])
                cursors[index] = start
                var end = start
                var mask = 0
                while end < list.count && list[end] >> 32 == id {
                    mask |= 1 << Int((list[end] >> 30) & 3)
                    end += 1
                }
                if end == start { continue candidates }
                masks[index] = mask
            }
            let documentID = UInt32(truncatingIfNeeded: id)
            if passes(documentID) { body(documentID, masks) }
        }
    }

    /// The unit to show for a matching document: in `zone`, the unit with
    /// the most query terms (one holding a phrase first), earliest on ties;
    /// `nil` when a phrase does not occur in the document. For a query of
    /// filters only: the `tags` field, the first tile of the type, the
    /// `draft` field, or the title.
    private func bestUnit(in document: IndexedDocument, id: UInt32, zone: SearchZone, query: SearchQuery, lists: [[UInt64]]) -> Int? {
        guard !lists.isEmpty else {
            let keys = (query.tags.isEmpty ? [] : ["tags"]) + query.tileTypes + (query.draft == nil ? [] : ["draft"])
            for key in keys {
                if let unit = document.units.firstIndex(where: { $0.key == key }) { return unit }
            }
            return 0
        }
        var unitsByTerm: [[Int]] = []
        for list in lists {
            unitsByTerm.append(Self.postingRange(of: id, in: list).map { Int(truncatingIfNeeded: list[$0] & 0x3FFF_FFFF) })
        }
        var phraseUnits = Set<Int>()
        for phrase in query.phrases {
            guard let first = query.terms.firstIndex(of: phrase[0]) else { return nil }
            // Only units holding every word of the phrase can hold the phrase.
            var possible = Set(unitsByTerm[first])
            for term in phrase.dropFirst() {
                if let index = query.terms.firstIndex(of: term) { possible.formIntersection(unitsByTerm[index]) }
            }
            let matching = possible.filter { Self.contains(phrase, in: document.units[$0].text) }
            if matching.isEmpty { return nil }
            phraseUnits.formUnion(matching)
        }
        var termsPerUnit: [Int: Int] = [:]
        for units in unitsByTerm {
            for unit in units { termsPerUnit[unit, default: 0] += 1 }
        }
        if !phraseUnits.isEmpty && !phraseUnits.contains(where: { document.units[$0].zone == zone }) {
            // The phrase occurs only outside the ranking zone: show it there.
            return phraseUnits.min()
        }
        var chosen = -1
        var chosenScore = -1
        for (unit, terms) in termsPerUnit where document.units[unit].zone == zone {
            let score = terms * 2 + (phraseUnits.contains(unit) ? 1 : 0)
            if score > chosenScore || (score == chosenScore && unit < chosen) {
                chosen = unit
                chosenScore = score
            }
        }
        return chosen >= 0 ? chosen : nil
    }

    // MARK: Helpers

    /// A posting: document identity (32 bits), zone (2 bits), unit (30 bits).
    private static func posting(document: UInt32, zone: SearchZone, unit: UInt32) -> UInt64 {
        UInt64(document) << 32 | UInt64(zone.rawValue) << 30 | UInt64(unit & 0x3FFF_FFFF)
    }

    /// Indexes of `list` whose document is `id` (binary search).
    private static func postingRange(of id: UInt32, in list: [UInt64]) -> Range<Int> {
        let low = UInt64(id) << 32
        let start = lowerBound(low, in: list)
        var end = start
        // A document has few postings per term: step instead of a second search.
        while end < list.count && list[end] >> 32 == UInt64(id) { end += 1 }
        return start..<end
    }

    /// The first index at or after `start` whose value is not below
    /// `value`: doubling steps, then a binary search in the last step.
    private static func gallop(to value: UInt64, in list: [UInt64], from start: Int) -> Int {
        guard start < list.count, list[start] < value else { return start }
        var low = start
        var step = 1
        var high = start + 1
        while high < list.count && list[high] < value {
            low = high
            step *= 2
            high = start + step
        }
        high = Swift.min(high, list.count)
        // list[low] < value <= list[high] (or high is the end).
        var first = low + 1
        var last = high
        while first < last {
            let middle = (first + last) / 2
            if list[middle] < value { first = middle + 1 } else { last = middle }
        }
        return first
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

    private static func insertionPoint(of path: String, in paths: [String]) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `text`'s terms contain `phrase` consecutively.
    private static func contains(_ phrase: [String], in text: String) -> Bool {
        var matched = 0
        var found = false
        SearchTokenizer.forEachTerm(in: text) { term, _ in
            guard !found else { return }
            if term == phrase[matched] {
                matched += 1
            } else {
                matched = term == phrase[0] ? 1 : 0
            }
            if matched == phrase.count { found = true }
        }
        return found
    }

    /// The first line of `text` holding a phrase's first word or a query
    /// term: its offset in lines and a snippet of it.
    static func snippet(in text: String, terms: [String], phrases: [[String]], width: Int = 80) -> (Int, String) {
        let lines = LineEnding.lines(of: text).map(String.init)
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

    /// `line` trimmed, cut to about `width` characters around `match`,
    /// between words where it can.
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
        if from > start, let space = characters[from..<Swift.min(matchStart, to)].firstIndex(of: " ") { from = space + 1 }
        if to < end, let space = characters[Swift.max(from, matchStart)..<to].lastIndex(of: " ") { to = space }
        var snippet = String(characters[from..<to]).trimmingSpaces()
        if from > start { snippet = "…" + snippet }
        if to < end { snippet += "…" }
        return snippet
    }
}
