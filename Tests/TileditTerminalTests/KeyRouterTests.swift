import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditTerminal
@testable import TileditViewModels
import TileditTerminalToolkit

/// Keys turned into view-model actions, on the example site's front page
/// (index.md: front matter, heading, paragraph, callout, heading, list,
/// counter, recent posts, table).
@MainActor
@Suite("Key router")
struct KeyRouterTests {
    func exampleSite(selecting index: Int = 3) async throws -> EditorFixture {
        let fixture = try EditorFixture()
        await fixture.appear()
        await fixture.open("index.md")
        await fixture.press(.character("2"))
        for _ in 0..<index { await fixture.press(.down) }
        return fixture
    }

    func labels(_ fixture: EditorFixture) -> [String] {
        guard let editor = fixture.app.editor else { return [] }
        return (0..<editor.blockCount).compactMap { editor.row(at: $0) }.map { "\($0.kindLabel): \($0.summary)" }
    }

    @Test(arguments: [KeyEvent.character("K"), .modified(.up, .alt)])
    func moveUpKeysMoveTheSelectedBlockUp(key: KeyEvent) async throws {
        let fixture = try await exampleSite()
        await fixture.press(key)
        #expect(labels(fixture)[2] == "tile callout: welcome-note · Nothing you did not touch changes")
        #expect(fixture.app.editor?.selectedIndex == 2)
        #expect(fixture.app.editor?.saveState == .dirty)
    }

    @Test(arguments: [KeyEvent.character("J"), .modified(.down, .alt)])
    func moveDownKeysMoveTheSelectedBlockDown(key: KeyEvent) async throws {
        let fixture = try await exampleSite()
        await fixture.press(key)
        #expect(labels(fixture)[4] == "tile callout: welcome-note · Nothing you did not touch changes")
        #expect(fixture.app.editor?.selectedIndex == 4)
    }

    @Test func arrowsJKAndEdgesMoveTheBlockSelection() async throws {
        let fixture = try await exampleSite(selecting: 0)
        await fixture.press(.character("j"), .down)
        #expect(fixture.app.editor?.selectedIndex == 2)
        await fixture.press(.character("k"))
        #expect(fixture.app.editor?.selectedIndex == 1)
        await fixture.press(.character("G"))
        #expect(fixture.app.editor?.selectedIndex == 8)
        await fixture.press(.home)
        #expect(fixture.app.editor?.selectedIndex == 0)
    }

