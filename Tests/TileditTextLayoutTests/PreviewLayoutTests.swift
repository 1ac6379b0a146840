import Foundation
import Testing
import TileditModel
import TileditTestSupport
@testable import TileditTextLayout

/// The styled preview of documents (`StyledDocumentBuilder`) laid out for a
/// terminal (`PreviewLayout`).
@Suite struct PreviewLayoutTests {
    private func render(_ text: String, width: Int) -> [StyledLine] {
        (try? PreviewLayout.lines(of: StyledDocumentBuilder().build(MarkdownDocument(text, dialect: .tiledown)), width: width)) ?? []
    }

    private func line(_ runs: (String, TextStyle)...) -> StyledLine {
        StyledLine(runs.map { StyledRun($0.0, $0.1) })
    }

    // MARK: Prose

    @Test func showsAHeadingWithMarksAndInlineStyles() {
        #expect(render("# Hello *big* world\n", width: 40) == [
            line(("# Hello ", .heading(1)), ("big", [.heading(1), .emphasis]), (" world", .heading(1))),
        ])
    }

    @Test func wrapsAHeadingUnderItsText() {
        #expect(render("## Alpha beta gamma\n", width: 12) == [
            line(("## Alpha", .heading(2))),
            line(("   ", .plain), ("beta", .heading(2))),
            line(("   ", .plain), ("gamma", .heading(2))),
        ])
    }

    @Test func stylesStrongCodeLinksAndStrikethrough() {
        #expect(render("**Bold** `code` [site](https://example.com) ~~old~~ <https://a.b>\n", width: 80) == [
            line(
                ("Bold", .strong), (" ", .plain), ("code", .code), (" ", .plain), ("site", .link),
                (" (https://example.com)", .muted), (" ", .plain), ("old", .strikethrough), (" ", .plain), ("https://a.b", .link)),
        ])
    }

    @Test func resolvesAReferenceAgainstTheWholeDocumentWhenRenderingOneBlock() throws {
        let document = MarkdownDocument("See [docs][d].\n\n:::tile counter\n:::\n\n[d]: https://e.x\n", dialect: .tiledown)
        let paragraph = try #require(document.blocks.first)
        let items = StyledDocumentBuilder().items(of: paragraph, index: 0, in: document, definitions: "[d]: https://e.x\n\n")
        #expect(PreviewLayout.lines(of: StyledDocument(items: items), width: 40) == [
            line(("See ", .plain), ("docs", .link), (" (https://e.x)", .muted), (".", .plain)),
        ])
    }

    @Test func listsItemsWithBulletsNumbersTasksAndHangingIndents() {
        #expect(render("- alpha beta gamma\n- two\n  - nested\n", width: 10) == [
            line(("•", .listMarker), (" alpha", .plain)),
            line(("  beta", .plain)),
            line(("  gamma", .plain)),
            line(("•", .listMarker), (" two", .plain)),
            line(("  ", .plain), ("◦", .listMarker), (" nested", .plain)),
        ])
        #expect(render("9. nine\n10. ten\n", width: 20) == [
            line(("9.", .listMarker), ("  nine", .plain)),
            line(("10.", .listMarker), (" ten", .plain)),
        ])
        #expect(render("- [ ] open\n- [x] done\n", width: 20) == [
            line(("[ ]", .listMarker), (" open", .plain)),
            line(("[x]", .listMarker), (" done", .plain)),
        ])
    }

    @Test func separatesTheItemsOfALooseList() {
        #expect(render("- a\n\n- b\n", width: 20) == [
            line(("•", .listMarker), (" a", .plain)),
            StyledLine(),
            line(("•", .listMarker), (" b", .plain)),
        ])
    }

    @Test func alignsTableColumnsAsTheDelimiterRowSays() {
        #expect(render("| Name | Score | Grade |\n|:--|--:|:-:|\n| Alice | 90 | A |\n| Bob | 7 | B |\n", width: 40) == [
            line(("Name", .strong), (" ", .plain), (" │ ", .muted), ("Score", .strong), (" │ ", .muted), ("Grade", .strong)),
            line(("──────┼───────┼──────", .muted)),
            line(("Alice", .plain), (" │ ", .muted), ("   90", .plain), (" │ ", .muted), ("  A", .plain)),
            line(("Bob  ", .plain), (" │ ", .muted), ("    7", .plain), (" │ ", .muted), ("  B", .plain)),
        ])
    }

    @Test func wrapsTableCellsWhenTheTableIsTooWide() {
        #expect(render("| a | b |\n|---|---|\n| one two three | x |\n", width: 12) == [
            line(("a", .strong), ("       ", .plain), (" │ ", .muted), ("b", .strong)),
            line(("─────────┼──", .muted)),
            line(("one two ", .plain), (" │ ", .muted), ("x", .plain)),
            line(("three   ", .plain), (" │", .muted)),
        ])
    }

    @Test func showsQuotesBreaksCodeAndMath() {
        #expect(render("> quoted *text*\n\n***\n\n```swift\nlet x = 1\n\tdo()\n```\n\n$$\na < b\n$$\n", width: 12) == [
            line(("▌ quoted", .quote)),
            line(("▌ ", .quote), ("text", [.quote, .emphasis])),
            StyledLine(),
            line(("────────────", .muted)),
            StyledLine(),
            line(("  ", .plain), ("let x = 1", .code)),
            line(("  ", .plain), ("    do()", .code)),
            StyledLine(),
            line(("  ", .plain), ("a < b", .math)),
        ])
    }

    @Test func labelsFencedChartCode() {
        #expect(render("```chart\ntype: bar\n```\n", width: 20) == [
            line(("chart", .tileLabel)),
            line(("  ", .plain), ("type: bar", .code)),
        ])
    }

    // MARK: Wrapping and widths

    @Test func wrapsCJKTextBetweenCharactersButNotBeforeClosingPunctuation() {
        #expect(render("日本語のテキストです。これは折り返しのテストです。\n", width: 24).map(\.text) == [
            "日本語のテキストです。こ",
            "れは折り返しのテストで",
            "す。",
        ])
    }

    @Test func countsEmojiAsTwoColumnsWhenWrapping() {
        #expect(render("Emoji 👋🏽 wave 🇯🇵 flag\n", width: 8).map(\.text) == ["Emoji 👋🏽", "wave 🇯🇵", "flag"])
    }

    @Test func splitsAWordWiderThanTheLine() {
        #expect(render("abcdefghij xy\n", width: 4).map(\.text) == ["abcd", "efgh", "ij", "xy"])
    }

    @Test(arguments: [
        ("abc", 3), ("日本", 4), ("ｱ", 1), ("Ａ", 2), ("한", 2), ("\u{1100}\u{1161}", 2),
        ("👋", 2), ("👋🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("1\u{FE0F}\u{20E3}", 2), ("☺", 1),
        ("e\u{301}", 1), ("\u{301}", 0), ("a\u{200B}b", 2),
        // A TAB reaches the next tab stop; a control character shows as its escape.
        ("\t", 4), ("\u{1B}", 6),
    ])
    func measuresDisplayColumns(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    // MARK: Tiles and other blocks

    @Test func drawsATileAsALabeledBoxOfItsProperties() {
        #expect(render(":::tile callout\ntitle: Hello\nbody: Some longer text here\n:::\n", width: 24) == [
            line(("┌─ ", .tileFrame), ("callout", .tileLabel), (" ────────────┐", .tileFrame)),
            line(("│ ", .tileFrame), ("title:", .tileLabel), (" Hello        ", .plain), (" │", .tileFrame)),
            line(("│ ", .tileFrame), ("body:", .tileLabel), (" Some longer   ", .plain), (" │", .tileFrame)),
            line(("│ ", .tileFrame), ("  text here         ", .plain), (" │", .tileFrame)),
            line(("└──────────────────────┘", .tileFrame)),
        ])
    }

    @Test func showsListAndMultiLineValuesUnderTheirKey() {
        #expect(render(":::tile buttondown\nusername: me\ntags:\n- a\n- b\nbody: |\n  One\n  Two\n:::\n", width: 20).map(\.text) == [
            "┌─ buttondown ─────┐",
            "│ username: me     │",
            "│ tags:            │",
            "│   - a            │",
            "│   - b            │",
            "│ body:            │",
            "│   One            │",
            "│   Two            │",
            "└──────────────────┘",
        ])
    }

    @Test func marksAnUnknownTileType() {
        #expect(render(":::tile poll\nq: Why?\n:::\n", width: 30) == [
            line(("┌─ ", .tileFrame), ("poll", .tileLabel), (" · unknown tile type", .error), (" ─┐", .tileFrame)),
            line(("│ ", .tileFrame), ("q:", .tileLabel), (" Why?                   ", .plain), (" │", .tileFrame)),
            line(("└────────────────────────────┘", .tileFrame)),
        ])
    }

    @Test func marksARawBlockAndShowsItsText() throws {
        let lines = render(":::tile callout\ntitle: x\n:::tile counter\n:::\n", width: 40)
        #expect(lines.first == line(("┌─ ", .tileFrame), ("raw tile callout", .error), (" ───────────────────┐", .tileFrame)))
        #expect(lines.dropFirst().first == line(
            ("│ ", .tileFrame), ("Could not be read; kept as written.", .muted), (" ", .plain), (" │", .tileFrame)))
        #expect(lines.suffix(5).map(\.text) == [
            "│ :::tile callout                      │",
            "│ title: x                             │",
            "│ :::tile counter                      │",
            "│ :::                                  │",
            "└──────────────────────────────────────┘",
        ])
    }

    @Test func showsFrontMatterAndRecentPostsAsBoxes() {
        #expect(render("---\ntitle: Hi\n---\n:::recent:::\n", width: 24).map(\.text) == [
            "┌─ front matter ───────┐",
            "│ title: Hi            │",
            "└──────────────────────┘",
            "",
            "┌─ recent posts ───────┐",
            "│ Recent posts are     │",
            "│ listed here when the │",
            "│ site is built.       │",
            "└──────────────────────┘",
        ])
    }

    @Test func truncatesABoxLabelToTheWidth() {
        #expect(render(":::tile counter\n:::\n", width: 10).map(\.text) == ["┌─ coun ─┐", "└────────┘"])
    }

    @Test(.enabled(if: TestSupport.samplesFolder != nil), arguments: [30, 80])
    func rendersEverySampleDocumentWithinTheWidth(width: Int) throws {
        let folder = try #require(TestSupport.samplesFolder)
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.pathExtension == "md" }
        #expect(!files.isEmpty)
        for file in files {
            let document = MarkdownDocument(bytes: Array(try Data(contentsOf: file)), dialect: .tiledown)
            let lines = PreviewLayout.lines(of: try StyledDocumentBuilder().build(document), width: width)
            #expect(!lines.isEmpty, "\(file.path)")
            for line in lines where line.displayWidth > width {
                Issue.record("\(file.path): line wider than \(width): \(line.text)")
            }
            for line in lines where line.text.hasSuffix(" ") {
                Issue.record("\(file.path): trailing space: \(line.text)")
            }
        }
    }

    // MARK: Nesting

    /// Quotes and lists nested a hundred thousand deep: the build and the
    /// layout take no stack per level, and the content shows at the
    /// deepest listed depth.
    @Test(arguments: ["> ", "- ", "> - ", "1. "])
    func laysOutNestingAHundredThousandDeep(opener: String) throws {
        let text = String(repeating: opener, count: 100_000) + "deep\n"
        let document = MarkdownDocument(text, dialect: .tiledown)
        let styled = try StyledDocumentBuilder().build(document)
        #expect(styled.items.count == 1)
        #expect(styled.items.first?.containers.count == StyledDocumentBuilder.maximumDepth)
        let lines = PreviewLayout.lines(of: styled, width: 80)
        #expect(lines.count == 1)
        #expect(lines.first?.text.hasSuffix("deep") == true)
    }

    @Test func showsTheContainersAroundAnItemOutermostFirst() throws {
        let styled = try StyledDocumentBuilder().build(MarkdownDocument("> - quoted item\n", dialect: .tiledown))
        #expect(styled.items == [StyledItem(
            block: 0,
            containers: [.quote, .listItem(marker: .bullet, markerWidth: 2, depth: 0, isFirst: true)],
            content: .paragraph([InlineRun("quoted item")]))])
    }
}
