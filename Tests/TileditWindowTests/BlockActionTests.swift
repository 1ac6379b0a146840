import Foundation
import Testing
import TileditTestSupport

/// Inserting and deleting blocks from the window, and a save that meets a
/// file changed by another program: checked on screen and on disk.
extension WindowTests {
    @Test func insertsATileFromTheCatalogAndDeletesABlockAfterConfirming() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "index.md")
        defer { session.close() }
        let file = session.workspace.appendingPathComponent("index.md")
        let original = try String(contentsOf: file, encoding: .utf8)
        try await session.waitUntil("index.md opened") { $0.status?.hasPrefix("index.md · clean · block 1 of 9") ?? false }

        // Delete in the blocks list asks first; Cancel keeps the block, Delete removes it.
        try session.click(Locator(role: "list item", name: "heading 1, Welcome"))
        try await session.waitUntil("the heading selected") { $0.status?.contains("block 2 of") ?? false }
        try session.key("Delete")
        try await session.waitUntil("the delete confirmation") { $0.first(role: "push button", name: "Delete") != nil }
        try session.screenshot("confirm-delete")
        try session.press(.button("Cancel"))
        try await session.waitUntil("the confirmation closed") { $0.first(role: "push button", name: "Delete") == nil }
        try session.key("Delete")
        try await session.waitUntil("the delete confirmation again") { $0.first(role: "push button", name: "Delete") != nil }
        try session.press(.button("Delete"))
        // The status line and the list's rows are separate widgets: wait for both.
        let deleted = try await session.waitUntil("the heading deleted") { ($0.status?.contains("block 2 of 8") ?? false) && $0.items(ofList: "Blocks").count == 8 && !$0.items(ofList: "Blocks").contains("heading 1, Welcome") }
        #expect(!deleted.items(ofList: "Blocks").contains("heading 1, Welcome"))
        #expect(deleted.status?.contains("modified") == true)

        // Insert → Tile…: the catalog lists the tile types; a counter goes after the selection.
        try session.press(Locator(role: "push button", name: "Insert", nth: 1))
        try await session.waitUntil("the insert menu") { $0.first(role: "menu item", name: "Tile…") != nil }
        try session.press(Locator(role: "menu item", name: "Tile…"))
        let catalog = try await session.waitUntil("the tile catalog") { $0.first(nameContaining: "counter — ", role: "push button") != nil }
        #expect(catalog.first(nameContaining: "callout — ", role: "push button") != nil)
        try session.screenshot("tile-catalog")
        let counter = try #require(catalog.first(nameContaining: "counter — ", role: "push button")).name
        try session.press(.button(counter))
        let inserted = try await session.waitUntil("the counter inserted") { ($0.status?.contains("block 3 of 9") ?? false) && $0.items(ofList: "Blocks").count == 9 }
        let row = try #require(inserted.items(ofList: "Blocks").dropFirst(2).first)
        #expect(row.hasPrefix("tile counter"))

        try session.key("ctrl+s")
        try await session.waitUntil("saved") { $0.status?.contains("saved") ?? false }
        // The heading gone, the counter (its template) after the paragraph, every other byte as it was.
        let expected = original
            .replacingOccurrences(of: "# Welcome\n\n", with: "")
            .replacingOccurrences(of: ":::tile callout\n", with: ":::tile counter\nid: counter-1\nlabel: Clicks\n:::\n\n:::tile callout\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    }

    @Test func aSaveOverAFileChangedOnDiskAsksAndKeepsBoth() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "index.md")
        defer { session.close() }
        let file = session.workspace.appendingPathComponent("index.md")
        let original = try String(contentsOf: file, encoding: .utf8)
        try await session.waitUntil("index.md opened") { $0.status?.hasPrefix("index.md · clean · block 1 of") ?? false }
        try session.click(Locator(role: "list item", name: "heading 1, Welcome"))
        try await session.waitUntil("the heading selected") { $0.status?.contains("block 2 of") ?? false }
        try session.key("alt+Down")
        try await session.waitUntil("modified") { $0.status?.contains("modified") ?? false }

        // Another program changes the file; the save (or the disk check before it) asks.
        let theirs = original.replacingOccurrences(of: "## What is here", with: "## What is in here")
        try Data(theirs.utf8).write(to: file)
        try session.key("ctrl+s")
        try await session.waitUntil("the conflict alert") { $0.first(role: "push button", name: "Keep both") != nil }
        try session.screenshot("conflict")
        #expect(try String(contentsOf: file, encoding: .utf8) == theirs)

        // Keep both: their file stays, ours goes to .tiledit/conflicts/ (the site does not publish it), and the window shows theirs.
        try session.press(.button("Keep both"))
        let kept = try await session.waitUntil("both kept") { ($0.status?.contains("Your edits were saved as") ?? false) && $0.items(ofList: "Blocks").contains("heading 2, What is in here") }
        #expect(kept.items(ofList: "Blocks").contains("heading 2, What is in here"))
        #expect(try String(contentsOf: file, encoding: .utf8) == theirs)
        let conflicts = session.workspace.appendingPathComponent(".tiledit/conflicts")
        let copies = try FileManager.default.contentsOfDirectory(atPath: conflicts.path).filter { $0.hasPrefix("index (conflict ") }
        #expect(copies.count == 1)
        let copy = try String(contentsOf: conflicts.appendingPathComponent(copies.first ?? "index.md"), encoding: .utf8)
        // Ours: the heading after the paragraph, the same bytes otherwise.
        let paragraph = try #require(copy.range(of: "This site is written for Tiledit."))
        let heading = try #require(copy.range(of: "# Welcome\n"))
        #expect(paragraph.lowerBound < heading.lowerBound)
        #expect(copy.utf8.count == original.utf8.count)
        #expect(copy.contains("## What is here"))
    }
}

extension WindowTests {
    @Test func theSettingsWindowSavesEachChangeAtOnce() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "index.md")
        defer { session.close() }
        let file = session.folder.appendingPathComponent("config/tiledit/settings.yml")
        try await session.waitUntil("index.md opened") { $0.status?.hasPrefix("index.md · clean · block 1 of") ?? false }
        try session.key("ctrl+comma")
        // GTK 4.8 gives a switch AT-SPI's toggle-button role.
        func formatSwitch(_ tree: AccessibleNode) -> AccessibleNode? { tree.all.first { $0.name == "Format on save" && $0.role != "label" } }
        let shown = try await session.waitUntil("the settings window") { formatSwitch($0) != nil && $0.first(role: "combo box", name: "Style") != nil }
        let role = try #require(formatSwitch(shown)).role
        #expect(formatSwitch(shown)?.states.contains("checked") == false && formatSwitch(shown)?.states.contains("pressed") == false)
        #expect(Self.unnamed(shown) == [])
        try session.screenshot("settings")
        try session.click(Locator(role: role, name: "Format on save"))
        try await session.waitUntil("the switch on") { tree in formatSwitch(tree).map { $0.states.contains("checked") || $0.states.contains("pressed") } ?? false }
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while (try? String(contentsOf: file, encoding: .utf8))?.contains("formatOnSave: true") != true, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try String(contentsOf: file, encoding: .utf8).contains("formatOnSave: true"))
        try session.key("Escape")
        try await session.waitUntil("the settings closed") { formatSwitch($0) == nil }
    }
}
