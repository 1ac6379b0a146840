import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

/// Renames on real folders: the whole folder compared byte for byte after
/// a rename and after its undo, refusals that change nothing, and a step
/// failing midway putting everything back.
@Suite("Rename client")
struct RenameClientTests {
    let folder: URL

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("rename")
    }

    private func store(_ fileSystem: FileSystem = .live) -> DocumentStore {
        .testing(journalFolder: folder.appendingPathComponent("journal-outside"), fileSystem: fileSystem)
    }

    /// Every file under `root` with its bytes.
    private func snapshot(_ root: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in TestSupport.listTree(root) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
            files[path] = isFolder.boolValue ? [] : try TestSupport.readFile(root.appendingPathComponent(path))
        }
        return files
    }

    private func copyOfExampleSite() throws -> URL {
        let site = folder.appendingPathComponent("site")
        try FileManager.default.copyItem(at: TestSupport.exampleSite, to: site)
        return site
    }

    @Test func renamingAPageOfTheExampleSiteChangesOnlyItsPlaceAndTheLinksToItAndUndoPutsEverythingBack() async throws {
        let site = try copyOfExampleSite()
        let before = try snapshot(site)
        let renamer = RenameClient.live(fileSystem: .live, store: store())
        let workspace = try await WorkspaceClient.live().discover(site)
        let move = DocumentMove(source: "about/index.md", destination: "team/index.md")

        let plan = try await renamer.plan(site, move, workspace)
        #expect(plan.edits.map(\.path) == ["about/index.md", "index.md"])
        #expect(plan.notes.isEmpty)
        let applied = try await renamer.apply(site, plan)

        var expected = before
        expected["about"] = nil
        expected["about/index.md"] = nil
        expected["team"] = []
        expected["team/index.md"] = before["about/index.md"]
        let home = String(decoding: try #require(before["index.md"]), as: UTF8.self)
        expected["index.md"] = Array(home.replacingOccurrences(of: "[About](page:about)", with: "[About](page:team)").utf8)
        #expect(try snapshot(site) == expected)
        // The bundle's folder itself moved: no folder was made or left empty.
        #expect(applied.createdFolders == [])
        #expect(applied.removedFolders == [])

        try await renamer.undo(site, applied)
        #expect(try snapshot(site) == before)
    }

    @Test func movingAFileIntoNewFoldersMakesThemAndUndoRemovesThemAndRemakesTheOldOnes() async throws {
        try TestSupport.writeFiles([
            "notes/a.md": "# A\n\nSee [b](../b.md).\n", "b.md": "[a](notes/a.md#top) and [url](/notes/a/)\n",
        ], in: folder)
        let before = try snapshot(folder)
        let renamer = RenameClient.live(fileSystem: .live, store: store())
        let plan = try await renamer.plan(folder, DocumentMove(source: "notes/a.md", destination: "archive/2024/a.md"), try await WorkspaceClient.live().discover(folder))
        let applied = try await renamer.apply(folder, plan)
        #expect(try snapshot(folder) == [
            "archive": [], "archive/2024": [], "archive/2024/a.md": Array("# A\n\nSee [b](../../b.md).\n".utf8),
            "b.md": Array("[a](archive/2024/a.md#top) and [url](/archive/2024/a/)\n".utf8),
        ])
        #expect(applied.createdFolders == ["archive", "archive/2024"])
        #expect(applied.removedFolders == ["notes"])
        try await renamer.undo(folder, applied)
        #expect(try snapshot(folder) == before)
    }

    @Test func undoIsRefusedWhenAFileItWouldWriteChangedOnDiskAndNothingChanges() async throws {
        try TestSupport.writeFiles(["a.md": "# A\n", "b.md": "[a](a.md)\n"], in: folder)
        let renamer = RenameClient.live(fileSystem: .live, store: store())
        let plan = try await renamer.plan(folder, DocumentMove(source: "a.md", destination: "c.md"), try await WorkspaceClient.live().discover(folder))
        let applied = try await renamer.apply(folder, plan)
        try TestSupport.writeFiles(["b.md": "[a](c.md) edited elsewhere\n"], in: folder)
        let changed = try snapshot(folder)

        await #expect(throws: RenameError.changedOnDisk(paths: ["b.md"])) { try await renamer.undo(folder, applied) }
        #expect(try snapshot(folder) == changed)
        #expect(RenameError.changedOnDisk(paths: ["b.md"]).message == "b.md changed on disk since; nothing was changed. Look at it and try again.")
    }

    @Test func undoIsRefusedWhenSomethingIsAtTheOldPath() async throws {
        try TestSupport.writeFiles(["a.md": "# A\n"], in: folder)
        let renamer = RenameClient.live(fileSystem: .live, store: store())
        let plan = try await renamer.plan(folder, DocumentMove(source: "a.md", destination: "c.md"), try await WorkspaceClient.live().discover(folder))
        let applied = try await renamer.apply(folder, plan)
        try TestSupport.writeFiles(["a.md": "# A new one\n"], in: folder)
        await #expect(throws: RenameError.destinationExists(path: "a.md")) { try await renamer.undo(folder, applied) }
        #expect(try snapshot(folder) == ["a.md": Array("# A new one\n".utf8), "c.md": Array("# A\n".utf8)])
    }

    @Test func applyingIsRefusedWhenAFileChangedSinceThePlanOrTheNewPathIsTaken() async throws {
        try TestSupport.writeFiles(["a.md": "# A\n", "b.md": "[a](a.md)\n"], in: folder)
        let renamer = RenameClient.live(fileSystem: .live, store: store())
        let plan = try await renamer.plan(folder, DocumentMove(source: "a.md", destination: "c.md"), try await WorkspaceClient.live().discover(folder))
        try TestSupport.writeFiles(["b.md": "[a](a.md) and more\n"], in: folder)
        let changed = try snapshot(folder)
        await #expect(throws: RenameError.changedOnDisk(paths: ["b.md"])) { try await renamer.apply(folder, plan) }
        #expect(try snapshot(folder) == changed)

        try TestSupport.writeFiles(["b.md": "[a](a.md)\n", "c.md": "taken\n"], in: folder)
        await #expect(throws: RenameError.destinationExists(path: "c.md")) { try await renamer.apply(folder, plan) }
        await #expect(throws: RenameError.destinationExists(path: "c.md")) {
            try await renamer.plan(folder, DocumentMove(source: "a.md", destination: "c.md"), Workspace(root: folder, isTiledown: false, documents: [
                DocumentSummary(path: "a.md", kind: .markdown, title: "A", dialect: .yaml, size: 4),
            ]))
        }
    }

    @Test func aWriteFailingMidwayPutsEveryFileAndTheDocumentBack() async throws {
        try TestSupport.writeFiles([
            "a/index.md": "# A\n", "one/index.md": "[a](/a/)\n", "two/index.md": "[a](../a/index.md)\n",
        ], in: folder)
        let before = try snapshot(folder)
        let faults = FaultInjector()
        let renamer = RenameClient.live(fileSystem: faults.fileSystem, store: store(faults.fileSystem))
        let plan = try await renamer.plan(folder, DocumentMove(source: "a/index.md", destination: "b/index.md"), try await WorkspaceClient.live().discover(folder))
        #expect(plan.edits.map(\.path) == ["a/index.md", "one/index.md", "two/index.md"])
        // The second file cannot be replaced (its folder's disk is full).
        faults.fail(.rename, under: folder.appendingPathComponent("two"))
        faults.fail(.write, under: folder.appendingPathComponent("two"))

        let error = await #expect(throws: RenameError.self) { try await renamer.apply(folder, plan) }
        guard case .failed(_, let restored, let leftover)? = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(restored)
        #expect(leftover == nil)
        faults.repair()
        #expect(try snapshot(folder) == before)
    }
}
