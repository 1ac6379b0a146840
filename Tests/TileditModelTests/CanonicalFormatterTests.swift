import Foundation
import Testing
import TileditFixtures
import TileditModel
import TileditTestSupport

@Suite("Canonical formatter")
struct CanonicalFormatterTests {
    let formatter = CanonicalFormatter()

    func formatted(_ text: String, dialect: FrontMatterDialect = .yaml) -> String {
        String(decoding: formatter.format(MarkdownDocument(text, dialect: dialect)), as: UTF8.self)
    }

    @Test func tilesTakeCanonicalOrderAndForm() {
        let input = ":::tile callout\nbody: Text\ncustom: kept\ntitle: Hi\nid: note-1\n:::\n"
        #expect(formatted(input) == ":::tile callout\nid: note-1\ntitle: Hi\nbody: Text\ncustom: kept\n:::\n")
    }

    /// formatter fuzz finding: a tile of a type the catalog does not know
    /// renders its properties in the order written, so the canonical order
    /// (id first) would change the page; such a tile keeps its order, while
    /// its line layout still becomes canonical when the page stays the same.
    @Test func aTileOfAnUnknownTypeKeepsThePropertyOrderItRendersIn() {
        let input = ":::tile gallery\ntitle: Shots\nid: g-1\n:::\n"
        #expect(formatted(input) == input)
        let document = MarkdownDocument(input, dialect: .yaml)
        #expect(HTMLRenderer().renderBody(MarkdownDocument(formatted(input), dialect: .yaml)) == HTMLRenderer().renderBody(document))
        // Known types still take the canonical order.
        #expect(formatted(":::tile callout\ntitle: Hi\nid: note-1\nbody: B\n:::\n") == ":::tile callout\nid: note-1\ntitle: Hi\nbody: B\n:::\n")
    }

