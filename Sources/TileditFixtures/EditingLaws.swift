import TileditModel

/// The editing laws (see ARCHITECTURE.md) as checks that return what was
/// violated instead of asserting, so property tests and the fuzz targets in
/// `Fuzz/` apply the same logic. Each check returns `nil` (or no messages)
/// when the law holds.
public enum EditingLaws {
    /// A block without its identity, to compare parses.
    public struct Shape: Equatable, Sendable, CustomStringConvertible {
        public var kind: BlockKind
        public var range: Range<Int>
        public var lines: ClosedRange<Int>
        public var diagnostics: [Diagnostic]

        public var description: String { "\(kind.displayName) \(range) \(lines) \(diagnostics.map(\.message))" }
    }

    /// Every block's shape, in document order.
    public static func shapes(_ document: MarkdownDocument) -> [Shape] {
        document.blocks.map { Shape(kind: $0.kind, range: $0.range, lines: $0.lines, diagnostics: $0.diagnostics) }
    }

    /// The running totals equal a count of every diagnostic.
    public static func totalsAgree(_ document: MarkdownDocument) -> Bool {
        let all = document.diagnostics
        let totals = document.diagnosticTotals
        return totals.errors == all.filter { $0.severity == .error }.count
            && totals.warnings == all.filter { $0.severity == .warning }.count
    }

    /// Law 1: open then save with no edit gives the identical bytes.
    public static func roundTripViolation(_ bytes: [UInt8], dialect: FrontMatterDialect) -> String? {
        MarkdownDocument(bytes: bytes, dialect: dialect).bytes == bytes ? nil : "open then save changed the bytes"
    }

    /// Blocks are in file order, do not overlap, lie inside the file, have
    /// lines from 1 that match their ranges, and leave only blank lines
    /// (and a byte order mark) uncovered.
    public static func blockLayoutViolation(_ document: MarkdownDocument) -> String? {
        let bytes = document.bytes
        var previousEnd = document.hasByteOrderMark ? 3 : 0
        for (index, block) in document.blocks.enumerated() {
            let range = block.range
            guard range.lowerBound >= previousEnd, range.upperBound <= bytes.count else {
                return "block \(index) (\(block.kind.displayName)) at \(range) overlaps the one before or ends past \(bytes.count)"
            }
            if let stray = bytes[previousEnd..<range.lowerBound].firstIndex(where: { !isBlank($0) }) {
                return "byte \(stray) before block \(index) belongs to no block"
            }
            guard block.lines.lowerBound >= 1, document.location(of: range.lowerBound).line == block.lines.lowerBound else {
                return "block \(index) (\(block.kind.displayName)) starts at line \(document.location(of: range.lowerBound).line), says \(block.lines)"
            }
            for diagnostic in block.diagnostics where diagnostic.range.lowerBound < 0 || diagnostic.range.upperBound > bytes.count {
                return "diagnostic \(diagnostic.message.debugDescription) at \(diagnostic.range) lies outside the file (\(bytes.count) bytes)"
            }
            previousEnd = range.upperBound
        }
        if let stray = bytes[previousEnd...].firstIndex(where: { !isBlank($0) }) {
            return "byte \(stray) after the last block belongs to no block"
        }
        return nil
    }

    /// Law 3: the incrementally re-parsed `document` equals a fresh parse
    /// of its bytes, its diagnostic totals agree, and identities are unique.
    public static func reparseViolation(_ document: MarkdownDocument) -> String? {
        let fresh = MarkdownDocument(bytes: document.bytes, dialect: document.dialect, catalog: document.catalog)
        let mine = shapes(document)
        let theirs = shapes(fresh)
        if mine != theirs {
            let first = Array(zip(mine, theirs)).firstIndex { $0.0 != $0.1 } ?? Swift.min(mine.count, theirs.count)
            return """
                re-parse differs from a fresh parse of \(document.text.debugDescription)
                incremental[\(first)...]: \(mine.dropFirst(first).prefix(3))
                fresh[\(first)...]: \(theirs.dropFirst(first).prefix(3))
                """
        }
        if !totalsAgree(document) { return "diagnostic totals disagree with the diagnostics" }
        if Set(document.blocks.map(\.id)).count != document.blockCount { return "two blocks share an identity" }
        return nil
    }

