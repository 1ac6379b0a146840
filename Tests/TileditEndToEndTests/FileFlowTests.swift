import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// Renaming a document and merging a conflict with the real editor
    /// under tmux, on a copy of the example site, asserting the screen and
    /// every file's bytes on disk.
    @Suite("File flows")
    struct FileFlowTests {
        static let site = TestSupport.exampleSite

        func start(openPath: String = ".") async throws -> EditorSession {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let session = try EditorSession(fixture: Self.site, openPath: openPath, width: 140, height: 40)
            try await session.waitUntilReady()
            return session
        }

        func original(_ path: String) throws -> String {
            String(decoding: try TestSupport.readFile(Self.site.appendingPathComponent(path)), as: UTF8.self)
        }

        /// Every file and folder of the workspace with its bytes (folders with none).
        func snapshot(_ root: URL) throws -> [String: String] {
            var files: [String: String] = [:]
            for path in TestSupport.listTree(root) {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
                files[path] = isFolder.boolValue ? "" : String(decoding: try TestSupport.readFile(root.appendingPathComponent(path)), as: UTF8.self)
            }
            return files
        }

        @Test func renamingAPageMovesItsFolderTheLinksFollowAndUndoPutsEverythingBack() async throws {
            let session = try await start(openPath: "about/index.md")
            try await session.waitUntil("the page") { $0.status.hasPrefix(" about/index.md  clean") }
            let before = try snapshot(Self.site)

            try session.press("1", "g", "m")
            try await session.waitUntil("the prompt") { $0.hasOverlay("Rename or move") && $0.contains("That is the document's path now") }
            try session.press("C-u")
            try session.type("team/index.md")
            try await session.waitUntil("the valid path") { $0.contains("The folder about/ moves with everything in it; links to it follow.") }
            try session.press("Enter")
            let preview = try await session.waitUntil("the preview") { $0.hasOverlay("Rename · 2 files") }
            #expect(preview.contains("about/ moves to team/; 1 link in 1 other file follow."))
            #expect(preview.contains("+- **Pages**: this one, [About](page:team) and [Docs](page:docs)."))
            try session.press("Enter")
            // The editor follows the page to its new path.
            try await session.waitUntil("the rename") {
                !$0.hasOverlay("Rename · 2 files") && $0.status.hasPrefix(" team/index.md  clean") && $0.status.contains("Renamed about/index.md to team/index.md")
            }

            var expected = before
            expected["about"] = nil
            expected["about/index.md"] = nil
            expected["team"] = ""
            expected["team/index.md"] = before["about/index.md"]
            expected["index.md"] = try original("index.md").replacingOccurrences(of: "[About](page:about)", with: "[About](page:team)")
            #expect(try snapshot(session.workspace) == expected)

            try session.press("1", "U")
            try await session.waitUntil("the undo") { $0.status.hasPrefix(" about/index.md  clean") && $0.status.contains("Undid the rename") }
            #expect(try snapshot(session.workspace) == before)
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }

        /// Another program deletes the open file under unsaved edits: the
        /// next disk check (the editor's clock moves only when told) raises
        /// the alert without a save, and Save again writes the edits back.
        @Test func aFileDeletedUnderUnsavedEditsIsAlertedAtTheDiskCheckAndSaveAgainWritesItBack() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let folder = try TestSupport.makeTemporaryFolder("e2e-deleted")
            try Data("# Alpha\n\nFirst.\n\nSecond.\n".utf8).write(to: folder.appendingPathComponent("a.md"))
            let session = try EditorSession(fixture: folder, openPath: "a.md", width: 140, height: 40)
            try await session.waitUntilReady()
            try await session.waitUntil("the page") { $0.status.hasPrefix(" a.md  clean") }
            // The last paragraph moves above the first.
            try session.press("2", "G", "K")
            try await session.waitUntil("the edit") { $0.status.contains("modified") }
            let file = session.workspace.appendingPathComponent("a.md")
            try FileManager.default.removeItem(at: file)
            try await session.advanceClock(by: .seconds(2))
            let alert = try await session.waitUntil("the alert") { $0.hasOverlay("Deleted on disk") && $0.contains("[ Save again ]") }
            #expect(alert.contains("a.md is no longer on disk"))
            #expect(alert.status.contains("modified, deleted on disk"))
            #expect(!FileManager.default.fileExists(atPath: file.path))

            // Save again is selected first.
            try session.press("Enter")
            try await session.waitUntil("the save") { !$0.hasOverlay("Deleted on disk") && $0.status.contains("  saved  ") }
            #expect(try session.text("a.md") == "# Alpha\n\nSecond.\n\nFirst.\n")
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }

        static let table = "| Tile | Where |\n|:-----|:------|\n| callout, counter | this page |\n| embed, service-form | About |\n| chart, mermaid | Charts and diagrams |\n| buttondown | Newsletter |\n"

        @Test func aMarkdownMergeTakesTheDisksSeparateChangeAndAsksForTheOverlappingOne() async throws {
            let session = try await start(openPath: "index.md")
            try await session.waitUntil("the page") { $0.status.hasPrefix(" index.md  clean") }
            let base = try original("index.md")
            // Ours: the table moves above the recent posts.
            try session.press("2", "G", "K")
            try await session.waitUntil("the edit") { $0.status.contains("modified") }
            let ours = base.replacingOccurrences(of: ":::recent:::\n\n" + Self.table, with: Self.table + "\n:::recent:::\n")
            // Theirs: the title (apart from ours) and the table's last row (next to ours).
            let theirs = base.replacingOccurrences(of: "title: Tiledit Example Site", with: "title: Changed elsewhere")
                .replacingOccurrences(of: "| buttondown | Newsletter |", with: "| buttondown | The newsletter |")
            try Data(theirs.utf8).write(to: session.workspace.appendingPathComponent("index.md"))
            try session.press("C-s")
            try await session.waitUntil("the conflict") { $0.hasOverlay("Changed on disk") && $0.contains("[ Merge ]  [ Compare ]") }

            // Keep both is selected; → is Merge.
            try session.press("Right", "Enter")
            let merge = try await session.waitUntil("the overlapping change") { $0.hasOverlay("Merge · change 1 of 1") }
            #expect(merge.contains("Disk's (line"))
            #expect(merge.contains("  | buttondown | The newsletter |"))
            #expect(merge.contains("[ Disk's ]  [ Yours ]  [ Both ]  [ Cancel ]"))
            try session.press("y")
            try await session.waitUntil("the merge") {
                !$0.hasOverlay("Merge · change 1 of 1") && $0.status.contains("modified") && $0.status.contains("Merged with index.md on disk")
            }
            #expect(try session.text("index.md") == theirs)
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            #expect(try session.text("index.md") == ours.replacingOccurrences(of: "title: Tiledit Example Site", with: "title: Changed elsewhere"))
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }

        @Test func aYAMLMergeTakesTheDisksSeparateChangesAndAsksForTheOverlappingOne() async throws {
            let session = try await start(openPath: "data/authors.yml")
            try await session.waitUntil("the tree") { $0.status.hasPrefix(" data/authors.yml  clean") && $0.contains("▸ defaults: &defaults {2 keys}") }
            let base = try original("data/authors.yml")
            // Ours: `active: false`.
            try session.press("2", "Right", "j", "j")
            try await session.waitUntil("active selected") { $0.status.contains("row 3/4") }
            try session.press("Enter", "C-u")
            try session.type("false")
            try session.press("Enter")
            try await session.waitUntil("the edit") { $0.status.contains("modified") && $0.contains("active: false") }
            // Theirs: the comment and Grace's year apart from ours, `active` as ours.
            let theirs = base.replacingOccurrences(of: "# Authors of the example site.", with: "# Authors, as the team lists them.")
                .replacingOccurrences(of: "  active: true\n", with: "  active: no\n")
                .replacingOccurrences(of: "since: \"2025\"", with: "since: \"2026\"")
            try Data(theirs.utf8).write(to: session.workspace.appendingPathComponent("data/authors.yml"))
            try session.press("C-s")
            try await session.waitUntil("the conflict") { $0.hasOverlay("Changed on disk") }
            // Compare first: the disk's lines against ours.
            try session.press("Right", "Right", "Enter")
            let compare = try await session.waitUntil("the comparison") { $0.hasOverlay("Compare with disk") }
            #expect(compare.contains("-  active: no"))
            #expect(compare.contains("+  active: false"))
            try session.press("m")
            try await session.waitUntil("the overlapping change") { $0.hasOverlay("Merge · change 1 of 1") && $0.contains("  active: no") }
            try session.press("y")
            try await session.waitUntil("the merge") { !$0.hasOverlay("Merge · change 1 of 1") && $0.status.contains("Merged with data/authors.yml on disk") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("saved") }
            #expect(try session.text("data/authors.yml") == theirs.replacingOccurrences(of: "  active: no\n", with: "  active: false\n"))
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
