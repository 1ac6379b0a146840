import Testing
import TileditFixtures
@testable import TileditModel

/// The formatter does not choose line endings: a tile canonical but for
/// its line endings (a file that mixes LF, CRLF and CR) is left as written;
/// a tile it does rewrite is written in the ending of its first line.
@Suite("Tile line endings under the formatter")
struct TileLineEndingFormatTests {
    @Test func aCanonicalTileWithMixedLineEndingsIsLeftAsWritten() {
        let text = "---\r\ntitle: Hello\ndraft: true\r\n---\n\nBody line.\r\n\n:::tile callout\nid: note-1\r\ntitle: Hi\n:::\r\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        // It once became `id: note-1\n`, the only change in the file.
        #expect(CanonicalFormatter().format(document) == Array(text.utf8))
    }

    @Test func aRewrittenTileTakesItsFirstLineEnding() {
        let document = MarkdownDocument(":::tile callout\r\ntitle: Hi\nid: a\r:::\r\n", dialect: .yaml)
        #expect(String(decoding: CanonicalFormatter().format(document), as: UTF8.self) == ":::tile callout\r\nid: a\r\ntitle: Hi\r\n:::\r\n")
    }

    /// Generated: canonical tiles whose line breaks are each LF, CRLF or CR
    /// at random, between paragraphs: formatting changes no byte.
    @Test func generatedCanonicalTilesKeepTheirLineEndings() {
        var random = SeededGenerator(seed: 61)
        let tiles = [
            [":::tile callout", "id: a", "title: Hi", "body: Text", ":::"],
            [":::tile counter", "id: c", "label: Clicks", ":::"],
            [":::tile buttondown", "id: b", "username: me", "tags:", "- one", "- two", ":::"],
            [":::tile callout", "id: m", "body: |", "  First", "", "  Second", ":::"],
        ]
        for seed in 0..<200 {
            var lines = ["Intro \(seed).", ""] + tiles[Int.random(in: 0..<tiles.count, using: &random)] + ["", "End."]
            if Bool.random(using: &random) { lines = tiles[Int.random(in: 0..<tiles.count, using: &random)] + [""] + lines }
            var text = ""
            for line in lines { text += line + ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)] }
            let document = MarkdownDocument(text, dialect: .yaml)
            let formatted = String(decoding: CanonicalFormatter().format(document), as: UTF8.self)
            #expect(formatted == text, "seed \(seed): \(text.debugDescription) became \(formatted.debugDescription)")
        }
    }
}
