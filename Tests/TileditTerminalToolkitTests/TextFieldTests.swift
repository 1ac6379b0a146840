import Testing
@testable import TileditTerminalToolkit
import TileditTextLayout

@Suite struct TextFieldTests {
    /// One key and the state expected after it.
    struct Step: Sendable {
        var key: KeyEvent
        var text: String
        var cursor: Int
        var outcome: EditOutcome
    }

    private func run(_ field: TextField, _ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        var field = field
        for (index, step) in steps.enumerated() {
            let outcome = field.handle(step.key)
            #expect(field.text == step.text, "step \(index): \(step.key)", sourceLocation: sourceLocation)
            #expect(field.cursor == step.cursor, "step \(index): \(step.key)", sourceLocation: sourceLocation)
            #expect(outcome == step.outcome, "step \(index): \(step.key)", sourceLocation: sourceLocation)
        }
    }

    @Test func typingInsertsAtTheCursor() {
        run(TextField(), [
            Step(key: .character("a"), text: "a", cursor: 1, outcome: .edited),
            Step(key: .character("c"), text: "ac", cursor: 2, outcome: .edited),
            Step(key: .left, text: "ac", cursor: 1, outcome: .moved),
            Step(key: .character("b"), text: "abc", cursor: 2, outcome: .edited),
            Step(key: .character("日"), text: "ab日c", cursor: 3, outcome: .edited),
        ])
    }

    @Test func backspaceRemovesAWholeFamilyEmoji() {
        run(TextField(text: "a👨‍👩‍👧b", cursor: 2), [
            Step(key: .backspace, text: "ab", cursor: 1, outcome: .edited),
            Step(key: .backspace, text: "b", cursor: 0, outcome: .edited),
            Step(key: .backspace, text: "b", cursor: 0, outcome: .ignored),
        ])
    }

    @Test func backspaceRemovesAWholeFlag() {
        run(TextField(text: "🇳🇴🇸🇪"), [
            Step(key: .backspace, text: "🇳🇴", cursor: 1, outcome: .edited),
            Step(key: .ctrl("h"), text: "", cursor: 0, outcome: .edited),
        ])
    }

    @Test func deleteRemovesTheClusterAfterTheCursor() {
        run(TextField(text: "e\u{301}👨‍👩‍👧x", cursor: 0), [
            Step(key: .delete, text: "👨‍👩‍👧x", cursor: 0, outcome: .edited),
            Step(key: .ctrl("d"), text: "x", cursor: 0, outcome: .edited),
            Step(key: .end, text: "x", cursor: 1, outcome: .moved),
            Step(key: .delete, text: "x", cursor: 1, outcome: .ignored),
        ])
    }

    @Test func typedScalarsJoinIntoOneCluster() {
        // A terminal sends 👨‍👩‍👧 as five scalars; the cursor stays after the cluster.
        run(TextField(text: "ab", cursor: 1), [
            Step(key: .character("👨"), text: "a👨b", cursor: 2, outcome: .edited),
            Step(key: .character("\u{200D}"), text: "a👨\u{200D}b", cursor: 2, outcome: .edited),
            Step(key: .character("👩"), text: "a👨‍👩b", cursor: 2, outcome: .edited),
            Step(key: .character("\u{200D}"), text: "a👨‍👩\u{200D}b", cursor: 2, outcome: .edited),
            Step(key: .character("👧"), text: "a👨‍👩‍👧b", cursor: 2, outcome: .edited),
            Step(key: .character("🇳"), text: "a👨‍👩‍👧🇳b", cursor: 3, outcome: .edited),
            Step(key: .character("🇴"), text: "a👨‍👩‍👧🇳🇴b", cursor: 3, outcome: .edited),
            Step(key: .backspace, text: "a👨‍👩‍👧b", cursor: 2, outcome: .edited),
        ])
    }

    @Test func movementKeys() {
        run(TextField(text: "one two", cursor: 3), [
            Step(key: .home, text: "one two", cursor: 0, outcome: .moved),
            Step(key: .left, text: "one two", cursor: 0, outcome: .ignored),
            Step(key: .ctrl("e"), text: "one two", cursor: 7, outcome: .moved),
            Step(key: .right, text: "one two", cursor: 7, outcome: .ignored),
            Step(key: .ctrl("a"), text: "one two", cursor: 0, outcome: .moved),
            Step(key: .ctrl("f"), text: "one two", cursor: 1, outcome: .moved),
            Step(key: .ctrl("b"), text: "one two", cursor: 0, outcome: .moved),
            Step(key: .end, text: "one two", cursor: 7, outcome: .moved),
        ])
    }

