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

    /// The document filter reports what it could not read with the query
    /// diagnostics of the search box, for every query: the same sentences,
    /// none for an empty filter or one read whole.
    @Test("The filter shows the search box's query diagnostics")
    func theFilterShowsTheSearchBoxsQueryDiagnostics() {
        let root = Self.root
        let list = makeList(RecordingDiscovery { Workspace(root: root, isTiledown: true, documents: []) })
        let queries = ["", "tag:", "tag: x", "draft:maybe", "draft:true", "type:", "hello tag:a", "tag:a draft:", "\"open", "type:chart tag:"]
        for query in queries {
            list.onChangedFilter(query)
            #expect(list.filterProblems == (query.isEmpty ? [] : SearchQuery(parsing: query).problems), "\(query)")
        }
        list.onChangedFilter("tag:")
        #expect(list.filterProblems == ["`tag:` needs a name: tag:NAME"])
        list.onChangedFilter("draft:maybe")
        #expect(list.filterProblems == ["`draft:maybe`: draft takes true or false (yes, no)"])
        list.onChangedFilter("")
        #expect(list.filterProblems == [])
    }

    @Test func aDiscoveryStoppedByCancellationIsNoFailure() async {
        let discovery = RecordingDiscovery { throw CancellationError() }
        let list = makeList(discovery)
        #expect(list.workspace == .idle)
        await list.onAppeared()
        #expect(list.workspace == .idle)
        #expect(discovery.roots == ["/site"])
    }

    /// The list follows the folder without `R`: a title changed outside,
    /// a new file and a removed one show at the next look; a look finding
    /// nothing new changes nothing.
    @Test func theListFollowsTitlesNewAndRemovedFilesAtTheNextLookAtTheFolder() async throws {
        let folder = try TestSupport.makeTemporaryFolder("follow")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(path)) }
        try write("a.md", "# Alpha\n")
        try write("b.md", "# Bravo\n")
        let list = DocumentListModel(root: folder, workspace: .live(), store: .unimplemented, renamer: .unimplemented, open: { _ in })
        await list.onAppeared()
        await list.listing.summaryTask?.value
        #expect(list.visibleDocuments.map(\.title) == ["Alpha", "Bravo"])
        #expect(await list.onCheckedFolder() == false)
        #expect(await list.onCheckedFolder() == false)

        try write("a.md", "# Alpha, renamed outside\n")
        try write("c.md", "# Charlie\n")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("b.md"))
        list.onMovedSelection(by: 1)
        #expect(list.selection == "b.md")
        #expect(await list.onCheckedFolder() == true)
        await list.listing.summaryTask?.value
        #expect(list.visibleDocuments.map(\.path) == ["a.md", "c.md"])
        #expect(list.visibleDocuments.map(\.title) == ["Alpha, renamed outside", "Charlie"])
        #expect(list.selection == "a.md")
        #expect(await list.onCheckedFolder() == false)
    }

    @Test func aWorkspaceErrorFailsWithItsMessage() async {
        let discovery = RecordingDiscovery { throw WorkspaceError.missing(path: "/site") }
        let list = makeList(discovery)
        await list.onAppeared()
        #expect(list.workspace == .failed(ViewError("/site does not exist; check the path.")))
        #expect(list.visibleDocuments == [])
        #expect(discovery.roots == ["/site"])
    }

    /// A client that lists `listed` and hands the summaries a test yields
    /// through `continuation`, recording the paths it was asked for.
    @MainActor final class SteppedSummaries {
        let listed: Workspace
        var asked: [[String]] = []
        var continuation: AsyncStream<[DocumentSummary]>.Continuation?

        init(_ listed: Workspace) { self.listed = listed }

        var client: WorkspaceClient {
            let listed = listed
            return WorkspaceClient(
                discover: { _ in throw UnimplementedError("WorkspaceClient.discover") },
                summarize: { _, _ in throw UnimplementedError("WorkspaceClient.summarize") },
                list: { _ in listed },
                summaries: { _, paths in
                    let (stream, continuation) = AsyncStream<[DocumentSummary]>.makeStream()
                    Task { @MainActor in
                        self.asked.append(paths)
                        self.continuation = continuation
                    }
                    return stream
                })
        }
    }

    static func listed(_ path: String) -> DocumentSummary {
        DocumentSummary(path: path, kind: .markdown, title: String(path.dropLast(3)), dialect: .yaml, size: 0, isSummarized: false)
    }

    static func summarized(_ path: String, _ title: String) -> DocumentSummary {
        DocumentSummary(path: path, kind: .markdown, title: title, dialect: .yaml, size: 10)
    }

    @Test func fileNamesShowFirstAndTitlesFillInAsDocumentsAreSummarized() async throws {
        let listed = Workspace(root: Self.root, isTiledown: false, documents: [Self.listed("a.md"), Self.listed("b.md"), Self.listed("c.md")])
        let summaries = SteppedSummaries(listed)
        let list = DocumentListModel(root: Self.root, workspace: summaries.client, store: .unimplemented, renamer: .unimplemented, open: { _ in })

        await list.onAppeared()
        #expect(list.visibleDocuments == listed.documents)
        #expect(list.selection == "a.md")
        while summaries.continuation == nil { await Task.yield() }
        #expect(summaries.asked == [["a.md", "b.md", "c.md"]])

        summaries.continuation?.yield([Self.summarized("c.md", "Charlie"), Self.summarized("a.md", "Alpha")])
        while list.document(at: "a.md")?.isSummarized == false { await Task.yield() }
        #expect(list.visibleDocuments == [Self.summarized("a.md", "Alpha"), Self.listed("b.md"), Self.summarized("c.md", "Charlie")])
        list.onChangedSortOrder(.title)
        #expect(list.visibleDocuments.map(\.title) == ["Alpha", "b", "Charlie"])

        summaries.continuation?.yield([Self.summarized("b.md", "Bravo")])
        summaries.continuation?.finish()
        await list.listing.summaryTask?.value
        #expect(list.visibleDocuments.map(\.title) == ["Alpha", "Bravo", "Charlie"])
    }

    @Test func aListOwnedByTheAppSummarizesOnlyWhenToldAndSkipsWhatTheEditorSummarized() async throws {
        let listed = Workspace(root: Self.root, isTiledown: false, documents: [Self.listed("a.md"), Self.listed("b.md")])
        let summaries = SteppedSummaries(listed)
        let list = DocumentListModel(
            root: Self.root, workspace: summaries.client, store: .unimplemented, renamer: .unimplemented, open: { _ in }, summarizesOnAppear: false)

        await list.onAppeared()
        list.listing.take([Self.summarized("a.md", "From the editor")])
        #expect(summaries.asked == [])
        list.listing.summarizeRemaining()
        while summaries.continuation == nil { await Task.yield() }

        #expect(summaries.asked == [["b.md"]])
        #expect(list.visibleDocuments == [Self.summarized("a.md", "From the editor"), Self.listed("b.md")])
        summaries.continuation?.finish()
        await list.listing.summaryTask?.value
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

    @Test func orderedByDateARowShowsItsDateOrThatItHasNone() {
        let dated = DocumentSummary(path: "a.md", kind: .markdown, title: "A", date: "2024-05-01", dialect: .yaml, size: 10)
        let undated = DocumentSummary(path: "b.md", kind: .markdown, title: "B", dialect: .yaml, size: 10)
        #expect(DocumentSortOrder.date.detail(of: dated) == "2024-05-01")
        #expect(DocumentSortOrder.date.detail(of: undated) == "no date")
        // Not summarized yet: its date is not known.
        #expect(DocumentSortOrder.date.detail(of: Self.listed("c.md")) == nil)
        #expect(DocumentSortOrder.title.detail(of: dated) == nil)
        #expect(DocumentSortOrder.path.detail(of: dated) == nil)
    }
}
