import Testing
import TileditModel

/// Link destinations as CommonMark reads them, with the exact bytes where
/// each is written: inline links and images, reference definitions in
/// every form, and nothing from code, HTML, tiles or front matter.
@Suite("Link reader")
struct LinkReaderTests {
    private func read(_ text: String, dialect: FrontMatterDialect = .tiledown) -> (LinkReader.Result, [UInt8]) {
        let document = MarkdownDocument(text, dialect: dialect)
        return (LinkReader.destinations(in: document) { _ in true }, document.bytes)
    }

    private func written(_ result: LinkReader.Result, _ bytes: [UInt8]) -> [String] {
        result.destinations.map { String(decoding: bytes[$0.range], as: UTF8.self) }
    }

    @Test func inlineLinksImagesAndDefinitionsAreFoundWhereTheyAreWritten() {
        let text = """
        ---
        title: A [link](front.md) in front matter is no link
        ---
        See [one](a.md), ![two](<b c.png> "Title") and [three
        over lines](d.md#x 'T').

        > A [quote](e.md) and a [reference][ref].

        - [item](f.md?q=1)

        [ref]: g.md
        [other]:
          <h i.md>
          "Title"

        """
        let (result, bytes) = read(text)
        #expect(written(result, bytes) == ["a.md", "b c.png", "d.md#x", "e.md", "f.md?q=1", "g.md", "h i.md"])
        #expect(result.destinations.map(\.form) == [
            .inlineLink, .inlineImage, .inlineLink, .inlineLink, .inlineLink, .definition(label: "ref"), .definition(label: "other"),
        ])
        #expect(result.destinations.map(\.isAngleBracketed) == [false, true, false, false, false, false, true])
        #expect(result.destinations.map(\.line) == [4, 4, 5, 7, 9, 11, 13])
        #expect(result.destinations.map(\.url) == ["a.md", "b c.png", "d.md#x", "e.md", "f.md?q=1", "g.md", "h i.md"])
        #expect(result.unreadLines.isEmpty)
    }

    @Test func codeHTMLTilesAndDisplayMathHoldNoLinks() throws {
        let text = """
        A `[code](a.md)` span, and [real](a.md).

        ```
        [fenced](a.md)
        ```

            [indented](a.md)

        <div>[html](a.md)</div>

        :::tile callout
        body: [tile](a.md)
        :::

        """
        let (result, bytes) = read(text)
        #expect(written(result, bytes) == ["a.md"])
        let start = try #require(bytes.firstRange(of: Array("[real](".utf8))).upperBound
        #expect(result.destinations.map(\.range) == [start..<(start + 4)])
        #expect(result.unreadLines.isEmpty)
    }

    @Test func escapesAndReferencesReadAsCommonMarkReadsThem() {
        let (result, bytes) = read("[a](my\\_page.md) [b](x&amp;y.md) [c](<a\\>b.md>)\n")
        #expect(written(result, bytes) == ["my\\_page.md", "x&amp;y.md", "a\\>b.md"])
        #expect(result.destinations.map(\.url) == ["my_page.md", "x&y.md", "a>b.md"])
    }

    @Test func aLinkInsideALinkIsTheOnlyLinkAndBracketsOfTextAreNone() {
        let (result, bytes) = read("[outer [inner](i.md)](o.md) and [not a link] (x.md) and [a](b.md)\n")
        #expect(written(result, bytes) == ["i.md", "b.md"])
    }

    @Test func footnoteDefinitionsAndTablesHoldLinks() {
        let text = """
        Text[^1].

        [^1]: See [the note](n.md).

        | a | b |
        |---|---|
        | [cell](c.md) | x |

        """
        let (result, bytes) = read(text)
        #expect(written(result, bytes) == ["n.md", "c.md"])
    }

    @Test func onlyTheWantedDestinationsAreChecked() {
        let document = MarkdownDocument("[a](a.md) [b](b.md)\n\n[c](c.md)\n", dialect: .tiledown)
        let result = LinkReader.destinations(in: document) { $0.url == "b.md" }
        #expect(result.destinations.map(\.url) == ["b.md"])
    }

    @Test func aLinkTheScannerCannotReadLeavesItsBlockUnread() {
        // `&eacute;` is a reference this reader does not know: cmark reads
        // two links, the scanner cannot say which is which, so the block's
        // links are left out and its line reported.
        let (result, _) = read("Before.\n\n[a](x&eacute;.md) [b](x.md)\n")
        #expect(result.destinations.isEmpty)
        #expect(result.unreadLines == [3])
    }
}
