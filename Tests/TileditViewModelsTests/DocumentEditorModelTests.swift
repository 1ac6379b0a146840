import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// `DocumentEditorModel` over a recording document store (an in-memory
/// disk) and a manual clock: every action is checked by the whole state it
/// leaves (`Shown`: the text, the load, the selection, the destination,
/// notes, the save state, undo and redo, typing not applied) and by the
/// exact store calls it made, with the journal flushed first. Success,
/// refusal, failure and cancellation; time moves only through the clock.
@MainActor
@Suite("Document editor")
struct DocumentEditorModelTests {
    static let page = "---\ntitle: Hello\n---\n\n# Heading\n\nA paragraph.\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n"
    static let url = URL(fileURLWithPath: "/site/page.md")

    /// What the editor shows, compared whole.
    struct Shown: Equatable {
        var text: String?
        var load = "loaded"
        var selected: Int?
        var destination = "none"
        var notes: [String] = []
        var saveState = SaveState.clean
        var canUndo = false
        var canRedo = false
        var pending: [String] = []
    }

    func shown(_ editor: DocumentEditorModel) -> Shown {
        let load = switch editor.document {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed(let error): "failed: \(error.message)"
        }
        return Shown(
            text: editor.document.value?.text, load: load, selected: editor.selectedIndex, destination: Self.describe(editor.destination),
            notes: editor.notes, saveState: editor.saveState, canUndo: editor.canUndo, canRedo: editor.canRedo, pending: editor.pendingDescriptions)
    }

    static func describe(_ destination: DocumentEditorModel.Destination?) -> String {
        switch destination {
        case nil: "none"
        case .tileCatalog(let picker)?: "catalog at \(picker.insertAt): \(picker.matches.map(\.type).joined(separator: " ")) [\(picker.selection)]"
        case .prompt(let prompt)?: "prompt \(prompt.question) \"\(prompt.text)\"" + (prompt.message.map { " – \($0)" } ?? "")
        case .confirmDelete?: "confirm delete"
        case .conflict?: "conflict"
        case .reviewingConflict(let review)?: "reviewing \(review.stage)"
        case .deletedOnDisk?: "deleted on disk"
        case .confirmOverrideReadOnly(let message)?: "read-only: \(message)"
        case .recovery(_, let changed)?: "recovery" + (changed ? " (file changed)" : "")
        case .confirmDiscardTyping(let target)?: "confirm discard \(target)"
        case .alert(let error)?: "alert: \(error.message)"
        }
    }

    struct Fixture {
        let editor: DocumentEditorModel
        let disk: RecordingDocumentStore
        let clock: ManualClock
        let saved: Recorder<String>
    }

    /// An editor of `text` on the recording disk, appeared.
    func makeEditor(_ text: String = page, disk: RecordingDocumentStore? = nil, autosave: Duration? = nil) async -> Fixture {
        let disk = disk ?? RecordingDocumentStore(bytes: Array(text.utf8))
        let clock = ManualClock()
        let saved = Recorder<String>()
        let editor = DocumentEditorModel(
            url: Self.url, displayPath: "page.md", dialect: .yaml,
            dependencies: .init(store: disk.store, clock: clock, autosaveDelay: autosave),
            documentSaved: { url, bytes in saved.append("\(url.lastPathComponent): \(String(decoding: bytes, as: UTF8.self))") })
        await editor.onAppeared()
        return Fixture(editor: editor, disk: disk, clock: clock, saved: saved)
    }

    func flushed(_ fixture: Fixture) async -> [DocumentStoreCall] {
        await fixture.editor.session.journal.flush()
        return fixture.disk.calls
    }

    static func hash(_ text: String) -> ContentHash { ContentHash(of: Array(text.utf8)) }

    static func journal(_ text: String, base: String = page, pending: [JournalEntry.PendingValue] = []) -> DocumentStoreCall {
        .journal(bytes: Array(text.utf8), baseHash: hash(base), pendingValues: pending)
    }

    static let edited = page.replacingOccurrences(of: "A paragraph.", with: "Edited.")

    /// Selects the paragraph and replaces its text; the journal is
    /// written before anything else reaches the store (the journal runs
    /// beside the store's other calls, so a test that lists them lets it finish).
    func editParagraph(_ fixture: Fixture, to text: String = "Edited.") async {
        fixture.editor.onSelectedEdge(last: false)
        fixture.editor.onMovedSelection(by: 2)
        fixture.editor.onInspector(.changedText(text))
        fixture.editor.onInspector(.leftText)
        await fixture.editor.session.journal.flush()
    }

    // MARK: Loading

