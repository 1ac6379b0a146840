import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

@MainActor
@Suite("App")
struct AppModelTests {
    func makeApp(
        _ files: [String: String], search: SearchClient = .live(), store configure: (inout DocumentStore) -> Void = { _ in }
    ) throws -> (AppModel, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try TestSupport.writeFiles(files, in: workspace)
        var store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        configure(&store)
        let app = AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(), store: store, search: search,
            rendering: .live, settings: .live(file: folder.appendingPathComponent("settings.yml")), clock: ManualClock(),
            fileSystem: .live, diskCheckInterval: nil))
        return (app, workspace)
    }

    /// Names of the files a file system opened for reading, in order.
    final class ReadLog: Sendable {
        private let names = Mutex<[String]>([])

        var all: [String] { names.withLock { $0 } }

        func append(_ name: String) { names.withLock { $0.append(name) } }

        func clear() { names.withLock { $0 = [] } }
    }

    /// The live file system, recording the name of every file opened for reading.
    static func recordingReads(_ log: ReadLog) -> FileSystem {
        var fileSystem = FileSystem.live
        let open = fileSystem.openFile
        fileSystem.openFile = { url, mode in
            if case .read = mode { log.append(url.lastPathComponent) }
            return try open(url, mode)
        }
        return fileSystem
    }

    /// An app over the live services, recording the files its workspace
    /// client and its search client open for reading, and the paths the
    /// workspace client is asked to summarize in the background.
    func makeRecordingApp(
        _ files: [String: String], workspaceReads: ReadLog, searchReads: ReadLog, summarized: ReadLog = ReadLog(), cache: Bool = false
    ) throws -> (AppModel, URL, SearchClient) {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try TestSupport.writeFiles(files, in: workspace)
        let search = SearchClient.live(
            fileSystem: Self.recordingReads(searchReads), cacheFolder: cache ? folder.appendingPathComponent("cache") : nil)
        var workspaceClient = WorkspaceClient.live(fileSystem: Self.recordingReads(workspaceReads))
        let summaries = workspaceClient.summaries
        workspaceClient.summaries = { workspace, paths in
            for path in paths { summarized.append(path) }
            return summaries(workspace, paths)
        }
        let app = AppModel(dependencies: AppModel.Dependencies(
            workspace: workspaceClient,
            store: .testing(journalFolder: folder.appendingPathComponent("journal")), search: search,
            rendering: .live, settings: .live(file: folder.appendingPathComponent("settings.yml")), clock: ManualClock(),
            fileSystem: .live, diskCheckInterval: nil))
        return (app, workspace, search)
    }

    @Test func theOpenDocumentsRowComesFromTheEditorsParseAndTheOthersAreSummarizedInTheBackground() async throws {
        let workspaceReads = ReadLog()
        let searchReads = ReadLog()
        let summarized = ReadLog()
        let notes = "---\ntitle: My notes\n---\n\n:::tile mystery\n:::\n"
        let (app, workspace, _) = try makeRecordingApp(
            ["notes.md": notes, "other.md": "# Other\n"], workspaceReads: workspaceReads, searchReads: searchReads, summarized: summarized)

        await app.onAppeared(path: "notes.md", currentDirectory: workspace)
        await app.documents?.listing.summaryTask?.value
        await app.indexing.buildTask?.value

        // notes.md is read once to check it is text before the editor opens
        // it (not parsed), and not summarized: its row is the editor's.
        #expect(summarized.all == ["other.md"])
        #expect(workspaceReads.all == ["notes.md", "other.md"])
        #expect(app.documents?.document(at: "notes.md") == DocumentSummary(
            path: "notes.md", kind: .markdown, title: "My notes", tileTypes: ["mystery"], dialect: .yaml, warningCount: 1, size: notes.utf8.count))
        #expect(app.documents?.document(at: "other.md")?.title == "Other")
        // The index takes notes.md's bytes from its editor.
        #expect(searchReads.all == ["other.md"])
    }

    @Test func aDocumentChangedOnDiskIsReadAgainAndOnlyItIsIndexedAgain() async throws {
        let workspaceReads = ReadLog()
        let searchReads = ReadLog()
        let (app, workspace, search) = try makeRecordingApp(
            ["notes.md": "# Notes\n\nApples.\n", "other.md": "# Other\n\nApples too.\n"],
            workspaceReads: workspaceReads, searchReads: searchReads)
        await app.onAppeared(path: "notes.md", currentDirectory: workspace)
        await app.documents?.listing.summaryTask?.value
        await app.indexing.buildTask?.value
        workspaceReads.clear()
        searchReads.clear()

        try TestSupport.writeFiles(["notes.md": "# Renamed notes\n\nPears.\n"], in: workspace)
        await app.editor?.onCheckedDisk()
        await app.indexing.indexUpdateTask?.value
        await app.indexing.listUpdateTask?.value

        #expect(app.editor?.document.value?.text == "# Renamed notes\n\nPears.\n")
        #expect(app.documents?.document(at: "notes.md")?.title == "Renamed notes")
        #expect(await search.search("pears", 10).map { $0.path } == ["notes.md"])
        #expect(await search.search("apples", 10).map { $0.path } == ["other.md"])
        // The editor's bytes and parse: nothing read again for the index or the list.
        #expect(searchReads.all == [])
        #expect(workspaceReads.all == [])
    }

    @Test func refreshingReadsOnlyTheFilesThatChanged() async throws {
        let workspaceReads = ReadLog()
        let searchReads = ReadLog()
        let (app, workspace, search) = try makeRecordingApp(
            ["a.md": "# A\n\nOld.\n", "b.md": "# B\n\nOld.\n", "c.md": "# C\n\nOld.\n"],
            workspaceReads: workspaceReads, searchReads: searchReads, cache: true)
        await app.onAppeared(path: "a.md", currentDirectory: workspace)
        await app.documents?.listing.summaryTask?.value
        await app.indexing.buildTask?.value
        searchReads.clear()

        try TestSupport.writeFiles(["b.md": "# Bee\n\nNew words.\n"], in: workspace)
        await app.onRefreshed()
        await app.indexing.buildTask?.value
        await app.documents?.listing.summaryTask?.value

        #expect(searchReads.all == ["b.md"])
        #expect(await search.search("new", 10).map { $0.path } == ["b.md"])
        #expect(await search.search("old", 10).map { $0.path } == ["a.md", "c.md"])
        #expect(app.documents?.document(at: "b.md")?.title == "Bee")
    }

    @Test func openingAFileOpensItInItsFolder() async throws {
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n", "a.md": "# A\n"])
        await app.onAppeared(path: "notes.md", currentDirectory: workspace)
        #expect(app.session.root?.path == workspace.path)
        #expect(app.editor?.displayPath == "notes.md")
        #expect(app.destination == nil)
    }

    @Test func theSearchIndexIsBuiltAfterTheFirstDocumentIsOpen() async throws {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try TestSupport.writeFiles(["notes.md": "# Notes\n\nApples.\n", "a.md": "# A\n"], in: workspace)
        let events = Mutex<[String]>([])
        var store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let load = store.load
        store.load = { url in
            events.withLock { $0.append("load \(url.lastPathComponent)") }
            return try await load(url)
        }
        let live = SearchClient.live()
        let search = SearchClient(
            build: { workspace in
                events.withLock { $0.append("build") }
                try await live.build(workspace)
            },
            update: live.update, reload: live.reload, remove: live.remove, search: live.search)
        let app = AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(), store: store, search: search, rendering: .live,
            settings: .live(file: folder.appendingPathComponent("settings.yml")), clock: ManualClock(),
            fileSystem: .live, diskCheckInterval: nil))
        await app.onAppeared(path: "notes.md", currentDirectory: workspace)
        await app.indexing.buildTask?.value
        #expect(events.withLock { $0 } == ["load notes.md", "build"])
        #expect(await search.search("apples", 10).map { $0.path } == ["notes.md"])
    }

    @Test func aYAMLFileOpensInTheYAMLEditorAndQuittingAsksForItsEdits() async throws {
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n", "data.yml": "# People\nname: Ada # first\n"])
        await app.onAppeared(path: "data.yml", currentDirectory: workspace)
        #expect(app.editor == nil)
        #expect(app.destination == nil)
        let yaml = try #require(app.yamlEditor)
        #expect(yaml.displayPath == "data.yml")
        #expect(yaml.row(at: 0)?.summary == "Ada")
        yaml.onEditedField("Grace")
        #expect(yaml.onCommittedField())
        #expect(app.unsavedPaths == ["data.yml"])
        app.onTappedQuit()
        #expect(app.destination == .confirmQuit(unsavedPaths: ["data.yml"]))
        #expect(!app.hasQuit)
        await app.onConfirmedQuit(saving: true)
        #expect(app.hasQuit)
        #expect(try String(contentsOf: workspace.appendingPathComponent("data.yml"), encoding: .utf8) == "# People\nname: Grace # first\n")
        // Opening a Markdown document puts the Markdown editor back.
        await app.openDocument("notes.md")
        #expect(app.yamlEditor == nil)
        #expect(app.editor?.displayPath == "notes.md")
    }

    @Test func openingAFileThatIsNotADocumentSaysSoAndOpensItsFolder() async throws {
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n", "photo.png": "not text"])
        await app.onAppeared(path: "photo.png", currentDirectory: workspace)
        #expect(app.session.root?.path == workspace.path)
        #expect(app.documents?.visibleDocuments.map(\.path) == ["notes.md"])
        #expect(app.editor == nil)
        #expect(app.destination?.alert == ViewError(
            "Tiledit cannot open photo.png: only Markdown (.md) and YAML (.yml, .yaml) documents open. Its folder is open instead."))
    }

    @Test func openingAWorkspaceDealsWithInterruptedSavesAndSaysWhatItDid() async throws {
        let calls = Mutex<[String]>([])
        let found = InterruptedSave(
            document: URL(fileURLWithPath: "/site/notes.md"), leftover: URL(fileURLWithPath: "/site/.notes.md.tiledit-x.bak"),
            outcome: .restoredFromBackup)
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n"]) { store in
            store.recoverInterruptedSaves = { url in
                calls.withLock { $0.append(url.standardizedFileURL.path) }
                return [found]
            }
        }
        await app.onAppeared(path: nil, currentDirectory: workspace)
        #expect(calls.withLock { $0 } == [workspace.standardizedFileURL.path])
        #expect(app.destination == .interruptedSaves([found]))
        #expect(app.editor?.displayPath == "notes.md")
        app.onDismissed()
        #expect(app.destination == nil)
    }

    @Test func aWorkspaceWithNothingInterruptedOpensWithNothingToSay() async throws {
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n"])
        await app.onAppeared(path: nil, currentDirectory: workspace)
        #expect(app.destination == nil)
    }

    /// The preview pane says what is true: a Markdown document shows its
    /// preview, a YAML file has none, and with nothing open there is none.
    @Test("The preview placeholder says a YAML file has no preview")
    func thePreviewPlaceholderSaysAYAMLFileHasNoPreview() async throws {
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n", "data.yml": "servers:\n  - a\n  - b\n"])
        await app.onAppeared(path: "notes.md", currentDirectory: workspace)
        // A Markdown document shows its preview.
        #expect(app.editor != nil && app.previewPlaceholder == nil)
        await app.documents?.onSelectedDocument("data.yml")
        let yaml = try #require(app.yamlEditor)
        await yaml.onAppeared()
        #expect(app.previewPlaceholder == "YAML files have no preview")
        // Sequence items are labelled from 0, as their paths count them.
        let first = try #require(yaml.row(at: 0))
        yaml.onSelected(first.id)
        yaml.onExpandedSelection()
        #expect((0..<yaml.rowCount).compactMap { yaml.row(at: $0) }.map { "\($0.depth) \($0.label)" } == ["0 servers", "1 - 0", "1 - 1"])
        #expect(yaml.row(at: 1).flatMap { yaml.path(of: $0.id) }?.description == "servers.0")
    }

    @Test func aSearchResultInAYAMLFileOpensAtItsNodeUnfoldingWhatHidesIt() async throws {
        let search = SearchClient.live()
        let data = "# People\nteam:\n  lead:\n    name: Ada\n    role: chair\n  size: 3\nother: x\n"
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n", "data.yml": data], search: search)
        await app.onAppeared(path: "notes.md", currentDirectory: workspace)
        await app.indexing.buildTask?.value
        let result = try #require(await search.search("chair", 10).first)
        #expect(result.path == "data.yml" && result.line == 5)
        await app.openResult(result)
        let yaml = try #require(app.yamlEditor)
        #expect(yaml.selection.flatMap(yaml.path(of:))?.description == "team.lead.role")
        #expect((0..<yaml.rowCount).compactMap { yaml.row(at: $0) }.map { "\($0.depth) \($0.label)" } == [
            "0 team", "1 lead", "2 name", "2 role", "1 size", "0 other",
        ])
        #expect(yaml.field?.text == "chair")
        #expect(app.editor == nil && app.destination == nil)
    }

    @Test func savingAYAMLFileUpdatesTheSearchIndexAndTheDocumentList() async throws {
        let search = SearchClient.live()
        let (app, workspace) = try makeApp(["notes.md": "# Notes\n", "data.yml": "title: Old name # shown\nteam: Ada\n"], search: search)
        await app.onAppeared(path: "data.yml", currentDirectory: workspace)
        await app.indexing.buildTask?.value
        await app.documents?.listing.summaryTask?.value
        #expect(await search.search("old", 10).map { $0.path } == ["data.yml"])
        let yaml = try #require(app.yamlEditor)
        #expect(app.documents?.workspace.value?.document(at: "data.yml")?.title == "Old name")
        yaml.onSelected(try #require(yaml.id(of: YAMLPath([.key("title")]))))
        yaml.onEditedField("Zeppelin crew")
        #expect(yaml.onCommittedField())
        await yaml.onTappedSave()
        await app.indexing.indexUpdateTask?.value
        await app.indexing.listUpdateTask?.value
        #expect(yaml.saveState == .saved)
        #expect(try String(contentsOf: workspace.appendingPathComponent("data.yml"), encoding: .utf8) == "title: Zeppelin crew # shown\nteam: Ada\n")
        // The index built at start-up answers with the saved value, and no longer with the old one.
        let found = await search.search("zeppelin", 10)
        #expect(found.map(\.path) == ["data.yml"])
        #expect(found.map(\.line) == [1])
        #expect(await search.search("old", 10).isEmpty)
        #expect(app.documents?.workspace.value?.document(at: "data.yml")?.title == "Zeppelin crew")
    }
}
