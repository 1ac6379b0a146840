import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
import TileditTextLayout
@testable import TileditViewModels

/// The preview follows the editor's selected block: `anchor` names the
/// block's first item, with a revision that changes only when the
/// selection moves; a block beyond those rendered is rendered.
@MainActor
@Suite("Preview anchor")
struct PreviewAnchorTests {
    @Test func theAnchorIsTheSelectedBlocksFirstItemAndItsRevisionChangesWithTheSelection() async {
        let preview = PreviewModel(rendering: .live, clock: ManualClock())
        let document = MarkdownDocument("# Title\n\n- one\n- two\n\nAfter.\n", dialect: .yaml)
        preview.onChangedDocument(document, immediately: true)
        await preview.task?.value
        #expect(preview.anchor == nil)
        preview.onSelectedBlock(2)
        // Block 1 (the list) shows as two items; block 2 is the third.
        #expect(preview.anchor == PreviewAnchor(block: 2, item: 3, selectionRevision: 1))
        preview.onSelectedBlock(2)
        #expect(preview.anchor?.selectionRevision == 1)
        preview.onSelectedBlock(1)
        #expect(preview.anchor == PreviewAnchor(block: 1, item: 1, selectionRevision: 2))
        // The line a renderer scrolls to for it.
        var layout = PreviewLayout(document: preview.document.value ?? StyledDocument(), width: 40)
        #expect(layout.firstLine(ofItem: 3) == 5)
        #expect(layout.lines[5].runs.map(\.text).joined() == "After.")
        #expect(layout.firstLine(ofItem: 9) == nil)
        preview.onSelectedBlock(nil)
        #expect(preview.anchor == nil)
    }

    @Test func selectingABlockBeyondThoseRenderedRendersAsFarAsIt() async {
        let preview = PreviewModel(rendering: .live, clock: ManualClock())
        let count = PreviewModel.pageBlocks * 3
        preview.onChangedDocument(PreviewPagingTests.paragraphs(count), immediately: true)
        await preview.task?.value
        #expect(preview.hasMoreBlocks)
        preview.onSelectedBlock(count - 1)
        #expect(preview.anchor == nil)
        await preview.task?.value
        #expect(preview.anchor == PreviewAnchor(block: count - 1, item: count - 1, selectionRevision: 1))
        #expect(!preview.hasMoreBlocks)
    }
}
