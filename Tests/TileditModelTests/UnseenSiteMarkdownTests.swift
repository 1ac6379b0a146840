import Testing
import TileditFixtures
@testable import TileditModel

/// Markdown other site tools write that Tiledit misread: front matter
/// closed by `...`, Docusaurus/remark container directives, diagnostic
/// positions on indented lines and at unclosed quotes, nested front matter
/// values. Each kind has an example and a generated test (fixed seeds).
@Suite("Markdown from unseen sites")
struct UnseenSiteMarkdownTests {
    // MARK: Front matter closed by `...`

    @Test func yamlFrontMatterClosedByDocumentEndMarkerIsFrontMatter() throws {
        let text = "---\ntitle: A\n...\n\nText\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.blockCount == 2)
        #expect(document.range(at: 0) == 0..<17)
        let frontMatter = try #require(document.frontMatter)
        #expect(frontMatter.fields.map { [$0.key, $0.value] } == [["title", "A"]])
        #expect(document.diagnostics.isEmpty)
        #expect(String(decoding: document.bytes, as: UTF8.self) == text)
    }

    @Test func editingAFieldKeepsTheDocumentEndMarker() throws {
        var document = MarkdownDocument("---\ntitle: A\n...\n\nText\n", dialect: .yaml)
        _ = try document.perform(.setFrontMatterField(key: "title", value: "B"))
        _ = try document.perform(.setFrontMatterField(key: "draft", value: "true"))
        #expect(String(decoding: document.bytes, as: UTF8.self) == "---\ntitle: B\ndraft: true\n...\n\nText\n")
    }

    @Test func flatFrontMatterIsClosedOnlyByDashes() throws {
        let document = MarkdownDocument("---\ntitle: A\n...\nslug: a\n---\n\nText\n", dialect: .tiledown)
        let frontMatter = try #require(document.frontMatter)
        #expect(document.range(at: 0) == 0..<29)
        #expect(frontMatter.fields.map(\.key) == ["title", "slug"])
    }

    /// Generated: any fields, either closing line, either line ending; the
    /// block ends at the closing line, bytes round-trip, an edit keeps the closing line.
    @Test func generatedFrontMatterClosedByEitherMarkerRoundTrips() throws {
        var random = SeededGenerator(seed: 7)
        for seed in 0..<200 {
            let eol = Bool.random(using: &random) ? "\n" : "\r\n"
            let closing = Bool.random(using: &random) ? "..." : "---"
            let count = Int.random(in: 0...4, using: &random)
            let fields = (0..<count).map { "k\($0): v\(Int.random(in: 0...99, using: &random))" }
            let head = (["---"] + fields + [closing]).map { $0 + eol }.joined()
            let text = head + eol + "Body \(seed)" + eol
            var document = MarkdownDocument(text, dialect: .yaml)
            #expect(document.frontMatter != nil, "seed \(seed)")
            #expect(document.range(at: 0) == 0..<head.utf8.count, "seed \(seed)")
            #expect(String(decoding: document.bytes, as: UTF8.self) == text, "seed \(seed)")
            _ = try document.perform(.setFrontMatterField(key: "title", value: "T"))
            let after = String(decoding: document.bytes, as: UTF8.self)
            #expect(after.contains(eol + closing + eol + eol + "Body"), "seed \(seed): \(after.debugDescription)")
            #expect(document.frontMatter?.field("title")?.value == "T", "seed \(seed)")
        }
    }

    // MARK: Container directives

    @Test func admonitionsAreOpaqueDirectiveBlocks() {
        let text = ":::note\nSome *prose*.\n:::\n\n::::tip My Title\nOuter\n:::warning\nInner\n:::\n::::\n\n:::tile callout\ntitle: Hi\n:::\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.blocks.map(\.kind.displayName) == ["directive note", "directive tip", "tile callout"])
        #expect((0..<document.blockCount).map { document.range(at: $0) } == [0..<26, 27..<76, 77..<107])
        #expect(document.diagnostics.map(\.message) == [])
        #expect(String(decoding: document.bytes, as: UTF8.self) == text)
    }

