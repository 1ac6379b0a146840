import Testing
import TileditModel

/// `setFrontMatterList` (the inspector's comma-separated list field) on
/// YAML front matter: only the items that changed are written.
@Suite("Front matter lists")
struct FrontMatterListTests {
    static let block = "---\ntitle: T\ntags:\n  - alpha   # first\n  - \"beta gamma\"\n  # stray comment\n  - delta\ndate: 2026-01-01\n---\n\nBody.\n"

    @Test func appendingAnItemKeepsTheOthersTheirQuotesAndComments() throws {
        let document = MarkdownDocument(Self.block, dialect: .yaml)
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["alpha", "beta gamma", "delta", "epsilon"]))
            == Self.block.replacingOccurrences(of: "  - delta\n", with: "  - delta\n  - epsilon\n"))
    }

    @Test func removingAnItemRemovesOnlyItsLine() throws {
        let document = MarkdownDocument(Self.block, dialect: .yaml)
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["alpha", "delta"]))
            == Self.block.replacingOccurrences(of: "  - \"beta gamma\"\n", with: ""))
    }

    @Test func changingAnItemKeepsItsStyleAndComment() throws {
        let document = MarkdownDocument(Self.block, dialect: .yaml)
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["omega", "beta gamma", "delta"]))
            == Self.block.replacingOccurrences(of: "  - alpha   # first\n", with: "  - omega   # first\n"))
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["alpha", "beta delta", "delta"]))
            == Self.block.replacingOccurrences(of: "\"beta gamma\"", with: "\"beta delta\""))
    }

    @Test func aFlowListKeepsItsItemsAsWrittenAndAddsTheNewOne() throws {
        let text = "---\ntags: ['x: y', 42, \"q\"]\n---\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["x: y", "42", "q", "z"])) == "---\ntags: ['x: y', 42, \"q\", z]\n---\n")
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["x: y", "q"])) == "---\ntags: ['x: y', \"q\"]\n---\n")
        #expect(try document.text(after: .setFrontMatterList(key: "tags", items: ["42", "q"])) == "---\ntags: [42, \"q\"]\n---\n")
    }

    @Test func aListWithAnItemHoldingACommaIsRefused() throws {
        let text = "---\ntags: [\"C, C++\", rust]\n---\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.refusal(of: .setFrontMatterList(key: "tags", items: ["C", "C++", "rust", "go"]))
            == "an item of this list holds a comma or is not a single value, which a comma-separated field cannot show; edit the YAML as text")
    }

    @Test func anEmptyValueWithAnAnchorOrAnExplicitKeyBecomesAFlowList() throws {
        let anchored = MarkdownDocument("---\ntags: &t\nnext: 1\n---\n", dialect: .yaml)
        #expect(try anchored.text(after: .setFrontMatterList(key: "tags", items: ["a", "b"])) == "---\ntags: &t [a, b]\nnext: 1\n---\n")
        #expect(try anchored.text(after: .appendFrontMatterListItem(key: "tags", item: "a")) == "---\ntags: &t [a]\nnext: 1\n---\n")
        let explicit = MarkdownDocument("---\n? tags\nnext: 1\n---\n", dialect: .yaml)
        #expect(try explicit.text(after: .setFrontMatterList(key: "tags", items: ["a"])) == "---\n? tags\n: [a]\nnext: 1\n---\n")
    }

    @Test func anEmptyTaggedValueIsNotMadeAListAndTheRefusalSaysWhy() throws {
        let document = MarkdownDocument("---\ntags: !!str\n---\n", dialect: .yaml)
        #expect(document.refusal(of: .setFrontMatterList(key: "tags", items: ["a"]))
            == "`tags` is tagged `!!str`; edit the YAML as text to make it a list")
        #expect(document.refusal(of: .appendFrontMatterListItem(key: "tags", item: "a"))
            == "`tags` is tagged `!!str`; edit the YAML as text to make it a list")
    }
}
