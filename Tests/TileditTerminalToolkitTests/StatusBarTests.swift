import Testing
@testable import TileditTerminalToolkit

@Suite struct StatusBarTests {
    @Test func leftAndRightSegmentsArePlacedWithPadding() {
        var buffer = ScreenBuffer(rows: 1, columns: 30)
        let bar = StatusBar(
            left: [TextSegment("NORMAL ", role: .accent, attributes: .bold), TextSegment("post.md")],
            right: [TextSegment("● ", role: .dirty), TextSegment("12:4")]
        )
        bar.draw(into: &buffer, row: 0, width: 30)
        #expect(buffer.text(row: 0) == " NORMAL post.md        ● 12:4 ")
        #expect(buffer[0, 0].style == StatusBar.barStyle)
        #expect(buffer[0, 1].style == CellStyle(foreground: .accent, background: .statusBar, attributes: .bold))
        #expect(buffer[0, 8].style == CellStyle(foreground: .statusBarText, background: .statusBar))
        #expect(buffer[0, 23].style == CellStyle(foreground: .dirty, background: .statusBar))
    }

    @Test func leftSideIsCutBeforeTheRightSide() {
        let bar = StatusBar(left: [TextSegment("content/posts/a-very-long-name.md")], right: [TextSegment("Ln 3")])
        var buffer = ScreenBuffer(rows: 1, columns: 20)
        bar.draw(into: &buffer, row: 0, width: 20)
        #expect(buffer.text(row: 0) == " content/post… Ln 3 ")
    }

    @Test func essentialLeftSegmentsWinOverTheRightSide() {
        let bar = StatusBar(
            left: [TextSegment("posts/a.md"), TextSegment("  modified"), TextSegment("  block 3/9")],
            right: [TextSegment("? keys  q quit")], essentialLeftCount: 2)
        var narrow = ScreenBuffer(rows: 1, columns: 30)
        bar.draw(into: &narrow, row: 0, width: 30)
        #expect(narrow.text(row: 0) == " posts/a.md  modified  block… ")
        var wide = ScreenBuffer(rows: 1, columns: 44)
        bar.draw(into: &wide, row: 0, width: 44)
        #expect(wide.text(row: 0) == " posts/a.md  modified  bloc… ? keys  q quit ")
    }

    @Test func rightSideWiderThanTheBarIsCut() {
        let bar = StatusBar(left: [TextSegment("left")], right: [TextSegment("a very long right side")])
        #expect(bar.layout(width: 10).map(\.segment.text) == ["a very …"])
        #expect(bar.layout(width: 10).map(\.column) == [1])
        #expect(bar.layout(width: 2).isEmpty)
    }

    @Test func layoutListsSegmentsInColumnOrder() {
        let bar = StatusBar(left: [TextSegment("a"), TextSegment("b")], right: [TextSegment("z")])
        let layout = bar.layout(width: 8)
        #expect(layout.map(\.column) == [1, 2, 6])
        #expect(layout.map(\.segment.text) == ["a", "b", "z"])
    }
}
