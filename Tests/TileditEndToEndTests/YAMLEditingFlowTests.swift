import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// A YAML file in the terminal editor: its tree in the blocks pane,
    /// folding with → and ←, a value typed into the inspector with its
    /// message while it cannot be applied, undo, save, and the bytes on disk.
    @Suite("YAML editing flows")
    struct YAMLEditingFlowTests {
        @Test func foldsTheTreeEditsAValueAndSavesOnlyItsBytes() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let session = try EditorSession(fixture: TestSupport.exampleSite, openPath: "data/authors.yml", width: 140, height: 30)
            try await session.waitUntilReady()
            let original = try session.text("data/authors.yml")
            try await session.waitUntil("the tree") {
                $0.status.hasPrefix(" data/authors.yml  clean  row 1/2") && $0.contains("▸ defaults: &defaults {2 keys}") && $0.contains("▸ authors: [2 items]")
            }
            // → unfolds the mapping, ← folds it again.
            try session.press("2", "Right")
            try await session.waitUntil("the unfolded mapping") { $0.contains("▾ defaults: &defaults {2 keys}") && $0.contains("role: writer") }
            try session.press("Left")
            try await session.waitUntil("the folded mapping") { $0.contains("▸ defaults: &defaults {2 keys}") && !$0.contains("role: writer") }
            // A boolean refuses text that is not one, with the field's message, and takes `false`.
            try session.press("Right", "j", "j")
            try await session.waitUntil("active selected") { $0.status.contains("row 3/4") && $0.contains("Inspector · boolean") }
            try session.press("Enter", "C-u")
            try session.type("maybe")
            let refused = try await session.waitUntil("the message") { $0.contains("✖ ") }
            // Typing not written into the file is an unsaved edit.
            #expect(refused.status.contains("modified"))
            try session.press("Enter")
            try await session.waitUntil("the field still open") { $0.status.contains("Editing value") }
            try session.press("C-u")
            try session.type("false")
            try session.press("Enter")
            try await session.waitUntil("the edit") { $0.status.contains("modified") && $0.contains("active: false") }
            // Undo and redo, then save.
            try session.press("Escape", "2", "u")
            try await session.waitUntil("undone") { $0.status.contains("clean") && $0.contains("active: true") }
            try session.press("C-r")
            try await session.waitUntil("redone") { $0.status.contains("modified") && $0.contains("active: false") }
            try session.press("C-s")
            try await session.waitUntil("saved") { $0.status.contains("saved") }
            #expect(try session.text("data/authors.yml") == original.replacingOccurrences(of: "  active: true\n", with: "  active: false\n"))
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
        }
    }
}
