import Testing
@testable import TileditTerminalToolkit

@Suite struct OverlayTests {
    private func rows(_ buffer: ScreenBuffer) -> [String] {
        (0..<buffer.rows).map { buffer.text(row: $0) }
    }

    @Test func alertIsCenteredWithTitleBodyAndButtons() {
        var buffer = ScreenBuffer(rows: 9, columns: 30)
        let overlay = Overlay(title: "Unsaved", body: "Save changes to post.md?", choices: ["Save", "Discard"])
        let sheet = overlay.draw(into: &buffer, area: buffer.bounds)
        #expect(sheet == Rect(row: 2, column: 1, width: 28, height: 5))
        #expect(rows(buffer) == [
            "                              ",
            "                              ",
            " ┌ Unsaved ─────────────────┐ ",
            " │ Save changes to post.md? │ ",
            " │                          │ ",
            " │  [ Save ]  [ Discard ]   │ ",
            " └──────────────────────────┘ ",
            "                              ",
            "                              ",
        ])
    }

    @Test func selectedButtonUsesSelectionRoles() {
        var buffer = ScreenBuffer(rows: 9, columns: 30)
        var overlay = Overlay(title: "Unsaved", body: "Save changes to post.md?", choices: ["Save", "Discard"])
        #expect(overlay.handle(.right) == .moved)
        overlay.draw(into: &buffer, area: buffer.bounds)
        let saveColumn = 4  // " │  [ Save ]  [ Discard ]   │ "
        #expect(buffer[5, saveColumn].style == CellStyle(foreground: .accent, background: .overlay))
        #expect(buffer[5, saveColumn + 10].style == CellStyle(foreground: .selectionText, background: .selection, attributes: .bold))
        #expect(buffer[2, 1].style == CellStyle(foreground: .focusBorder, background: .overlay))
        #expect(buffer[2, 4].style == CellStyle(foreground: .heading, background: .overlay, attributes: .bold))
    }

    @Test func keysMoveChooseAndDismiss() {
        var overlay = Overlay(title: "File changed on disk", body: "", choices: ["Reload", "Overwrite", "Keep both"])
        #expect(overlay.handle(.left) == .moved)
        #expect(overlay.selectedChoice == 2)
        #expect(overlay.handle(.tab) == .moved)
        #expect(overlay.selectedChoice == 0)
        #expect(overlay.handle(.down) == .moved)
        #expect(overlay.handle(.enter) == .chose(1))
        #expect(overlay.handle(.character("K")) == .chose(2))
        #expect(overlay.selectedChoice == 2)
        #expect(overlay.handle(.character("z")) == nil)
        #expect(overlay.handle(.escape) == .dismissed)
        #expect(overlay.handle(.ctrl("s")) == nil)
    }

    @Test func lettersDoNotAnswerAnOverlayThatTurnedThemOff() {
        var overlay = Overlay(title: "Changed on disk", body: "", choices: ["Reload", "Overwrite", "Keep both"], selectedChoice: 2, choosesByLetter: false)
        #expect(overlay.handle(.character("o")) == nil)
        #expect(overlay.handle(.character("r")) == nil)
        #expect(overlay.selectedChoice == 2)
        var moved = overlay.selecting(1)
        #expect(moved.handle(.enter) == .chose(1))
    }

    @Test func ambiguousAcceleratorIsIgnored() {
        var overlay = Overlay(title: "t", body: "", choices: ["Save", "Skip"])
        #expect(overlay.handle(.character("s")) == nil)
        #expect(overlay.selectedChoice == 0)
    }

    @Test func narrowAreaStacksButtonsAndWrapsBody() {
        var buffer = ScreenBuffer(rows: 10, columns: 20)
        let overlay = Overlay(title: "Delete", body: "Delete the block hero-banner?", choices: ["Delete block", "Cancel"])
        let sheet = overlay.draw(into: &buffer, area: buffer.bounds)
        #expect(sheet == Rect(row: 1, column: 0, width: 20, height: 7))
        #expect(Array(rows(buffer)[1...7]) == [
            "┌ Delete ──────────┐",
            "│ Delete the block │",
            "│ hero-banner?     │",
            "│                  │",
            "│ [ Delete block ] │",
            "│ [ Cancel ]       │",
            "└──────────────────┘",
        ])
    }

    @Test func bodyThatDoesNotFitIsCutWithAnEllipsis() {
        var buffer = ScreenBuffer(rows: 5, columns: 24)
        let overlay = Overlay(title: "Info", body: "one\ntwo\nthree\nfour", choices: [])
        overlay.draw(into: &buffer, area: buffer.bounds)
        #expect(rows(buffer) == [
            "  ┌ Info ────────────┐  ",
            "  │ one              │  ",
            "  │ two              │  ",
            "  │ three …          │  ",
            "  └──────────────────┘  ",
        ])
    }

    @Test func sheetReturnsItsContentRectangle() {
        var buffer = ScreenBuffer(rows: 10, columns: 40)
        let content = Overlay.drawSheet(into: &buffer, area: buffer.bounds, width: 30, height: 6, title: "Insert tile")
        #expect(content == Rect(row: 3, column: 7, width: 26, height: 4))
        #expect(buffer.text(row: 2) == "     ┌ Insert tile ───────────────┐     ")
        #expect(buffer[4, 10].style == CellStyle(background: .overlay))
    }
}
