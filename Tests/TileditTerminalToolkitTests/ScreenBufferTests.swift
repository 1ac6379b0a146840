import Testing
import TileditModel
@testable import TileditTerminalToolkit

@Suite struct ScreenBufferTests {
    private func rows(_ buffer: ScreenBuffer) -> [String] {
        (0..<buffer.rows).map { buffer.text(row: $0) }
    }

    @Test func newBufferIsSpacesWithHiddenCursor() {
        let buffer = ScreenBuffer(rows: 2, columns: 3)
        #expect(rows(buffer) == ["   ", "   "])
        #expect(buffer.cursor == nil)
        #expect(buffer[0, 0] == Cell.blank)
    }

    @Test func putWritesTextAndReturnsNextColumn() {
        var buffer = ScreenBuffer(rows: 1, columns: 10)
        let next = buffer.put("hello", row: 0, column: 2)
        #expect(next == 7)
        #expect(buffer.text(row: 0) == "  hello   ")
    }

    @Test func wideCharactersTakeHeadAndContinuationCells() {
        var buffer = ScreenBuffer(rows: 1, columns: 5)
        let next = buffer.put("日本", row: 0, column: 0)
        #expect(next == 4)
        #expect(buffer.text(row: 0) == "日本 ")
        #expect(buffer[0, 0] == Cell(grapheme: "日", width: 2))
        #expect(buffer[0, 1] == Cell.continuation(.plain))
        #expect(buffer[0, 2] == Cell(grapheme: "本", width: 2))
        #expect(buffer[0, 4] == Cell.blank)
    }

    @Test func wideCharacterAtLastColumnBecomesSpace() {
        var buffer = ScreenBuffer(rows: 1, columns: 5)
        let style = CellStyle(foreground: .accent)
        buffer.put("abcd日", row: 0, column: 0, style: style)
        #expect(buffer.text(row: 0) == "abcd ")
        #expect(buffer[0, 4] == Cell.space(style))
    }

    @Test func wideCharacterStraddlingClipEdgesLeavesSpaces() {
        var buffer = ScreenBuffer(rows: 1, columns: 8)
        buffer.fill(buffer.bounds, with: ".")
        let clip = Rect(row: 0, column: 2, width: 4, height: 1)
        buffer.put("日本語", row: 0, column: 1, clip: clip)
        // 日 covers columns 1–2 (left half outside), 本 3–4, 語 5–6 (right half outside).
        #expect(buffer.text(row: 0) == ".. 本 ..")
    }

    @Test func textScrolledOutToTheLeftIsClipped() {
        var buffer = ScreenBuffer(rows: 1, columns: 4)
        buffer.put("abcdef", row: 0, column: -2)
        #expect(buffer.text(row: 0) == "cdef")
        buffer.put("日x", row: 0, column: -1)
        #expect(buffer.text(row: 0) == " xef")
    }

    @Test func overwritingHalfOfAWideCharacterRepairsTheOtherHalf() {
        var buffer = ScreenBuffer(rows: 1, columns: 6)
        buffer.put("日本", row: 0, column: 0)
        buffer.put("x", row: 0, column: 1)
        #expect(buffer.text(row: 0) == " x本  ")
        #expect(buffer[0, 2] == Cell(grapheme: "本", width: 2))

        buffer.put("語", row: 0, column: 3)
        #expect(buffer.text(row: 0) == " x 語 ")
        #expect(buffer[0, 2] == Cell.blank)
        #expect(buffer[0, 5] == Cell.blank)

        buffer.put("y", row: 0, column: 3)
        #expect(buffer.text(row: 0) == " x y  ")
    }

    @Test func clustersAreStoredWholeTabsReachTheTabStopAndControlsShowEscaped() {
        var buffer = ScreenBuffer(rows: 1, columns: 24)
        let next = buffer.put("e\u{301}👨‍👩‍👧🇳🇴a\tb\u{1B}[2J", row: 0, column: 2)
        // e + 👨‍👩‍👧 + 🇳🇴 + a = 6 columns from the start; the TAB reaches 8.
        #expect(buffer.text(row: 0) == "  e\u{301}👨‍👩‍👧🇳🇴a  b\\u{1B}[2J    ")
        #expect(next == 20)
        #expect(buffer[0, 3] == Cell(grapheme: "👨‍👩‍👧", width: 2))
        #expect(buffer[0, 5] == Cell(grapheme: "🇳🇴", width: 2))
        #expect(buffer[0, 9] == Cell.blank)
        #expect(buffer[0, 11] == Cell(grapheme: "\\", width: 1, style: CellStyle(attributes: .dim)))
        #expect(buffer[0, 17] == Cell(grapheme: "[", width: 1))
    }