    @Test func shorthandsBecomeTileDirectives() {
        #expect(formatted(":::chart\nlabels: A, B\ntype: bar\nseries.S: 1, 2\n:::\n")
            == ":::tile chart\ntype: bar\nlabels: A, B\nseries.S: 1, 2\n:::\n")
        #expect(formatted(":::mermaid\ngraph TD\n  A --> B\n:::\n")
            == ":::tile mermaid\ndefinition: |\n  graph TD\n    A --> B\n:::\n")
    }

    @Test func listsAndLiteralsTakeTheCanonicalLayout() {
        let input = ":::tile buttondown\nusername: me\ntags:\n  - a\n  - b\nbody: |\n    One\n\n    Two\n:::\n"
        #expect(formatted(input) == ":::tile buttondown\nusername: me\nbody: |\n  One\n\n  Two\ntags:\n- a\n- b\n:::\n")
    }

    @Test func proseTakesTheCanonicalProfile() {
        let input = "Title\n=====\n\nSub\n---\n\n* one\n* two\n  + nested\n\nSome _emphasis_ and __strong__ text.\n\n    let code = 1\n\n    more\n"
        #expect(formatted(input) == "# Title\n\n## Sub\n\n- one\n- two\n  - nested\n\nSome *emphasis* and **strong** text.\n\n```\nlet code = 1\n\nmore\n```\n")
    }

    @Test func whatARerenderWouldLoseIsKept() {
        let input = "7. seven\n8. eight\n\n[ref]: https://example.com \"Title\"\n\n<div class=\"x\">\n  raw\n</div>\n\nsnake_case_name and a [link][ref].\n"
        #expect(formatted(input) == input)
    }

    @Test func adjacentBulletListsWithDifferentMarkersAreNotJoined() {
        let input = "* a\n\n+ b\n"
        let output = formatted(input)
        #expect(MarkdownDocument(output, dialect: .yaml).blockCount == 2)
    }

    @Test func flatFrontMatterGetsOneSpaceAfterTheColon() {
        #expect(formatted("---\ntitle:Hello  \ntags:   a, b\n# note\n---\n\nBody\n", dialect: .tiledown)
            == "---\ntitle: Hello\ntags: a, b\n# note\n---\n\nBody\n")
    }

    @Test func theFileEndsWithOneLineBreak() {
        #expect(formatted("Para") == "Para\n")
        #expect(formatted("Para\n\n\n") == "Para\n")
    }

    // MARK: Shared cases

    @Test(.enabled(if: Cases.available), arguments: [
        "01-bom-before-front-matter", "02-crlf-front-matter-and-tile", "04-unclosed-front-matter", "05-dashes-inside-block-scalar",
        "07-empty-front-matter", "08-front-matter-is-a-list", "11-version-number-trailing-zero", "13-exponent-like-strings",
        "15-sexagesimal-time-values", "16-colon-space-in-plain-value", "19-tile-block-scalar-blank-lines", "20-tile-literal-with-fence-lines",
        "21-long-line-no-folding", "22-emoji-not-escaped", "27-empty-values-not-null",
        "32-longer-backtick-fence", "34-nested-tile-same-marker", "36-trailing-space-on-fence", "38-html-comment-with-blank-lines",
        "40-mid-document-yaml-lookalike", "41-blank-line-before-front-matter", "43-rtl-mixed-direction-values", "45-hard-line-breaks-preserved",
    ])
    func casesAreAlreadyCanonicalOrKeptAsWritten(name: String) throws {
        // Every case input is either canonical already or holds constructs the
        // formatter must keep (BOM, CRLF, comments, raw tiles, look-alikes).
        let input = try Cases.input(name)
        let output = formatter.format(MarkdownDocument(bytes: input, dialect: .yaml))
        #expect(output == input, "\(name): \(String(decoding: output, as: UTF8.self).debugDescription)")
    }

    @Test(.enabled(if: Cases.available)) func invalidFrontMatterIsKeptAndTheTileTakesCanonicalForm() throws {
        let output = formatter.format(try Cases.document("24-tabs-in-yaml"))
        #expect(String(decoding: output, as: UTF8.self)
            == "---\ntitle: Tabs\ntags:\n\t- a\nnote:\tafter tab\n---\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n")
    }

    @Test(.enabled(if: Cases.available)) func commentsQuotesAndOrderAreKept() throws {
        let input = try Cases.input("25-comments-quotes-order-preserved")
        let output = String(decoding: formatter.format(MarkdownDocument(bytes: input, dialect: .yaml)), as: UTF8.self)
        #expect(output == String(decoding: input, as: UTF8.self))
    }

    @Test(.enabled(if: Cases.available)) func aFinalLineBreakMayBeAdded() throws {
        let output = formatter.format(try Cases.document("28-front-matter-only-no-final-newline"))
        #expect(String(decoding: output, as: UTF8.self) == "---\ntitle: A\nsources: [x]\n---\n")
    }

    @Test(.enabled(if: Cases.available)) func aLazyUnderlineDoesNotBecomeAHeading() throws {
        let output = String(decoding: formatter.format(try Cases.document("37-lazy-continuation-setext")), as: UTF8.self)
        let reread = MarkdownDocument(output, dialect: .yaml)
        #expect(!reread.blocks.contains { if case .heading = $0.kind { true } else { false } })
        #expect(!output.contains("## item"))
        #expect(formatter.format(reread) == Array(output.utf8))
    }

    // MARK: Law 5

    /// The formatter is idempotent and keeps the tile tree.
    @Test func formattingIsIdempotentAndKeepsTheTileTree() {
        for seed in UInt64(0)..<400 {
            let (text, dialect) = EditingLawTests.generated(seed)
            let document = MarkdownDocument(text, dialect: dialect)
            let once = MarkdownDocument(bytes: formatter.format(document), dialect: dialect)
            let twice = formatter.format(once)
            #expect(twice == once.bytes, "seed \(seed)")
            #expect(tileTree(once) == tileTree(document), "seed \(seed)")
            #expect(once.blocks.map { $0.kind.isProse } == document.blocks.map { $0.kind.isProse }, "seed \(seed)")
        }
    }

    @Test(.enabled(if: TestSupport.samplesFolder != nil)) func samplesFormatIdempotently() throws {
        for sample in try SampleTests.samples(withSuffixes: [".md"]) {
            let document = MarkdownDocument(bytes: sample.bytes, dialect: sample.dialect)
            let once = MarkdownDocument(bytes: formatter.format(document), dialect: sample.dialect)
            #expect(formatter.format(once) == once.bytes, "\(sample)")
            #expect(tileTree(once) == tileTree(document), "\(sample)")
        }
    }

    /// Tiles as (type, sorted property key/value pairs); list values as items.
    func tileTree(_ document: MarkdownDocument) -> [[String]] {
        document.blocks.compactMap { block -> [String]? in
            guard case .tile(let tile) = block.kind else { return nil }
            return [tile.type] + tile.properties.map { "\($0.key)=\($0.value.items.count > 1 ? $0.value.items.joined(separator: "|") : $0.value.text)" }.sorted()
        }
    }
}
