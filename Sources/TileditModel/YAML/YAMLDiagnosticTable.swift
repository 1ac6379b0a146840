/// The diagnostics of a `YAMLFileDocument` in file order, each beside how
/// it was found (`YAMLDiagnosticSource`), kept in chunks so that an edit
/// inside one top-level entry replaces one chunk's diagnostics and moves
/// the later chunks by a pending shift, instead of copying every
/// diagnostic of the file (a 10 MB file has tens of thousands of notes;
/// ARCHITECTURE.md, "Scale").
///
/// A chunk's diagnostics are stored as they were when the chunk was last
/// written; its `byteShift` and `lineShift` (UTF-8 bytes and lines) are
/// added when they are read. Messages that name lines are written again
/// from their templates then.
struct YAMLDiagnosticTable: Sendable {
    /// One diagnostic and how it was found.
    typealias Entry = (diagnostic: Diagnostic, source: YAMLDiagnosticSource)

    /// A run of diagnostics in file order with the move they still owe.
    private struct Chunk: Sendable {
        var entries: [Entry]
        var byteShift = 0
        var lineShift = 0

        /// Where its first diagnostic starts, shift included.
        var firstStart: Int { (entries.first?.diagnostic.range.lowerBound ?? 0) + byteShift }

        /// Entry `index` with the chunk's shift applied.
        func entry(_ index: Int) -> Entry {
            let stored = entries[index]
            guard byteShift != 0 || lineShift != 0 else { return stored }
            return YAMLDiagnosticTable.moved(stored, bytes: byteShift, lines: lineShift)
        }

        /// Every entry with the chunk's shift applied.
        var shiftedEntries: [Entry] {
            guard byteShift != 0 || lineShift != 0 else { return entries }
            return entries.map { YAMLDiagnosticTable.moved($0, bytes: byteShift, lines: lineShift) }
        }
    }

    /// How many diagnostics a chunk holds when the table is made (a chunk
    /// grows or shrinks with edits; one grown past twice this is split).
    static let chunkSize = 128

    private var chunks: [Chunk] = []
    /// Number of diagnostics.
    private(set) var count = 0
    /// Number of errors and warnings.
    private(set) var totals: (errors: Int, warnings: Int) = (0, 0)
    /// Number of diagnostics of the checks across top-level keys
    /// (`.rootKey`), so an edit asks whether there are any without a pass.
    private(set) var rootKeyCount = 0

    /// The table of `entries`, which are in file order.
    init(_ entries: [Entry] = []) {
        var start = 0
        while start < entries.count {
            let end = Swift.min(entries.count, start + Self.chunkSize)
            chunks.append(Chunk(entries: Array(entries[start..<end])))
            start = end
        }
        count = entries.count
        totals = Self.totals(of: entries)
        rootKeyCount = Self.rootKeyCount(of: entries)
    }

    /// Every diagnostic, in file order (made on demand: O(count)).
    var diagnostics: [Diagnostic] {
        var all: [Diagnostic] = []
        all.reserveCapacity(count)
        for chunk in chunks {
            for index in chunk.entries.indices { all.append(chunk.entry(index).diagnostic) }
        }
        return all
    }

    /// Every diagnostic with its source, in file order (O(count)).
    var entries: [Entry] { chunks.flatMap(\.shiftedEntries) }

