import TileditModel

/// Which blocks of a Markdown document have diagnostics, kept up to date
/// edit by edit, with each block's diagnostics serialized for publishing,
/// so publishing after a keystroke does not walk every block of a large
/// document nor convert every diagnostic again.
///
/// Counts follow `MarkdownDocument.diagnosticCount(at:severity:)`, so their
/// sums match `MarkdownDocument.diagnosticTotals`; when they do not (a
/// duplicate tile id began or ended far from the edit), the index is built
/// again from the whole document.
struct DiagnosticIndex: Sendable {
    struct Entry: Sendable {
        var errors: Int
        var warnings: Int
        /// The block's diagnostics as JSON items, and where the block was
        /// (first byte, first line) when they were written.
        var serialized: (bytes: [UInt8], start: Int, line: Int, encoding: PositionEncoding)?
    }

    private(set) var entries: [BlockID: Entry] = [:]
    private var errors = 0
    private var warnings = 0

    /// The index of every block of `document`.
    init(_ document: MarkdownDocument) {
        rebuild(document)
    }

    private mutating func rebuild(_ document: MarkdownDocument) {
        entries = [:]
        errors = 0
        warnings = 0
        var indices: Set<Int> = []
        for diagnostic in document.diagnostics {
            guard let index = document.blockIndex(containing: diagnostic.range.lowerBound) else { continue }
            indices.insert(index)
            if diagnostic.code == .tileDuplicateID, let id = document.kind(at: index).tile?.id {
                // The first tile of the id counts an error without a message of its own.
                for other in document.blocks(withTileID: id) { if let otherIndex = document.index(of: other) { indices.insert(otherIndex) } }
            }
        }
        for index in indices { update(document, index: index) }
    }

    /// Re-reads the blocks an edit re-parsed, and forgets the removed ones.
    mutating func apply(_ change: MarkdownDocument.Replacement, in document: MarkdownDocument) {
        for id in change.removed { forget(id) }
        for id in change.updated + change.inserted {
            forget(id)
            if let index = document.index(of: id) { update(document, index: index) }
        }
    }

    private mutating func forget(_ id: BlockID) {
        guard let old = entries.removeValue(forKey: id) else { return }
        errors -= old.errors
        warnings -= old.warnings
    }

    private mutating func update(_ document: MarkdownDocument, index: Int) {
        let counts = (
            document.diagnosticCount(at: index, severity: .error), document.diagnosticCount(at: index, severity: .warning),
            document.diagnosticCount(at: index, severity: .info))
        guard counts.0 + counts.1 + counts.2 > 0 else { return }
        let id = document.id(at: index)
        forget(id)
        entries[id] = Entry(errors: counts.0, warnings: counts.1, serialized: nil)
        errors += counts.0
        warnings += counts.1
    }

    /// The diagnostics of `document` as JSON array items, in file order,
    /// re-using what was written for blocks that did not change or move.
    mutating func serializedItems(_ document: MarkdownDocument, open: OpenDocument, encoding: PositionEncoding) -> [[UInt8]] {
        let totals = document.diagnosticTotals
        if totals.errors != errors || totals.warnings != warnings { rebuild(document) }
        let located = entries.keys.compactMap { id in document.index(of: id).map { (id, $0) } }.sorted { $0.1 < $1.1 }
        var result: [[UInt8]] = []
        result.reserveCapacity(located.count)
        for (id, index) in located {
            guard var entry = entries[id] else { continue }
            let start = document.range(at: index).lowerBound
            // The protocol's line (a lone CR ends one too), not the model's.
            let line = open.lines.line(containing: start)
            if let cached = entry.serialized, cached.start == start, cached.line == line, cached.encoding == encoding {
                if !cached.bytes.isEmpty { result.append(cached.bytes) }
                continue
            }
            var bytes: [UInt8] = []
            for diagnostic in document.block(at: index).diagnostics {
                if !bytes.isEmpty { bytes.append(0x2C) }
                LSPConversion.diagnostic(diagnostic, in: open, encoding: encoding).write(to: &bytes)
            }
            entry.serialized = (bytes, start, line, encoding)
            entries[id] = entry
            if !bytes.isEmpty { result.append(bytes) }
        }
        return result
    }
}
