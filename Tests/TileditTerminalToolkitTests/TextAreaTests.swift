import Testing
@testable import TileditTerminalToolkit

@Suite struct TextAreaTests {
    typealias Position = TextArea.Position

    /// One key and the state expected after it.
    struct Step: Sendable {
        var key: KeyEvent
        var lines: [String]
        var cursor: Position
        var outcome: EditOutcome

        init(_ key: KeyEvent, _ lines: [String], _ line: Int, _ offset: Int, _ outcome: EditOutcome) {
            self.key = key
            self.lines = lines
            cursor = Position(line: line, offset: offset)
            self.outcome = outcome
        }
    }

    private func run(_ area: TextArea, _ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        var area = area
        for (index, step) in steps.enumerated() {
            let outcome = area.handle(step.key)
            #expect(area.lines == step.lines, "step \(index): \(step.key)", sourceLocation: sourceLocation)
            #expect(area.cursor == step.cursor, "step \(index): \(step.key)", sourceLocation: sourceLocation)
            #expect(outcome == step.outcome, "step \(index): \(step.key)", sourceLocation: sourceLocation)
        }
    }

    @Test func initSplitsLinesAndPutsCursorAtTheEnd() {
        let area = TextArea(text: "one\r\ntwo\nthree")
        #expect(area.lines == ["one", "two", "three"])
        #expect(area.text == "one\ntwo\nthree")
        #expect(area.cursor == Position(line: 2, offset: 5))
        #expect(TextArea().lines == [""])
        #expect(TextArea(text: "a\n").lines == ["a", ""])
        #expect(TextArea(text: "ab", cursor: Position(line: 7, offset: 9)).cursor == Position(line: 0, offset: 2))
    }

    @Test func enterSplitsTheLine() {
        run(TextArea(text: "abcd", cursor: Position(line: 0, offset: 2)), [
            Step(.enter, ["ab", "cd"], 1, 0, .edited),
            Step(.character("x"), ["ab", "xcd"], 1, 1, .edited),
            Step(.end, ["ab", "xcd"], 1, 3, .moved),
            Step(.enter, ["ab", "xcd", ""], 2, 0, .edited),
        ])
    }

    @Test func backspaceAndDeleteJoinLines() {
        run(TextArea(text: "ab\ncd", cursor: Position(line: 1, offset: 0)), [
            Step(.backspace, ["abcd"], 0, 2, .edited),
            Step(.enter, ["ab", "cd"], 1, 0, .edited),
            Step(.left, ["ab", "cd"], 0, 2, .moved),
            Step(.delete, ["abcd"], 0, 2, .edited),
            Step(.ctrl("a"), ["abcd"], 0, 0, .moved),
            Step(.backspace, ["abcd"], 0, 0, .ignored),
            Step(.modified(.end, .ctrl), ["abcd"], 0, 4, .moved),
            Step(.delete, ["abcd"], 0, 4, .ignored),
        ])
    }

    @Test func backspaceRemovesWholeClusters() {
        run(TextArea(text: "x\n🇳🇴👨‍👩‍👧"), [
            Step(.backspace, ["x", "🇳🇴"], 1, 1, .edited),
            Step(.backspace, ["x", ""], 1, 0, .edited),
            Step(.backspace, ["x"], 0, 1, .edited),
        ])
    }

    @Test func leftAndRightCrossLineEnds() {
        run(TextArea(text: "ab\ncd", cursor: Position(line: 0, offset: 2)), [
            Step(.right, ["ab", "cd"], 1, 0, .moved),
            Step(.left, ["ab", "cd"], 0, 2, .moved),
            Step(.modified(.right, .ctrl), ["ab", "cd"], 1, 0, .moved),
            Step(.alt("f"), ["ab", "cd"], 1, 2, .moved),
            Step(.right, ["ab", "cd"], 1, 2, .ignored),
            Step(.alt("b"), ["ab", "cd"], 1, 0, .moved),
            Step(.modified(.left, .alt), ["ab", "cd"], 0, 2, .moved),
            Step(.modified(.home, .ctrl), ["ab", "cd"], 0, 0, .moved),
            Step(.left, ["ab", "cd"], 0, 0, .ignored),
        ])
    }