    /// Every C0 control, DEL, every C1 control, the line and paragraph
    /// separators and the bidirectional controls in any text: each shows
    /// as its escape, one printable ASCII character a cell, and no cell
    /// ever holds a control or a NUL that would cut a C string short.
    @Test func noCellEverHoldsAControlCharacter() {
        let controls = Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029, 0x200E, 0x200F, 0x061C] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        var text = "a"
        for value in controls { text.unicodeScalars.append(Unicode.Scalar(value)!); text += "b" }
        var buffer = ScreenBuffer(rows: 1, columns: 600)
        buffer.put(text, row: 0, column: 0)
        for column in 0..<buffer.columns {
            let grapheme = buffer[0, column].grapheme
            #expect(grapheme.unicodeScalars.allSatisfy { !VisibleText.needsEscaping($0) && $0.value != 0 }, "column \(column): \(grapheme.unicodeScalars.map { $0.value })")
        }
        #expect(buffer.text(row: 0).hasPrefix("a\\u{00}b\\u{01}b"))
        #expect(buffer.text(row: 0).contains("b\\nb\\u{0B}b"))
        #expect(buffer.text(row: 0).contains("b\\u{202E}b"))
    }

    @Test func bidiMarksAndZeroWidthSpacesAreNotDrawnButEmbeddingsShowEscaped() {
        var buffer = ScreenBuffer(rows: 1, columns: 16)
        let next = buffer.put("\u{200F}שלום\u{200E}\u{200B}!\u{202E}", row: 0, column: 0)
        #expect(next == 13)
        #expect(buffer.text(row: 0) == "שלום!\\u{202E}   ")
    }

    @Test func rowOutsideFrameOrClipDrawsNothing() {
        var buffer = ScreenBuffer(rows: 2, columns: 3)
        buffer.put("abc", row: 5, column: 0)
        buffer.put("abc", row: 1, column: 0, clip: Rect(row: 0, column: 0, width: 3, height: 1))
        #expect(rows(buffer) == ["   ", "   "])
    }

    @Test func fillCoversTheRectangleOnly() {
        var buffer = ScreenBuffer(rows: 3, columns: 5)
        buffer.fill(Rect(row: 1, column: 1, width: 3, height: 5), with: "#")
        #expect(rows(buffer) == ["     ", " ### ", " ### "])
        buffer.fill(Rect(row: 0, column: 0, width: 5, height: 1), with: "日")
        #expect(buffer.text(row: 0) == "日日 ")
    }

    @Test func boxDrawsBorderAndTitle() {
        var buffer = ScreenBuffer(rows: 4, columns: 12)
        buffer.box(Rect(row: 0, column: 0, width: 12, height: 4), title: "Files")
        #expect(rows(buffer) == [
            "┌ Files ───┐",
            "│          │",
            "│          │",
            "└──────────┘",
        ])
    }

    @Test func boxTitleIsTruncatedAndStylesDiffer() {
        var buffer = ScreenBuffer(rows: 3, columns: 10)
        let titleStyle = CellStyle(foreground: .heading, attributes: .bold)
        buffer.box(buffer.bounds, title: "A long title", titleStyle: titleStyle, border: .rounded)
        #expect(rows(buffer) == [
            "╭ A lon… ╮",
            "│        │",
            "╰────────╯",
        ])
        #expect(buffer[0, 0].style == CellStyle(foreground: .border))
        #expect(buffer[0, 2].style == titleStyle)
    }

    @Test func diffOfEqualFramesIsEmpty() {
        var buffer = ScreenBuffer(rows: 2, columns: 4)
        buffer.put("ab", row: 0, column: 0)
        #expect(buffer.diff(from: buffer) == [])
    }

    @Test func diffListsOnlyChangedCells() {
        var previous = ScreenBuffer(rows: 2, columns: 4)
        previous.put("abcd", row: 0, column: 0)
        var next = previous
        next.put("X", row: 0, column: 2)
        next.put("日", row: 1, column: 1, style: CellStyle(foreground: .accent))
        #expect(next.diff(from: previous) == [
            CellChange(row: 0, column: 2, cell: Cell(grapheme: "X", width: 1)),
            CellChange(row: 1, column: 1, cell: Cell(grapheme: "日", width: 2, style: CellStyle(foreground: .accent))),
        ])
    }

    @Test func diffIncludesStyleOnlyChanges() {
        let previous = ScreenBuffer(rows: 1, columns: 2)
        var next = previous
        next.fill(Rect(row: 0, column: 1, width: 1, height: 1), style: CellStyle(background: .selection))
        #expect(next.diff(from: previous) == [
            CellChange(row: 0, column: 1, cell: .space(CellStyle(background: .selection))),
        ])
    }

    @Test func diffAfterReplacingAWideCharacterRedrawsBothHalves() {
        var previous = ScreenBuffer(rows: 1, columns: 3)
        previous.put("日", row: 0, column: 0)
        var next = previous
        next.put("ab", row: 0, column: 0)
        #expect(next.diff(from: previous) == [
            CellChange(row: 0, column: 0, cell: Cell(grapheme: "a", width: 1)),
            CellChange(row: 0, column: 1, cell: Cell(grapheme: "b", width: 1)),
        ])
    }

    @Test func diffAgainstAnotherSizeListsEveryHeadCell() {
        var next = ScreenBuffer(rows: 1, columns: 3)
        next.put("日a", row: 0, column: 0)
        let changes = next.diff(from: ScreenBuffer(rows: 2, columns: 2))
        #expect(changes.map(\.column) == [0, 2])
    }
}