    @Test func anUnclosedAdmonitionIsReportedAtItsOpeningLine() {
        let document = MarkdownDocument("Intro\n\n:::danger\nText\n", dialect: .yaml)
        #expect(document.diagnostics.map { "\($0.location) \($0.code) \($0.message)" } == [
            "3:1 tileUnclosed directive `:::danger` opened at line 3 has no closing `:::`, so lines 3–4 are kept as written and read as Markdown; add a line `:::` where the directive ends",
        ])
    }

    @Test func anUnclosedDirectiveOfFourColonsAsksForFourColons() {
        // `:::` closes nothing opened by `::::` (it is at least as many colons or nothing).
        let document = MarkdownDocument("::::warning[Mind]\nText\n:::\n", dialect: .yaml)
        #expect(document.diagnostics.map { "\($0.location) \($0.code) \($0.message)" } == [
            "3:1 tileStrayClosing closing `:::` with no open tile; remove it or open a tile above",
            "1:1 tileUnclosed directive `::::warning` opened at line 1 has no closing `::::`, so lines 1–3 are kept as written and read as Markdown; add a line `::::` where the directive ends",
        ])
    }

    @Test func directiveRendersItsInnerProse() {
        let document = MarkdownDocument(":::note\nSome *prose*.\n:::\n", dialect: .yaml)
        #expect(HTMLRenderer().renderBody(document) == "<div class=\"directive directive-note\">\n<p>Some <em>prose</em>.</p>\n</div>\n")
    }

    /// Generated: prose, directives (names, colon counts, titles, nested
    /// ones with fewer colons, code fences holding `:::`) and tiles in any
    /// order; each directive is one block with exactly its bytes, none is
    /// flagged, and the bytes round-trip.
    @Test func generatedDirectivesAreOneBlockEach() {
        let names = ["note", "tip", "info", "warning", "danger", "caution", "details", "my-box_2"]
        var random = SeededGenerator(seed: 11)
        for seed in 0..<300 {
            var pieces: [(text: String, kind: String)] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: pieces.append(("Paragraph \(seed) *x*.\n", "paragraph"))
                case 1: pieces.append((":::tile callout\ntitle: T\n:::\n", "tile callout"))
                default:
                    let name = names[Int.random(in: 0..<names.count, using: &random)]
                    let colons = Int.random(in: 3...5, using: &random)
                    let fence = String(repeating: ":", count: colons)
                    let title = ["", " Title", "[label]", "{.wide}"][Int.random(in: 0..<4, using: &random)]
                    var body = "Inside \(name).\n"
                    if colons > 3, Bool.random(using: &random) { body += ":::info\nNested\n:::\n" }
                    if Bool.random(using: &random) { body += "```\n:::\n```\n" }
                    pieces.append(("\(fence)\(name)\(title)\n\(body)\(fence)\n", "directive \(name)"))
                }
            }
            let text = pieces.map(\.text).joined(separator: "\n")
            let document = MarkdownDocument(text, dialect: .yaml)
            #expect(document.blocks.map(\.kind.displayName) == pieces.map(\.kind), "seed \(seed): \(text.debugDescription)")
            var offset = 0
            var expected: [Range<Int>] = []
            for piece in pieces {
                expected.append(offset..<(offset + piece.text.utf8.count))
                offset += piece.text.utf8.count + 1
            }
            #expect((0..<document.blockCount).map { document.range(at: $0) } == expected, "seed \(seed)")
            #expect(document.diagnostics.isEmpty, "seed \(seed): \(document.diagnostics.map(\.message))")
            #expect(String(decoding: document.bytes, as: UTF8.self) == text, "seed \(seed)")
        }
    }

    // MARK: Positions

    @Test func diagnosticsOnAnIndentedTileNameTheColumnItsTextStartsAt() {
        let document = MarkdownDocument("- item\n\n  :::tile callout\n  title: Hi\n  bogus line\n  :::\n", dialect: .yaml)
        #expect(document.diagnostics.map { "\($0.location) \($0.code)" } == ["5:3 tileInvalidLine", "3:3 tileInsideListItem"])
    }

    @Test func anUnterminatedQuoteIsReportedWhereItOpens() {
        let document = MarkdownDocument("---\ntitle: \"abc\ndate: 2024\n---\n\nText\n", dialect: .yaml)
        #expect(document.diagnostics.map { "\($0.location) \($0.severity.rawValue)" } == ["2:8 error"])
    }

    /// Generated: a tile (unclosed, unknown-typed or with a bad line)
    /// indented 0 to 3 spaces under a list item; every diagnostic on one of
    /// its lines names the column its text starts at.
    @Test func generatedIndentedTileDiagnosticsNameTheTextColumn() {
        var random = SeededGenerator(seed: 5)
        for seed in 0..<200 {
            let indent = String(repeating: " ", count: Int.random(in: 0...3, using: &random))
            let type = Bool.random(using: &random) ? "callout" : "nosuchtype"
            let bad = Bool.random(using: &random) ? "\(indent)not a property\n" : ""
            let close = Int.random(in: 0..<5, using: &random) == 0 ? "" : "\(indent):::\n"
            let text = "- item\n\n\(indent):::tile \(type)\n\(indent)title: T\n\(bad)\(close)"
            let document = MarkdownDocument(text, dialect: .yaml)
            for diagnostic in document.diagnostics where diagnostic.location.line >= 3 {
                #expect(diagnostic.location.column == indent.count + 1, "seed \(seed): \(diagnostic.code) in \(text.debugDescription)")
            }
        }
    }

    /// Generated: an unclosed single- or double-quoted value (or flow
    /// list) on any line of the front matter, after any key; the error names
    /// the line and column of the quote (or bracket), not the end of the text.
    @Test func generatedUnclosedQuotesAreReportedWhereTheyOpen() {
        var random = SeededGenerator(seed: 9)
        for seed in 0..<200 {
            var lines = (0..<Int.random(in: 0...3, using: &random)).map { "k\($0): v" }
            let line = lines.count + 2
            let key = String(repeating: "x", count: Int.random(in: 1...8, using: &random))
            let opener = ["\"", "'", "["][Int.random(in: 0..<3, using: &random)]
            lines.append("\(key): \(opener)open")
            lines += (0..<Int.random(in: 0...2, using: &random)).map { "more \($0)" }
            let text = (["---"] + lines + ["---", "", "Text", ""]).joined(separator: "\n")
            let document = MarkdownDocument(text, dialect: .yaml)
            let errors = document.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.location) == [SourceLocation(line: line, column: key.count + 3)], "seed \(seed): \(text.debugDescription)")
        }
    }

    // MARK: Incremental reading

    /// A table right after a tile whose closing line is deleted: the
    /// incremental read equals a whole read (the tile's lines become prose).
    @Test func deletingATilesClosingLineBeforeATableReadsAsAWholeRead() {
        let text = ":::tile callout\ntitle: T\n:::\n| a | b |\n|---|---|\n| 1 | 2 |\n\n:::note\nN\n:::\n"
        var document = MarkdownDocument(text, dialect: .yaml)
        document.replace(25..<29, with: [])
        let fresh = MarkdownDocument(bytes: document.bytes, dialect: .yaml)
        #expect(EditingLaws.shapes(document) == EditingLaws.shapes(fresh))
        // And typing it back, and deleting an admonition's closing line.
        document.replace(25..<25, with: Array(":::\n".utf8))
        #expect(EditingLaws.shapes(document) == EditingLaws.shapes(MarkdownDocument(bytes: document.bytes, dialect: .yaml)))
        #expect(document.bytes == Array(text.utf8))
        document.replace((text.utf8.count - 4)..<text.utf8.count, with: [])
        #expect(EditingLaws.shapes(document) == EditingLaws.shapes(MarkdownDocument(bytes: document.bytes, dialect: .yaml)))
    }

    // MARK: Nested front matter

    @Test func nestedValuesHaveAnOutline() throws {
        let document = MarkdownDocument("---\nauthor:\n  name: A\n  url: B\nlinks:\n  - title: x\n    url: y\n  - z\n---\n", dialect: .yaml)
        let frontMatter = try #require(document.frontMatter)
        #expect(frontMatter.fields.map(\.outline) == ["name: A\nurl: B", "- title: x\n  url: y\n- z"])
    }

    @Test func thePreviewShowsNestedValuesFromColumnOne() {
        let document = MarkdownDocument("---\ntitle: T\nauthor:\n  name: A\n  url: B\nlinks:\n  - title: x\n    url: y\ntags: [a, b]\n---\n\nText\n", dialect: .yaml)
        let frame = StyledDocumentBuilder.frontMatterFrame(document.frontMatter ?? FrontMatter(dialect: .yaml, fields: [], contentSpan: 0..<0, closingSpan: 0..<0))
        #expect(frame.lines == [
            .property(key: "title", value: "T"),
            .literal(key: "author", text: "name: A\nurl: B"),
            .literal(key: "links", text: "- title: x\n  url: y"),
            .literal(key: "tags", text: "- a\n- b"),
        ])
    }
}