    /// The diagnostics starting in `range` (UTF-8 byte offsets), in file
    /// order; O(log count + found).
    func diagnostics(in range: Range<Int>) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var chunkIndex = firstChunk(endingAtOrAfter: range.lowerBound)
        while chunkIndex < chunks.count {
            let chunk = chunks[chunkIndex]
            for index in chunk.entries.indices {
                let start = chunk.entries[index].diagnostic.range.lowerBound + chunk.byteShift
                if start >= range.upperBound { return found }
                if start >= range.lowerBound { found.append(chunk.entry(index).diagnostic) }
            }
            chunkIndex += 1
        }
        return found
    }

    /// The first error in file order, `nil` when there is none (O(1)
    /// without errors).
    var firstError: Diagnostic? {
        guard totals.errors > 0 else { return nil }
        for chunk in chunks {
            if let index = chunk.entries.firstIndex(where: { $0.diagnostic.severity == .error }) { return chunk.entry(index).diagnostic }
        }
        return nil
    }

    /// Whether a diagnostic found with `rank` starts in `range` (UTF-8
    /// bytes); nothing is copied.
    func contains(rank: YAMLChecks.Rank, startingIn range: Range<Int>) -> Bool {
        chunks.contains { chunk in
            chunk.entries.contains { $0.source.rank == rank && range.contains($0.diagnostic.range.lowerBound + chunk.byteShift) }
        }
    }

    /// Replaces the diagnostics an incremental read of one top-level
    /// entry changed: those starting in `span` (UTF-8 bytes of the text
    /// before the edit) are dropped, but for those `keeping` returns true
    /// for, which stay as they are; those starting at or after
    /// `span.upperBound` move by `delta` bytes and `lineDelta` lines;
    /// `added` (in the coordinates after the edit, each starting in the
    /// entry) go in by start, then rank. Only the chunks holding `span` are
    /// written again; those after it take the move as a pending shift.
    mutating func replace(in span: Range<Int>, with added: [Entry], delta: Int, lineDelta: Int, keeping: (Entry) -> Bool) {
        // The chunks whose diagnostics may start in the span: from the one
        // holding the last diagnostic before it to the one holding the first
        // at or after its end (either may be absent).
        var low = firstChunk(endingAtOrAfter: span.lowerBound)
        if low == chunks.count && low > 0 { low -= 1 }
        var high = low
        while high < chunks.count && (high == low || chunks[high].firstStart < span.upperBound) { high += 1 }
        let region = low..<high
        var merged: [Entry] = []
        let old = chunks[region].flatMap(\.shiftedEntries)
        merged.reserveCapacity(old.count + added.count)
        var next = 0
        func take(_ entry: Entry) {
            while next < added.count && Self.precedes(added[next], entry) {
                merged.append(added[next])
                next += 1
            }
            merged.append(entry)
        }
        for entry in old {
            let start = entry.diagnostic.range.lowerBound
            if start < span.lowerBound {
                take(entry)
            } else if start < span.upperBound {
                if keeping(entry) { take(entry) }
            } else {
                take(Self.moved(entry, bytes: delta, lines: lineDelta))
            }
        }
        merged.append(contentsOf: added[next...])
        count += merged.count - old.count
        let removed = Self.totals(of: old)
        let put = Self.totals(of: merged)
        totals = (totals.errors - removed.errors + put.errors, totals.warnings - removed.warnings + put.warnings)
        rootKeyCount += Self.rootKeyCount(of: merged) - Self.rootKeyCount(of: old)
        if delta != 0 || lineDelta != 0 {
            for index in high..<chunks.count {
                chunks[index].byteShift += delta
                chunks[index].lineShift += lineDelta
            }
        }
        var pieces: [Chunk] = []
        var start = 0
        let limit = 2 * Self.chunkSize
        while start < merged.count {
            let end = merged.count - start > limit ? start + Self.chunkSize : merged.count
            pieces.append(Chunk(entries: Array(merged[start..<end])))
            start = end
        }
        chunks.replaceSubrange(region, with: pieces)
    }

    // MARK: Helpers

    /// The first chunk whose last diagnostic starts at or after `offset`
    /// (`chunks.count` when none does).
    private func firstChunk(endingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            let chunk = chunks[middle]
            let lastStart = (chunk.entries.last?.diagnostic.range.lowerBound ?? Int.min) + chunk.byteShift
            if lastStart < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `entry` goes before `other`: by start, then by rank.
    private static func precedes(_ entry: Entry, _ other: Entry) -> Bool {
        (entry.diagnostic.range.lowerBound, entry.source.rank) < (other.diagnostic.range.lowerBound, other.source.rank)
    }

    /// `entry` moved by `bytes` and `lines`, its message written again when it names lines.
    static func moved(_ entry: Entry, bytes: Int, lines: Int) -> Entry {
        var diagnostic = entry.diagnostic
        var source = entry.source
        if bytes != 0 {
            diagnostic.range = (diagnostic.range.lowerBound + bytes)..<(diagnostic.range.upperBound + bytes)
            if let fix = diagnostic.fix { diagnostic.fix = YAMLTopLevelEntries.shifted(fix, by: bytes) }
        }
        if lines != 0 {
            diagnostic.location.line += lines
            if let template = source.template {
                source.firstLine += lines
                diagnostic.message = BlockDiagnostic(diagnostic.severity, diagnostic.code, template, range: diagnostic.range)
                    .resolvedMessage(firstLine: source.firstLine)
            }
        }
        return (diagnostic, source)
    }

    private static func rootKeyCount(of entries: [Entry]) -> Int {
        entries.reduce(0) { $0 + ($1.source.rank == .rootKey ? 1 : 0) }
    }

    private static func totals(of entries: [Entry]) -> (errors: Int, warnings: Int) {
        entries.reduce(into: (0, 0)) { totals, entry in
            if entry.diagnostic.severity == .error { totals.0 += 1 } else if entry.diagnostic.severity == .warning { totals.1 += 1 }
        }
    }
}
