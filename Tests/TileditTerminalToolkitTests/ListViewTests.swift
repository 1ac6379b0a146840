import Testing
@testable import TileditTerminalToolkit

@Suite struct ListViewTests {
    static let rowCount = 50_000

    @Test func scrollKeepsTheSelectionVisibleInFiftyThousandRows() {
        var list = ListView()
        #expect(list.scroll(rowCount: Self.rowCount, selection: 0, height: 20) == 0..<20)
        #expect(list.scroll(rowCount: Self.rowCount, selection: 19, height: 20) == 0..<20)
        #expect(list.scroll(rowCount: Self.rowCount, selection: 20, height: 20) == 1..<21)
        #expect(list.scroll(rowCount: Self.rowCount, selection: 25_000, height: 20) == 24_981..<25_001)
        // Moving up inside the window does not scroll.
        #expect(list.scroll(rowCount: Self.rowCount, selection: 24_990, height: 20) == 24_981..<25_001)
        #expect(list.scroll(rowCount: Self.rowCount, selection: 24_980, height: 20) == 24_980..<25_000)
        #expect(list.scroll(rowCount: Self.rowCount, selection: 49_999, height: 20) == 49_980..<50_000)
        #expect(list.scrollOffset == 49_980)
        #expect(list.scroll(rowCount: Self.rowCount, selection: 0, height: 20) == 0..<20)
    }

    @Test func scrollClampsWhenTheListShrinksOrTheViewportGrows() {
        var list = ListView()
        list.scroll(rowCount: Self.rowCount, selection: 49_999, height: 20)
        #expect(list.scroll(rowCount: 30, selection: nil, height: 20) == 10..<30)
        #expect(list.scroll(rowCount: 30, selection: nil, height: 50) == 0..<30)
        #expect(list.scroll(rowCount: 0, selection: nil, height: 10) == 0..<0)
        #expect(list.scroll(rowCount: 5, selection: 2, height: 0) == 0..<0)
    }

    @Test(arguments: [
        (KeyEvent.down, 100 as Int?, 101 as Int?),
        (.ctrl("n"), 100, 101),
        (.up, 100, 99),
        (.ctrl("p"), 100, 99),
        (.up, 0, 0),
        (.down, 49_999, 49_999),
        (.pageDown, 100, 120),
        (.pageDown, 49_990, 49_999),
        (.pageUp, 100, 80),
        (.pageUp, 5, 0),
        (.home, 31_000, 0),
        (.end, 3, 49_999),
        (.down, nil, 0),
        (.up, nil, 0),
        (.end, nil, 49_999),
        (.character("x"), 3, nil),
        (.enter, 3, nil),
    ] as [(KeyEvent, Int?, Int?)])
    func navigationKeysGiveTheNextSelection(key: KeyEvent, selection: Int?, expected: Int?) {
        let list = ListView()
        #expect(list.selection(after: key, rowCount: Self.rowCount, selection: selection, height: 20) == expected)
    }

    @Test func emptyListHasNoSelection() {
        #expect(ListView().selection(after: .down, rowCount: 0, selection: nil, height: 10) == nil)
    }

    @Test func drawAsksOnlyForVisibleRows() {
        var list = ListView()
        var buffer = ScreenBuffer(rows: 12, columns: 20)
        var requested: [Int] = []
        list.draw(into: &buffer, rect: Rect(row: 1, column: 0, width: 20, height: 10), rowCount: Self.rowCount, selection: 42_000) { buffer, row in
            requested.append(row.index)
            buffer.put("row \(row.index)", row: row.rect.row, column: row.rect.column, style: row.style, clip: row.rect)
        }
        #expect(requested == Array(41_991...42_000))
        #expect(buffer.text(row: 1) == "row 41991           ")
        #expect(buffer.text(row: 10) == "row 42000           ")
        #expect(buffer[10, 15].style == CellStyle(foreground: .selectionText, background: .selection))
        #expect(buffer[9, 0].style == .plain)
    }

    @Test func pagingThroughFiftyThousandRowsDrawsOnePageEachFrame() {
        var list = ListView()
        var buffer = ScreenBuffer(rows: 20, columns: 10)
        var selection: Int? = 0
        var calls = 0
        var frames = 0
        while selection != Self.rowCount - 1 {
            selection = list.selection(after: .pageDown, rowCount: Self.rowCount, selection: selection, height: 20)
            list.draw(into: &buffer, rect: buffer.bounds, rowCount: Self.rowCount, selection: selection) { _, _ in calls += 1 }
            frames += 1
        }
        #expect(frames == 2_500)
        #expect(calls == frames * 20)
        #expect(list.scrollOffset == 49_980)
    }

    @Test func textRowsAreTruncatedAndUnfocusedSelectionIsAccentBold() {
        var list = ListView()
        var buffer = ScreenBuffer(rows: 3, columns: 6)
        let items = ["alpha", "a longer name", "日本語テキスト"]
        list.draw(into: &buffer, rect: buffer.bounds, rowCount: items.count, selection: 1, focused: false) { items[$0] }
        #expect((0..<3).map { buffer.text(row: $0) } == ["alpha ", "a lon…", "日本… "])
        #expect(buffer[1, 0].style == CellStyle(foreground: .accent, attributes: .bold))
    }

    @Test func rowsBelowTheLastAreBlank() {
        var list = ListView()
        var buffer = ScreenBuffer(rows: 4, columns: 4)
        buffer.fill(buffer.bounds, with: "x")
        list.draw(into: &buffer, rect: buffer.bounds, rowCount: 2, selection: nil) { "r\($0)" }
        #expect((0..<4).map { buffer.text(row: $0) } == ["r0  ", "r1  ", "    ", "    "])
    }
}
