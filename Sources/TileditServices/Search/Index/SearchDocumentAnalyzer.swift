import TileditModel

/// Reads documents into the terms the index keeps: each word's folded form
/// and, when it has accents, its accent-free form too (so a query without
/// accents finds it); each bigram and character of a run of Han, Hiragana,
/// Katakana or Hangul; with the zones each occurs in.
///
/// Terms are interned into `table` as bytes. A value for one thread of
/// work: each has its own analyzer and table; tables are merged afterwards.
struct SearchDocumentAnalyzer {
    /// The terms seen so far, by identity.
    var table: ByteStringTable { collector.table }
    private var tokenizer = SearchTokenizer()
    private var collector: TermCollector

    init(table: ByteStringTable = ByteStringTable()) {
        collector = TermCollector(table: table)
    }

    /// Gives up the table, leaving an empty one.
    mutating func takeTable() -> ByteStringTable {
        let taken = collector.table
        collector = TermCollector(table: ByteStringTable())
        return taken
    }

    /// The document for the index, or `nil` when the bytes are not text
    /// (`ContentCheck`).
    ///
    /// - Parameter rootName: the workspace folder's name, the title of a
    ///   root `index.md` with no title field and no heading.
    mutating func analyze(
        path: String, kind: DocumentKind, dialect: FrontMatterDialect, bytes: [UInt8], rootName: String,
        fingerprint: SearchFingerprint? = nil, sizeLimit: Int = ContentCheck.defaultSizeLimit
    ) -> IndexedDocument? {
        guard ContentCheck.problem(in: bytes, sizeLimit: sizeLimit) == nil else { return nil }
        let outline = Self.collect(
            bytes, kind: kind, dialect: dialect, fallbackTitle: { DocumentMetadata.fallbackTitle(forPath: path, rootName: rootName) },
            tokenizer: &tokenizer, collector: &collector)
        return IndexedDocument(
            path: path, kind: kind, dialect: dialect, fingerprint: fingerprint, title: outline.title, tags: outline.tags,
            isDraft: outline.isDraft, tileTypes: outline.tileTypes, bytes: bytes, terms: collector.finishDocument())
    }

    /// Cuts and tokenizes the document into `collector` (state passed in,
    /// so the hot loop touches no shared storage).
    private static func collect(
        _ bytes: [UInt8], kind: DocumentKind, dialect: FrontMatterDialect, fallbackTitle: () -> String,
        tokenizer: inout SearchTokenizer, collector: inout TermCollector
    ) -> SearchOutline {
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            var title = ""
            return SearchLineCutter.cut(buffer, kind: kind, dialect: dialect, fallbackTitle: {
                title = fallbackTitle()
                return title
            }) { line in
                let zone = UInt8(1) << UInt8(line.zone.rawValue)
                func tokenize(_ source: UnsafeBufferPointer<UInt8>) {
                    guard line.range.upperBound <= source.count else { return }
                    tokenizer.forEachToken(in: UnsafeBufferPointer(rebasing: source[line.range]), position: &position) { _, folded, stripped in
                        collector.add(stripped, zone: zone)
                        if !same(folded, stripped) { collector.add(folded, zone: zone) }
                    }
                }
                if line.number == 0 {
                    title.withUTF8 { tokenize($0) }
                } else {
                    tokenize(buffer)
                }
                return true
            }
        }
    }

    @inline(__always)
    private static func same(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        if lhs.baseAddress == rhs.baseAddress && lhs.count == rhs.count { return true }
        return lhs.elementsEqual(rhs)
    }

    /// The terms of the document being analyzed, with the zones each occurs
    /// in, interned into the worker's table.
    private struct TermCollector {
        private(set) var table: ByteStringTable
        /// Zones of each term in the document being analyzed (by identity).
        private var zones: [UInt8]
        /// Terms of the document being analyzed, in order of first occurrence.
        private var touched: [UInt32] = []

        init(table: ByteStringTable) {
            self.table = table
            zones = [UInt8](repeating: 0, count: Swift.max(table.count, 1024))
        }

        @inline(__always)
        mutating func add(_ term: UnsafeBufferPointer<UInt8>, zone: UInt8) {
            let id = Int(table.intern(term))
            if id >= zones.count { zones.append(contentsOf: repeatElement(0, count: Swift.max(id + 1, zones.count * 2) - zones.count)) }
            zones.withUnsafeMutableBufferPointer { zones in
                if zones[id] == 0 { touched.append(UInt32(id)) }
                zones[id] |= zone
            }
        }

        /// The document's terms (identity << 3 | zones); the zones are cleared for the next one.
        mutating func finishDocument() -> [UInt32] {
            var terms: [UInt32] = []
            terms.reserveCapacity(touched.count)
            zones.withUnsafeMutableBufferPointer { zones in
                for id in touched {
                    terms.append(id << 3 | UInt32(zones[Int(id)]))
                    zones[Int(id)] = 0
                }
            }
            touched.removeAll(keepingCapacity: true)
            return terms
        }
    }
}
