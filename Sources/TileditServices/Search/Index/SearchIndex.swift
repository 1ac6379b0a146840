import Foundation
import TileditModel

/// A full-text index of a workspace's documents (a value).
///
/// An inverted index: each term (its bytes, in one table) maps to its
/// postings, one per document holding it, with the zones (title, front
/// matter, body) it occurs in; a query intersects its terms' postings
/// instead of reading documents. The index keeps each document's text, and
/// only for the results it shows reads it again: to find the line and
/// snippet of the best match and to check that a phrase's words are next
/// to each other (`SearchMatcher`). Documents are cut line by line
/// (`SearchLineCutter`), not parsed into blocks: the editor finds a
/// result's block from its line when it is opened.
///
/// Ranking: the zone of the best match (title, then front matter, then
/// body), then how many of the query's requirements match in that zone
/// (more first), then the path. Updating or removing one document replaces
/// only its postings.
public struct SearchIndex: Sendable {
    /// Term bytes by identity.
    var terms = ByteStringTable()
    /// Term identity → postings (document identity << 3 | zones), ascending.
    var postings: [[UInt32]] = []
    /// Term identities sorted by their bytes (for prefixes).
    var sortedTerms: [UInt32] = []
    /// Documents by identity (`nil` once removed). Identities grow with each
    /// added document, so a new document's postings are appended and every
    /// posting list stays sorted.
    var documents: [IndexedDocument?] = []
    /// Position of each document's path in `sortedPaths` (by identity).
    var pathOrder: [Int32] = []
    var sortedPaths: [String] = []
    var idByPath: [String: UInt32] = [:]
    /// Folded (and accent-free) tag → documents.
    var documentsByTag: [String: Set<UInt32>] = [:]
    /// Folded (and accent-free) tile type → documents.
    var documentsByTileType: [String: Set<UInt32>] = [:]
    /// The workspace folder's name (the title of a root `index.md` without one).
    var rootName = ""

    /// An empty index.
    public init() {}

    /// Number of indexed documents.
    public var documentCount: Int { idByPath.count }

    /// Paths of the indexed documents, sorted.
    public var paths: [String] { sortedPaths }

    // MARK: Building

