import Foundation
import Testing
import TileditTestSupport

/// Every control a keyboard or a screen reader reaches has a name (in the
/// window suite: one window at a time).
extension WindowTests {
    /// Roles a user operates; they need a name even when not focusable.
    static let interactiveRoles: Set<String> = [
        "push button", "toggle button", "check box", "radio button", "menu item", "check menu item", "radio menu item",
        "combo box", "spin button", "slider", "text", "entry", "password text", "list", "list item", "table", "tree table",
        "link", "switch", "page tab", "scroll pane",
    ]

    /// Elements that can take the focus or are operated, without a name of
    /// their own (GTK 4.8 gives an unnamed element its class name, `GtkPaned`).
    static func unnamed(_ tree: AccessibleNode) -> [String] {
        tree.all.filter { node in
            (node.isFocusable || interactiveRoles.contains(node.role))
                && (node.name.isEmpty || (node.name.hasPrefix("Gtk") && !node.name.contains(" ")))
        }.map { "\($0.role) \"\($0.name)\"" }
    }

    @Test func everyFocusableOrInteractiveElementHasAName() async throws {
        let session = try WindowSession(fixture: TestSupport.exampleSite, openPath: "index.md")
        defer { session.close() }
        let opened = try await session.waitUntil("index.md opened") { $0.status?.hasPrefix("index.md · clean · block 1 of") ?? false }
        #expect(Self.unnamed(opened) == [])
        #expect(opened.all.filter(\.isFocusable).count > 10)

        // With a tile's form (entries, a drop-down, a multi-line field) in the inspector.
        try session.click(Locator(role: "list item", name: "tile callout, welcome-note · Nothing you did not touch changes"))
        let form = try await session.waitUntil("the callout's form") { $0.first(role: "combo box", name: "mode") != nil }
        #expect(Self.unnamed(form) == [])

        // With the search popover open.
        try session.key("ctrl+f")
        let searching = try await session.waitUntil("the search field") { $0.isSearchOpen }
        #expect(Self.unnamed(searching) == [])
        try session.key("Escape")
        try await session.waitUntil("the search closed") { !($0.isSearchOpen) }

        // With an alert open.
        try session.click(Locator(role: "list item", name: "heading 1, Welcome"))
        try await session.waitUntil("the heading selected") { $0.status?.contains("block 2 of") ?? false }
        try session.key("alt+Down")
        try await session.waitUntil("modified") { $0.status?.contains("modified") ?? false }
        try session.key("ctrl+q")
        let asking = try await session.waitUntil("the quit confirmation") { $0.first(role: "push button", name: "Cancel") != nil }
        #expect(Self.unnamed(asking) == [])
        try session.press(.button("Cancel"))
        try await session.waitUntil("the confirmation closed") { $0.first(role: "push button", name: "Cancel") == nil }
        #expect(try session.status().running)
    }
}