    @Test func wordJumps() {
        run(TextField(text: "foo bar_baz, qux", cursor: 16), [
            Step(key: .modified(.left, .ctrl), text: "foo bar_baz, qux", cursor: 13, outcome: .moved),
            Step(key: .alt("b"), text: "foo bar_baz, qux", cursor: 4, outcome: .moved),
            Step(key: .modified(.left, .alt), text: "foo bar_baz, qux", cursor: 0, outcome: .moved),
            Step(key: .modified(.left, .ctrl), text: "foo bar_baz, qux", cursor: 0, outcome: .ignored),
            Step(key: .alt("f"), text: "foo bar_baz, qux", cursor: 3, outcome: .moved),
            Step(key: .modified(.right, .ctrl), text: "foo bar_baz, qux", cursor: 11, outcome: .moved),
            Step(key: .modified(.right, .alt), text: "foo bar_baz, qux", cursor: 16, outcome: .moved),
        ])
    }

    @Test func killKeys() {
        run(TextField(text: "alpha beta gamma", cursor: 11), [
            Step(key: .ctrl("k"), text: "alpha beta ", cursor: 11, outcome: .edited),
            Step(key: .ctrl("k"), text: "alpha beta ", cursor: 11, outcome: .ignored),
            Step(key: .ctrl("w"), text: "alpha ", cursor: 6, outcome: .edited),
            Step(key: .modified(.backspace, .alt), text: "", cursor: 0, outcome: .edited),
            Step(key: .ctrl("w"), text: "", cursor: 0, outcome: .ignored),
        ])
        run(TextField(text: "keep this", cursor: 5), [
            Step(key: .ctrl("u"), text: "this", cursor: 0, outcome: .edited),
            Step(key: .ctrl("u"), text: "this", cursor: 0, outcome: .ignored),
            Step(key: .alt("d"), text: "", cursor: 0, outcome: .edited),
        ])
    }

    /// No kill key throws typing away for good: ctrl+y puts back what the
    /// last one deleted (a nano habit, ctrl+u to paste, deletes instead).
    @Test func ctrlYPutsBackWhatTheLastKillKeyDeleted() {
        run(TextField(text: "keep 👨‍👩‍👧 this", cursor: 7), [
            Step(key: .ctrl("y"), text: "keep 👨‍👩‍👧 this", cursor: 7, outcome: .ignored),
            Step(key: .ctrl("u"), text: "this", cursor: 0, outcome: .edited),
            Step(key: .ctrl("y"), text: "keep 👨‍👩‍👧 this", cursor: 7, outcome: .edited),
            Step(key: .ctrl("k"), text: "keep 👨‍👩‍👧 ", cursor: 7, outcome: .edited),
            Step(key: .home, text: "keep 👨‍👩‍👧 ", cursor: 0, outcome: .moved),
            Step(key: .ctrl("y"), text: "thiskeep 👨‍👩‍👧 ", cursor: 4, outcome: .edited),
            Step(key: .alt("d"), text: "this 👨‍👩‍👧 ", cursor: 4, outcome: .edited),
            Step(key: .ctrl("y"), text: "thiskeep 👨‍👩‍👧 ", cursor: 8, outcome: .edited),
        ])
    }

    @Test func pasteInsertsWithLineBreaksAsSpaces() {
        run(TextField(text: "[]", cursor: 1), [
            Step(key: .paste("one\ntwo\r\nthree"), text: "[one two three]", cursor: 14, outcome: .edited),
            Step(key: .paste(""), text: "[one two three]", cursor: 14, outcome: .ignored),
        ])
    }

    /// Only LF, CR and CRLF are line breaks to a field: a VT, FF, NEL or
    /// U+2028 in a value stays (shown as its escape), so opening a field
    /// changes nothing.
    @Test func onlyLineEndingsAreJoinedOtherBreaksStay() {
        let field = TextField(text: "a\u{0B}b\u{85}c\u{2028}d\ne")
        #expect(field.text == "a\u{0B}b\u{85}c\u{2028}d e")
        var buffer = ScreenBuffer(rows: 1, columns: 40)
        var drawn = field
        drawn.draw(into: &buffer, rect: Rect(row: 0, column: 0, width: 40, height: 1), focused: true)
        #expect(buffer.text(row: 0).hasPrefix(#"a\u{0B}b\u{85}c\u{2028}d e"#))
    }

