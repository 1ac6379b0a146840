import Foundation
import Testing
import TileditTestSupport

/// Insert › Paragraph in the window: an empty text area that takes the
/// keyboard, as `o` opens one in the terminal; the paragraph exists only
/// once it is left with text. Checked on screen and on disk.
extension WindowTests {
    @Test func aNewParagraphOpensAnEmptyTextAreaWithTheKeyboardAndIsAddedWhenLeftWithText() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "index.md")
        defer { session.close() }
        let file = session.workspace.appendingPathComponent("index.md")
        let original = try String(contentsOf: file, encoding: .utf8)
        try await session.waitUntil("index.md opened") { $0.status?.hasPrefix("index.md · clean · block 1 of 9") ?? false }
        try session.click(Locator(role: "list item", name: "heading 1, Welcome"))
        try await session.waitUntil("the heading selected") { $0.status?.contains("block 2 of 9") ?? false }

        // Insert › Paragraph: the empty area has the keyboard; the document has no new block yet.
        try await insertParagraph(session)
        let opened = try await session.waitUntil("the new paragraph's area") { Self.newParagraphArea(in: $0)?.states.contains("focused") == true }
        #expect(Self.newParagraphArea(in: opened)?.text == "")
        #expect(opened.items(ofList: "Blocks").count == 9)
        #expect(opened.first(role: "text", name: "Block text")?.isShowing != true)
        try session.type("Typed in the window.")
        try await session.waitUntil("the text typed") { Self.newParagraphArea(in: $0)?.text == "Typed in the window." }
        #expect(try String(contentsOf: file, encoding: .utf8) == original)

        // Ctrl+Enter adds it after the heading, selected, and the blocks list has the keyboard again.
        try session.key("ctrl+Return")
        let added = try await session.waitUntil("the paragraph added") {
            ($0.status?.contains("block 3 of 10") ?? false) && $0.items(ofList: "Blocks").count == 10 && Self.newParagraphArea(in: $0) == nil
        }
        #expect(added.items(ofList: "Blocks").dropFirst(2).first == "paragraph, Typed in the window.")
        #expect(added.textArea?.text == "Typed in the window.")
        #expect(added.first(role: "list", name: "Blocks")?.children.contains { $0.states.contains("focused") } == true)

        // Left empty (Escape), a new paragraph leaves nothing behind.
        try await insertParagraph(session)
        try await session.waitUntil("the second area") { Self.newParagraphArea(in: $0)?.states.contains("focused") == true }
        try session.key("Escape")
        let dropped = try await session.waitUntil("the area closed") { Self.newParagraphArea(in: $0) == nil && $0.textArea != nil }
        #expect(dropped.items(ofList: "Blocks").count == 10)
        #expect(dropped.status?.contains("block 3 of 10") == true)

        try session.key("ctrl+s")
        try await session.waitUntil("saved") { $0.status?.contains("saved") ?? false }
        let expected = original.replacingOccurrences(of: "# Welcome\n\n", with: "# Welcome\n\nTyped in the window.\n\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    }

    /// Insert › Paragraph, from the header bar's Insert menu.
    private func insertParagraph(_ session: WindowSession) async throws {
        try session.press(Locator(role: "push button", name: "Insert", nth: 1))
        try await session.waitUntil("the insert menu") { $0.first(role: "menu item", name: "Paragraph")?.isShowing == true }
        try session.press(Locator(role: "menu item", name: "Paragraph"))
    }

    /// The new paragraph's text area, when it shows.
    static func newParagraphArea(in tree: AccessibleNode) -> AccessibleNode? {
        tree.all.first { $0.name == "New paragraph text" && $0.text != nil && $0.isShowing }
    }
}
