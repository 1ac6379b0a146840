extension SearchIndex {
    /// The documents of an index being assembled, with the terms of all
    /// in one table: what the rest of the assembly works from.
    struct Merged: Sendable {
        var terms: ByteStringTable
        /// By identity.
        var documents: [IndexedDocument?] = []
        /// Each document's path, by identity.
        var paths: [String] = []
        /// Each document's terms (identity << 3 | zones), by identity.
        var termLists: [[UInt32]] = []
        var idByPath: [String: UInt32] = [:]
    }

    /// Assembles an index: `kept` documents (their terms identities of
    /// `table`, whose identities sorted by bytes are `sortedTerms`, if
    /// known) and the analyzed ones (identities of each output's own table,
    /// mapped into the shared one). Of documents with one path (there are
    /// none from a workspace), the first kept, else the first analyzed, counts.
    init(
        rootName: String, table: ByteStringTable, sortedTerms: [UInt32]?, kept: consuming [IndexedDocument],
        outputs: consuming [SearchIndexBuilder.Output]
    ) {
        let merged = Self.merge(table: table, kept: kept, outputs: outputs)
        let postings = Self.postings(of: merged.termLists, termCount: merged.terms.count)
        let sorted = Self.sortedTerms(sortedTerms, before: table.count, terms: merged.terms)
        self.init(rootName: rootName, merged: merged, postings: postings, sortedTerms: sorted)
    }

    /// `init(rootName:table:sortedTerms:kept:outputs:)`, its postings and
    /// sorted terms made on another core while this one orders the paths
    /// and collects the filters.
    static func assembled(
        rootName: String, table: ByteStringTable, sortedTerms: [UInt32]?, kept: consuming [IndexedDocument],
        outputs: consuming [SearchIndexBuilder.Output]
    ) async -> SearchIndex {
        let merged = merge(table: table, kept: kept, outputs: outputs)
        let termLists = merged.termLists
        let terms = merged.terms
        let previousCount = table.count
        async let postings = Self.postings(of: termLists, termCount: terms.count)
        async let sorted = Self.sortedTerms(sortedTerms, before: previousCount, terms: terms)
        var index = SearchIndex(rootName: rootName, merged: merged, postings: [], sortedTerms: [])
        index.postings = await postings
        index.sortedTerms = await sorted
        return index
    }

    /// The index of `merged` with its postings and sorted terms; the path
    /// order and filters worked out here.
    private init(rootName: String, merged: consuming Merged, postings: [[UInt32]], sortedTerms: [UInt32]) {
        self.init()
        self.rootName = rootName
        terms = merged.terms
        documents = merged.documents
        idByPath = merged.idByPath
        self.postings = postings
        self.sortedTerms = sortedTerms

        // Filters: each distinct tag and tile type folded once.
        let folder = SearchFolder()
        var keysOfValue: [String: [String]] = [:]
        func keys(_ value: String) -> [String] {
            if let known = keysOfValue[value] { return known }
            let forms = folder.fold(value)
            let found = forms.folded == forms.stripped ? [forms.folded] : [forms.folded, forms.stripped]
            keysOfValue[value] = found
            return found
        }
        var tagMembers: [String: [UInt32]] = [:]
        var typeMembers: [String: [UInt32]] = [:]
        for index in documents.indices {
            let id = UInt32(index)
            guard let tags = documents[index]?.tags, let types = documents[index]?.tileTypes else { continue }
            for tag in tags {
                for key in keys(tag) where tagMembers[key]?.last != id { tagMembers[key, default: []].append(id) }
            }
            for type in types {
                for key in keys(type) where typeMembers[key]?.last != id { typeMembers[key, default: []].append(id) }
            }
        }
        documentsByTag = tagMembers.mapValues(Set.init)
        documentsByTileType = typeMembers.mapValues(Set.init)

        // Path order: identities sorted by path.
        let paths = merged.paths
        let order = paths.indices.sorted { paths[$0] < paths[$1] }
        pathOrder = [Int32](repeating: 0, count: paths.count)
        sortedPaths.reserveCapacity(paths.count)
        for (position, id) in order.enumerated() {
            pathOrder[id] = Int32(position)
            sortedPaths.append(paths[id])
        }
    }

    /// The documents of `kept` and `outputs` with identities in the order
    /// taken (they need no order), their terms in one table: `table`, or
    /// with none, the largest output's (its documents' terms unchanged),
    /// the other outputs' terms interned into it. Documents are moved,
    /// never copied: reading an element of an array again would copy it whole.
    static func merge(table: ByteStringTable, kept: consuming [IndexedDocument], outputs: consuming [SearchIndexBuilder.Output]) -> Merged {
        var merged = Merged(terms: table)
        let capacity = kept.count + outputs.reduce(0) { $0 + $1.documents.count }
        merged.documents.reserveCapacity(capacity)
        merged.idByPath.reserveCapacity(capacity)
        merged.paths.reserveCapacity(capacity)
        merged.termLists.reserveCapacity(capacity)
        func take(_ document: consuming IndexedDocument) {
            guard merged.idByPath[document.path] == nil else { return }
            merged.idByPath[document.path] = UInt32(merged.documents.count)
            merged.paths.append(document.path)
            merged.termLists.append(document.terms)
            merged.documents.append(document)
        }
        /// Moves every document out of `documents`, last first (popping
        /// moves; iterating or reversing would copy each).
        func takeAll(_ documents: inout [IndexedDocument]) {
            while let document = documents.popLast() { take(document) }
        }
        takeAll(&kept)
        let keptHaveTerms = merged.termLists.contains { !$0.isEmpty }
        // The largest table first, so it is the one taken as it is.
        outputs.sort { $0.table.count < $1.table.count }
        // Popped, so each output's arrays are its own and change in place.
        while var output = outputs.popLast() {
            if merged.terms.count == 0 && !keptHaveTerms {
                merged.terms = output.table
                takeAll(&output.documents)
                continue
            }
            var identities = [UInt32](repeating: 0, count: output.table.count)
            for local in 0..<output.table.count {
                identities[local] = output.table.withBytes(of: UInt32(local)) { merged.terms.intern($0) }
            }
            for index in output.documents.indices {
                output.documents[index].terms.withUnsafeMutableBufferPointer { list in
                    for offset in list.indices { list[offset] = identities[Int(list[offset] >> 3)] << 3 | (list[offset] & 7) }
                }
            }
            takeAll(&output.documents)
        }
        return merged
    }

    /// Each term's postings (document identity << 3 | zones, ascending)
    /// from each document's terms (identity << 3 | zones), document
    /// identities being positions in `termLists`: written into one buffer
    /// at offsets counted first, then each list copied out at its final size.
    static func postings(of termLists: [[UInt32]], termCount: Int) -> [[UInt32]] {
        var starts = [Int](repeating: 0, count: termCount + 1)
        for list in termLists {
            for term in list where Int(term >> 3) < termCount { starts[Int(term >> 3) + 1] += 1 }
        }
        for index in 0..<termCount { starts[index + 1] += starts[index] }
        var next = starts
        // Every slot is written below (the counts are exact): no zero fill first.
        let flat = [UInt32](unsafeUninitializedCapacity: starts[termCount]) { flat, initialized in
            next.withUnsafeMutableBufferPointer { next in
                for (id, list) in termLists.enumerated() {
                    for term in list where Int(term >> 3) < termCount {
                        let slot = next[Int(term >> 3)]
                        flat[slot] = UInt32(id) << 3 | (term & 7)
                        next[Int(term >> 3)] = slot + 1
                    }
                }
            }
            initialized = starts[termCount]
        }
        return (0..<termCount).map { Array(flat[starts[$0]..<starts[$0 + 1]]) }
    }

    /// The identities of `terms` sorted by their bytes: `known` (the first
    /// `previousCount` sorted) when it covers them all, or with the few new
    /// ones put in their places, else sorted anew.
    static func sortedTerms(_ known: [UInt32]?, before previousCount: Int, terms: ByteStringTable) -> [UInt32] {
        if let known, known.count == terms.count { return known }
        if var known, known.count == previousCount, terms.count - previousCount <= 4096 {
            for id in previousCount..<terms.count { insertSorted(UInt32(id), into: &known, terms: terms) }
            return known
        }
        return sortedIdentities(of: terms)
    }

    /// Puts `id` in its place in `sorted` (identities of `terms` sorted by bytes).
    static func insertSorted(_ id: UInt32, into sorted: inout [UInt32], terms: ByteStringTable) {
        let position = terms.withBytes(of: id) { bytes -> Int in
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if terms.withBytes(of: sorted[middle], { compare($0, bytes) < 0 }) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        sorted.insert(id, at: position)
    }

    /// Term identities sorted by their bytes.
    static func sortedIdentities(of table: ByteStringTable) -> [UInt32] {
        // The first eight bytes as one big-endian number decide most comparisons.
        var keyed: [(key: UInt64, id: UInt32)] = []
        keyed.reserveCapacity(table.count)
        for id in 0..<table.count {
            let key = table.withBytes(of: UInt32(id)) { bytes -> UInt64 in
                var key: UInt64 = 0
                for index in 0..<8 { key = key << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
                return key
            }
            keyed.append((key, UInt32(id)))
        }
        keyed.sort { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key < rhs.key }
            return table.withBytes(of: lhs.id) { left in table.withBytes(of: rhs.id) { right in compare(left, right) < 0 } }
        }
        return keyed.map(\.id)
    }
}