    /// Indexes `sources`, analyzing them in parallel (at most `concurrency`
    /// at once). Sources whose bytes are not text are left out; of sources
    /// with the same path, the last one counts.
    ///
    /// - Parameter rootName: the workspace folder's name, the title of a
    ///   root `index.md` with no title field and no heading.
    public static func build(
        _ sources: [SearchSource], rootName: String = "", concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> SearchIndex {
        var lastOfPath: [String: Int] = [:]
        for (offset, source) in sources.enumerated() { lastOfPath[source.path] = offset }
        let items = sources.enumerated().compactMap { offset, source in
            lastOfPath[source.path] == offset
                ? SearchIndexBuilder.Item(path: source.path, kind: source.kind, dialect: source.dialect, bytes: source.bytes) : nil
        }
        let outputs = await SearchIndexBuilder.analyze(items, rootName: rootName, fileSystem: nil, concurrency: concurrency)
        return await assembled(rootName: rootName, table: ByteStringTable(), sortedTerms: nil, kept: [], outputs: outputs)
    }

    /// Indexes the readable documents of `workspace`, reading each file once
    /// through `fileSystem`, in parallel. Files that cannot be read are left
    /// out. Documents of `cached` (an index of the same folder read back
    /// from the cache) whose file has the same size and modification time
    /// are taken from it instead of read.
    ///
    /// - Parameter fingerprints: whether each file's size and modification
    ///   time are looked up before it is read, for a cache to keep (one
    ///   more call to the file system per file).
    public static func build(
        workspace: Workspace, fileSystem: FileSystem = .live, cached: SearchIndex? = nil, fingerprints: Bool = false,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> SearchIndex {
        await buildReportingChanges(
            workspace: workspace, fileSystem: fileSystem, cached: cached, fingerprints: fingerprints || cached != nil,
            concurrency: concurrency).index
    }

    /// `build(workspace:…)`, and whether the result differs from `cached`
    /// (a document was read, or a cached one dropped).
    ///
    /// - Parameter openDocuments: bytes of documents already read (by an
    ///   editor), by path: analyzed as they are, not read again nor taken
    ///   from the cache (they keep no file status, so the next opening reads them).
    static func buildReportingChanges(
        workspace: Workspace, fileSystem: FileSystem, cached: SearchIndex?, fingerprints: Bool = true,
        openDocuments: [String: [UInt8]] = [:], concurrency: Int
    ) async -> (index: SearchIndex, changed: Bool) {
        let rootName = workspace.root.standardizedFileURL.lastPathComponent
        var items: [SearchIndexBuilder.Item] = []
        var preloaded: [SearchIndexBuilder.Item] = []
        items.reserveCapacity(workspace.documents.count)
        for index in workspace.documents.indices where workspace.documents[index].isReadable {
            let path = workspace.documents[index].path
            let item = SearchIndexBuilder.Item(
                path: path, kind: workspace.documents[index].kind, dialect: workspace.documents[index].dialect ?? .yaml,
                bytes: openDocuments[path], root: workspace.root)
            if item.bytes != nil { preloaded.append(item) } else { items.append(item) }
        }
        guard let cached, cached.rootName == rootName else {
            let outputs = await SearchIndexBuilder.analyze(
                preloaded + items, rootName: rootName, fileSystem: fileSystem, fingerprints: fingerprints, concurrency: concurrency)
            return (await assembled(rootName: rootName, table: ByteStringTable(), sortedTerms: nil, kept: [], outputs: outputs), true)
        }
        // Which cached documents are still what is on disk.
        let fingerprints = await BoundedConcurrency.map(Array(items.enumerated()), limit: concurrency) { offset, item -> (Int, SearchFingerprint?) in
            guard let root = item.root, let status = try? fileSystem.status(root.appendingPathComponent(item.path, isDirectory: false)),
                  status.kind == .file
            else { return (offset, nil) }
            return (offset, SearchFingerprint(status))
        }
        var kept: [IndexedDocument] = []
        var stale: [SearchIndexBuilder.Item] = []
        for (offset, fingerprint) in fingerprints.sorted(by: { $0.0 < $1.0 }) {
            let item = items[offset]
            if let fingerprint, let id = cached.idByPath[item.path], let document = cached.documents[Int(id)],
               document.fingerprint == fingerprint, document.kind == item.kind, document.dialect == item.dialect {
                kept.append(document)
            } else {
                stale.append(item)
            }
        }
        for item in preloaded {
            // The open document as cached: nothing to analyze, nothing changed.
            if let id = cached.idByPath[item.path], let document = cached.documents[Int(id)], document.kind == item.kind,
               document.dialect == item.dialect, document.bytes == item.bytes {
                kept.append(document)
            } else {
                stale.append(item)
            }
        }
        let outputs = await SearchIndexBuilder.analyze(stale, rootName: rootName, fileSystem: fileSystem, concurrency: concurrency)
        let changed = !stale.isEmpty || kept.count != cached.documentCount
        let index = await assembled(rootName: rootName, table: cached.terms, sortedTerms: cached.sortedTerms, kept: kept, outputs: outputs)
        return (index, changed)
    }

    // MARK: Incremental changes

    /// Replaces the document at `source.path` (or adds it); a source that is
    /// not text removes the document.
    public mutating func update(_ source: SearchSource, rootName: String? = nil) {
        update(source, fingerprint: nil, rootName: rootName)
    }

    mutating func update(_ source: SearchSource, fingerprint: SearchFingerprint?, rootName: String? = nil) {
        if let rootName { self.rootName = rootName }
        var analyzer = SearchDocumentAnalyzer(table: terms)
        terms = ByteStringTable()
        let analyzed = analyzer.analyze(
            path: source.path, kind: source.kind, dialect: source.dialect, bytes: source.bytes, rootName: self.rootName, fingerprint: fingerprint)
        let oldCount = postings.count
        terms = analyzer.takeTable()
        if terms.count > oldCount {
            postings.append(contentsOf: repeatElement([], count: terms.count - oldCount))
            for id in oldCount..<terms.count { insertSorted(UInt32(id)) }
        }
        guard let analyzed else {
            remove(path: source.path)
            return
        }
        if let id = idByPath[source.path] {
            // Same path: same place in path order, no renumbering.
            let order = pathOrder[Int(id)]
            removeDocument(id)
            insert(analyzed, order: order)
        } else {
            let position = Self.insertionPoint(of: source.path, in: sortedPaths)
            sortedPaths.insert(source.path, at: position)
            insert(analyzed, order: Int32(position))
            renumber(from: position)
        }
    }

    /// The index with the document at `source.path` replaced (see `update(_:rootName:)`).
    public func updating(_ source: SearchSource, rootName: String? = nil) -> SearchIndex {
        var copy = self
        copy.update(source, rootName: rootName)
        return copy
    }

    /// Removes the document at `path` (relative); no effect when absent.
    public mutating func remove(path: String) {
        guard let id = idByPath[path] else { return }
        let position = Int(pathOrder[Int(id)])
        removeDocument(id)
        sortedPaths.remove(at: position)
        renumber(from: position)
    }

    /// The index without the document at `path`.
    public func removing(path: String) -> SearchIndex {
        var copy = self
        copy.remove(path: path)
        return copy
    }

    private mutating func insert(_ document: IndexedDocument, order: Int32) {
        let id = UInt32(documents.count)
        documents.append(document)
        pathOrder.append(order)
        idByPath[document.path] = id
        for term in document.terms { postings[Int(term >> 3)].append(id << 3 | (term & 7)) }
        addFilters(of: document, id: id, folder: SearchFolder())
    }

    private mutating func addFilters(of document: IndexedDocument, id: UInt32, folder: SearchFolder) {
        for key in Self.filterKeys(document.tags, folder: folder) { documentsByTag[key, default: []].insert(id) }
        for key in Self.filterKeys(document.tileTypes, folder: folder) { documentsByTileType[key, default: []].insert(id) }
    }

    /// Each value's folded form and accent-free form.
    private static func filterKeys(_ values: [String], folder: SearchFolder) -> Set<String> {
        var keys = Set<String>()
        for value in values {
            let forms = folder.fold(value)
            keys.insert(forms.folded)
            keys.insert(forms.stripped)
        }
        return keys
    }

    private mutating func removeDocument(_ id: UInt32) {
        guard let document = documents[Int(id)] else { return }
        documents[Int(id)] = nil
        pathOrder[Int(id)] = -1
        idByPath[document.path] = nil
        for term in document.terms {
            let list = Int(term >> 3)
            let range = Self.postingRange(of: id, in: postings[list])
            postings[list].removeSubrange(range)
        }
        let folder = SearchFolder()
        for key in Self.filterKeys(document.tags, folder: folder) {
            documentsByTag[key]?.remove(id)
            if documentsByTag[key]?.isEmpty == true { documentsByTag[key] = nil }
        }
        for key in Self.filterKeys(document.tileTypes, folder: folder) {
            documentsByTileType[key]?.remove(id)
            if documentsByTileType[key]?.isEmpty == true { documentsByTileType[key] = nil }
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
        let slots = documents.count
        let queryTerms = query.terms
        // Per term: the zones it occurs in, per document; and the documents.
        var zonesByTerm: [[UInt8]] = []
        var documentsByTerm: [[UInt32]] = []
        for term in queryTerms {
            var zones = [UInt8](repeating: 0, count: slots)
            var holding: [UInt32] = []
            for id in identities(of: term) {
                for posting in postings[Int(id)] {
                    let document = Int(posting >> 3)
                    if zones[document] == 0 { holding.append(UInt32(document)) }
                    zones[document] |= UInt8(posting & 7)
                }
            }
            if holding.isEmpty { return [] }
            zonesByTerm.append(zones)
            documentsByTerm.append(holding)
        }
        let requirementTerms: [[Int]] = query.requirements.map { requirement in
            requirement.terms.compactMap { term in
                queryTerms.firstIndex { $0.kind == term.kind && $0.text == term.text && $0.isPrefix == term.isPrefix }
            }
        }
        let filters = query.tags.map { documentsByTag[$0] ?? [] } + query.tileTypes.map { documentsByTileType[$0] ?? [] }
        let candidates: [UInt32]
        if let rarest = documentsByTerm.indices.min(by: { documentsByTerm[$0].count < documentsByTerm[$1].count }) {
            candidates = documentsByTerm[rarest]
        } else if let smallest = filters.min(by: { $0.count < $1.count }) {
            candidates = Array(smallest)
        } else {
            candidates = Array(idByPath.values)
        }
        // Rank keys from the postings alone: zone, requirement count, path order.
        var keys: [UInt64] = []
        candidates: for id in candidates {
            guard let document = documents[Int(id)] else { continue }
            if let draft = query.draft, document.isDraft != draft { continue }
            if !filters.allSatisfy({ $0.contains(id) }) { continue }
            var union: UInt8 = 0
            var masks: [UInt8] = []
            for entries in requirementTerms {
                var mask: UInt8 = 0x7
                for term in entries {
                    let zones = zonesByTerm[term][Int(id)]
                    if zones == 0 { continue candidates }
                    mask &= zones
                }
                // The words of a phrase are in one passage, so in one zone.
                if mask == 0 { continue candidates }
                masks.append(mask)
                union |= mask
            }
            let zone = masks.isEmpty ? 0 : UInt64(union.trailingZeroBitCount)
            let count = UInt64(masks.filter { $0 & (1 << zone) != 0 }.count)
            let order = UInt64(UInt32(bitPattern: pathOrder[Int(id)]))
            // zone (2 bits) | 255 - count (8 bits) | path order (22 bits) | identity (32 bits)
            keys.append(zone << 62 | (255 - Swift.min(count, 255)) << 54 | (order & 0x3F_FFFF) << 32 | UInt64(id))
        }
        keys.sort()

        // Reading each document's text: the line to show, and the phrases.
        let matcher = SearchMatcher(query: query)
        var results: [SearchResult] = []
        for key in keys {
            let id = UInt32(truncatingIfNeeded: key)
            guard let document = documents[Int(id)] else { continue }
            let zone = SearchZone(rawValue: Int(key >> 62)) ?? .body
            guard let match = matcher.match(
                document.bytes, path: document.path, kind: document.kind, dialect: document.dialect,
                fallbackTitle: DocumentMetadata.fallbackTitle(forPath: document.path, rootName: rootName),
                ranking: (zone, document.title))
            else { continue }
            results.append(match.result)
            if results.count == limit { break }
        }
        return results
    }

    /// The identities of the terms `term` matches: itself, or every term it
    /// is a prefix of.
    private func identities(of term: SearchTerm) -> [UInt32] {
        var text = term.text
        return text.withUTF8 { bytes -> [UInt32] in
            guard term.isPrefix else { return terms.identity(of: bytes).map { [$0] } ?? [] }
            var low = 0
            var high = sortedTerms.count
            while low < high {
                let middle = (low + high) / 2
                if terms.withBytes(of: sortedTerms[middle], { Self.compare($0, bytes) < 0 }) { low = middle + 1 } else { high = middle }
            }
            var found: [UInt32] = []
            while low < sortedTerms.count, terms.withBytes(of: sortedTerms[low], { $0.starts(with: bytes) }) {
                found.append(sortedTerms[low])
                low += 1
            }
            return found
        }
    }

    // MARK: Helpers

    private mutating func insertSorted(_ id: UInt32) {
        Self.insertSorted(id, into: &sortedTerms, terms: terms)
    }

    /// Byte order: negative, zero or positive.
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let count = Swift.min(lhs.count, rhs.count)
        var index = 0
        while index < count {
            if lhs[index] != rhs[index] { return Int(lhs[index]) - Int(rhs[index]) }
            index += 1
        }
        return lhs.count - rhs.count
    }

    /// The postings of document `id` in `list` (sorted by document).
    private static func postingRange(of id: UInt32, in list: [UInt32]) -> Range<Int> {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] >> 3 < id { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < list.count && list[end] >> 3 == id { end += 1 }
        return low..<end
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
}
