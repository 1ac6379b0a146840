import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditTerminal
@testable import TileditViewModels
import TileditTerminalToolkit

/// Clicks and the wheel turned into view-model actions through what the
/// last frame drew where, on the example site at 120 × 40: documents in
/// columns 0–25, blocks in 26–68, the inspector over the preview from
/// column 69 (the preview from row 21).
@MainActor
@Suite("Mouse router")
struct MouseRouterTests {
    func exampleSite() async throws -> EditorFixture {
        let fixture = try EditorFixture()
        await fixture.appear()
        await fixture.open("index.md")
        _ = await fixture.frame()
        return fixture
    }

    /// Draws a frame (the regions a click finds), then sends `kind` at (`row`, `column`).
    func mouse(_ fixture: EditorFixture, _ kind: MouseEvent.Kind, row: Int, column: Int) async {
        _ = await fixture.frame()
        await fixture.press(.mouse(MouseEvent(kind: kind, row: row, column: column)))
    }

    func click(_ fixture: EditorFixture, row: Int, column: Int) async {
        await mouse(fixture, .press(.left), row: row, column: column)
    }

    /// Clicks the middle of the region drawn for `target`.
    func click(_ fixture: EditorFixture, _ target: MouseTarget) async throws {
        _ = await fixture.frame()
        let region = try #require(fixture.state.hitRegions.last { $0.target == target })
        await click(fixture, row: region.rect.row, column: region.rect.column + region.rect.width / 2)
    }

    @Test func aClickFocusesThePaneUnderIt() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 30, column: 90)
        #expect(fixture.state.focus == .preview)
        await click(fixture, row: 5, column: 80)
        #expect(fixture.state.focus == .inspector)
        await click(fixture, row: 39, column: 10)  // the status line: nothing there
        #expect(fixture.state.focus == .inspector)
    }

    @Test func aClickOnADocumentSelectsItAndOnTheSelectedOneOpensIt() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 3, column: 5)
        #expect(fixture.state.focus == .documents)
        #expect(fixture.app.documents?.selection == "docs/index.md")
        #expect(fixture.app.editor?.displayPath == "index.md")
        await click(fixture, row: 3, column: 5)
        #expect(fixture.app.editor?.displayPath == "docs/index.md")
        #expect(fixture.state.focus == .blocks)
    }

    @Test func aClickOnABlockSelectsItAndOnTheSelectedOneEditsIt() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 4, column: 40)
        #expect(fixture.state.focus == .blocks)
        #expect(fixture.app.editor?.selectedIndex == 3)
        #expect(fixture.app.editor?.inspector.subject == .tile(try #require(fixture.app.editor?.selection)))
        await click(fixture, row: 3, column: 40)
        #expect(fixture.app.editor?.selectedIndex == 2)
        await click(fixture, row: 3, column: 40)
        #expect(fixture.state.focus == .inspector)
        #expect(fixture.app.editor?.inspector.editing == .text)
    }

    @Test func aClickOnAFieldSelectsItAndOnTheSelectedOneOpensIt() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 4, column: 40)
        try await click(fixture, .row(.inspector, index: 2))
        #expect(fixture.app.editor?.inspector.selectedField?.key == "title")
        #expect(fixture.app.editor?.inspector.editing == nil)
        try await click(fixture, .row(.inspector, index: 2))
        #expect(fixture.app.editor?.inspector.editing == .field("title"))
        // A click on the field being typed into keeps it open.
        await fixture.type("!")
        try await click(fixture, .row(.inspector, index: 2))
        #expect(fixture.app.editor?.inspector.editing == .field("title"))
    }

    @Test func aClickOutsideTheFieldLeavesItKeepingTheTyping() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 4, column: 40)
        try await click(fixture, .row(.inspector, index: 2))
        try await click(fixture, .row(.inspector, index: 2))
        await fixture.press(.end)
        await fixture.type(" now")
        await click(fixture, row: 6, column: 40)
        #expect(fixture.app.editor?.inspector.editing == nil)
        #expect(fixture.app.editor?.selectedIndex == 5)
        #expect(fixture.app.editor?.row(at: 3)?.summary == "welcome-note · Nothing you did not touch changes now")
        #expect(fixture.app.editor?.saveState == .dirty)
    }

    @Test func theWheelMovesTheListUnderThePointerAndScrollsThePreview() async throws {
        let fixture = try await exampleSite()
        await mouse(fixture, .scrollDown, row: 5, column: 40)
        #expect(fixture.app.editor?.selectedIndex == MouseRouter.wheelStep)
        await mouse(fixture, .scrollUp, row: 5, column: 40)
        #expect(fixture.app.editor?.selectedIndex == 0)
        await mouse(fixture, .scrollDown, row: 5, column: 5)
        #expect(fixture.app.documents?.selection == "posts/index.md")
        await mouse(fixture, .scrollDown, row: 30, column: 90)
        await mouse(fixture, .scrollDown, row: 30, column: 90)
        _ = await fixture.frame()
        #expect(fixture.state.previewScroll == 2 * MouseRouter.wheelStep)
        // The wheel moves nothing but what is under it; the focus stays.
        #expect(fixture.state.focus == .documents)
    }

    @Test func aClickOnAnAlertButtonPressesItAndClicksBesideItDoNothing() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 4, column: 40)
        await fixture.press(.character("d"))
        #expect(fixture.app.editor?.destination?.confirmDelete != nil)
        await click(fixture, row: 4, column: 5)  // the documents, under the alert's backdrop
        #expect(fixture.app.editor?.destination?.confirmDelete != nil)
        #expect(fixture.app.documents?.selection == "index.md")
        try await click(fixture, .button(index: 1))  // Cancel
        #expect(fixture.app.editor?.destination == nil)
        #expect(fixture.app.editor?.blockCount == 9)
        await fixture.press(.character("d"))
        try await click(fixture, .button(index: 0))  // Delete
        #expect(fixture.app.editor?.blockCount == 8)
    }

    @Test func aClickOnASheetRowSelectsItAndOnTheSelectedOneChoosesIt() async throws {
        let fixture = try await exampleSite()
        await click(fixture, row: 4, column: 40)
        await fixture.press(.character("i"))
        let picker = try #require(fixture.app.editor?.destination?.tileCatalog)
        try await click(fixture, .sheetRow(index: 3))
        #expect(picker.selected?.type == "chart")
        try await click(fixture, .sheetRow(index: 3))
        #expect(fixture.app.editor?.destination == nil)
        #expect(fixture.app.editor?.selectedBlock?.kind.tile?.type == "chart")
    }

    @Test func theSettingsRowTurnsTheMouseOffAndThenClicksDoNothing() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character(","))
        try await click(fixture, .sheetRow(index: 3))
        #expect(fixture.app.destination?.settings?.selected?.kind == .mouse)
        try await click(fixture, .sheetRow(index: 3))
        #expect(fixture.app.settings.mouse == false)
        await fixture.press(.escape)
        await click(fixture, row: 30, column: 90)
        #expect(fixture.state.focus == .documents)
        await mouse(fixture, .scrollDown, row: 5, column: 40)
        #expect(fixture.app.editor?.selectedIndex == 0)
    }
}
