import Testing
import TileditTerminalToolkit
@testable import TileditTerminal

/// Pane widths from the terminal's width: narrow terminals show one pane;
/// wide ones start the documents and blocks panes at their base widths
/// and, once the inspector and preview keep 45% of the columns, give them
/// what their rows want, up to their maximums; the rest is the inspector's.
@Suite("Layout")
struct LayoutTests {
    /// Widths of documents, blocks, inspector, preview (nil: not shown).
    func widths(_ columns: Int, wanted: Layout.Wanted) -> [Int?] {
        let layout = Layout(size: TerminalSize(rows: 40, columns: columns), focus: .blocks, wanted: wanted)
        return [Pane.documents, .blocks, .inspector, .preview].map { layout.panes[$0]?.width }
    }

    let long = Layout.Wanted(documents: 80, blocks: 140)
    let short = Layout.Wanted(documents: 20, blocks: 30)

    @Test func widthsAt80120160And240Columns() {
        // 80: the focused pane alone, whatever the rows want.
        #expect(widths(80, wanted: long) == [nil, 80, nil, nil])
        // 120 and 160: nothing above the inspector's 45%; the base widths.
        #expect(widths(120, wanted: long) == [26, 43, 51, 51])
        #expect(widths(160, wanted: long) == [34, 56, 70, 70])
        // 240: 42 columns above the bases and the inspector's 108, shared by need (30 and 44 wanted).
        #expect(widths(240, wanted: long) == [52, 80, 108, 108])
        // Rows that want less than the base keep the base; the inspector takes the rest.
        #expect(widths(240, wanted: short) == [34, 56, 150, 150])
        #expect(widths(240, wanted: Layout.Wanted(documents: 40, blocks: 70)) == [40, 70, 130, 130])
        #expect(widths(120, wanted: Layout.Wanted()) == [26, 43, 51, 51])
    }

    @Test func theColumnSplitOnItsOwn() {
        let split = ColumnSplit(columns: [.init(base: 10, wanted: 20), .init(base: 10, wanted: 40)], lastMinimum: 10)
        #expect(split.widths(total: 100) == [20, 40])
        #expect(split.widths(total: 50) == [15, 25])
        #expect(split.widths(total: 30) == [10, 10])
        #expect(split.widths(total: -5) == [10, 10])
        #expect(ColumnSplit(columns: [.init(base: -3, wanted: Int.max)], lastMinimum: Int.max).widths(total: Int.max) == [0])
    }
}
