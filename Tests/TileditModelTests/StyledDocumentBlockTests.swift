import Testing
import TileditModel

/// Finding a block's first item in the styled preview
/// (`StyledDocument.firstItemIndex(ofBlock:)`), which a window's preview
/// uses to follow the selected block.
@Suite struct StyledDocumentBlockTests {
    private func document(blocks: [Int]) -> StyledDocument {
        StyledDocument(items: blocks.map { StyledItem(block: $0, content: .paragraph([InlineRun("b\($0)")])) })
    }

    @Test(arguments: [
        (0, 0), (1, 1), (2, 4), (3, 5), (4, 5), (5, nil), (Int.max, nil), (-3, 0),
    ] as [(Int, Int?)])
    func findsTheFirstItemAtOrAfterABlock(block: Int, item: Int?) {
        // Block 1 has three items (a list's), block 3 none (a link definition).
        #expect(document(blocks: [0, 1, 1, 1, 2, 4]).firstItemIndex(ofBlock: block) == item)
    }

    @Test func findsNothingInAnEmptyPreview() {
        #expect(StyledDocument().firstItemIndex(ofBlock: 0) == nil)
    }

    @Test func findsEachBlockOfARealDocument() throws {
        let text = "---\ntitle: T\n---\n# Head\n\n- one\n- two\n\n[x]: /x\n\nAfter.\n"
        let source = MarkdownDocument(text, dialect: .tiledown)
        let styled = try StyledDocumentBuilder().build(source)
        for block in 0..<source.blockCount {
            let index = try #require(styled.firstItemIndex(ofBlock: block))
            #expect(styled.items[index].block >= block)
            #expect(index == 0 || styled.items[index - 1].block < block)
        }
    }
}
