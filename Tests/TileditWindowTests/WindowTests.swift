import Foundation
import Testing
import TileditTestSupport

/// `tiledit-gtk` end to end: the real window on a copy of the example
/// site, read and driven through AT-SPI, checked on screen and on disk.
@Suite(
    .serialized,
    .enabled(if: WindowSession.isAvailable, "skipped: the window's tests need GTK 4 (tiledit-gtk built), xvfb-run, dbus-run-session, pyatspi, xdotool and ImageMagick; scripts/install-deps installs them"))
struct WindowTests {
    /// The window shows every document and the first one's blocks, with the
    /// first block selected and its fields in the inspector.
    @discardableResult
    static func waitForExampleSite(_ session: WindowSession) async throws -> AccessibleNode {
        try await session.waitUntil("the example site's first document") { tree in
            (tree.status?.contains("block 1 of") ?? false) && tree.items(ofList: "Blocks").count > 1
        }
    }

    @Test func opensTheExampleSiteWithDocumentsBlocksAndTheSelectedBlocksFields() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite)
        defer { session.close() }
        let tree = try await Self.waitForExampleSite(session)
        try session.screenshot("opened")

        #expect(tree.items(ofList: "Documents") == [
            "About, about/index.md", "authors, data/authors.yml", "Docs, docs/index.md", "Tiledit Example Site, index.md",
            "Charts and diagrams, posts/charts-and-diagrams/index.md", "Hello, Tiledit, posts/hello-tiledit/index.md",
            "Posts, posts/index.md", "A newsletter sign-up, posts/newsletter/index.md, draft", "Tiledit Example Site, tiledown.yml",
        ])
        #expect(tree.selectedItem(ofList: "Documents") == "About, about/index.md")
        #expect(tree.items(ofList: "Blocks").first == "front matter, title: About")
        #expect(tree.selectedItem(ofList: "Blocks") == "front matter, title: About")
        #expect(tree.status == "about/index.md · clean · block 1 of 8")
        #expect(tree.first(role: "frame")?.name == "about/index.md — workspace")
        // The inspector shows the front matter's fields.
        #expect(tree.first(role: "label", name: "front matter · lines 1–5") != nil)
        #expect(tree.first(role: "text", name: "description") != nil)
        #expect(tree.first(role: "label", name: "Front matter key — accepts text") != nil || tree.first(nameContaining: "— accepts", role: "label") != nil)

        // Choosing another document opens it.
        try session.click(Locator(role: "list item", name: "Tiledit Example Site, index.md"))
        // The status line, the rows and the inspector are separate widgets: wait for each.
        let opened = try await session.waitUntil("index.md opened") {
            ($0.status?.hasPrefix("index.md · clean · block 1 of") ?? false) && $0.items(ofList: "Blocks").contains { $0.hasPrefix("tile callout") }
        }
        #expect(opened.items(ofList: "Blocks").contains("tile callout, welcome-note · Nothing you did not touch changes"))
        #expect(opened.selectedItem(ofList: "Documents") == "Tiledit Example Site, index.md")

        // Choosing a block shows its fields.
        try session.click(Locator(role: "list item", name: "tile callout, welcome-note · Nothing you did not touch changes"))
        let callout = try await session.waitUntil("the callout selected") { ($0.status?.contains("block 4 of") ?? false) && $0.first(role: "text", name: "title") != nil }
        #expect(callout.first(role: "label", name: "tile callout · lines 13–17") != nil)
        #expect(callout.first(role: "text", name: "title") != nil)
        #expect(callout.first(role: "label", name: "Heading of the note — accepts text") != nil)
        try session.screenshot("callout-selected")
    }

    @Test func movesABlockByKeyboardThenUndoesRedoesAndSavesOnlyThatChange() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "index.md")
        defer { session.close() }
        let file = session.workspace.appendingPathComponent("index.md")
        let original = try Data(contentsOf: file)
        try await session.waitUntil("index.md opened") { $0.status?.hasPrefix("index.md · clean · block 1 of") ?? false }

        // The heading (block 2) moves down past the paragraph: Alt+Down in the blocks list.
        try session.click(Locator(role: "list item", name: "heading 1, Welcome"))
        try await session.waitUntil("the heading selected") { $0.status?.contains("block 2 of") ?? false }
        try session.key("alt+Down")
        let moved = try await session.waitUntil("the heading moved") {
            ($0.status?.contains("block 3 of") ?? false) && ($0.items(ofList: "Blocks").dropFirst(2).first?.hasPrefix("heading 1") ?? false)
        }
        #expect(moved.status?.contains("modified") == true)
        #expect(Array(moved.items(ofList: "Blocks").prefix(3).map { $0.components(separatedBy: ",").first ?? "" }) == ["front matter", "paragraph", "heading 1"])
        #expect(moved.first(role: "frame")?.name.hasPrefix("• index.md") == true)

        // Ctrl+S writes the move; the file differs from the original.
        try session.key("ctrl+s")
        try await session.waitUntil("saved") { $0.status?.contains("saved") ?? false }
        let saved = try Data(contentsOf: file)
        #expect(saved != original)

        // Undo (the header bar's button), then Ctrl+S: the original bytes again.
        try session.press(.button("Undo"))
        try await session.waitUntil("undone") { $0.status?.contains("block 2 of") ?? false && $0.status?.contains("modified") ?? false }
        try session.key("ctrl+s")
        try await session.waitUntil("saved again") { $0.status?.contains("saved") ?? false }
        #expect(try Data(contentsOf: file) == original)

        // Redo with Ctrl+Shift+Z moves it again.
        try session.key("ctrl+shift+z")
        try await session.waitUntil("redone") { $0.status?.contains("block 3 of") ?? false && $0.status?.contains("modified") ?? false }
        try session.screenshot("block-moved")

        // Ctrl+Q with the unsaved move asks; quitting without saving leaves the file as saved.
        try session.key("ctrl+q")
        try await session.waitUntil("the quit confirmation") { $0.first(role: "push button", name: "Discard and quit") != nil }
        try session.screenshot("confirm-quit")
        try session.press(.button("Discard and quit"))
        #expect(try await session.waitForExit() == 0)
        #expect(try Data(contentsOf: file) == original)
    }

    @Test func aFileChangedOnDiskReachesTheBlocksListThroughTheViewModel() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "about/index.md")
        defer { session.close() }
        try await Self.waitForExampleSite(session)
        // Another program rewrites the open document; the editor's disk
        // check (a main-actor task on a timer) reloads it, and the widgets follow.
        let file = session.workspace.appendingPathComponent("about/index.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "## Ask a question", with: "## Ask us anything").utf8).write(to: file)
        let reloaded = try await session.waitUntil("the changed heading") { $0.items(ofList: "Blocks").contains("heading 2, Ask us anything") }
        #expect(!reloaded.items(ofList: "Blocks").contains("heading 2, Ask a question"))
        #expect(reloaded.status == "about/index.md · clean · block 1 of 8")
    }

    @Test func searchFindsTextAndOpensTheResult() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite)
        defer { session.close() }
        try await Self.waitForExampleSite(session)
        try session.key("ctrl+f")
        try await session.waitUntil("the search field") { $0.isSearchOpen }
        try session.type("newsletter")
        let found = try await session.waitUntil("results") { !$0.items(ofList: "Search results").isEmpty }
        try session.screenshot("search")
        let first = try #require(found.items(ofList: "Search results").first)
        #expect(first.contains("posts/newsletter/index.md"))
        try session.key("Return")
        try await session.waitUntil("the result opened") { $0.status?.hasPrefix("posts/newsletter/index.md") ?? false }
    }
}
