import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The small parts the editors are made of, each on its own: list
/// positions, the block selection, prompts' answers, the tile catalog's
/// filter, text back from an outside editor, journaled typing, the YAML
/// tree, lines and the typed field.
@MainActor
@Suite("Editor parts")
struct EditorPartsTests {
    // MARK: Positions

    @Test(arguments: [
        (0, 1, 3, 1), (2, 1, 3, 2), (1, -5, 3, 0), (-4, 0, 3, 0), (1, Int.max, 3, 2), (1, Int.min, 3, 0), (Int.max, Int.max, 3, 2),
    ])
    func aPositionMovedByAnyOffsetStaysInTheList(index: Int, offset: Int, count: Int, expected: Int) {
        #expect(ListPosition.moved(index, by: offset, count: count) == expected)
    }

    @Test func anEmptyListHasNoPosition() {
        #expect(ListPosition.moved(0, by: 1, count: 0) == nil)
    }

    // MARK: The block selection

    static let blocks = MarkdownDocument("---\ntitle: T\n---\n\n# A\n\nB.\n", dialect: .yaml)

    @Test func theSelectionMovesWithinTheBlocksAndFollowsAChange() {
        let document = Self.blocks
        var selection = BlockSelection()
        #expect(selection.moved(by: 1, in: document) == document.id(at: 1))
        selection.select(document.id(at: 2), in: document)
        #expect(selection.lastKnownIndex == 2)
        #expect(selection.moved(by: Int.max, in: document) == document.id(at: 2))
        #expect(selection.moved(by: -1, in: document) == document.id(at: 1))
        #expect(BlockSelection.edge(last: true, in: document) == document.id(at: 2))
        #expect(BlockSelection.edge(last: false, in: MarkdownDocument("", dialect: .yaml)) == nil)
        // The preferred block, else the selected one, else the block at the old position.
        #expect(selection.following(document.id(at: 0), fallbackIndex: 9, in: document) == document.id(at: 0))
        #expect(selection.following(BlockID(rawValue: 999_999), fallbackIndex: 9, in: document) == document.id(at: 2))
        let other = MarkdownDocument("x\n", dialect: .yaml)
        #expect(selection.following(nil, fallbackIndex: 9, in: other) == other.id(at: 0))
        #expect(selection.following(nil, fallbackIndex: 0, in: MarkdownDocument("", dialect: .yaml)) == nil)
    }

    @Test func aDeletedBlocksNeighborIsTheNextElseThePreviousAndNewBlocksGoAfterTheSelection() {
        let document = Self.blocks
        #expect(BlockSelection.neighbor(ofDeleted: 1, in: document) == document.id(at: 2))
        #expect(BlockSelection.neighbor(ofDeleted: 2, in: document) == document.id(at: 1))
        #expect(BlockSelection.neighbor(ofDeleted: 0, in: MarkdownDocument("x\n", dialect: .yaml)) == nil)
        #expect(BlockSelection.insertionIndex(after: 1, blockCount: 3) == 2)
        #expect(BlockSelection.insertionIndex(after: nil, blockCount: 3) == 3)
        #expect(BlockSelection.insertionIndex(after: nil, blockCount: 0) == 0)
    }

    // MARK: Prompts

    @Test(arguments: [
        (EditorPrompt.Kind.moveBlock(firstPosition: 2, blockCount: 5), " 3 ", EditorPrompt.Answer.moveBlock(toIndex: 2) as EditorPrompt.Answer?),
        (.moveBlock(firstPosition: 2, blockCount: 5), "1", nil), (.moveBlock(firstPosition: 1, blockCount: 5), "6", nil),
        (.moveBlock(firstPosition: 1, blockCount: 5), "two", nil),
        (.goToLine, "12", .goToLine(12)), (.goToLine, "0", nil), (.goToLine, "-3", nil),
        (.addProperty, "  note ", .add(name: "note")), (.addProperty, "   ", nil), (.addKey, "", nil),
    ])
    func aPromptsAnswerIsCheckedBeforeItIsUsed(kind: EditorPrompt.Kind, text: String, answer: EditorPrompt.Answer?) {
        var answered: [EditorPrompt.Answer] = []
        let prompt = EditorPrompt(kind: kind) { answered.append($0) }
        prompt.onChangedText(text)
        #expect(prompt.answer == answer)
        prompt.onSubmitted()
        #expect(answered == (answer.map { [$0] } ?? []))
        #expect(prompt.message == (answer == nil ? prompt.refusal : nil))
        prompt.onChangedText(text + " ")
        #expect(prompt.message == nil)
    }

