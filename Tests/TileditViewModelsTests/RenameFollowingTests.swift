import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// What follows a rename in the app: the editor of the moved document at
/// its new path, an open editor of a file whose links changed reading it
/// again, the search index's updates and removals (recorded), and a rename
/// refused while an editor holds unsaved edits of a file it would change.
@MainActor
@Suite("Rename following")
struct RenameFollowingTests {
    /// The search client's updates and removals, in order, over the live index.
    final class RecordingSearch: Sendable {
        let events = Mutex<[String]>([])
        let live = SearchClient.live()

        var client: SearchClient {
            SearchClient(
                build: live.build,
                update: { path, bytes in
                    self.events.withLock { $0.append("update \(path)") }
                    await self.live.update(path, bytes)
                },
                reload: live.reload,
                remove: { path in
                    self.events.withLock { $0.append("remove \(path)") }
                    await self.live.remove(path)
                },
                search: live.search)
        }
    }

    func makeApp(search: RecordingSearch) throws -> (AppModel, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let workspace = folder.appendingPathComponent("site")
        try TestSupport.writeFiles([
            "notes/a.md": "# A\n\nBack [home](../index.md).\n", "index.md": "# Home\n\nSee [A](notes/a.md).\n", "b.md": "# B\n",
        ], in: workspace)
        let app = AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(), store: .testing(journalFolder: folder.appendingPathComponent("journal")), search: search.client,
            rendering: .live, settings: .live(file: folder.appendingPathComponent("settings.yml")), clock: ManualClock(),
            fileSystem: .live, diskCheckInterval: nil))
        return (app, workspace)
    }

    func rename(_ app: AppModel, _ source: String, to destination: String) async throws {
        let list = try #require(app.documents)
        await list.onSelectedDocument(source)
        list.onTappedRename()
        list.onChangedRename(destination)
        await list.onConfirmedRename()
        #expect(list.destination?.renamePreview != nil)
        await list.onChose(.applyRename)
        await app.indexing.indexUpdateTask?.value
    }

    @Test func theMovedEditorFollowsAndALinkingEditorReadsItsFileAgain() async throws {
        let search = RecordingSearch()
        let (app, workspace) = try makeApp(search: search)
        await app.onAppeared(path: "index.md", currentDirectory: workspace)
        await app.indexing.buildTask?.value
        await app.documents?.onSelectedDocument("notes/a.md")
        #expect(app.editor?.displayPath == "notes/a.md")

        try await rename(app, "notes/a.md", to: "archive/a.md")
        #expect(app.documents?.destination == nil)
        #expect(app.editor?.displayPath == "archive/a.md")
        #expect(app.editor?.document.value?.text == "# A\n\nBack [home](../index.md).\n")
        #expect(app.editor?.saveState == .clean)
        #expect(app.documents?.visibleDocuments.map(\.path) == ["archive/a.md", "b.md", "index.md"])
        // The open editor of index.md read its new link.
        await app.documents?.onSelectedDocument("index.md")
        #expect(app.editor?.document.value?.text == "# Home\n\nSee [A](archive/a.md).\n")
        #expect(app.editor?.saveState == .clean)
        #expect(search.events.withLock { $0 } == ["remove notes/a.md", "update archive/a.md", "update index.md"])

        await app.documents?.onTappedUndoRename()
        await app.indexing.indexUpdateTask?.value
        #expect(try String(decoding: TestSupport.readFile(workspace.appendingPathComponent("index.md")), as: UTF8.self) == "# Home\n\nSee [A](notes/a.md).\n")
        #expect(app.editor?.displayPath == "index.md")
        #expect(app.editor?.document.value?.text == "# Home\n\nSee [A](notes/a.md).\n")
        #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("notes/a.md").path))
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("archive").path))
    }

    @Test func unsavedEditsOfALinkingFileRefuseTheRenameAndNothingChanges() async throws {
        let (app, workspace) = try makeApp(search: RecordingSearch())
        await app.onAppeared(path: "index.md", currentDirectory: workspace)
        let editor = try #require(app.editor)
        editor.onSelectedEdge(last: true)
        editor.onInspector(.changedText("See [A](notes/a.md) again."))
        editor.onInspector(.leftText)
        #expect(app.unsavedPaths == ["index.md"])

        let list = try #require(app.documents)
        await list.onSelectedDocument("notes/a.md")
        list.onTappedRename()
        list.onChangedRename("archive/a.md")
        await list.onConfirmedRename()
        #expect(list.destination == .alert(ViewError("The rename changes index.md, which has unsaved edits: save or undo them first.")))
        #expect(TestSupport.listTree(workspace) == ["b.md", "index.md", "notes", "notes/a.md"])
    }
}
