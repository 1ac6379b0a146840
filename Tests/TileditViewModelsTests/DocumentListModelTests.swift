import Foundation
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The document list's loading states, with a workspace client that records
/// its calls and answers as each test says.
@MainActor
@Suite("Document list")
struct DocumentListModelTests {
    /// Records the roots it was asked to discover and gives `answer`'s result.
    @MainActor final class RecordingDiscovery {
        var roots: [String] = []
        let answer: @Sendable () throws -> Workspace

        init(answer: @escaping @Sendable () throws -> Workspace) { self.answer = answer }

        var client: WorkspaceClient {
            let answer = answer
            return WorkspaceClient(
                discover: { root in
                    await MainActor.run { self.roots.append(root.path) }
                    return try answer()
                },
                summarize: { _, _ in throw UnimplementedError("WorkspaceClient.summarize") })
        }
    }

    static let root = URL(fileURLWithPath: "/site")

    func makeList(_ discovery: RecordingDiscovery) -> DocumentListModel {
        DocumentListModel(root: Self.root, workspace: discovery.client, store: .unimplemented, renamer: .unimplemented, open: { _ in })
    }

    @Test func aDiscoveryStoppedByCancellationIsNoFailure() async {
        let discovery = RecordingDiscovery { throw CancellationError() }
        let list = makeList(discovery)
        #expect(list.workspace == .idle)
        await list.onAppeared()
        #expect(list.workspace == .idle)
        #expect(discovery.roots == ["/site"])
    }

    @Test func aWorkspaceErrorFailsWithItsMessage() async {
        let discovery = RecordingDiscovery { throw WorkspaceError.missing(path: "/site") }
        let list = makeList(discovery)
        await list.onAppeared()
        #expect(list.workspace == .failed(ViewError("/site does not exist; check the path.")))
        #expect(list.visibleDocuments == [])
        #expect(discovery.roots == ["/site"])
    }

    @Test func appearingTwiceDiscoversOnce() async {
        let discovery = RecordingDiscovery { Workspace(root: URL(fileURLWithPath: "/site"), isTiledown: true, documents: []) }
        let list = makeList(discovery)
        await list.onAppeared()
        await list.onAppeared()
        #expect(list.workspace == .loaded(Workspace(root: URL(fileURLWithPath: "/site"), isTiledown: true, documents: [])))
        #expect(discovery.roots == ["/site"])
    }

    @Test func theSortOrderCyclesThroughEveryOrder() async {
        let list = makeList(RecordingDiscovery { Workspace(root: URL(fileURLWithPath: "/site"), isTiledown: true, documents: []) })
        #expect(list.sortOrder == .path)
        list.onCycledSortOrder()
        #expect(list.sortOrder == .title)
        list.onCycledSortOrder()
        list.onCycledSortOrder()
        #expect(list.sortOrder == .path)
    }

    @Test func theNewDocumentSheetTakesTheTitleTypedAndStepsTheKind() async {
        let discovery = RecordingDiscovery { Workspace(root: URL(fileURLWithPath: "/site"), isTiledown: true, documents: []) }
        let list = makeList(discovery)
        await list.onAppeared()
        // Without the sheet, nothing changes.
        list.onChangedNewDocumentTitle("Ignored")
        list.onSteppedNewDocumentKind(by: 1)
        #expect(list.destination == nil)
        list.onTappedNewDocument()
        #expect(list.destination == .newDocument(NewDocumentForm(kind: .post, title: "")))
        #expect(list.destination?.newDocument?.message == "Give the document a title")
        list.onChangedNewDocumentTitle("Fresh start")
        list.onSteppedNewDocumentKind(by: -1)
        #expect(list.destination == .newDocument(NewDocumentForm(kind: .page, title: "Fresh start")))
        #expect(list.destination?.newDocument?.message == nil)
        list.onSteppedNewDocumentKind(by: 1)
        #expect(list.destination == .newDocument(NewDocumentForm(kind: .post, title: "Fresh start")))
        #expect(discovery.roots == ["/site"])
    }
}