    @Test func upAndDownKeepTheGoalColumn() {
        run(TextArea(text: "abcdef\nab\nabcdef", cursor: Position(line: 0, offset: 5)), [
            Step(.down, ["abcdef", "ab", "abcdef"], 1, 2, .moved),
            Step(.down, ["abcdef", "ab", "abcdef"], 2, 5, .moved),
            Step(.up, ["abcdef", "ab", "abcdef"], 1, 2, .moved),
            Step(.ctrl("p"), ["abcdef", "ab", "abcdef"], 0, 5, .moved),
            Step(.ctrl("n"), ["abcdef", "ab", "abcdef"], 1, 2, .moved),
            Step(.left, ["abcdef", "ab", "abcdef"], 1, 1, .moved),
            Step(.down, ["abcdef", "ab", "abcdef"], 2, 1, .moved),
        ])
    }

    @Test func goalColumnCountsDisplayColumns() {
        var area = TextArea(text: "日本語\nabcdef", cursor: Position(line: 1, offset: 3))
        area.handle(.up)
        #expect(area.cursor == Position(line: 0, offset: 1))  // before 本 (column 2 ≤ 3)
        #expect(area.goalColumn == 3)
        area.handle(.down)
        #expect(area.cursor == Position(line: 1, offset: 3))
    }

    @Test func upOnTheFirstRowGoesToTheStartAndDownOnTheLastToTheEnd() {
        run(TextArea(text: "abc\ndef", cursor: Position(line: 0, offset: 2)), [
            Step(.up, ["abc", "def"], 0, 0, .moved),
            Step(.up, ["abc", "def"], 0, 0, .ignored),
            Step(.down, ["abc", "def"], 1, 2, .moved),  // the goal column survives
            Step(.down, ["abc", "def"], 1, 3, .moved),
        ])
    }

    @Test func verticalMovesFollowSoftWrappedRows() {
        // Width 7 wraps at 6 columns: "hello " / "world " / "foo".
        var area = TextArea(text: "hello world foo", width: 7, height: 5)
        #expect(area.visualRows.map(\.range) == [0..<6, 6..<12, 12..<15])
        area.handle(.left)
        #expect(area.cursor == Position(line: 0, offset: 14))
        #expect(area.cursorRowAndColumn == (row: 2, column: 2))
        area.handle(.up)
        #expect(area.cursor == Position(line: 0, offset: 8))
        area.handle(.up)
        #expect(area.cursor == Position(line: 0, offset: 2))
        area.handle(.end)
        area.handle(.up)
        // Goal column 3 ("foo" end) on row "world ": offset 9.
        #expect(area.cursor == Position(line: 0, offset: 9))
        area.handle(.ctrl("e"))
        area.handle(.ctrl("a"))
        area.handle(.modified(.right, .ctrl))
        area.handle(.down)
        // From column 5 of row 0 to column 5 of row "world ", its last offset before the next row.
        #expect(area.cursor == Position(line: 0, offset: 11))
    }

    @Test func pasteKeepsLineBreaks() {
        run(TextArea(text: "abcd", cursor: Position(line: 0, offset: 2)), [
            Step(.paste("1\n2\r\n3"), ["ab1", "2", "3cd"], 2, 1, .edited),
            Step(.paste("z"), ["ab1", "2", "3zcd"], 2, 2, .edited),
            Step(.paste(""), ["ab1", "2", "3zcd"], 2, 2, .ignored),
        ])
    }

    @Test func killKeysWorkOnTheLine() {
        run(TextArea(text: "one two\nthree", cursor: Position(line: 0, offset: 4)), [
            Step(.ctrl("k"), ["one ", "three"], 0, 4, .edited),
            Step(.ctrl("k"), ["one three"], 0, 4, .edited),
            Step(.ctrl("w"), ["three"], 0, 0, .edited),
            Step(.alt("d"), [""], 0, 0, .edited),
        ])
        run(TextArea(text: "ab\ncd ef", cursor: Position(line: 1, offset: 3)), [
            Step(.ctrl("u"), ["ab", "ef"], 1, 0, .edited),
            Step(.ctrl("w"), ["abef"], 0, 2, .edited),
            Step(.modified(.backspace, .alt), ["ef"], 0, 0, .edited),
        ])
    }