    @Test func promptsSayWhatTheyAskAndWhatToTypeInstead() {
        let move = EditorPrompt(kind: .moveBlock(firstPosition: 2, blockCount: 9)) { _ in }
        #expect([move.title, move.question, move.refusal] == ["Move block", "New position (2–9)", "Type a number from 2 to 9"])
        let line = EditorPrompt(kind: .goToLine) { _ in }
        #expect([line.title, line.question, line.refusal] == ["Go to line", "Line number", "Type a line number from 1"])
        let key = EditorPrompt(kind: .addKey) { _ in }
        #expect([key.title, key.question, key.refusal] == ["Add key", "Key name", "Type the key's name"])
        let rename = EditorPrompt(kind: .renameKey(current: "title"), text: "title") { _ in }
        #expect([rename.title, rename.question, rename.refusal, rename.text] == ["Rename key", "New name of title", "Type the key's name", "title"])
        #expect(rename.answer == .add(name: "title"))
    }

    // MARK: The tile catalog

    @Test func theCatalogFilterPutsTypesStartingWithItFirstAndMatchesSummariesInAnyCase() {
        let catalog = TileCatalog.builtIn.schemas
        #expect(TileCatalogPicker.matching("", in: catalog).map(\.type) == catalog.map(\.type))
        #expect(TileCatalogPicker.matching("C", in: catalog).map(\.type) == ["callout", "counter", "chart", "service-form"])
        #expect(TileCatalogPicker.matching("NEWSLETTER", in: catalog).map(\.type) == ["buttondown"])
        #expect(TileCatalogPicker.matching("zzz", in: catalog) == [])
    }

    // MARK: Rows

    /// A summary shows every character a terminal would act on as its
    /// escape (never hides it, never holds a NUL), a TAB as a space.
    @Test func aBlockSummaryShowsControlCharactersAsEscapes() {
        let text = "a\tb \u{7} \u{0} \u{1B}[2J \u{85} \u{202E}x\n"
        #expect(BlockRow.summary(kind: .paragraph, text: text) == #"a b \u{07} \u{00} \u{1B}[2J \u{85} \u{202E}x"#)
    }

    // MARK: An outside editor

    @Test(arguments: [
        ("A.", "B.\n", "B."), ("A.", "B.\r\n", "B."), ("A.", "B.\r", "B."), ("A.", "B.\n\n", "B.\n"),
        ("A.\n", "B.\n", "B.\n"), ("A.", "B.", "B."), ("A.", "", ""),
    ])
    func theLineBreakAnOutsideEditorAddsAtTheEndIsDroppedWhenTheTextHadNone(original: String, edited: String, expected: String) {
        #expect(ExternalEdit(block: BlockID(rawValue: 1), text: original).text(afterEditing: edited) == expected)
    }

    /// The file an outside editor gets ends with a line break, so a line
    /// appended to it is a line of its own; left as it is, it gives the
    /// text back unchanged.
    @Test(arguments: ["Zürich.", "Two\nlines", "Ends.\n", "Ends.\r\n", "Ends.\r", ""])
    func theFileHandedToAnOutsideEditorEndsWithALineBreak(original: String) {
        let edit = ExternalEdit(block: BlockID(rawValue: 1), text: original)
        let last = edit.fileText.utf8.last
        #expect(last == 0x0A || last == 0x0D)
        #expect(edit.text(afterEditing: edit.fileText) == original)
        let appended = edit.text(afterEditing: edit.fileText + "Edited by me\n")
        #expect(appended.hasSuffix("Edited by me") || appended.hasSuffix("Edited by me\n"))
        #expect(!appended.contains(".Edited"))
    }

    // MARK: Typing journaled

