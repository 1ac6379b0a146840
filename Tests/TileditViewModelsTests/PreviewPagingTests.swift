import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The preview renders the blocks a pane shows, page by page, and a render
/// a newer change supersedes stops.
@MainActor
@Suite("Preview pages")
struct PreviewPagingTests {
    /// A document of `count` paragraphs, `Paragraph 0.` to `Paragraph count - 1.`
    static func paragraphs(_ count: Int) -> MarkdownDocument {
        MarkdownDocument((0..<count).map { "Paragraph \($0).\n" }.joined(separator: "\n"), dialect: .yaml)
    }

    /// The blocks the items come from, each once, in order.
    static func blocks(_ preview: PreviewModel) -> [Int] {
        var seen: [Int] = []
        for item in preview.document.value?.items ?? [] where seen.last != item.block { seen.append(item.block) }
        return seen
    }

    @Test func aLongDocumentRendersItsFirstPageThenMoreWhenThePaneWantsThem() async {
        let preview = PreviewModel(rendering: .live, clock: ManualClock())
        let document = Self.paragraphs(PreviewModel.pageBlocks + 44)

        preview.onChangedDocument(document, immediately: true)
        await preview.task?.value
        #expect(Self.blocks(preview) == Array(0..<PreviewModel.pageBlocks))
        #expect(preview.hasMoreBlocks)
        #expect(preview.revision == 1)

        preview.onNeedsMoreBlocks()
        await preview.task?.value
        #expect(Self.blocks(preview) == Array(0..<(PreviewModel.pageBlocks + 44)))
        #expect(!preview.hasMoreBlocks)
        #expect(preview.revision == 2)
        #expect(preview.document.value?.items.last?.content == .paragraph([InlineRun("Paragraph \(PreviewModel.pageBlocks + 43).")]))

        // Nothing more to render: no new revision.
        preview.onNeedsMoreBlocks()
        #expect(preview.task == nil)
        #expect(preview.revision == 2)
    }

    @Test func anEditRendersAsManyBlocksAsWereShownAndAnotherDocumentStartsAtItsFirstPage() async {
        let clock = ManualClock()
        let preview = PreviewModel(rendering: .live, clock: clock)
        var document = Self.paragraphs(PreviewModel.pageBlocks + 44)
        preview.onChangedDocument(document, immediately: true)
        await preview.task?.value
        preview.onNeedsMoreBlocks()
        await preview.task?.value

        _ = document.perform(edits: [TextEdit(range: 0..<0, replacement: Array("Intro.\n\n".utf8))])
        preview.onChangedDocument(document)
        await clock.advance(by: PreviewModel.debounce)
        await preview.task?.value
        // A paragraph more: as many blocks as before render, the last one waits.
        #expect(Self.blocks(preview) == Array(0..<(PreviewModel.pageBlocks + 44)))
        #expect(preview.document.value?.items.first?.content == .paragraph([InlineRun("Intro.")]))
        #expect(preview.hasMoreBlocks)

        preview.onChangedDocument(Self.paragraphs(PreviewModel.pageBlocks + 1), immediately: true)
        await preview.task?.value
        #expect(Self.blocks(preview) == Array(0..<PreviewModel.pageBlocks))
        #expect(preview.hasMoreBlocks)
    }

    /// A count shared with a rendering closure.
    final class Counter: Sendable {
        private let value = Mutex(0)

        var count: Int { value.withLock { $0 } }

        /// The count after adding one.
        func increment() -> Int {
            value.withLock { count in
                count += 1
                return count
            }
        }
    }

    @Test func aRenderANewerChangeSupersedesStopsAndShowsNothing() async {
        let started = Counter()
        let stopped = Counter()
        let rendering = RenderingClient(html: { _ in "" }, preview: { _ in StyledDocument() }, previewBlocks: { document, blocks in
            if started.increment() == 1 {
                // The first render runs until it is cancelled, as a long one would.
                while !Task.isCancelled { await Task.yield() }
                _ = stopped.increment()
                throw CancellationError()
            }
            return try StyledDocumentBuilder().build(document, blocks: blocks)
        })
        let preview = PreviewModel(rendering: rendering, clock: ManualClock())

        preview.onChangedDocument(Self.paragraphs(3), immediately: true)
        let first = preview.task
        while started.count == 0 { await Task.yield() }
        preview.onChangedDocument(Self.paragraphs(2), immediately: true)
        await first?.value
        await preview.task?.value

        #expect(stopped.count == 1)
        #expect(Self.blocks(preview) == [0, 1])
        #expect(preview.revision == 1)
    }
}
