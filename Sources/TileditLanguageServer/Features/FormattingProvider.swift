import TileditModel

/// `textDocument/formatting` and `rangeFormatting`: the canonical
/// formatter's changes as minimal line edits, never the whole document.
///
/// The document is formatted in stretches of `stretchSize` blocks, each
/// parsed on its own with one block of context on either side (so a list's
/// neighbors are seen as in the whole document); a cancelled request stops
/// between stretches.
enum FormattingProvider {
    static let stretchSize = 64

    static func formatting(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        guard let markdown = document.model.markdown else { return .array([]) }
        let edits = try edits(for: markdown, blocks: 0..<markdown.blockCount)
        return .array(edits.map { LSPConversion.textEdit($0, in: document, encoding: context.encoding) })
    }

    static func rangeFormatting(_ context: RequestContext, _ params: JSON) throws -> JSON {
        let document = try context.document(params)
        guard let range = LSPRange(json: params["range"]) else { throw ResponseError.invalidParams("`range` is missing") }
        guard let markdown = document.model.markdown else { return .array([]) }
        let bytes = document.byteRange(of: range, encoding: context.encoding)
        let edits = try edits(for: markdown, blocks: blocks(overlapping: bytes, in: markdown))
        return .array(edits.map { LSPConversion.textEdit($0, in: document, encoding: context.encoding) })
    }

    /// Indexes of the blocks whose bytes overlap `range` (an empty range: the block holding it).
    static func blocks(overlapping range: Range<Int>, in document: MarkdownDocument) -> Range<Int> {
        guard document.blockCount > 0 else { return 0..<0 }
        let first = document.blockIndex(containing: range.lowerBound) ?? 0
        let last = document.blockIndex(containing: Swift.max(range.lowerBound, range.upperBound - 1)) ?? first
        return first..<(last + 1)
    }

    /// Minimal edits that make `blocks` canonical (file coordinates,
    /// sorted); the final line break of the file is fixed when the last
    /// block is among them.
    ///
    /// - Throws: `ResponseError.requestCancelled` when the task is cancelled.
    static func edits(for document: MarkdownDocument, blocks: Range<Int>) throws(ResponseError) -> [TextEdit] {
        var result: [TextEdit] = []
        var first = blocks.lowerBound
        while first < blocks.upperBound {
            try ResponseError.checkCancellation()
            let last = Swift.min(first + stretchSize, blocks.upperBound) - 1
            result += stretchEdits(document, first: first, last: last)
            first = last + 1
        }
        return result
    }

    private static func stretchEdits(_ document: MarkdownDocument, first: Int, last: Int) -> [TextEdit] {
        let count = document.blockCount
        let contextFirst = Swift.max(0, first - 1)
        let contextLast = Swift.min(count - 1, last + 1)
        let start = contextFirst == 0 ? 0 : document.range(at: contextFirst).lowerBound
        let end = contextLast == count - 1 ? document.storage.count : document.range(at: contextLast).upperBound
        // A stretch after the start of the file begins with a line that cannot
        // be front matter, so its first block reads as it does in the file.
        let lead: [UInt8] = contextFirst == 0 ? [] : Array("x\n\n".utf8)
        let piece = MarkdownDocument(bytes: lead + document.storage[start..<end], dialect: document.dialect, catalog: document.catalog)
        let shift = start - lead.count
        let keepStart = document.range(at: first).lowerBound
        let keepEnd = last == count - 1 ? document.storage.count : document.range(at: last).upperBound
        var result: [TextEdit] = []
        for edit in CanonicalFormatter().edits(for: piece) {
            let range = (edit.range.lowerBound + shift)..<(edit.range.upperBound + shift)
            guard range.lowerBound >= keepStart, range.upperBound <= keepEnd else { continue }
            result += MinimalEdits.lineEdits(old: document.storage[range], new: edit.replacement, base: range.lowerBound)
        }
        return result
    }
}
