import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// The inspector's list fields, driven in tmux on a copy of the example site.
    @Suite("Inspector and preview flows")
    struct InspectorFlowTests {
        let flows = EditorFlowTests()

        @Test func aTagIsAddedByCompletionFromTheWorkspaceAndSaved() async throws {
            let session = try await flows.start()
            try await flows.open("posts/hello-tiledit/index.md", in: session)
            // The front matter's form, on its tags field: Enter opens it as a list.
            try session.press("2", "g", "Enter")
            try await session.waitUntil("the title field") { $0.status.contains("Field title: Hello, Tiledit") }
            try session.press("j", "j", "j")
            try await session.waitUntil("the tags field") { $0.status.contains("Field tags: editing, tiles") }
            try session.press("Enter")
            try await session.waitUntil("the items") { $0.contains("• editing") && $0.contains("• tiles") && $0.contains("a adds · Enter edits") }
            // `ch` is offered `charts`, used by another post; Tab takes it, Enter adds it.
            try session.press("a")
            try await session.waitUntil("the item field") { $0.contains("Tab completes") }
            try session.type("ch")
            try await session.waitUntil("the completion") { $0.contains("↳ charts  1 document") && !$0.contains("↳ diagrams") }
            try session.press("Tab")
            try await session.waitUntil("the completed item") { $0.lines.contains { $0.contains("┃    charts ") } }
            try session.press("Enter")
            try await session.waitUntil("the added tag") { $0.contains("• charts") && $0.status.contains("modified") }
            try await session.escape { !$0.contains("a adds · Enter edits") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            let original = try TestSupport.readFile(EditorFlowTests.site.appendingPathComponent("posts/hello-tiledit/index.md"))
            let expected = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "tags: editing, tiles\n", with: "tags: editing, tiles, charts\n")
            #expect(try session.text("posts/hello-tiledit/index.md") == expected)
            try flows.expectOthersUnchanged(session, except: ["posts/hello-tiledit/index.md"])
        }
    }
}
