import Testing
import TileditFixtures
import TileditModel

/// `moveFrontMatterListItem` and `removeFrontMatterListItem` (the
/// inspector's list editor): an item goes with its own bytes, its quotes
/// and same-line comment, as the YAML file tree moves sequence items.
@Suite("Front matter list item moves")
struct FrontMatterListItemMoveTests {
    @Test func movingABlockItemMovesItsLineWithItsQuotesAndComment() throws {
        let document = MarkdownDocument("---\ntags:\n  - \"a\" # first\n  - b\n---\n\nBody.\n", dialect: .yaml)
        #expect(try document.text(after: .moveFrontMatterListItem(key: "tags", index: 1, by: -1))
            == "---\ntags:\n  - b\n  - \"a\" # first\n---\n\nBody.\n")
    }

    @Test func movingAPlainItemUpDoesNotQuoteTheItemItPasses() throws {
        let document = MarkdownDocument("---\ntags:\n- a\n- b\n- \"new: x\"\n---\n", dialect: .yaml)
        #expect(try document.text(after: .moveFrontMatterListItem(key: "tags", index: 2, by: -1))
            == "---\ntags:\n- a\n- \"new: x\"\n- b\n---\n")
    }

    @Test func movingAFlowItemMovesItsTokenAndLeavesTheCommentAfterTheList() throws {
        let document = MarkdownDocument("---\ntags: [a, \"b c\", d] # cm\n---\n", dialect: .yaml)
        #expect(try document.text(after: .moveFrontMatterListItem(key: "tags", index: 1, by: -1))
            == "---\ntags: [\"b c\", a, d] # cm\n---\n")
    }

    @Test func removingAnItemRemovesOnlyItsOwnBytes() throws {
        let document = MarkdownDocument("---\ntags:\n  - \"a\" # first\n  - b\n---\n", dialect: .yaml)
        #expect(try document.text(after: .removeFrontMatterListItem(key: "tags", index: 0)) == "---\ntags:\n  - b\n---\n")
        let flow = MarkdownDocument("---\ntags: [a, \"b c\", d] # cm\n---\n", dialect: .yaml)
        #expect(try flow.text(after: .removeFrontMatterListItem(key: "tags", index: 0)) == "---\ntags: [\"b c\", d] # cm\n---\n")
    }

    @Test func movesPastTheEndsAndMissingListsAreRefusedWithTheReason() {
        let document = MarkdownDocument("---\ntags: [a, b]\ntitle: T\n---\n", dialect: .yaml)
        #expect(document.refusal(of: .moveFrontMatterListItem(key: "tags", index: 0, by: -1)) == "the item is first already")
        #expect(document.refusal(of: .moveFrontMatterListItem(key: "tags", index: 1, by: 1)) == "the item is last already")
        #expect(document.refusal(of: .moveFrontMatterListItem(key: "tags", index: 5, by: 1)) == "the list has no item 6")
        #expect(document.refusal(of: .moveFrontMatterListItem(key: "title", index: 0, by: 1)) == "`title` is not a list")
    }

    // MARK: Generated

    /// Items with their own bytes: plain, double and single quoted, numbers.
    private static let values = ["a", "\"b c\"", "'d: e'", "42", "f-g", "\"h\"", "i j"]

    /// The front matter and body around a list written from `runs`: block
    /// items are whole lines (`  - "a"   # c1`), flow items tokens.
    private static func page(_ runs: [String], flow: Bool, finalBreak: Bool) -> String {
        let list = flow ? "tags: [" + runs.joined(separator: ", ") + "]   # after\n" : "tags:\n" + runs.map { $0 + "\n" }.joined()
        return "---\ntitle: T\n" + list + "draft: no\n---\n\nBody." + (finalBreak ? "\n" : "")
    }

    private static func runs(count: Int, flow: Bool, using random: inout SeededGenerator) -> [String] {
        // Distinct values, so the expected order is known from the bytes alone.
        var pool = values.shuffled(using: &random)
        // One indentation for the list: its dashes line up.
        let indent = Bool.random(using: &random) ? "  " : ""
        return (0..<count).map { index in
            let value = pool.removeFirst()
            if flow { return value }
            let comment = Bool.random(using: &random) ? String(repeating: " ", count: Int.random(in: 1...3, using: &random)) + "# c\(index)" : ""
            return indent + "- " + value + comment
        }
    }

    /// Law: a move changes only the order of the items' byte runs; moving
    /// back restores the original bytes; a removal drops one run only.
    @Test func generatedMovesPermuteTheItemsByteRunsAndMovingBackRestoresTheBytes() throws {
        var random = SeededGenerator(seed: 3407)
        for _ in 0..<200 {
            let flow = Bool.random(using: &random)
            let finalBreak = Bool.random(using: &random)
            let runs = Self.runs(count: Int.random(in: 2...5, using: &random), flow: flow, using: &random)
            let original = Self.page(runs, flow: flow, finalBreak: finalBreak)
            var document = MarkdownDocument(original, dialect: .yaml)
            var order = runs
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let index = Int.random(in: 0..<order.count, using: &random)
                let offset = index == 0 ? 1 : index == order.count - 1 ? -1 : (Bool.random(using: &random) ? 1 : -1)
                try document.perform(.moveFrontMatterListItem(key: "tags", index: index, by: offset))
                order.swapAt(index, index + offset)
                #expect(document.text == Self.page(order, flow: flow, finalBreak: finalBreak), "\(original)")
                var back = document
                try back.perform(.moveFrontMatterListItem(key: "tags", index: index + offset, by: -offset))
                var unmoved = order
                unmoved.swapAt(index, index + offset)
                #expect(back.text == Self.page(unmoved, flow: flow, finalBreak: finalBreak))
            }
            let removed = Int.random(in: 0..<order.count, using: &random)
            var kept = order
            kept.remove(at: removed)
            #expect(try document.text(after: .removeFrontMatterListItem(key: "tags", index: removed))
                == Self.page(kept, flow: flow, finalBreak: finalBreak))
        }
    }
}