    @Test func appearingLoadsTheDocumentSelectsTheFirstBlockAndAsksTheJournal() async throws {
        let fixture = await makeEditor()
        #expect(shown(fixture.editor) == Shown(text: Self.page, selected: 0))
        #expect(fixture.editor.row(at: 3)?.kindLabel == "tile callout")
        #expect(fixture.editor.row(at: 3)?.summary == "note-1 · Hi")
        #expect(fixture.editor.row(at: 4) == nil)
        #expect(fixture.editor.inspector.subject == .frontMatter(try #require(fixture.editor.selection)))
        #expect(await flushed(fixture) == [.load, .pendingJournal])
        await fixture.editor.onAppeared()
        #expect(fixture.disk.calls == [.load, .pendingJournal])
    }

    @Test func aMissingFileIsAFailedLoadNamingThePathAndAsksNoJournal() async {
        let fixture = await makeEditor(disk: RecordingDocumentStore(bytes: nil))
        #expect(shown(fixture.editor) == Shown(text: nil, load: "failed: \(DocumentStoreError.missing(path: Self.url.path).message)"))
        #expect(await flushed(fixture) == [.load])
    }

    @Test func aCancelledLoadShowsNothingAndAppearingAgainLoads() async {
        let clock = ManualClock()
        let disk = RecordingDocumentStore(bytes: Array(Self.page.utf8), loadDelay: (clock, .seconds(1)))
        let editor = DocumentEditorModel(url: Self.url, displayPath: "page.md", dialect: .yaml, dependencies: .init(store: disk.store, clock: clock))
        let appearing = Task { await editor.onAppeared() }
        #expect(await clock.waitForSleepers())
        #expect(shown(editor) == Shown(text: nil, load: "loading"))
        appearing.cancel()
        await appearing.value
        #expect(shown(editor) == Shown(text: nil, load: "idle"))
        #expect(disk.calls == [])
        let again = Task { await editor.onAppeared() }
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(1))
        await again.value
        #expect(shown(editor) == Shown(text: Self.page, selected: 0))
        #expect(disk.calls == [.load, .pendingJournal])
    }

    // MARK: Structural edits

    @Test func movingABlockUpSelectsItJournalsItAndCanBeUndoneAndRedone() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onSelectedEdge(last: true)
        editor.onTappedMoveUp()
        let moved = "---\ntitle: Hello\n---\n\n# Heading\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n\nA paragraph.\n"
        #expect(shown(editor) == Shown(text: moved, selected: 2, saveState: .dirty, canUndo: true))
        #expect(await flushed(fixture) == [.load, .pendingJournal, Self.journal(moved)])
        editor.onTappedUndo()
        #expect(shown(editor) == Shown(text: Self.page, selected: 3, canRedo: true))
        editor.onTappedRedo()
        #expect(shown(editor) == Shown(text: moved, selected: 2, saveState: .dirty, canUndo: true))
        // Undo and redo before the journal's next write: it writes only the latest state.
        #expect(await flushed(fixture) == [.load, .pendingJournal, Self.journal(moved), Self.journal(moved)])
    }

    @Test func aMoveThatWouldJoinTwoListsIsRefusedWithAnAlertAndChangesNothing() async throws {
        let text = "- a\n\npara\n\n- b\n"
        let fixture = await makeEditor(text)
        fixture.editor.onSelectedEdge(last: true)
        fixture.editor.onTappedMoveUp()
        let message = try #require(fixture.editor.destination?.alert?.message)
        #expect(message.contains("join"))
        #expect(shown(fixture.editor) == Shown(text: text, selected: 2, destination: "alert: \(message)"))
        #expect(await flushed(fixture) == [.load, .pendingJournal])
    }

    @Test func theCatalogFiltersSelectsAndInsertsTheChosenTileAfterTheSelection() async throws {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onMovedSelection(by: 1)
        editor.onTappedInsertTile()
        let all = TileCatalog.builtIn.schemas.map(\.type).joined(separator: " ")
        #expect(shown(editor).destination == "catalog at 2: \(all) [0]")
        let picker = editor.destination?.tileCatalog
        picker?.onChangedQuery("C")
        // Types starting with the filter first, then those containing it.
        #expect(shown(editor).destination == "catalog at 2: callout counter chart service-form [0]")
        picker?.onMovedSelection(by: 5)
        #expect(shown(editor).destination == "catalog at 2: callout counter chart service-form [3]")
        picker?.onChangedQuery("ch")
        picker?.onChoseSelected()
        #expect(editor.row(at: 2)?.kindLabel == "tile chart")
        #expect(editor.row(at: 2)?.summary == "chart-1")
        #expect(editor.inspector.tileType == "chart")
        let text = try #require(editor.document.value?.text)
        #expect(text.contains(":::tile chart\nid: chart-1\n"))
        #expect(shown(editor) == Shown(text: text, selected: 2, saveState: .dirty, canUndo: true))
        // Its form is open on its first field (none needs a value).
        #expect(editor.inspector.editing == .field("id"))
    }

    // MARK: New blocks

    @Test func aNewTileOpensItsFormOnItsFirstFieldThatNeedsAValueElseOnItsFirstField() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onTappedInsertTile()
        editor.destination?.tileCatalog?.onChose("embed")
        #expect(editor.selectedBlock?.kind.tile?.type == "embed")
        #expect(editor.inspector.selectedField?.key == "url")
        #expect(editor.inspector.editing == .field("url"))
        editor.onInspector(.changedField("url", text: "not a link"))
        editor.onInspector(.leftField("url"))
        editor.onTappedInsertTile()
        editor.destination?.tileCatalog?.onChose("counter")
        #expect(editor.selectedBlock?.kind.tile?.type == "counter")
        #expect(editor.inspector.selectedField?.key == "id")
        #expect(editor.inspector.editing == .field("id"))
        #expect(editor.destination == nil)
    }

    @Test func oOpensAnEmptyParagraphThatIsInsertedWhenLeftWithTextAsOneUndoStep() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onMovedSelection(by: 2)
        editor.onTappedInsertParagraph()
        #expect(editor.inspector.editing == .newParagraph)
        #expect(editor.inspector.newParagraph == NewParagraph(index: 3))
        // Nothing is in the document, and nothing is unsaved, until something is typed.
        #expect(shown(editor) == Shown(text: Self.page, selected: 2))
        editor.onInspector(.changedNewParagraph("Second one."))
        #expect(shown(editor) == Shown(text: Self.page, selected: 2, saveState: .dirty, pending: ["the new paragraph at 4"]))
        editor.onInspector(.leftNewParagraph)
        let expected = Self.page.replacingOccurrences(of: "A paragraph.\n\n", with: "A paragraph.\n\nSecond one.\n\n")
        #expect(shown(editor) == Shown(text: expected, selected: 3, saveState: .dirty, canUndo: true))
        #expect(editor.inspector.newParagraph == nil)
        #expect(editor.inspector.editing == nil)
        editor.onTappedUndo()
        #expect(shown(editor) == Shown(text: Self.page, selected: 2, canRedo: true))
    }

    @Test func aNewParagraphLeftEmptyLeavesNoTraceInTheTextTheJournalOrUndo() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onTappedInsertParagraph()
        editor.onInspector(.changedNewParagraph("typed, then taken back"))
        editor.onInspector(.changedNewParagraph(" \n "))
        editor.onInspector(.leftNewParagraph)
        #expect(shown(editor) == Shown(text: Self.page, selected: 0))
        #expect(editor.inspector.newParagraph == nil)
        #expect(editor.inspector.editing == nil)
        #expect(await flushed(fixture).filter { if case .save = $0 { true } else { false } } == [])
        #expect(fixture.disk.journalEntry == nil)
    }

    @Test func oInAnEmptyDocumentTypesItsFirstParagraph() async {
        let fixture = await makeEditor("")
        fixture.editor.onTappedInsertParagraph()
        fixture.editor.onInspector(.changedNewParagraph("First."))
        fixture.editor.onInspector(.leftNewParagraph)
        #expect(shown(fixture.editor) == Shown(text: "First.\n", selected: 0, saveState: .dirty, canUndo: true))
    }

    @Test func aNewParagraphBeingTypedIsJournaledAndComesBackOpen() async {
        let fixture = await makeEditor()
        fixture.editor.onTappedInsertParagraph()
        fixture.editor.onInspector(.changedNewParagraph("Half typed"))
        let typed = JournalEntry.PendingValue(block: 1, key: nil, text: "Half typed", isNewParagraph: true)
        #expect(await flushed(fixture).last == Self.journal(Self.page, pending: [typed]))
        let again = await makeEditor(disk: fixture.disk)
        #expect(shown(again.editor).destination == "recovery")
        await again.editor.onChose(.session(.recovery(.restore)))
        #expect(again.editor.inspector.newParagraph == NewParagraph(index: 1, text: "Half typed"))
        #expect(again.editor.inspector.editing == .newParagraph)
        #expect(shown(again.editor) == Shown(text: Self.page, selected: 0, saveState: .dirty, pending: ["the new paragraph at 2"]))
        // Discarding it asks first, as any typing.
        again.editor.onTappedDiscardTyping(.newParagraph)
        #expect(shown(again.editor).destination == "confirm discard newParagraph")
        await again.editor.onChose(.discardTyping)
        #expect(shown(again.editor) == Shown(text: Self.page, selected: 0))
    }

    @Test func aCatalogFilterMatchingNothingChoosesNothing() async {
        let fixture = await makeEditor()
        fixture.editor.onTappedInsertTile()
        fixture.editor.destination?.tileCatalog?.onChangedQuery("zzz")
        fixture.editor.destination?.tileCatalog?.onChoseSelected()
        #expect(shown(fixture.editor) == Shown(text: Self.page, selected: 0, destination: "catalog at 1:  [0]"))
        fixture.editor.onDismissed()
        #expect(shown(fixture.editor) == Shown(text: Self.page, selected: 0))
    }

    @Test func deletingAsksFirstThenSelectsTheNextBlock() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onMovedSelection(by: 2)
        editor.onTappedDelete()
        #expect(shown(editor) == Shown(text: Self.page, selected: 2, destination: "confirm delete"))
        #expect(editor.alert?.message == "Delete paragraph: A paragraph.? Undo brings it back.")
        editor.onDismissed()
        #expect(shown(editor) == Shown(text: Self.page, selected: 2))
        editor.onTappedDelete()
        await editor.onChose(.deleteBlock)
        let deleted = Self.page.replacingOccurrences(of: "A paragraph.\n\n", with: "")
        #expect(shown(editor) == Shown(text: deleted, selected: 2, saveState: .dirty, canUndo: true))
        #expect(editor.row(at: 2)?.kindLabel == "tile callout")
    }

    @Test(arguments: [("4", 3, nil), ("2", 1, nil), ("1", 2, "Type a number from 2 to 4"), ("x", 2, "Type a number from 2 to 4"), ("5", 2, "Type a number from 2 to 4")])
    func moveToAsksForAPositionBelowTheFrontMatterAndRefusesOthers(answer: String, selected: Int, refusal: String?) async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onMovedSelection(by: 2)
        editor.onTappedMoveTo()
        #expect(shown(editor).destination == "prompt New position (2–4) \"\"")
        let prompt = editor.destination?.prompt
        prompt?.onChangedText(" \(answer) ")
        prompt?.onSubmitted()
        if let refusal {
            #expect(shown(editor) == Shown(text: Self.page, selected: 2, destination: "prompt New position (2–4) \" \(answer) \" – \(refusal)"))
            prompt?.onChangedText("")
            #expect(shown(editor).destination == "prompt New position (2–4) \"\"")
        } else {
            #expect(shown(editor).destination == "none")
            #expect(shown(editor).selected == selected)
            #expect(editor.row(at: selected)?.summary == "A paragraph.")
        }
    }

    @Test func goToLineSelectsTheBlockOnThatLineAndRefusesLinesBefore1() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onTappedGoToLine()
        editor.destination?.prompt?.onChangedText("0")
        editor.destination?.prompt?.onSubmitted()
        #expect(shown(editor) == Shown(text: Self.page, selected: 0, destination: "prompt Line number \"0\" – Type a line number from 1"))
        editor.destination?.prompt?.onChangedText("10")
        editor.destination?.prompt?.onSubmitted()
        #expect(shown(editor) == Shown(text: Self.page, selected: 3))
    }

    @Test func addingAPropertyIsForTilesAndFrontMatterOnly() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onMovedSelection(by: 2)
        editor.onTappedAddProperty()
        #expect(shown(editor) == Shown(text: Self.page, selected: 2, notes: ["Only tiles and front matter have properties"]))
        editor.onSelectedEdge(last: true)
        editor.onTappedAddProperty()
        editor.destination?.prompt?.onSubmitted()
        #expect(shown(editor) == Shown(text: Self.page, selected: 3, destination: "prompt Property name \"\" – Type the property's name"))
        editor.destination?.prompt?.onChangedText("note")
        editor.destination?.prompt?.onSubmitted()
        #expect(editor.inspector.editing == .field("note"))
        #expect(editor.inspector.selectedField?.key == "note")
        #expect(shown(editor) == Shown(text: Self.page, selected: 3, saveState: .dirty, pending: ["`note` of tile callout 4"]))
    }

    @Test func theFirstFixOfTheSelectedBlockIsAppliedAndABlockWithoutOneSaysSo() async {
        let text = "# Fix me\n\n:::tile callout\nid: My Note\n:::\n"
        let fixture = await makeEditor(text)
        let editor = fixture.editor
        editor.onTappedApplyFix()
        #expect(shown(editor) == Shown(text: text, selected: 0, notes: ["This block has no fix"]))
        editor.onMovedSelection(by: 1)
        #expect(shown(editor).notes == [])
        editor.onTappedApplyFix()
        #expect(shown(editor) == Shown(text: "# Fix me\n\n:::tile callout\nid: my-note\n:::\n", selected: 1, saveState: .dirty, canUndo: true))
    }

    /// `x` on a tile never closed applies the fix `check` describes: a
    /// line `:::` right after the lines the error names as kept, in the
    /// file's line ending (a line break first at the end of a file without
    /// one); the tile then reads without errors.
    @Test("Apply fix closes an unclosed tile where check says")
    func applyFixClosesAnUnclosedTileWhereCheckSays() async {
        let cases = [
            ("# T\n\n:::tile callout\ntitle: Hi\n\nSome text.\n", "# T\n\n:::tile callout\ntitle: Hi\n:::\n\nSome text.\n"),
            ("# T\r\n\r\n:::tile callout\r\ntitle: Hi\r\n", "# T\r\n\r\n:::tile callout\r\ntitle: Hi\r\n:::\r\n"),
            ("# T\n\n:::tile callout\ntitle: Hi", "# T\n\n:::tile callout\ntitle: Hi\n:::\n"),
        ]
        for (text, fixed) in cases {
            let fixture = await makeEditor(text)
            let editor = fixture.editor
            editor.onMovedSelection(by: 1)
            editor.onTappedApplyFix()
            #expect(shown(editor).notes == [], "\(text)")
            #expect(shown(editor).text == fixed, "\(text)")
            #expect(MarkdownDocument(fixed, dialect: .tiledown).diagnostics.filter { $0.severity == .error }.isEmpty, "\(text)")
        }
    }

    @Test func formattingIsOneUndoableChangeAndAFormattedDocumentIsLeftAlone() async {
        let text = ":::tile callout\ntitle: Hi\nid: note-1\n:::\n"
        let fixture = await makeEditor(text)
        fixture.editor.onTappedFormat()
        let formatted = ":::tile callout\nid: note-1\ntitle: Hi\n:::\n"
        #expect(shown(fixture.editor) == Shown(
            text: formatted, selected: 0, notes: ["Formatted 1 block (1 tile callout)"], saveState: .dirty, canUndo: true))
        fixture.editor.onTappedFormat()
        #expect(shown(fixture.editor) == Shown(
            text: formatted, selected: 0, notes: ["Already canonical: formatting changes nothing"], saveState: .dirty, canUndo: true))
        fixture.editor.onTappedUndo()
        #expect(shown(fixture.editor) == Shown(text: text, selected: 0, canRedo: true))
    }

    @Test func formattingSaysHowManyBlocksOfWhichKindsChangedTheEndOfTheFileAndWhatErrorsKeptAsWritten() async {
        let text = "* one\n* two\n\n:::tile callout\ntitle: Hi\nid: note-1\n:::\n\n:::tile callout\nid: Bad Id\n:::\n\n:::tile callout\ntitle: Yo\nid: note-2\n:::\n\n\n"
        let fixture = await makeEditor(text)
        fixture.editor.onTappedFormat()
        let formatted = "- one\n- two\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n\n:::tile callout\nid: Bad Id\n:::\n\n:::tile callout\nid: note-2\ntitle: Yo\n:::\n"
        #expect(shown(fixture.editor) == Shown(
            text: formatted, selected: 0,
            notes: ["Formatted 3 blocks (2 tile callout, 1 bullet list) and the end of the file; 1 block with errors left as written"],
            saveState: .dirty, canUndo: true))
    }

    @Test func formatReportsReadAsTheyShouldForEachShape() {
        #expect(FormatReport().message == "Already canonical: formatting changes nothing")
        #expect(FormatReport(fixedEnding: true).message == "Formatted the end of the file")
        #expect(FormatReport(blocksByKind: ["paragraph": 1, "heading 1": 1]).message == "Formatted 2 blocks (1 heading 1, 1 paragraph)")
        #expect(FormatReport(skippedWithErrors: 2).message == "Already canonical: formatting changes nothing; 2 blocks with errors left as written")
    }

    // MARK: The inspector

    @Test func theInspectorValidatesAsTheUserTypesAndAppliesOnlyValidValues() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onSelectedEdge(last: true)
        #expect(editor.inspector.fields.map(\.key) == ["id", "mode", "title", "body"])
        editor.onInspector(.changedField("id", text: "Not Kebab"))
        editor.onInspector(.committedField("id"))
        let message = editor.inspector.field("id")?.message ?? ""
        #expect(message.contains("kebab-case"))
        #expect(editor.inspector.refusal == ViewError(message))
        #expect(shown(editor) == Shown(text: Self.page, selected: 3, saveState: .dirty, pending: ["`id` of tile callout 4: \(message)"]))
        editor.onInspector(.changedField("id", text: "note-1"))
        editor.onInspector(.changedField("mode", text: "proxy"))
        editor.onInspector(.committedField("mode"))
        let proxied = Self.page.replacingOccurrences(of: "id: note-1\n", with: "id: note-1\nmode: proxy\n")
        #expect(shown(editor) == Shown(text: proxied, selected: 3, saveState: .dirty, canUndo: true))
        #expect(await flushed(fixture) == [.load, .pendingJournal, Self.journal(proxied)])
    }

    @Test func discardingTypingAsksOnlyWhenSomethingWouldBeLost() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onSelectedEdge(last: true)
        editor.onInspector(.beganEditingField("title"))
        editor.onTappedDiscardTyping(.field("title"))
        #expect(editor.inspector.editing == nil)
        #expect(shown(editor) == Shown(text: Self.page, selected: 3))
        editor.onInspector(.changedField("title", text: "Half"))
        editor.onTappedDiscardTyping(.field("title"))
        #expect(shown(editor) == Shown(text: Self.page, selected: 3, destination: "confirm discard field(\"title\")", saveState: .dirty, pending: ["`title` of tile callout 4"]))
        await editor.onChose(.dismiss)
        #expect(shown(editor).pending == ["`title` of tile callout 4"])
        editor.onTappedDiscardTyping(.field("title"))
        await editor.onChose(.discardTyping)
        #expect(shown(editor) == Shown(text: Self.page, selected: 3))
    }

    /// The note a save gives about a value typed and not applied goes
    /// when that value is discarded: it no longer says anything true.
    @Test func theSavedNoteAboutAPendingValueGoesWhenTheValueIsDiscarded() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onSelectedEdge(last: true)
        editor.onInspector(.changedField("id", text: "Not Kebab"))
        editor.onInspector(.committedField("id"))
        await editor.onTappedSave()
        #expect(editor.notes.count == 1)
        #expect(editor.notes.first?.hasPrefix("Saved; not in the file until") == true)
        editor.onTappedDiscardTyping(.field("id"))
        await editor.onChose(.discardTyping)
        #expect(editor.inspector.hasPendingValues == false)
        #expect(editor.notes == [])
    }

    @Test func saveApplyingTypingWritesValidTypingAndStopsAtAValueThatIsNot() async {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onSelectedEdge(last: true)
        editor.onInspector(.changedField("id", text: "Bad Id"))
        await editor.onTappedSaveApplyingTyping()
        #expect(await flushed(fixture) == [.load, .pendingJournal, Self.journal(Self.page, pending: [.init(block: 3, key: "id", text: "Bad Id")])])
        editor.onInspector(.changedField("id", text: "note-2"))
        await editor.onTappedSaveApplyingTyping()
        let renamed = Self.page.replacingOccurrences(of: "id: note-1", with: "id: note-2")
        #expect(shown(editor) == Shown(text: renamed, selected: 3, saveState: .saved, canUndo: true))
        #expect(fixture.disk.bytes == Array(renamed.utf8))
        #expect(fixture.saved.values == ["page.md: \(renamed)"])
    }

    @Test func proseGoesToAnOutsideEditorAndItsTextComesBackWithoutTheAddedLineBreak() async throws {
        let fixture = await makeEditor()
        let editor = fixture.editor
        editor.onSelectedEdge(last: true)
        #expect(editor.onTappedEditExternally() == nil)
        #expect(shown(editor).notes == ["Only prose blocks open in $EDITOR; tiles have a form"])
        editor.onSelectedEdge(last: false)
        #expect(editor.onTappedEditExternally() == nil)
        #expect(shown(editor).notes == ["Only prose blocks open in $EDITOR; front matter has a form"])
        editor.onMovedSelection(by: 2)
        let edit = try #require(editor.onTappedEditExternally())
        #expect(edit.text == "A paragraph.")
        editor.onEditedExternally(edit, text: "Edited.\n")
        #expect(shown(editor) == Shown(text: Self.edited, selected: 2, saveState: .dirty, canUndo: true))
        editor.onEditedExternally(ExternalEdit(block: BlockID(rawValue: 999_999), text: "x"), text: "y")
        #expect(shown(editor) == Shown(
            text: Self.edited, selected: 2, notes: ["The block is gone; the text from $EDITOR was not applied"], saveState: .dirty, canUndo: true))
    }

    // MARK: Saving

    @Test func savingWritesExactlyTheEditedBytesOverTheLoadedVersionAndClearsTheJournal() async {
        let fixture = await makeEditor()
        await editParagraph(fixture)
        await fixture.editor.onTappedSave()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 2, saveState: .saved, canUndo: true))
        #expect(fixture.disk.bytes == Array(Self.edited.utf8))
        #expect(fixture.saved.values == ["page.md: \(Self.edited)"])
        #expect(await flushed(fixture) == [
            .load, .pendingJournal, Self.journal(Self.edited),
            .save(bytes: Array(Self.edited.utf8), expected: Self.hash(Self.page), overridesReadOnly: false), .clearJournal,
        ])
        fixture.editor.onTappedUndo()
        #expect(shown(fixture.editor) == Shown(text: Self.page, selected: 2, saveState: .dirty, canRedo: true))
    }

    @Test func aFileChangedOnDiskIsAConflictNeverAnOverwriteAndOverwriteWritesOverIt() async {
        let fixture = await makeEditor()
        await editParagraph(fixture)
        let outside = Self.page.replacingOccurrences(of: "title: Hello", with: "title: Hallo")
        fixture.disk.write(Array(outside.utf8))
        await fixture.editor.onTappedSave()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 2, destination: "conflict", saveState: .conflict, canUndo: true))
        #expect(fixture.disk.bytes == Array(outside.utf8))
        await fixture.editor.onChose(.session(.resolveConflict(.overwrite)))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 2, saveState: .saved, canUndo: true))
        #expect(fixture.disk.bytes == Array(Self.edited.utf8))
        #expect(await flushed(fixture) == [
            .load, .pendingJournal, Self.journal(Self.edited),
            .save(bytes: Array(Self.edited.utf8), expected: Self.hash(Self.page), overridesReadOnly: false),
            .load, .save(bytes: Array(Self.edited.utf8), expected: Self.hash(outside), overridesReadOnly: false), .clearJournal,
        ])
    }

    @Test func keepBothWritesACopyAndLoadsTheFileAsItIsOnDisk() async {
        let fixture = await makeEditor()
        await editParagraph(fixture, to: "Mine.")
        let outside = Self.page.replacingOccurrences(of: "A paragraph.", with: "Theirs text.")
        fixture.disk.write(Array(outside.utf8))
        await fixture.editor.onTappedSave()
        await fixture.editor.onChoseConflictResolution(.keepBoth)
        #expect(shown(fixture.editor) == Shown(text: outside, selected: 2, notes: ["Your edits were saved as page (conflict 2024-01-01 000000).md."]))
        let mine = Array(Self.page.replacingOccurrences(of: "A paragraph.", with: "Mine.").utf8)
        // The copy was written, and the file read again is handed on (index, list).
        #expect(fixture.saved.values == [
            "page.md: \(outside)", "page (conflict 2024-01-01 000000).md: \(String(decoding: mine, as: UTF8.self))",
        ])
        #expect(await flushed(fixture) == [
            .load, .pendingJournal, Self.journal(String(decoding: mine, as: UTF8.self)),
            .save(bytes: mine, expected: Self.hash(Self.page), overridesReadOnly: false), .saveCopy(bytes: mine), .load,
        ])
    }

    @Test func aFailedWriteKeepsTheEditsAndSaysWhy() async {
        let fixture = await makeEditor()
        await editParagraph(fixture)
        let error = DocumentStoreError.writeFailed(path: Self.url.path, reason: "no space left on the device")
        fixture.disk.failNextSave(error)
        await fixture.editor.onTappedSave()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 2, saveState: .failed(ViewError(error.message)), canUndo: true))
        #expect(fixture.editor.isDirty)
        #expect(fixture.disk.bytes == Array(Self.page.utf8))
    }

    @Test func aReadOnlyFileIsWrittenOnlyWhenTheUserSaysSo() async {
        let fixture = await makeEditor()
        await editParagraph(fixture)
        let error = DocumentStoreError.notWritable(path: Self.url.path, permissions: 0o444)
        fixture.disk.failNextSave(error)
        await fixture.editor.onTappedSave()
        #expect(shown(fixture.editor) == Shown(
            text: Self.edited, selected: 2, destination: "read-only: \(error.message)", saveState: .failed(ViewError(error.message)), canUndo: true))
        // Dismissed, the question leaves the edits and the file as they were.
        fixture.editor.onDismissed()
        await fixture.editor.onConfirmedOverrideReadOnly()
        #expect(fixture.disk.bytes == Array(Self.page.utf8))
        fixture.disk.failNextSave(error)
        await fixture.editor.onTappedSave()
        await fixture.editor.onChose(.session(.saveOverridingReadOnly))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 2, saveState: .saved, canUndo: true))
        #expect(fixture.disk.calls.filter { if case .save = $0 { true } else { false } } == [
            .save(bytes: Array(Self.edited.utf8), expected: Self.hash(Self.page), overridesReadOnly: false),
            .save(bytes: Array(Self.edited.utf8), expected: Self.hash(Self.page), overridesReadOnly: false),
            .save(bytes: Array(Self.edited.utf8), expected: Self.hash(Self.page), overridesReadOnly: true),
        ])
    }

    @Test func autosaveWaitsForTheDelayAfterTheLastChange() async {
        let fixture = await makeEditor(autosave: .seconds(5))
        let clock = fixture.clock
        await editParagraph(fixture, to: "First.")
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(4))
        await editParagraph(fixture, to: "Second.")
        #expect(await clock.waitForSleepers(1))
        await clock.advance(by: .seconds(4))
        #expect(fixture.disk.bytes == Array(Self.page.utf8))
        #expect(shown(fixture.editor).saveState == .dirty)
        await clock.advance(by: .seconds(1))
        await fixture.editor.session.autosaveTask?.value
        let second = Self.page.replacingOccurrences(of: "A paragraph.", with: "Second.")
        #expect(shown(fixture.editor) == Shown(text: second, selected: 2, saveState: .saved, canUndo: true))
        #expect(fixture.disk.bytes == Array(second.utf8))
    }

    @Test func unsavedEditsJournaledByAnEarlierSessionAreOfferedAndRestored() async {
        let disk = RecordingDocumentStore(bytes: Array(Self.page.utf8))
        disk.keepJournal(JournalEntry(
            documentURL: Self.url, bytes: Array(Self.edited.utf8), baseHash: Self.hash(Self.page), date: TestSupport.referenceDate,
            pendingValues: [.init(block: 3, key: "title", text: "Half typed")]))
        let fixture = await makeEditor(disk: disk)
        #expect(shown(fixture.editor) == Shown(text: Self.page, selected: 0, destination: "recovery"))
        await fixture.editor.onChose(.session(.recovery(.restore)))
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 0, saveState: .dirty, canUndo: true, pending: ["`title` of tile callout 4"]))
        #expect(await flushed(fixture) == [
            .load, .pendingJournal, .pendingJournal, Self.journal(Self.edited, pending: [.init(block: 3, key: "title", text: "Half typed")]),
        ])
    }

    @Test func discardingJournaledEditsClearsTheJournalAndKeepsTheFile() async {
        let disk = RecordingDocumentStore(bytes: Array(Self.page.utf8))
        disk.keepJournal(JournalEntry(documentURL: Self.url, bytes: Array(Self.edited.utf8), baseHash: Self.hash(Self.page), date: TestSupport.referenceDate))
        let fixture = await makeEditor(disk: disk)
        await fixture.editor.onChoseRecovery(.discard)
        #expect(shown(fixture.editor) == Shown(text: Self.page, selected: 0))
        #expect(await flushed(fixture) == [.load, .pendingJournal, .clearJournal])
        #expect(disk.journalEntry == nil)
    }

    @Test func checkingTheDiskReloadsAFileChangedElsewhereWhenClean() async {
        let fixture = await makeEditor("---\ntitle: Version one\n---\n\nSame body.\n")
        fixture.disk.write(Array("---\ntitle: Version two\n---\n\nSame body.\n".utf8))
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: "---\ntitle: Version two\n---\n\nSame body.\n", selected: 0))
        #expect(await flushed(fixture) == [.load, .pendingJournal, .load, .load])
    }

    @Test func aConflictFoundByTheDiskCheckIsRaisedOncePerVersionOnDisk() async {
        let fixture = await makeEditor()
        await editParagraph(fixture)
        fixture.disk.write(Array("theirs\n".utf8))
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor).destination == "conflict")
        fixture.editor.onDismissed()
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor) == Shown(text: Self.edited, selected: 2, saveState: .conflict, canUndo: true))
        fixture.disk.write(Array("theirs, again\n".utf8))
        await fixture.editor.onCheckedDisk()
        #expect(shown(fixture.editor).destination == "conflict")
        fixture.editor.onDismissed()
        await fixture.editor.onTappedSave()
        #expect(shown(fixture.editor).destination == "conflict")
        #expect(fixture.disk.bytes == Array("theirs, again\n".utf8))
    }

    @Test func formatOnSaveFormatsFirstAndSettingsChangedWhileOpenApply() async {
        let text = ":::tile callout\ntitle: Hi\nid: note-1\n:::\n\nA paragraph.\n"
        let fixture = await makeEditor(text)
        fixture.editor.onChangedSettings(formatOnSave: true, autosaveDelay: nil)
        fixture.editor.onMovedSelection(by: 1)
        fixture.editor.onInspector(.changedText("Edited."))
        fixture.editor.onInspector(.leftText)
        await fixture.editor.onTappedSave()
        #expect(fixture.disk.bytes == Array(":::tile callout\nid: note-1\ntitle: Hi\n:::\n\nEdited.\n".utf8))
        #expect(shown(fixture.editor).saveState == .saved)
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }
}
