import Testing
@testable import TileditTerminal

/// The status line's own text rules (its bar is the toolkit's `StatusBar`).
@Suite("Status line")
struct StatusLineTests {
    @Test func theStatusLineShowsAMultiLineValueOnOneLine() {
        #expect(StatusLine.oneLine("graph TD\n  A --> B\r\nC\tD") == "graph TD↵  A --> B↵C D")
        #expect(StatusLine.oneLine("plain") == "plain")
    }
}
