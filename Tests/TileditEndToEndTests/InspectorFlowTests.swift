import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// The inspector's list fields and the preview following the
    /// selection, driven in tmux on a copy of the example site.
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
        /// The preview pane's rows of `screen`: the rows under its title,
        /// from its left border on.
        static func previewRows(_ screen: Capture) -> [String] {
            // The border is heavy while the pane has the focus.
            guard let title = screen.lines.firstIndex(where: { $0.contains("┌ Preview") || $0.contains("┏ Preview") }),
                  let corner = screen.lines[title].lastIndex(where: { $0 == "┌" || $0 == "┏" })
            else { return [] }
            let column = screen.lines[title].distance(from: screen.lines[title].startIndex, to: corner)
            return screen.lines[(title + 1)...].map { String($0.dropFirst(column)) }
        }

        static func previewShows(_ text: String, _ screen: Capture) -> Bool {
            previewRows(screen).contains { $0.contains(text) }
        }

        @Test func thePreviewFollowsTheSelectedBlockAndItsKeysScrollItUntilTheSelectionMoves() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let folder = try TestSupport.makeTemporaryFolder("e2e-preview")
            let text = (1...60).map { "Paragraph number \($0) is here.\n" }.joined(separator: "\n")
            try Data(text.utf8).write(to: folder.appendingPathComponent("long.md"))
            let session = try EditorSession(fixture: folder, openPath: "long.md", width: 120, height: 40)
            try await session.waitUntilReady()
            try await session.waitUntil("long.md to open") { $0.status.hasPrefix(" long.md  ") && $0.status.contains("block 1/60") }
            try await session.waitUntil("the preview's first paragraph") { Self.previewShows("Paragraph number 1 is here.", $0) }
            // The last block, far below the preview's rows: the preview goes to it.
            try session.press("2", "G")
            try await session.waitUntil("the last block in the preview") {
                $0.status.contains("block 60/60") && Self.previewShows("Paragraph number 60 is here.", $0) && !Self.previewShows("Paragraph number 1 is here.", $0)
            }
            // Its keys scroll it back to the top; the selection has not moved, so it stays there.
            try session.press("4", "g")
            try await session.waitUntil("the preview at its top") { Self.previewShows("Paragraph number 1 is here.", $0) }
            // Another block selected: the preview follows again.
            try session.press("2", "k")
            try await session.waitUntil("block 59 in the preview") {
                $0.status.contains("block 59/60") && Self.previewShows("Paragraph number 59 is here.", $0) && !Self.previewShows("Paragraph number 1 is here.", $0)
            }
        }
    }
}