    /// Law 2: only bytes inside `block`'s range changed from `before` to `after`.
    public static func confinementViolation(before: MarkdownDocument, after: MarkdownDocument, block: Block) -> String? {
        let old = before.bytes
        let new = after.bytes
        let prefix = old[..<block.range.lowerBound]
        let suffix = old[block.range.upperBound...]
        guard new.count >= prefix.count + suffix.count else { return "the file shrank past the edited block \(block.range)" }
        if !new.prefix(prefix.count).elementsEqual(prefix) { return "bytes before the edited block \(block.range) changed" }
        if !new.suffix(suffix.count).elementsEqual(suffix) { return "bytes after the edited block \(block.range) changed" }
        return nil
    }

    /// Whether law 2 applies to `operation`: it edits one block in place.
    /// (Replacing a block's text with only white space deletes the block
    /// with the blank lines after it, like `deleteBlock`.)
    public static func isConfined(_ operation: DocumentOperation) -> Bool {
        switch operation {
        case .setTileProperty, .removeTileProperty: true
        case .replaceBlockText(_, let text): !text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        default: false
        }
    }

    /// Law 4: undoing `change` on `after` gives `before`'s bytes and
    /// blocks; redoing it gives `after`'s bytes again.
    public static func undoViolations(before: MarkdownDocument, after: MarkdownDocument, change: DocumentChange) -> [String] {
        var problems: [String] = []
        var undone = after
        undone.undo(change)
        if undone.bytes != before.bytes { problems.append("undo did not restore the bytes") }
        if shapes(undone) != shapes(before) { problems.append("undo did not restore the blocks") }
        var redone = undone
        redone.redo(change)
        if redone.bytes != after.bytes { problems.append("redo did not give the edited bytes") }
        return problems
    }

    /// Performs `operation` on `document` and checks laws 2, 3 and 4 (a
    /// refused operation must leave the bytes alone). Returns whether it
    /// was performed and what was violated.
    public static func perform(_ operation: DocumentOperation, on document: inout MarkdownDocument) -> (performed: Bool, violations: [String]) {
        let before = document
        let change: DocumentChange
        do {
            change = try document.perform(operation)
        } catch {
            return (false, document.bytes == before.bytes ? [] : ["a refused edit changed bytes"])
        }
        var violations: [String] = []
        if let problem = reparseViolation(document) { violations.append(problem) }
        if isConfined(operation), let id = blockID(of: operation), let block = before.block(id: id),
           let problem = confinementViolation(before: before, after: document, block: block) {
            violations.append(problem)
        }
        if let problem = blockCountViolation(operation, before: before, after: document, change: change) { violations.append(problem) }
        violations += undoViolations(before: before, after: document, change: change)
        return (true, violations.map { "\($0) (\(operation))" })
    }

    /// A structural operation changes the number of blocks by what it
    /// promises (a deletion one fewer, a duplicate one more, a move none):
    /// the blocks it did not name never join or split.
    static func blockCountViolation(_ operation: DocumentOperation, before: MarkdownDocument, after: MarkdownDocument, change: DocumentChange) -> String? {
        guard !change.edits.isEmpty else { return nil }
        let expected: Int
        switch operation {
        case .deleteBlock: expected = before.blockCount - 1
        case .duplicateBlock: expected = before.blockCount + 1
        case .moveBlock: expected = before.blockCount
        default: return nil
        }
        return after.blockCount == expected ? nil : "\(before.blockCount) blocks became \(after.blockCount), not \(expected)"
    }

    private static func blockID(of operation: DocumentOperation) -> BlockID? {
        switch operation {
        case .setTileProperty(let id, _, _), .removeTileProperty(let id, _), .replaceBlockText(let id, _): id
        default: nil
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
