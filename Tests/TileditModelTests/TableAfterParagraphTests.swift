import Testing
import TileditFixtures
@testable import TileditModel

/// A GFM table right under a paragraph's lines (no blank line): cmark-gfm
/// splits the paragraph's last line off as the header and leaves the rest
/// without a position; the reader places it from the table's first line.
/// A code span across lines hides a line break from the inline count, so the
/// header is found above the delimiter row.
@Suite("Table after a paragraph")
struct TableAfterParagraphTests {
    @Test func aCodeSpanAcrossLinesLeavesTheParagraphItsLines() {
        let text = "one `code\nspan` two\n:::\n| A | B |\n|---|---|\n| 1 | 2 |\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.outline == ["paragraph@1-3", "table@4-6"])
        #expect(document.bytes == Array(text.utf8))
    }

    @Test func aParagraphWithoutCodeSpansStillEndsAboveTheHeader() {
        let document = MarkdownDocument("one\ntwo\n| A | B |\n|---|---|\n| 1 | 2 |\n", dialect: .yaml)
        #expect(document.outline == ["paragraph@1-2", "table@3-5"])
    }

    /// Law 3 on generated paragraphs (code spans across lines, lines that
    /// look like delimiter rows with the wrong cell count) over a table: an
    /// edit anywhere re-reads to what a fresh read gives.
    @Test(arguments: 0..<200)
    func anEditReReadsAsAFreshReadDoes(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 0x51 &+ 9)
        let pieces = ["text", "`code", "span`", ":::", "a|b", "|-|-|-|", "``two", "ticks``", "x `y` z", "[link](u"]
        var lines = (0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
        lines += ["| A | B |", "|---|---|", "| 1 | 2 |", "", "after"]
        let text = lines.joined(separator: "\n") + "\n"
        var document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.bytes == Array(text.utf8))
        let bytes = document.bytes
        let at = Int.random(in: 0...bytes.count, using: &generator)
        var start = at
        while start < bytes.count && bytes[start] & 0xC0 == 0x80 { start += 1 }
        let fragment = ["\n", "x", "`", "|", ":::\n", "\n\n"][Int.random(in: 0..<6, using: &generator)]
        document.replace(start..<start, with: Array(fragment.utf8))
        let fresh = MarkdownDocument(bytes: document.bytes, dialect: .yaml)
        #expect(EditingLawTests.shapes(document) == EditingLawTests.shapes(fresh), "seed \(seed): \(String(decoding: document.bytes, as: UTF8.self).debugDescription)")
    }
}
