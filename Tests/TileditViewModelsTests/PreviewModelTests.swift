import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// `PreviewModel` over a recording rendering client and a manual clock:
/// each change is checked by the whole state it leaves (the styled
/// document and the render count) and the documents the client rendered;
/// renders that succeed, fail, and are superseded (never shown, never an
/// error).
@MainActor
@Suite("Preview")
struct PreviewModelTests {
    /// A styled document naming the text it was made from, to tell renders apart.
    nonisolated static func styled(_ document: MarkdownDocument) -> StyledDocument {
        StyledDocument(items: [StyledItem(block: 0, content: .paragraph([InlineRun(document.text)]))])
    }

    nonisolated static let first = MarkdownDocument("# First\n", dialect: .yaml)
    nonisolated static let second = MarkdownDocument("# Second\n", dialect: .yaml)

    struct Shown: Equatable {
        var document: Loadable<StyledDocument>
        var revision: Int
    }

    func shown(_ preview: PreviewModel) -> Shown {
        Shown(document: preview.document, revision: preview.revision)
    }

    @Test func aChangeRendersAfterThePauseAndAnOpenedDocumentAtOnce() async {
        let client = RecordingRenderingClient(answer: Self.styled)
        let clock = ManualClock()
        let preview = PreviewModel(rendering: client.client, clock: clock)
        preview.onChangedDocument(Self.first)
        #expect(shown(preview) == Shown(document: .loading(previous: nil), revision: 0))
        await clock.waitForSleepers()
        await clock.advance(by: PreviewModel.debounce - .milliseconds(1))
        #expect(client.previews == [])
        await clock.advance(by: .milliseconds(1))
        await preview.task?.value
        #expect(shown(preview) == Shown(document: .loaded(Self.styled(Self.first)), revision: 1))
        preview.onChangedDocument(Self.second, immediately: true)
        #expect(shown(preview) == Shown(document: .loading(previous: Self.styled(Self.first)), revision: 1))
        await preview.task?.value
        #expect(shown(preview) == Shown(document: .loaded(Self.styled(Self.second)), revision: 2))
        #expect(client.previews == ["# First\n", "# Second\n"])
    }

    @Test func aChangeDuringThePauseReplacesTheOneWaiting() async {
        let client = RecordingRenderingClient(answer: Self.styled)
        let clock = ManualClock()
        let preview = PreviewModel(rendering: client.client, clock: clock)
        preview.onChangedDocument(Self.first)
        let waiting = preview.task
        preview.onChangedDocument(Self.second)
        await waiting?.value
        await clock.waitForSleepers()
        await clock.advance(by: PreviewModel.debounce)
        await preview.task?.value
        #expect(shown(preview) == Shown(document: .loaded(Self.styled(Self.second)), revision: 1))
        #expect(client.previews == ["# Second\n"])
    }

    @Test func aRenderSupersededWhileItRunsShowsNothingAndNoError() async {
        let clock = ManualClock()
        let client = RecordingRenderingClient(renderTime: (clock, .seconds(1)), answer: Self.styled)
        let preview = PreviewModel(rendering: client.client, clock: clock)
        preview.onChangedDocument(Self.first, immediately: true)
        #expect(await clock.waitForSleepers())
        let running = preview.task
        preview.onChangedDocument(Self.second, immediately: true)
        await running?.value
        #expect(shown(preview) == Shown(document: .loading(previous: nil), revision: 0))
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(1))
        await preview.task?.value
        #expect(shown(preview) == Shown(document: .loaded(Self.styled(Self.second)), revision: 1))
        #expect(client.previews == ["# First\n", "# Second\n"])
    }

    @Test func aRenderThatFailsSaysSoAndTheNextChangeRendersAgain() async {
        struct Broken: Error, CustomStringConvertible {
            var description: String { "the renderer broke" }
        }
        let client = RecordingRenderingClient(answer: Self.styled)
        let preview = PreviewModel(rendering: client.client, clock: ManualClock())
        client.failNext(Broken())
        preview.onChangedDocument(Self.first, immediately: true)
        await preview.task?.value
        #expect(shown(preview) == Shown(document: .failed(ViewError("The preview could not be rendered: the renderer broke")), revision: 0))
        preview.onChangedDocument(Self.second, immediately: true)
        await preview.task?.value
        #expect(shown(preview) == Shown(document: .loaded(Self.styled(Self.second)), revision: 1))
        #expect(client.previews == ["# First\n", "# Second\n"])
    }

    @Test func noDocumentClearsThePreviewAndDisappearingStopsTheRender() async {
        let clock = ManualClock()
        let client = RecordingRenderingClient(answer: Self.styled)
        let preview = PreviewModel(rendering: client.client, clock: clock)
        preview.onChangedDocument(Self.first, immediately: true)
        await preview.task?.value
        preview.onChangedDocument(nil)
        #expect(shown(preview) == Shown(document: .idle, revision: 1))
        #expect(preview.task == nil)
        preview.onChangedDocument(Self.second)
        let waiting = preview.task
        preview.onDisappeared()
        await waiting?.value
        await clock.advance(by: .seconds(1))
        #expect(shown(preview) == Shown(document: .loading(previous: nil), revision: 1))
        #expect(preview.task == nil)
        #expect(client.previews == ["# First\n"])
    }
}