    @Test func typingNotAppliedGoesToTheJournalByPositionAndComesBackByBlock() {
        let document = MarkdownDocument(":::tile callout\nid: a\n:::\n\nText.\n", dialect: .yaml)
        let tile = document.id(at: 0)
        let text = document.id(at: 1)
        let pending: [BlockID: PendingBlockValues] = [
            text: PendingBlockValues(text: "Typed."),
            tile: PendingBlockValues(fields: ["title": "Hi", "note": ""], addedKeys: ["note"]),
            BlockID(rawValue: 999_999): PendingBlockValues(text: "gone"),
        ]
        let values = PendingValuesJournal.journalValues(pending, in: document)
        #expect(values == [
            .init(block: 0, key: "note", text: ""), .init(block: 0, key: "title", text: "Hi"), .init(block: 1, key: nil, text: "Typed."),
        ])
        let restored = PendingValuesJournal.pendingValues(values + [.init(block: 7, key: "x", text: "past the end")], in: document)
        #expect(restored == [text: PendingBlockValues(text: "Typed."), tile: PendingBlockValues(fields: ["title": "Hi", "note": ""], addedKeys: ["note"])])
        #expect(PendingValueSummary.lines(restored, in: document) == ["`note` of tile callout 1", "`title` of tile callout 1", "the text of paragraph 2"])
    }

    // MARK: YAML

    @Test func linesEndAtLFCRLFAndALoneCR() {
        let table = YAMLLineTable(bytes: Array("a\nb\r\nc\rd".utf8))
        #expect([0, 1, 2, 3, 4, 5, 6, 7, 99, -1].map(table.line(of:)) == [1, 1, 2, 2, 2, 3, 3, 4, 4, 1])
    }

    @Test func theTreeShowsOnlyExpandedCollectionsAndRevealsANodeByExpandingItsAncestors() throws {
        let file = YAMLFileDocument(bytes: Array("a:\n  b:\n    c: 1\nd: 2\n".utf8))
        var tree = YAMLTree()
        tree.rebuild(file)
        #expect(tree.rows.map(\.id.description) == ["0:0", "0:1"])
        let c = YAMLNodeID(document: 0, positions: [0, 0, 0])
        tree.reveal(c, in: file)
        #expect(tree.rows.map(\.id.description) == ["0:0", "0:0.0", "0:0.0.0", "0:1"])
        #expect(tree.rows.map(\.depth) == [0, 1, 2, 0])
        #expect(tree.index(of: c) == 2)
        // ← on `c` selects its parent; ← on `b` folds it, and the selection's row being gone selects `b`.
        #expect(tree.collapseOrLeave(at: 2, in: file, selection: c) == YAMLNodeID(document: 0, positions: [0, 0]))
        #expect(tree.collapseOrLeave(at: 1, in: file, selection: c) == YAMLNodeID(document: 0, positions: [0, 0]))
        #expect(tree.rows.map(\.id.description) == ["0:0", "0:0.0", "0:1"])
        #expect(tree.moved(from: 0, by: Int.max) == YAMLNodeID(document: 0, positions: [1]))
        tree.rebuild(nil)
        #expect(tree.rows.isEmpty)
    }

    @Test func theLocatorFindsNodesByPathAndRefusesKeysThatAreNotPlainOrTwice() throws {
        let locator = YAMLNodeLocator(file: YAMLFileDocument(bytes: Array("a: 1\na: 2\nlist: [x, y]\n".utf8)))
        let y = YAMLNodeID(document: 0, positions: [2, 1])
        #expect(locator.id(of: YAMLPath(parsing: "list.1"), document: 0) == y)
        #expect(locator.path(of: y)?.description == "list.1")
        #expect(locator.path(of: YAMLNodeID(document: 0, positions: [1])) == nil)
        #expect(locator.isInFlow(y))
        #expect(locator.resolve(YAMLNodeID(document: 3)) == nil)
        #expect(locator.targetCollection(mapping: false, selection: y) == YAMLNodeID(document: 0, positions: [2]))
        #expect(locator.targetCollection(mapping: true, selection: y) == nil)
    }

    @Test func aFieldsTypeStepsAroundAndABooleanHasItsOtherValue() throws {
        let id = YAMLNodeID(document: 0, positions: [0])
        let field = YAMLScalarField(id: id, type: .string, text: "true", original: "true", problem: nil)
        #expect(field.steppedType(by: 1) == .number)
        #expect(field.steppedType(by: -1) == .null)
        #expect(field.steppedType(by: 5) == .string)
        #expect(field.steppedType(by: -11) == .null)
        #expect(field.toggledBoolean == nil)
        var boolean = field
        boolean.chose(.boolean)
        #expect(boolean.toggledBoolean == "false")
        boolean.typed("maybe")
        #expect(boolean.problem == "a boolean is `true` or `false`")
        #expect(boolean.toggledBoolean == "true")
        #expect(!YAMLScalarField(id: id, type: .string, text: "a\r\nb", original: "", problem: nil).isSingleLine)
    }

    /// A null's field takes the type of the text typed, as `set` writes a
    /// null's new text, until a type is chosen.
    @Test func aNullsFieldFollowsTheTypedTextUntilATypeIsChosen() {
        let id = YAMLNodeID(document: 0, positions: [0])
        var field = YAMLScalarField(id: id, type: .null, text: "", original: "", problem: nil)
        field.typeFollowsText = true
        field.typed("3")
        #expect(field.type == .number)
        #expect(field.problem == nil)
        field.typed("2024-01-05")
        #expect(field.type == .date)
        field.typed("hello")
        #expect(field.type == .string)
        // Readers disagree on these numbers' values: text, as `set` writes them.
        for text in ["02134", "0755", "1.10", "1e3", "0o17"] {
            field.typed(text)
            #expect(field.type == .string, "\(text)")
        }
        field.typed("0x1F")
        #expect(field.type == .number)
        field.chose(.number)
        field.typed("x")
        #expect(field.type == .number)
        #expect(field.problem == "`x` is not a number (for example 42, -3.5 or 1e6)")
    }

    // MARK: The document list's small values

    @Test func theNewDocumentKindStepsThroughTheTemplatesKindsAndTheOrderCycles() {
        let form = NewDocumentForm(kind: .post, title: "")
        #expect(NewDocumentForm.kinds == [.page, .post])
        #expect(form.steppingKind(by: 1).kind == .page)
        #expect(form.steppingKind(by: -1).kind == .page)
        #expect(form.steppingKind(by: 2).kind == .post)
        #expect(form.message == "Give the document a title")
        #expect(DocumentSortOrder.allCases.map(\.next) == [.date, .path, .title])
    }
}
