import TileditModel

/// What formatting a document changed, as `F` reports it: the blocks
/// rewritten, counted by kind (`BlockKind.displayName`, most first, then
/// by name), whether the blank lines or missing line break at the end of
/// the file were fixed, and the blocks left as written because they have
/// errors (the formatter never rewrites those).
public struct FormatReport: Equatable, Sendable {
    /// Blocks rewritten, per kind name (`"tile chart"`, `"bullet list"`).
    public var blocksByKind: [String: Int]
    /// Whether the end of the file (its last line break) changed.
    public var fixedEnding: Bool
    /// Blocks not rewritten because they have errors.
    public var skippedWithErrors: Int

    public init(blocksByKind: [String: Int] = [:], fixedEnding: Bool = false, skippedWithErrors: Int = 0) {
        self.blocksByKind = blocksByKind
        self.fixedEnding = fixedEnding
        self.skippedWithErrors = skippedWithErrors
    }

    /// The report of `edits` (file coordinates of `document`, as
    /// `CanonicalFormatter.edits(for:)` gives them) on `document`: an edit
    /// starting after the last block's bytes is the file's ending, any
    /// other counts the block holding its first byte once.
    public init(edits: [TextEdit], in document: MarkdownDocument) {
        var blocks: Set<Int> = []
        var fixedEnding = false
        let lastEnd = document.blockCount > 0 ? document.range(at: document.blockCount - 1).upperBound : 0
        for edit in edits {
            if edit.range.lowerBound >= lastEnd {
                fixedEnding = true
            } else if let index = document.blockIndex(containing: edit.range.lowerBound) {
                blocks.insert(index)
            }
        }
        var byKind: [String: Int] = [:]
        for index in blocks { byKind[document.kind(at: index).displayName, default: 0] += 1 }
        var skipped = 0
        for index in 0..<document.blockCount where document.diagnosticCount(at: index, severity: .error) > 0 { skipped += 1 }
        self.init(blocksByKind: byKind, fixedEnding: fixedEnding, skippedWithErrors: skipped)
    }

    /// Number of blocks rewritten.
    public var blockCount: Int { blocksByKind.values.reduce(0, +) }

    /// Whether formatting changed nothing: the document was canonical.
    public var changedNothing: Bool { blockCount == 0 && !fixedEnding }

    /// One line for the status: `Formatted 3 blocks (2 tile chart, 1
    /// bullet list) and the end of the file`, or `Already canonical:
    /// formatting changes nothing`; then `; 1 block with errors left as
    /// written` when some were skipped.
    public var message: String {
        var text: String
        if changedNothing {
            text = "Already canonical: formatting changes nothing"
        } else {
            var parts: [String] = []
            if blockCount > 0 {
                let kinds = blocksByKind.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                parts.append("\(Self.count(blockCount, "block")) (\(kinds))")
            }
            if fixedEnding { parts.append("the end of the file") }
            text = "Formatted " + parts.joined(separator: " and ")
        }
        if skippedWithErrors > 0 { text += "; \(Self.count(skippedWithErrors, "block")) with errors left as written" }
        return text
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