    /// Ctrl+y puts back what the last kill key deleted, a joined line
    /// break too, so none throws typing away for good.
    @Test func ctrlYPutsBackWhatTheLastKillKeyDeleted() {
        run(TextArea(text: "one two\nthree", cursor: Position(line: 0, offset: 4)), [
            Step(.ctrl("y"), ["one two", "three"], 0, 4, .ignored),
            Step(.ctrl("k"), ["one ", "three"], 0, 4, .edited),
            Step(.ctrl("y"), ["one two", "three"], 0, 7, .edited),
            Step(.ctrl("k"), ["one twothree"], 0, 7, .edited),
            Step(.ctrl("y"), ["one two", "three"], 1, 0, .edited),
            Step(.ctrl("u"), ["one two", "three"], 1, 0, .ignored),
            Step(.end, ["one two", "three"], 1, 5, .moved),
            Step(.ctrl("w"), ["one two", ""], 1, 0, .edited),
            Step(.ctrl("y"), ["one two", "three"], 1, 5, .edited),
        ])
    }

    @Test func tabAndEscapeAreLeftToTheScreen() {
        run(TextArea(text: "x"), [
            Step(.tab, ["x"], 0, 1, .ignored),
            Step(.escape, ["x"], 0, 1, .ignored),
            Step(.function(1), ["x"], 0, 1, .ignored),
        ])
    }

    @Test func drawShowsWrappedRowsAndCursor() {
        var buffer = ScreenBuffer(rows: 4, columns: 8)
        var area = TextArea(text: "hello world\n日本語")
        area.draw(into: &buffer, rect: Rect(row: 0, column: 1, width: 7, height: 4), focused: true)
        #expect((0..<4).map { buffer.text(row: $0) } == [
            " hello  ",
            " world  ",
            " 日本語 ",
            "        ",
        ])
        #expect(buffer.cursor == ScreenPosition(row: 2, column: 7))
    }

    /// Lines break at LF, CR and CRLF only: a U+2028 or a VT stays in its
    /// line and comes back in the text.
    @Test func onlyLineEndingsSplitLinesAndTheTextComesBackWhole() {
        let area = TextArea(text: "one\u{2028}two\u{0B}three\r\nfour")
        #expect(area.lines == ["one\u{2028}two\u{0B}three", "four"])
        #expect(area.text == "one\u{2028}two\u{0B}three\nfour")
    }

    /// Case 57's paste: indentation as pasted, a TAB drawn blank to the tab
    /// stop (never U+FFFD), the cursor placed by display columns.
    @Test func pastedTabsAndIndentationDrawAsTheyWerePasted() {
        var area = TextArea(text: "First paragraph.", cursor: Position(line: 0, offset: 16))
        area.handle(.paste("\nalpha\n  beta\n\tgamma"))
        var buffer = ScreenBuffer(rows: 4, columns: 20)
        area.draw(into: &buffer, rect: Rect(row: 0, column: 0, width: 20, height: 4), focused: true)
        #expect((0..<4).map { buffer.text(row: $0) } == [
            "First paragraph.    ",
            "alpha               ",
            "  beta              ",
            "    gamma           ",
        ])
        #expect(buffer.cursor == ScreenPosition(row: 3, column: 9))
        area.handle(.home)
        area.handle(.right)
        #expect(area.cursorRowAndColumn.column == 4)
    }

    @Test func verticalScrollKeepsTheCursorVisible() {
        let text = (1...10).map { "line \($0)" }.joined(separator: "\n")
        var area = TextArea(text: text, cursor: Position(line: 0, offset: 0), width: 20, height: 3)
        #expect(area.scrollRow == 0)
        for _ in 0..<4 {
            area.handle(.down)
        }
        #expect(area.cursor == Position(line: 4, offset: 0))
        #expect(area.scrollRow == 2)
        area.handle(.pageDown)
        #expect(area.cursor == Position(line: 7, offset: 0))
        #expect(area.scrollRow == 5)
        area.handle(.modified(.end, .ctrl))
        #expect(area.scrollRow == 7)
        area.handle(.pageUp)
        #expect(area.cursor == Position(line: 6, offset: 6))
        #expect(area.scrollRow == 6)

        var buffer = ScreenBuffer(rows: 3, columns: 20)
        area.draw(into: &buffer, rect: buffer.bounds, focused: true)
        #expect((0..<3).map { buffer.text(row: $0) } == [
            "line 7              ",
            "line 8              ",
            "line 9              ",
        ])
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 6))
    }
}