    @Test func undoAndRedoKeys() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("K"), .character("u"))
        #expect(try fixture.app.editor?.document.value?.text == EditorFixture.original("index.md"))
        await fixture.press(.ctrl("r"))
        #expect(fixture.app.editor?.selectedIndex == 2)
        await fixture.press(.ctrl("z"))
        #expect(fixture.app.editor?.canRedo == true)
        await fixture.press(.ctrl("y"))
        #expect(fixture.app.editor?.canRedo == false)
    }

    @Test func saveWritesTheEditAndNothingElse() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("K"), .ctrl("s"))
        #expect(fixture.app.editor?.saveState == .saved)
        let original = try EditorFixture.original("index.md")
        #expect(try fixture.file("index.md") == fixture.app.editor?.document.value?.text)
        #expect(try fixture.file("index.md") != original)
        #expect(try fixture.file("about/index.md") == EditorFixture.original("about/index.md"))
    }

    @Test func deleteAsksThenDeletesOnEnter() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("d"))
        #expect(fixture.app.editor?.destination?.confirmDelete != nil)
        await fixture.press(.enter)
        #expect(fixture.app.editor?.blockCount == 8)
        #expect(!labels(fixture).contains { $0.hasPrefix("tile callout") })
    }

    @Test func deleteCanBeCancelledWithEscape() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.delete, .escape)
        #expect(fixture.app.editor?.destination == nil)
        #expect(fixture.app.editor?.blockCount == 9)
    }

    /// `o` opens an empty text area in the inspector: typed text becomes
    /// the paragraph when it is left; left empty, there is none.
    @Test func oOpensANewParagraphsTextAreaTheTypingBecomesTheParagraph() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("o"))
        #expect(fixture.state.focus == .inspector)
        #expect(fixture.state.editing?.accessibilityLabel == "Editing a new paragraph, line 1 of 1")
        let frame = EditorFixture.lines(await fixture.frame())
        #expect(frame.contains { $0.contains("Inspector · new paragraph") })
        #expect(frame.contains { $0.contains(" new paragraph: block 5 of 10") })
        #expect(fixture.app.editor?.blockCount == 9)
        await fixture.type("Fresh text")
        await fixture.press(.escape)
        #expect(labels(fixture)[4] == "paragraph: Fresh text")
        #expect(fixture.state.editing == nil)
        await fixture.press(.character("2"), .character("o"), .escape)
        #expect(fixture.app.editor?.blockCount == 10)
        await fixture.press(.character("2"), .character("c"))
        #expect(fixture.app.editor?.blockCount == 11)
    }

    @Test func theCatalogInsertsTheTypedTileType() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("i"))
        #expect(fixture.app.editor?.destination?.tileCatalog?.insertAt == 4)
        await fixture.type("chart")
        await fixture.press(.enter)
        #expect(fixture.app.editor?.destination == nil)
        #expect(labels(fixture)[4].hasPrefix("tile chart: "))
        #expect(fixture.app.editor?.selectedIndex == 4)
        // Its form is open on its first field, the focus with it.
        #expect(fixture.state.focus == .inspector)
        #expect(fixture.state.editing?.accessibilityLabel == "Editing field id")
    }

    @Test func moveToAPositionAsksForItAndRefusesNonsense() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("m"))
        // Position 1 is the front matter's: nothing moves above it.
        #expect(fixture.app.editor?.destination?.prompt?.question == "New position (2–9)")
        await fixture.press(.character("1"), .enter)
        #expect(fixture.app.editor?.destination?.prompt?.message == "Type a number from 2 to 9")
        await fixture.press(.backspace, .character("x"), .enter)
        #expect(fixture.app.editor?.destination?.prompt?.message == "Type a number from 2 to 9")
        await fixture.press(.backspace, .character("2"), .enter)
        #expect(fixture.app.editor?.destination == nil)
        #expect(labels(fixture)[1] == "tile callout: welcome-note · Nothing you did not touch changes")
    }

    @Test func goToLineSelectsTheBlockOnThatLine() async throws {
        let fixture = try await exampleSite(selecting: 0)
        await fixture.press(.character(":"))
        await fixture.type("19")
        await fixture.press(.enter)
        #expect(fixture.app.editor?.selectedIndex == 4)
    }

    @Test func editingAFieldSendsEveryKeystrokeThenEnterCommits() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.enter)
        #expect(fixture.state.focus == .inspector)
        await fixture.press(.down, .down, .enter, .ctrl("u"))
        #expect(fixture.app.editor?.inspector.field("title")?.draft == "")
        await fixture.type("Only mine")
        #expect(fixture.app.editor?.inspector.field("title")?.draft == "Only mine")
        // Typed and not applied yet: already an unsaved edit.
        #expect(fixture.app.editor?.saveState == .dirty)
        #expect(fixture.app.editor?.canUndo == false)
        await fixture.press(.enter)
        #expect(fixture.state.editing == nil)
        #expect(labels(fixture)[3] == "tile callout: welcome-note · Only mine")
    }

    @Test func anInvalidDraftShowsItsMessageAndEnterKeepsEditing() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.enter, .enter, .ctrl("u"))
        await fixture.type("Not An Id")
        #expect(fixture.app.editor?.inspector.field("id")?.message != nil)
        await fixture.press(.enter)
        #expect(fixture.state.editing?.fieldKey == "id")
        #expect(fixture.app.editor?.inspector.refusal != nil)
        // Escape leaves the field and keeps the typing, with its message.
        await fixture.press(.escape)
        #expect(fixture.state.editing == nil)
        #expect(fixture.app.editor?.inspector.field("id")?.draft == "Not An Id")
        #expect(fixture.app.editor?.inspector.field("id")?.message != nil)
        #expect(fixture.app.editor?.canUndo == false)
        #expect(fixture.app.editor?.saveState == .dirty)
        // Ctrl-G asks before it throws the typing away; Keep is selected.
        await fixture.press(.ctrl("g"))
        #expect(fixture.app.editor?.destination == .confirmDiscardTyping(.field("id")))
        await fixture.press(.enter)
        #expect(fixture.app.editor?.inspector.field("id")?.draft == "Not An Id")
        await fixture.press(.ctrl("g"), .left, .enter)
        #expect(fixture.app.editor?.inspector.field("id")?.draft == "welcome-note")
        #expect(fixture.app.editor?.saveState == .clean)
    }

    @Test(arguments: [KeyEvent.tab, .escape, .down, .ctrl("c")])
    func leavingAFieldByAnyKeyAppliesAValidValue(key: KeyEvent) async throws {
        let fixture = try await exampleSite()
        await fixture.press(.enter, .down, .down, .enter, .ctrl("u"))
        await fixture.type("Left with a key")
        await fixture.press(key)
        #expect(fixture.state.editing == nil)
        #expect(fixture.app.hasQuit == false)
        #expect(labels(fixture)[3] == "tile callout: welcome-note · Left with a key")
        #expect(fixture.app.editor?.inspector.hasPendingValues == false)
        await fixture.press(.ctrl("s"))
        #expect(fixture.app.editor?.saveState == .saved)
        #expect(try fixture.file("index.md").contains("title: Left with a key\n"))
    }

    @Test func ctrlCInATextAreaKeepsTheTextAndAtTheTopLevelAsksBeforeQuitting() async throws {
        let fixture = try await exampleSite(selecting: 1)
        await fixture.press(.enter, .end)
        await fixture.type(" again")
        await fixture.press(.ctrl("c"))
        #expect(fixture.state.editing == nil)
        #expect(fixture.app.hasQuit == false)
        #expect(labels(fixture)[1] == "heading 1: Welcome again")
        await fixture.press(.ctrl("c"))
        #expect(fixture.app.hasQuit == false)
        #expect(fixture.app.destination == .confirmQuit(unsavedPaths: ["index.md"]))
    }

    @Test func choiceFieldsCycleWithArrowsAndToggleFieldsWithSpace() async throws {
        let fixture = try EditorFixture()
        await fixture.appear()
        await fixture.open("posts/charts-and-diagrams/index.md")
        await fixture.press(.character("2"), .down, .down, .down, .enter)
        let inspector = try #require(fixture.app.editor?.inspector)
        #expect(inspector.fields.map(\.key) == ["id", "mode", "type", "labels", "title", "height", "legend", "series.Visits", "series.Signups"])
        await fixture.press(.down, .down, .right)
        #expect(inspector.field("type")?.original == "line")
        await fixture.press(.left, .left)
        #expect(inspector.field("type")?.original == "scatter")
        await fixture.press(.down, .down, .down, .down, .character(" "))
        #expect(inspector.field("legend")?.original == "false")
    }

    @Test func addAndRemoveAProperty() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.enter, .character("a"))
        await fixture.type("note")
        await fixture.press(.enter)
        let inspector = try #require(fixture.app.editor?.inspector)
        #expect(inspector.fields.map(\.key).last == "note")
        #expect(inspector.selectedField?.key == "note")
        // The new field is open for its value.
        #expect(fixture.state.editing?.fieldKey == "note")
        await fixture.type("extra")
        await fixture.press(.enter)
        #expect(inspector.field("note")?.original == "extra")
        await fixture.press(.character("-"))
        #expect(inspector.field("note") == nil)
    }

    @Test func proseIsEditedInATextAreaAppliedWithEscapeOrDiscardedWithCtrlGAfterAsking() async throws {
        let fixture = try await exampleSite(selecting: 1)
        await fixture.press(.enter)
        guard case .text? = fixture.state.editing else {
            Issue.record("Enter on a heading should edit its text")
            return
        }
        await fixture.press(.end)
        await fixture.type(" home")
        #expect(fixture.app.editor?.inspector.subjectPending.text == "# Welcome home")
        await fixture.press(.ctrl("g"), .left, .enter)
        #expect(fixture.app.editor?.inspector.subjectPending.text == nil)
        #expect(fixture.app.editor?.canUndo == false)
        await fixture.press(.enter, .end)
        await fixture.type("!")
        await fixture.press(.escape)
        #expect(fixture.state.editing == nil)
        #expect(labels(fixture)[1] == "heading 1: Welcome!")
    }

    @Test func eHandsTheProseBlockToTheExternalEditorAndItsTextComesBack() async throws {
        let fixture = try await exampleSite(selecting: 2)
        await fixture.press(.character("e"))
        let edit = try #require(fixture.externalEdits.first)
        #expect(edit.text.hasPrefix("This site is written for Tiledit."))
        // The editor's final line break is dropped: the paragraph had none.
        KeyRouter.applyExternalEdit("Rewritten elsewhere.\n", for: edit, app: fixture.app, state: &fixture.state)
        #expect(labels(fixture)[2] == "paragraph: Rewritten elsewhere.")
        #expect(try fixture.app.editor?.document.value?.text == EditorFixture.original("index.md").replacingOccurrences(of: edit.text, with: "Rewritten elsewhere."))
        await fixture.press(.down, .character("e"))
        #expect(fixture.externalEdits.count == 1)
        #expect(fixture.app.editor?.notes == ["Only prose blocks open in $EDITOR; tiles have a form"])
        await fixture.press(.home, .character("e"))
        #expect(fixture.app.editor?.notes == ["Only prose blocks open in $EDITOR; front matter has a form"])
    }

    @Test func xAppliesTheSelectedBlocksFirstFix() async throws {
        let fixture = try EditorFixture(files: ["index.md": "# Fix me\n\n:::tile callout\nid: My Note\n:::\n"])
        await fixture.appear()
        await fixture.open("index.md")
        await fixture.press(.character("2"), .down)
        #expect(fixture.app.editor?.diagnosticCounts.errors == 1)
        await fixture.press(.character("x"))
        #expect(fixture.app.editor?.document.value?.text == "# Fix me\n\n:::tile callout\nid: my-note\n:::\n")
        await fixture.press(.character("x"))
        #expect(fixture.app.editor?.notes == ["This block has no fix"])
    }

    @Test func tabAndNumbersMoveTheFocus() async throws {
        let fixture = try await exampleSite(selecting: 0)
        #expect(fixture.state.focus == .blocks)
        await fixture.press(.tab)
        #expect(fixture.state.focus == .inspector)
        await fixture.press(.tab, .tab)
        #expect(fixture.state.focus == .documents)
        await fixture.press(.backTab)
        #expect(fixture.state.focus == .preview)
        await fixture.press(.character("1"))
        #expect(fixture.state.focus == .documents)
    }

    @Test func documentsAreFilteredSortedAndOpened() async throws {
        let fixture = try await exampleSite(selecting: 0)
        await fixture.press(.character("1"), .character("f"))
        await fixture.type("news")
        #expect(fixture.app.documents?.visibleDocuments.map(\.path) == ["posts/newsletter/index.md"])
        await fixture.press(.enter, .enter)
        #expect(fixture.app.editor?.displayPath == "posts/newsletter/index.md")
        #expect(fixture.state.focus == .blocks)
        // Escape leaves the filter as typed; Ctrl-G clears it.
        await fixture.press(.character("1"), .character("f"), .escape)
        #expect(fixture.app.documents?.filterText == "news")
        await fixture.press(.character("f"), .ctrl("g"))
        #expect(fixture.app.documents?.filterText == "")
        await fixture.press(.character("s"))
        #expect(fixture.app.documents?.sortOrder == .title)
    }

    @Test func searchRunsAfterTheDebounceAndOpensTheChosenResult() async throws {
        let fixture = try await exampleSite(selecting: 0)
        await fixture.press(.character("/"))
        await fixture.type("pipeline")
        #expect(fixture.app.destination?.search?.query == "pipeline")
        await fixture.clock.advance(by: SearchModel.debounce)
        await fixture.app.destination?.search?.task?.value
        #expect(fixture.app.destination?.search?.results.value?.isEmpty == false)
        await fixture.press(.enter)
        #expect(fixture.app.destination == nil)
        #expect(fixture.app.editor?.displayPath == "posts/charts-and-diagrams/index.md")
    }

    @Test func quitWithoutEditsQuitsAtOnce() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("q"))
        #expect(fixture.app.hasQuit)
    }

    @Test func quitWithUnsavedEditsAsksAndCanSave() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("K"), .ctrl("c"))
        #expect(fixture.app.destination?.confirmQuit == ["index.md"])
        #expect(!fixture.app.hasQuit)
        await fixture.press(.character("s"))
        #expect(fixture.app.hasQuit)
        #expect(try fixture.file("index.md") == fixture.app.editor?.document.value?.text)
    }

    @Test func settingsToggleFormatOnSave() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character(","))
        #expect(fixture.app.destination?.settings != nil)
        await fixture.press(.character(" "))
        #expect(fixture.app.settings.formatOnSave)
        await fixture.press(.escape)
        #expect(fixture.app.destination == nil)
    }

    @Test func newDocumentSheetCreatesAPost() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("n"))
        #expect(fixture.app.documents?.destination?.newDocument?.kind == .post)
        await fixture.type("Fresh start")
        await fixture.press(.enter)
        #expect(fixture.app.editor?.displayPath.hasPrefix("posts/fresh-start") == true)
    }

    @Test func aFiftyThousandBlockDocumentScrollsToItsEnd() async throws {
        let text = (1...50_000).map { "Paragraph \($0)." }.joined(separator: "\n\n") + "\n"
        let fixture = try EditorFixture(copying: nil, files: ["long.md": text])
        await fixture.appear()
        #expect(fixture.app.editor?.blockCount == 50_000)
        await fixture.press(.character("2"), .end)
        let frame = await fixture.frame()
        let lines = EditorFixture.lines(frame)
        #expect(lines[37].contains("50000 paragraph      Paragraph 50000."))
        #expect(lines[1].contains("49964 paragraph      Paragraph 49964."))
        #expect(lines[39].hasPrefix(" long.md  clean  block 50000/50000  Blocks: paragraph: Paragraph 50000."))
        await fixture.press(.pageUp)
        #expect(fixture.app.editor?.selectedIndex == 49_999 - 36)
    }

    @Test func leftStepsASettingBackAndRightForward() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character(","))
        await fixture.settle()
        let model = try #require(fixture.app.destination?.settings)
        await fixture.press(.down, .down)  // theme
        #expect(model.settings.value?.theme == .auto)
        await fixture.press(.right)
        await fixture.settle()
        #expect(model.settings.value?.theme == .dark)
        await fixture.press(.left)
        await fixture.settle()
        #expect(model.settings.value?.theme == .auto)
        await fixture.press(.left)
        await fixture.settle()
        #expect(model.settings.value?.theme == .light)
    }

    @Test func goToLineSaysWhyAnAnswerIsRefused() async throws {
        let fixture = try await exampleSite(selecting: 0)
        for answer in ["abc", "0", "-3"] {
            await fixture.press(.character(":"))
            await fixture.type(answer)
            await fixture.press(.enter)
            #expect(fixture.app.editor?.destination?.prompt?.message == "Type a line number from 1")
            let screen = EditorFixture.lines(await fixture.frame()).joined(separator: "\n")
            #expect(screen.contains("Type a line number from 1"))
            await fixture.press(.escape)
        }
    }

    @Test func editingAFieldWiderThanThePaneLeavesNoCharacterOfTheOldValue() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("3"), .down, .down, .enter, .end)
        await fixture.type(" and a tail long enough to scroll the field past the pane XYZ")
        await fixture.press(.enter)
        #expect(fixture.app.editor?.inspector.fields.first { $0.key == "title" }?.original.hasSuffix("pane XYZ") == true)
        await fixture.press(.enter, .home)
        let row = try #require(EditorFixture.lines(await fixture.frame()).first { $0.contains("title  Nothing") })
        // The field shows the value's start; the column before the border is blank.
        #expect(row.hasSuffix("┃ title  Nothing you did not touch changes and a  ┃"))
    }
}
