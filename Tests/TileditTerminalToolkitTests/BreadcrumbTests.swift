import TileditModel
import Testing
@testable import TileditTerminalToolkit
import TileditTextLayout

@Suite struct BreadcrumbTests {
    private func text(_ segments: [TextSegment]) -> String {
        segments.map(\.text).joined()
    }

    @Test func fullPathWhenItFits() {
        let crumb = Breadcrumb(["site", "posts", "hello.md"])
        let segments = crumb.segments(width: 40)
        #expect(text(segments) == "site › posts › hello.md")
        #expect(segments.first == TextSegment("site", role: .muted))
        #expect(segments.last == TextSegment("hello.md", role: .text, attributes: .bold))
        #expect(segments[1] == TextSegment(" › ", role: .muted))
    }

    @Test(arguments: [
        (23, "site › posts › hello.md"),
        (22, "… › posts › hello.md"),
        (19, "… › hello.md"),
        (12, "… › hello.md"),
        (11, "hello.md"),
        (6, "hello…"),
        (0, ""),
    ])
    func leadingComponentsGiveWayToAnEllipsis(width: Int, expected: String) {
        let crumb = Breadcrumb(["site", "posts", "hello.md"])
        #expect(text(crumb.segments(width: width)) == expected)
        #expect(DisplayWidth.of(expected) <= width)
    }

    @Test func drawUsesTheGivenBackground() {
        var buffer = ScreenBuffer(rows: 1, columns: 16)
        Breadcrumb(["日本", "ブログ"]).draw(into: &buffer, row: 0, column: 1, width: 14, background: .statusBar)
        #expect(buffer.text(row: 0) == " 日本 › ブログ  ")
        #expect(buffer[0, 1].style == CellStyle(foreground: .muted, background: .statusBar))
        #expect(buffer[0, 8].style == CellStyle(foreground: .text, background: .statusBar, attributes: .bold))
    }
}