    /// A TAB is blank to the next tab stop, and the cursor after it stands at the stop.
    @Test func aTabIsDrawnToTheTabStopAndTheCursorFollows() {
        var field = TextField(text: "ab\tc", cursor: 3)
        var buffer = ScreenBuffer(rows: 1, columns: 10)
        field.draw(into: &buffer, rect: Rect(row: 0, column: 1, width: 9, height: 1), focused: true)
        #expect(buffer.text(row: 0) == " ab  c    ")
        #expect(field.cursorColumn == 4)
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 5))
    }

    @Test func unrelatedKeysAreIgnored() {
        run(TextField(text: "x"), [
            Step(key: .enter, text: "x", cursor: 1, outcome: .ignored),
            Step(key: .tab, text: "x", cursor: 1, outcome: .ignored),
            Step(key: .up, text: "x", cursor: 1, outcome: .ignored),
            Step(key: .ctrl("s"), text: "x", cursor: 1, outcome: .ignored),
            Step(key: .escape, text: "x", cursor: 1, outcome: .ignored),
        ])
    }

    @Test func initAndSetTextClampTheCursor() {
        #expect(TextField(text: "abc").cursor == 3)
        #expect(TextField(text: "abc", cursor: 9).cursor == 3)
        #expect(TextField(text: "a\nb").text == "a b")
        var field = TextField(text: "abcdef", cursor: 5)
        field.setText("ab")
        #expect(field.cursor == 2)
        field.setText("abcdef")
        #expect(field.cursor == 2)
    }

    @Test func drawShowsTextAndCursor() {
        var buffer = ScreenBuffer(rows: 1, columns: 10)
        var field = TextField(text: "日本", cursor: 1)
        field.draw(into: &buffer, rect: Rect(row: 0, column: 2, width: 6, height: 1), focused: true)
        #expect(buffer.text(row: 0) == "  日本    ")
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 4))
    }

    @Test func drawShowsPlaceholderWhenEmpty() {
        var buffer = ScreenBuffer(rows: 1, columns: 8)
        var field = TextField()
        field.draw(into: &buffer, rect: buffer.bounds, placeholder: "Filter…", focused: false)
        #expect(buffer.text(row: 0) == "Filter… ")
        #expect(buffer[0, 0].style.foreground == .muted)
        #expect(buffer.cursor == nil)
    }

    @Test func horizontalScrollFollowsTheCursorByDisplayWidth() {
        var buffer = ScreenBuffer(rows: 1, columns: 5)
        var field = TextField(text: "abcdefgh")
        field.draw(into: &buffer, rect: buffer.bounds, focused: true)
        // 8 columns of text + 1 for the cursor in a 5-column field.
        #expect(field.scrollColumn == 4)
        #expect(buffer.text(row: 0) == "efgh ")
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 4))

        field.handle(.home)
        field.draw(into: &buffer, rect: buffer.bounds, focused: true)
        #expect(field.scrollColumn == 0)
        #expect(buffer.text(row: 0) == "abcde")
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 0))
    }

    @Test func horizontalScrollKeepsAWideClusterUnderTheCursorVisible() {
        var buffer = ScreenBuffer(rows: 1, columns: 4)
        var field = TextField(text: "ab日本語", cursor: 3)
        field.draw(into: &buffer, rect: buffer.bounds, focused: true)
        // The cursor is on 本 (columns 4–5), so columns 2–5 are shown.
        #expect(field.scrollColumn == 2)
        #expect(buffer.text(row: 0) == "日本")
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 2))

        field.handle(.right)
        field.draw(into: &buffer, rect: buffer.bounds, focused: true)
        #expect(field.scrollColumn == 4)
        #expect(buffer.text(row: 0) == "本語")
        #expect(buffer.cursor == ScreenPosition(row: 0, column: 2))

        field.handle(.ctrl("a"))
        field.handle(.right)
        field.draw(into: &buffer, rect: buffer.bounds, focused: true)
        #expect(field.scrollColumn == 1)
        #expect(buffer.text(row: 0) == "b日 ")
    }
}
