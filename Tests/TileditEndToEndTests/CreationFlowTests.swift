import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// Focus follows creation, with the real editor under tmux: a new
    /// tile's form opens on the field that needs a value, and `o` types a
    /// paragraph that exists only once it has text.
    @Suite("Creating blocks")
    struct CreationFlowTests {
        @Test func aNewTileOpensOnTheFieldThatNeedsAValueAndANewParagraphLeftEmptyLeavesNoTrace() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let folder = try TestSupport.makeTemporaryFolder("e2e-create")
            let original = "# Notes\n\nFirst paragraph.\n"
            try Data(original.utf8).write(to: folder.appendingPathComponent("notes.md"))
            let session = try EditorSession(fixture: folder, openPath: "notes.md")
            try await session.waitUntilReady()
            try await session.waitUntil("notes.md") { $0.status.hasPrefix(" notes.md  clean  block 1/2") }

            // `o` then Esc: nothing was ever added; undo has nothing to undo.
            try session.press("2", "G", "o")
            let empty = try await session.waitUntil("the new paragraph's text area") { $0.status.contains("Editing a new paragraph") }
            #expect(empty.contains("Inspector · new paragraph"))
            #expect(empty.contains("new paragraph: block 3 of 3"))
            try await session.escape { !$0.status.contains("Editing ") }
            try await session.waitUntil("no change") { $0.status.hasPrefix(" notes.md  clean  block 2/2") }
            try session.press("2", "u")
            try await session.waitUntil("still nothing") { $0.status.hasPrefix(" notes.md  clean  block 2/2") && $0.contains("Blocks · 2 ·") }
            #expect(try session.text("notes.md") == original)

            // `o`, typing, Esc: the paragraph is added as one step undo takes back.
            try session.press("o")
            try await session.waitUntil("the text area again") { $0.status.contains("Editing a new paragraph") }
            try session.type("Typed straight away.")
            try await session.waitUntil("the typing") { $0.contains("Typed straight away.") }
            try await session.escape { !$0.status.contains("Editing ") }
            try await session.waitUntil("the paragraph") { $0.status.contains("modified  block 3/3") && $0.contains("paragraph      Typed straight away.") }
            try session.press("2", "u")
            try await session.waitUntil("the undone paragraph") { $0.status.hasPrefix(" notes.md  clean  block 2/2") && !$0.contains("Typed straight away.") }
            try session.press("C-r")
            try await session.waitUntil("the redone paragraph") { $0.status.contains("modified  block 3/3") }

            // A new embed opens on `url`, the field it needs; typing goes there at once.
            try session.press("i")
            try await session.waitUntil("the catalog") { $0.hasOverlay("Insert tile") }
            try session.type("embed")
            try await session.waitUntil("embed chosen") { $0.status.contains("Insert tile: embed") }
            try session.press("Enter")
            try await session.waitUntil("the url field") { $0.status.contains("block 4/4") && $0.status.contains("Editing field url") && $0.contains("┏ Inspector · tile embed") }
            try session.type("https://vimeo.com/76979871")
            try session.press("Enter")
            try await session.waitUntil("the applied url") { $0.status.contains("Field url (required): https://vimeo.com/76979871") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            #expect(try session.text("notes.md") == original + "\nTyped straight away.\n\n:::tile embed\nid: embed-1\nurl: https://vimeo.com/76979871\n:::\n")
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }

        /// No key throws typing away for good: Ctrl-U (a nano user's paste)
        /// deletes to the start of the line, and Ctrl-Y puts it back.
        @Test func ctrlYPutsBackWhatCtrlUDeletedInANewParagraph() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let folder = try TestSupport.makeTemporaryFolder("e2e-yank")
            let original = "# Notes\n"
            try Data(original.utf8).write(to: folder.appendingPathComponent("notes.md"))
            let session = try EditorSession(fixture: folder, openPath: "notes.md")
            try await session.waitUntilReady()
            try await session.waitUntil("notes.md") { $0.status.hasPrefix(" notes.md  clean  block 1/1") }
            try session.press("2", "o")
            try await session.waitUntil("the new paragraph's text area") { $0.status.contains("Editing a new paragraph") }
            try session.type("Kept after all.")
            try await session.waitUntil("the typing") { $0.contains("Kept after all.") }
            try session.press("C-u")
            try await session.waitUntil("the line deleted") { !$0.contains("Kept after all.") && $0.status.contains("Editing a new paragraph") }
            try session.press("C-y")
            try await session.waitUntil("the line put back") { $0.contains("Kept after all.") }
            try await session.escape { !$0.status.contains("Editing ") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            #expect(try session.text("notes.md") == original + "\nKept after all.\n")
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }

        /// The document list follows the folder without `R`: a title
        /// changed outside, a new file and a removed one show by themselves.
        @Test func theDocumentListFollowsOutsideChangesWithoutR() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let folder = try TestSupport.makeTemporaryFolder("e2e-follow")
            try Data("# Alpha\n".utf8).write(to: folder.appendingPathComponent("a.md"))
            try Data("# Bravo\n".utf8).write(to: folder.appendingPathComponent("b.md"))
            let session = try EditorSession(fixture: folder, openPath: "a.md")
            try await session.waitUntilReady()
            try await session.waitUntil("both titles") { $0.contains("Alpha") && $0.contains("Bravo") && $0.contains("Documents · 2") }
            // The editor's clock moves only when told: the disk check runs once.
            try Data("# Bravo, retitled\n".utf8).write(to: session.workspace.appendingPathComponent("b.md"))
            try Data("# Charlie\n".utf8).write(to: session.workspace.appendingPathComponent("c.md"))
            try await session.advanceClock(by: .seconds(2))
            try await session.waitUntil("the outside changes to show") { screen in
                screen.contains("Bravo, retitled") && screen.contains("Charlie") && screen.contains("Documents · 3")
            }
            try FileManager.default.removeItem(at: session.workspace.appendingPathComponent("c.md"))
            try await session.advanceClock(by: .seconds(2))
            try await session.waitUntil("the removed file to go") { !$0.contains("Charlie") && $0.contains("Documents · 2") }
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
