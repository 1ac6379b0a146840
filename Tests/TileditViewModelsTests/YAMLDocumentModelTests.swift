import Foundation
import Testing
import TileditFixtures
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

@MainActor
@Suite("YAML document editor")
struct YAMLDocumentModelTests {
    static let data = """
        # Site data
        title: 'Hello'   # the page title
        port: 8080
        debug: false
        released: 2024-01-05
        owner: ~
        base: &base
          image: nginx
          tags: [a, b]
        web:
          <<: *base
          also: *base
        list:
          - one
          - two # second
          - three

        """

    static let url = URL(fileURLWithPath: "/site/data.yml")

    /// An editor over `text` on a recording in-memory disk, appeared.
    func makeEditor(_ text: String = data, disk: RecordingDocumentStore? = nil) async throws -> (YAMLDocumentModel, RecordingDocumentStore) {
        let disk = disk ?? RecordingDocumentStore(bytes: Array(text.utf8))
        let editor = YAMLDocumentModel(url: Self.url, displayPath: "data.yml", dependencies: .init(store: disk.store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, disk)
    }

    /// What the editor shows, compared whole (the rows apart).
    struct Shown: Equatable {
        var text: String
        var load = "loaded"
        var selection: String?
        var field: YAMLScalarField?
        var isEditingField = false
        var destination = "none"
        var notes: [String] = []
        var saveState = SaveState.clean
        var canUndo = false
        var canRedo = false
    }

    func shown(_ editor: YAMLDocumentModel) -> Shown {
        let load = switch editor.file {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed(let error): "failed: \(error.message)"
        }
        let destination = switch editor.destination {
        case nil: "none"
        case .conflict?: "conflict"
        case .deletedOnDisk?: "deleted on disk"
        case .confirmOverrideReadOnly(let message)?: "read-only: \(message)"
        case .recovery?: "recovery"
        case .reviewingConflict(let review)?: "reviewing \(review.stage)"
        case .prompt(let prompt)?: "prompt \(prompt.question) \"\(prompt.text)\"" + (prompt.message.map { " – \($0)" } ?? "")
        }
        return Shown(
            text: text(editor), load: load, selection: editor.selection.flatMap { editor.path(of: $0)?.description }, field: editor.field,
            isEditingField: editor.isEditingField, destination: destination, notes: editor.notes, saveState: editor.saveState,
            canUndo: editor.canUndo, canRedo: editor.canRedo)
    }

    func field(
        _ editor: YAMLDocumentModel, _ path: String, _ type: YAMLValueType, _ text: String, original: String? = nil, problem: String? = nil,
        editable: YAMLEditableText? = nil
    ) throws -> YAMLScalarField {
        YAMLScalarField(
            id: try #require(editor.id(of: YAMLPath(parsing: path))), type: type, text: text, original: original ?? text, problem: problem,
            editable: editable ?? YAMLEditableText(text: original ?? text))
    }

    static func hash(_ text: String) -> ContentHash { ContentHash(of: Array(text.utf8)) }

    func rows(_ editor: YAMLDocumentModel) -> [String] {
        (0..<editor.rowCount).compactMap { editor.row(at: $0) }.map { row in
            String(repeating: "  ", count: row.depth) + "\(row.label) = \(row.summary)" + (row.isExpanded.map { $0 ? " [-]" : " [+]" } ?? "")
        }
    }

    func select(_ editor: YAMLDocumentModel, _ path: String, document: Int = 0) throws {
        editor.onSelected(try #require(editor.id(of: YAMLPath(parsing: path), document: document)))
    }

    func text(_ editor: YAMLDocumentModel) -> String { String(decoding: editor.bytes, as: UTF8.self) }

    @Test func opensWithTopLevelRowsOnlyAndTheFirstSelected() async throws {
        let (editor, _) = try await makeEditor()
        #expect(rows(editor) == [
            "title = Hello", "port = 8080", "debug = false", "released = 2024-01-05", "owner = ~",
            "base = {2 keys} [+]", "web = {2 keys} [+]", "list = [3 items] [+]",
        ])
        #expect(editor.selection == YAMLNodeID(document: 0, positions: [0]))
        #expect(editor.field == YAMLScalarField(
            id: YAMLNodeID(document: 0, positions: [0]), type: .string, text: "Hello", original: "Hello", problem: nil, editable: YAMLEditableText(text: "Hello")))
        #expect(editor.saveState == .clean)
    }

    @Test func rowsShowTypesCommentsAnchorsAndLines() async throws {
        let (editor, _) = try await makeEditor()
        let title = try #require(editor.row(at: 0))
        #expect(title.kind == .scalar(.string))
        #expect(title.comments == ["Site data", "the page title"])
        #expect(title.line == 2)
        #expect(editor.row(at: 1)?.kind == .scalar(.number))
        #expect(editor.row(at: 2)?.kind == .scalar(.boolean))
        #expect(editor.row(at: 3)?.kind == .scalar(.date))
        #expect(editor.row(at: 4)?.kind == .scalar(.null))
        #expect(editor.row(at: 5)?.anchor == "base")
        #expect(editor.row(at: 5)?.kind == .mapping(count: 2))
    }

    /// The comment after a block scalar's header is the value's comment,
    /// whatever indicators the header has; a `#` inside the text is not.
    @Test(arguments: ["|", ">", "|-", ">-", "|+", ">+", "|2", ">2-", ">-2", "|+1"])
    func aBlockScalarsHeaderCommentShowsWithItsRow(header: String) async throws {
        let (editor, _) = try await makeEditor("description: \(header)   # the summary\n  text # not a comment\nnext: 1\n")
        #expect(editor.row(at: 0)?.comments == ["the summary"], "\(header)")
        #expect(editor.row(at: 1)?.comments == [], "\(header)")
    }

    @Test func arrowsExpandCollapseAndWalkTheTree() async throws {
        let (editor, _) = try await makeEditor()
        try select(editor, "list")
        editor.onExpandedSelection()
        #expect(rows(editor).suffix(4) == ["list = [3 items] [-]", "  - 0 = one", "  - 1 = two", "  - 2 = three"])
        editor.onExpandedSelection()
        #expect(editor.selection == editor.id(of: YAMLPath(parsing: "list.0")))
        editor.onMovedSelection(by: 1)
        #expect(editor.row(at: try #require(editor.selectedRow))?.comments == ["second"])
        editor.onCollapsedSelection()
        #expect(editor.selection == editor.id(of: YAMLPath(parsing: "list")))
        editor.onCollapsedSelection()
        #expect(rows(editor).last == "list = [3 items] [+]")
    }

    @Test func everyDocumentOfAStreamIsARowThatFolds() async throws {
        let (editor, _) = try await makeEditor("a: 1\n---\nb: [x]\n---\n")
        #expect(rows(editor) == ["Document 1 = {1 key} [-]", "  a = 1", "Document 2 = {1 key} [-]", "  b = [1 item] [+]", "Document 3 = "])
        editor.onToggled(YAMLNodeID(document: 0))
        #expect(rows(editor).prefix(2) == ["Document 1 = {1 key} [+]", "Document 2 = {1 key} [-]"])
        try select(editor, "b", document: 1)
        #expect(editor.onAddedItem("z"))
        #expect(text(editor) == "a: 1\n---\nb: [x, z]\n---\n")
    }

    @Test func theFieldValidatesAsTheUserTypes() async throws {
        let (editor, _) = try await makeEditor()
        try select(editor, "port")
        #expect(editor.field?.type == .number)
        editor.onEditedField("80a")
        #expect(editor.field?.problem == "`80a` is not a number (for example 42, -3.5 or 1e6)")
        #expect(!editor.onCommittedField())
        // Typing not written is an unsaved edit: quitting asks.
        #expect(editor.saveState == .dirty)
        #expect(editor.isDirty)
        #expect(editor.pendingProblem == "`80a` is not a number (for example 42, -3.5 or 1e6)")
        editor.onEditedField("8081")
        #expect(editor.field?.problem == nil)
        #expect(editor.field?.canApply == true)
        #expect(editor.onCommittedField())
        #expect(text(editor).contains("\nport: 8081\n"))
        try select(editor, "debug")
        #expect(editor.field?.choices == ["true", "false"])
        editor.onEditedField("yes")
        #expect(editor.field?.problem == "a boolean is `true` or `false`")
        try select(editor, "released")
        editor.onEditedField("2024-02-30")
        #expect(editor.field?.problem == "`2024-02-30` is not a date written YYYY-MM-DD")
        editor.onEditedField("2024-02-29")
        #expect(editor.onCommittedField())
        #expect(text(editor).contains("\nreleased: 2024-02-29\n"))
    }

    @Test func aValueKeepsItsStyleUnlessTheNewTextNeedsAnother() async throws {
        let (editor, _) = try await makeEditor()
        editor.onEditedField("Bonjour")
        #expect(editor.onCommittedField())
        #expect(text(editor).hasPrefix("# Site data\ntitle: 'Bonjour'   # the page title\n"))
        editor.onEditedField("it's")
        #expect(editor.onCommittedField())
        #expect(editor.node(YAMLNodeID(document: 0, positions: [0]))?.scalar?.value == "it's")
        try select(editor, "port")
        editor.onChoseFieldType(.string)
        editor.onEditedField("8080")
        #expect(editor.onCommittedField())
        #expect(text(editor).contains("\nport: \"8080\"\n"))
        #expect(editor.row(at: 1)?.kind == .scalar(.string))
        try select(editor, "owner")
        editor.onChoseFieldType(.boolean)
        editor.onEditedField("true")
        #expect(editor.onCommittedField())
        #expect(text(editor).contains("\nowner: true\n"))
    }

    @Test func keysAreAddedRenamedAndRemoved() async throws {
        let (editor, _) = try await makeEditor("a: 1 # one\nb: 2\n")
        #expect(editor.onAddedKey("c", value: "three"))
        #expect(text(editor) == "a: 1 # one\nb: 2\nc: three\n")
        #expect(editor.selection == YAMLNodeID(document: 0, positions: [2]))
        #expect(!editor.onAddedKey("a", value: "x"))
        #expect(editor.notes == ["`a` is already a key of this mapping"])
        editor.onSelected(YAMLNodeID(document: 0, positions: [0]))
        #expect(editor.onRenamedKey(to: "alpha"))
        #expect(text(editor) == "alpha: 1 # one\nb: 2\nc: three\n")
        #expect(!editor.onRenamedKey(to: "b"))
        editor.onSelected(YAMLNodeID(document: 0, positions: [1]))
        #expect(editor.onRemovedSelection())
        #expect(text(editor) == "alpha: 1 # one\nc: three\n")
        #expect(editor.selection == YAMLNodeID(document: 0, positions: [1]))
    }

    @Test func aKeyMovesWithTheCommentLinesAboveIt() async throws {
        let (editor, _) = try await makeEditor("top: 0\na: 1\n# about b\nb: 2\n")
        try select(editor, "b")
        #expect(editor.onMovedItem(by: -1))
        #expect(text(editor) == "top: 0\n# about b\nb: 2\na: 1\n")
        #expect(editor.selection == editor.id(of: YAMLPath(parsing: "b")))
        #expect(editor.onMovedItem(by: -1))
        #expect(text(editor) == "# about b\nb: 2\ntop: 0\na: 1\n")
        #expect(!editor.onMovedItem(by: -1))
        #expect(editor.notes == ["the key is first already"])
    }

    @Test func sequenceItemsAreAddedRemovedMovedAndDuplicated() async throws {
        let (editor, _) = try await makeEditor("list:\n  - one\n  - two # second\n  - three\n")
        try select(editor, "list.1")
        #expect(editor.onMovedItem(by: -1))
        #expect(text(editor) == "list:\n  - two # second\n  - one\n  - three\n")
        #expect(editor.selection == editor.id(of: YAMLPath(parsing: "list.0")))
        #expect(!editor.onMovedItem(by: -1))
        #expect(editor.notes == ["the item is first already"])
        #expect(editor.onDuplicatedItem())
        #expect(text(editor) == "list:\n  - two # second\n  - two # second\n  - one\n  - three\n")
        #expect(editor.selection == editor.id(of: YAMLPath(parsing: "list.1")))
        #expect(editor.onRemovedSelection())
        // The item that took its place is selected.
        #expect(editor.field?.text == "one")
        #expect(editor.onRemovedSelection())
        #expect(text(editor) == "list:\n  - two # second\n  - three\n")
        #expect(editor.onAddedItem("four"))
        #expect(text(editor) == "list:\n  - two # second\n  - three\n  - four\n")
        editor.onTappedUndo()
        editor.onTappedUndo()
        editor.onTappedUndo()
        editor.onTappedUndo()
        editor.onTappedUndo()
        #expect(text(editor) == "list:\n  - one\n  - two # second\n  - three\n")
        #expect(editor.saveState == .clean)
    }

    @Test func flowSequenceItemsMoveAndGoAway() async throws {
        let (editor, _) = try await makeEditor("tags: [a, b, c]\n")
        try select(editor, "tags.2")
        #expect(editor.onMovedItem(by: -1))
        #expect(text(editor) == "tags: [a, c, b]\n")
        #expect(editor.onRemovedSelection())
        #expect(text(editor) == "tags: [a, b]\n")
        try select(editor, "tags.0")
        #expect(editor.onDuplicatedItem())
        #expect(text(editor) == "tags: [a, a, b]\n")
    }

    @Test func removingTheLastBlockItemLeavesAnEmptySequence() async throws {
        let (editor, _) = try await makeEditor("list:\n- only\nnext: 1\n")
        try select(editor, "list.0")
        #expect(editor.onRemovedSelection())
        #expect(text(editor) == "list:\n  []\nnext: 1\n")
        #expect(editor.node(try #require(editor.id(of: YAMLPath(parsing: "list"))))?.items?.count == 0)
    }

    @Test func anchorsShowThePlacesSharingAValue() async throws {
        let (editor, _) = try await makeEditor()
        let base = try #require(editor.id(of: YAMLPath(parsing: "base")))
        #expect(editor.sharedPlaces(of: base) == [
            YAMLPlace(id: base, path: "base", line: 7, isAnchor: true),
            YAMLPlace(id: YAMLNodeID(document: 0, positions: [6, 0]), path: "web.<<", line: 11, isAnchor: false),
            YAMLPlace(id: YAMLNodeID(document: 0, positions: [6, 1]), path: "web.also", line: 12, isAnchor: false),
        ])
        let alias = YAMLNodeID(document: 0, positions: [6, 1])
        #expect(editor.sharedPlaces(of: alias).first?.isAnchor == true)
        try select(editor, "base.image")
        editor.onEditedField("caddy")
        #expect(editor.onCommittedField())
        #expect(editor.notes == ["2 other places use the anchor `base` (lines 11, 12) and will see this change"])
        editor.onSelected(alias)
        #expect(editor.field == nil)
        #expect(editor.row(at: try #require(editor.selectedRow))?.kind == .alias("base"))
    }

    @Test func undoRedoAndDirtyFollowTheHistory() async throws {
        let (editor, _) = try await makeEditor()
        editor.onEditedField("One")
        editor.onCommittedField()
        editor.onEditedField("Two")
        editor.onCommittedField()
        #expect(editor.saveState == .dirty)
        editor.onTappedUndo()
        #expect(editor.field?.text == "One")
        editor.onTappedUndo()
        #expect(text(editor) == Self.data)
        #expect(editor.saveState == .clean)
        #expect(!editor.canUndo && editor.canRedo)
        editor.onTappedRedo()
        #expect(editor.field?.text == "One")
        #expect(editor.saveState == .dirty)
    }

    @Test func savingWritesTheBytesAndAChangeOnDiskIsAConflictThatReloadSettles() async throws {
        let (editor, disk) = try await makeEditor()
        editor.onEditedField("Saved")
        editor.onCommittedField()
        await editor.session.journal.flush()
        await editor.onTappedSave()
        await editor.session.journal.flush()
        let saved = Self.data.replacingOccurrences(of: "'Hello'", with: "'Saved'")
        let title = try field(editor, "title", .string, "Saved")
        #expect(shown(editor) == Shown(text: saved, selection: "title", field: title, saveState: .saved, canUndo: true))
        #expect(disk.bytes == Array(saved.utf8))
        #expect(disk.calls == [
            .load, .pendingJournal, .journal(bytes: Array(saved.utf8), baseHash: Self.hash(Self.data), pendingValues: []),
            .save(bytes: Array(saved.utf8), expected: Self.hash(Self.data), overridesReadOnly: false), .clearJournal,
        ])
        disk.write(Array("title: elsewhere\n".utf8))
        editor.onEditedField("Mine")
        editor.onCommittedField()
        await editor.session.journal.flush()
        await editor.onTappedSave()
        let mine = Self.data.replacingOccurrences(of: "'Hello'", with: "'Mine'")
        #expect(shown(editor) == Shown(
            text: mine, selection: "title", field: try field(editor, "title", .string, "Mine"), destination: "conflict", saveState: .conflict, canUndo: true))
        #expect(disk.bytes == Array("title: elsewhere\n".utf8))
        await editor.onChose(.resolveConflict(.reload))
        #expect(shown(editor) == Shown(text: "title: elsewhere\n", selection: "title", field: try field(editor, "title", .string, "elsewhere")))
    }

    @Test func aReadOnlyFileIsSavedOnlyWhenTheUserSaysSo() async throws {
        let (editor, disk) = try await makeEditor()
        let error = DocumentStoreError.notWritable(path: Self.url.path, permissions: 0o444)
        disk.failNextSave(error)
        editor.onEditedField("Saved")
        editor.onCommittedField()
        await editor.onTappedSave()
        let saved = Self.data.replacingOccurrences(of: "'Hello'", with: "'Saved'")
        let title = try field(editor, "title", .string, "Saved")
        #expect(shown(editor) == Shown(
            text: saved, selection: "title", field: title, destination: "read-only: \(error.message)", saveState: .failed(ViewError(error.message)), canUndo: true))
        #expect(disk.bytes == Array(Self.data.utf8))
        await editor.onChose(.saveOverridingReadOnly)
        #expect(shown(editor) == Shown(text: saved, selection: "title", field: title, saveState: .saved, canUndo: true))
        #expect(disk.bytes == Array(saved.utf8))
        #expect(disk.calls.filter { if case .save = $0 { true } else { false } } == [
            .save(bytes: Array(saved.utf8), expected: Self.hash(Self.data), overridesReadOnly: false),
            .save(bytes: Array(saved.utf8), expected: Self.hash(Self.data), overridesReadOnly: true),
        ])
    }

    @Test func cancellingTheReadOnlyQuestionKeepsTheEditsAndTheFile() async throws {
        let (editor, disk) = try await makeEditor()
        disk.failNextSave(.notWritable(path: Self.url.path, permissions: 0o444))
        editor.onEditedField("Saved")
        editor.onCommittedField()
        await editor.onTappedSave()
        editor.onDismissed()
        #expect(shown(editor).destination == "none")
        #expect(editor.isDirty)
        // Answering a question no longer asked writes nothing.
        await editor.onConfirmedOverrideReadOnly()
        #expect(disk.bytes == Array(Self.data.utf8))
        #expect(disk.calls.filter { if case .save = $0 { true } else { false } }.count == 1)
    }

    @Test func checkingTheDiskReloadsACleanFileChangedElsewhere() async throws {
        let (editor, disk) = try await makeEditor()
        disk.write(Array("title: elsewhere\n".utf8))
        await editor.onCheckedDisk()
        #expect(shown(editor) == Shown(text: "title: elsewhere\n", selection: "title", field: try field(editor, "title", .string, "elsewhere")))
        #expect(disk.calls == [.load, .pendingJournal, .load, .load])
    }

    @Test func aFileThatCannotBeReadFailsWithItsMessageAndACancelledReadShowsNothing() async throws {
        let missing = RecordingDocumentStore(bytes: nil)
        let (editor, _) = try await makeEditor(disk: missing)
        #expect(shown(editor) == Shown(text: "", load: "failed: \(DocumentStoreError.missing(path: Self.url.path).message)"))
        #expect(missing.calls == [.load])
        let clock = ManualClock()
        let slow = RecordingDocumentStore(bytes: Array("a: 1\n".utf8), loadDelay: (clock, .seconds(1)))
        let other = YAMLDocumentModel(url: Self.url, displayPath: "data.yml", dependencies: .init(store: slow.store, clock: clock))
        let appearing = Task { await other.onAppeared() }
        #expect(await clock.waitForSleepers())
        #expect(shown(other) == Shown(text: "", load: "loading"))
        appearing.cancel()
        await appearing.value
        #expect(shown(other) == Shown(text: "", load: "idle"))
        #expect(slow.calls == [])
    }

    @Test func journaledEditsAreOfferedThenRestoredAsOneUndoableEdit() async throws {
        let disk = RecordingDocumentStore(bytes: Array("a: 1\n".utf8))
        disk.keepJournal(JournalEntry(documentURL: Self.url, bytes: Array("a: 2\n".utf8), baseHash: Self.hash("a: 1\n"), date: TestSupport.referenceDate))
        let (editor, _) = try await makeEditor(disk: disk)
        #expect(shown(editor) == Shown(text: "a: 1\n", selection: "a", field: try field(editor, "a", .number, "1"), destination: "recovery"))
        await editor.onChose(.recovery(.restore))
        #expect(shown(editor) == Shown(text: "a: 2\n", selection: "a", field: try field(editor, "a", .number, "2"), saveState: .dirty, canUndo: true))
        editor.onTappedUndo()
        #expect(shown(editor) == Shown(text: "a: 1\n", selection: "a", field: try field(editor, "a", .number, "1"), canRedo: true))
    }

    @Test func discardingJournaledEditsClearsTheJournal() async throws {
        let disk = RecordingDocumentStore(bytes: Array("a: 1\n".utf8))
        disk.keepJournal(JournalEntry(documentURL: Self.url, bytes: Array("a: 2\n".utf8), baseHash: Self.hash("a: 1\n"), date: TestSupport.referenceDate))
        let (editor, _) = try await makeEditor(disk: disk)
        await editor.onChoseRecovery(.discard)
        #expect(shown(editor) == Shown(text: "a: 1\n", selection: "a", field: try field(editor, "a", .number, "1")))
        #expect(disk.calls == [.load, .pendingJournal, .clearJournal])
    }

    // MARK: Typing into the field

    @Test func editingExpandsACollapsedCollectionAndOpensAValueOnOneLineOrSeveral() async throws {
        let text = "list:\n  - one\nnote: |\n  two\n  lines\nname: x\n"
        let (editor, _) = try await makeEditor(text)
        try select(editor, "list")
        editor.onTappedEdit()
        #expect(rows(editor) == ["list = [1 item] [-]", "  - 0 = one", "note = two⏎lines⏎", "name = x"])
        #expect(shown(editor).isEditingField == false)
        try select(editor, "note")
        editor.onTappedEdit()
        // The block scalar's final line break is its own: not typed, added back when written.
        let note = try field(editor, "note", .string, "two\nlines", editable: YAMLEditableText(text: "two\nlines", keepsFinalLineBreak: true, isMultiline: true))
        #expect(shown(editor) == Shown(text: text, selection: "note", field: note, isEditingField: true))
        #expect(editor.field?.isSingleLine == false)
        try select(editor, "name")
        editor.onTappedEdit()
        #expect(shown(editor) == Shown(text: text, selection: "name", field: try field(editor, "name", .string, "x"), isEditingField: true))
        // Moving the selection ends the typing.
        editor.onMovedSelection(by: -1)
        #expect(shown(editor).isEditingField == false)
    }

    @Test func leavingAppliesAValidValueKeepsAnInvalidOneAndDiscardingPutsTheValueBack() async throws {
        let (editor, _) = try await makeEditor("port: 80\n")
        editor.onTappedEdit()
        editor.onEditedField("80a")
        editor.onLeftField()
        let problem = YAMLValueType.number.problem(with: "80a")
        #expect(shown(editor) == Shown(
            text: "port: 80\n", selection: "port", field: try field(editor, "port", .number, "80a", original: "80", problem: problem), saveState: .dirty))
        editor.onTappedEdit()
        editor.onDiscardedFieldTyping()
        #expect(shown(editor) == Shown(text: "port: 80\n", selection: "port", field: try field(editor, "port", .number, "80")))
        editor.onTappedEdit()
        editor.onEditedField("81")
        editor.onLeftField()
        #expect(shown(editor) == Shown(text: "port: 81\n", selection: "port", field: try field(editor, "port", .number, "81"), saveState: .dirty, canUndo: true))
        // Enter on a value that cannot be applied keeps the typing open with its message.
        editor.onTappedEdit()
        editor.onEditedField("x")
        #expect(!editor.onCommittedField())
        #expect(shown(editor).isEditingField)
        editor.onEditedField("82")
        #expect(editor.onCommittedField())
        #expect(shown(editor) == Shown(text: "port: 82\n", selection: "port", field: try field(editor, "port", .number, "82"), saveState: .dirty, canUndo: true))
    }

    @Test func theFieldsTypeStepsThroughTheTypesAndABooleanToggles() async throws {
        let (editor, _) = try await makeEditor("on: true\nname: x\n")
        editor.onToggledField()
        #expect(shown(editor) == Shown(text: "on: false\nname: x\n", selection: "on", field: try field(editor, "on", .boolean, "false"), saveState: .dirty, canUndo: true))
        try select(editor, "name")
        editor.onToggledField()
        #expect(text(editor) == "on: false\nname: x\n")
        editor.onSteppedFieldType(by: 1)
        #expect(editor.field?.type == .number)
        editor.onSteppedFieldType(by: -2)
        #expect(editor.field?.type == .null)
        #expect(editor.field?.problem == "a null is empty, `~` or `null`")
    }

    /// `a` on the tree adds at the selected node: a key (asked for) to a
    /// selected mapping or the mapping holding a selected pair, an item to
    /// a selected sequence or the sequence holding a selected item.
    @Test("Adding on the tree adds a key or an item at the selected node")
    func addingOnTheTreeAddsAKeyOrAnItemAtTheSelectedNode() async throws {
        let source = "servers:\n  - a\nweb:\n  port: 1\n"
        for (selected, added, path) in [("servers", "servers:\n  - a\n  -\nweb:\n  port: 1\n", "servers.1"),
                                        ("servers.0", "servers:\n  - a\n  -\nweb:\n  port: 1\n", "servers.1"),
                                        ("web", "servers:\n  - a\nweb:\n  port: 1\n  host:\n", "web.host"),
                                        ("web.port", "servers:\n  - a\nweb:\n  port: 1\n  host:\n", "web.host")] {
            let (editor, _) = try await makeEditor(source)
            try select(editor, selected)
            editor.onTappedAdd()
            if path.hasSuffix("host") {
                editor.destination?.prompt?.onChangedText("host")
                editor.destination?.prompt?.onSubmitted()
            }
            #expect(editor.destination == nil, "\(selected)")
            #expect(text(editor) == added, "\(selected)")
            #expect(editor.selection.flatMap(editor.path(of:))?.description == path, "\(selected)")
        }
    }

    @Test func addingAKeyAsksForItsNameAndRefusesAnEmptyOne() async throws {
        let (editor, _) = try await makeEditor("a: 1\n")
        editor.onTappedAddKey()
        editor.destination?.prompt?.onChangedText("  ")
        editor.destination?.prompt?.onSubmitted()
        #expect(shown(editor).destination == "prompt Key name \"  \" – Type the key's name")
        editor.destination?.prompt?.onChangedText("b")
        editor.destination?.prompt?.onSubmitted()
        // The key has no value: a null, whose field takes the type of what is typed into it.
        var empty = try field(editor, "b", .null, "")
        empty.typeFollowsText = true
        #expect(shown(editor) == Shown(text: "a: 1\nb:\n", selection: "b", field: empty, saveState: .dirty, canUndo: true))
        #expect(editor.diagnosticCounts.errors == 0 && editor.diagnosticCounts.warnings == 0)
        editor.onTappedEdit()
        editor.onEditedField("30")
        #expect(editor.onCommittedField())
        #expect(shown(editor) == Shown(text: "a: 1\nb: 30\n", selection: "b", field: try field(editor, "b", .number, "30"), saveState: .dirty, canUndo: true))
    }

    /// Generated number-like texts typed into a null's field and committed
    /// are written as `tiledit set` writes them (`YAMLFileDocument.setValue`):
    /// the field's type and the bytes are the writer's, never a plain
    /// `02134` that readers read as 2134 or 1116.
    @Test(arguments: 0..<4)
    func generatedTextsTypedIntoANullAreWrittenAsSetWritesThem(seed: Int) async throws {
        let alphabet = Array("0012789._+-xe")
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<6 {
            let typed = String((0..<Int.random(in: 1...5, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
            let (editor, _) = try await makeEditor("zip: ~\nname: x\n")
            try select(editor, "zip")
            editor.onTappedEdit()
            editor.onEditedField(typed)
            #expect(editor.field?.type == YAMLValueType.takenByNull(typed), "\(typed)")
            #expect(editor.onCommittedField(), "\(typed)")
            var file = YAMLFileDocument("zip: ~\nname: x\n")
            _ = try file.setValue(at: YAMLPath(parsing: "zip"), to: typed)
            #expect(text(editor) == file.text, "\(typed)")
        }
    }

    @Test func anItemAddedHasNoValueAndTextTypedIntoItIsWrittenPlain() async throws {
        let (editor, _) = try await makeEditor("tags:\n  - alpha\nflow: [1]\n")
        try select(editor, "tags.0")
        #expect(editor.onAddedItem())
        #expect(text(editor) == "tags:\n  - alpha\n  -\nflow: [1]\n")
        #expect(editor.field?.type == .null && editor.field?.text == "")
        editor.onTappedEdit()
        editor.onEditedField("delta")
        #expect(editor.onCommittedField())
        #expect(text(editor) == "tags:\n  - alpha\n  - delta\nflow: [1]\n")
        try select(editor, "flow.0")
        #expect(editor.onAddedItem())
        editor.onTappedEdit()
        editor.onEditedField("2")
        #expect(editor.onCommittedField())
        #expect(text(editor) == "tags:\n  - alpha\n  - delta\nflow: [1, 2]\n")
    }

    @Test func aFileWithASyntaxErrorOpensButRefusesEdits() async throws {
        let (editor, _) = try await makeEditor("a: [1, 2\nb: 3\n")
        #expect(editor.diagnostics.first?.severity == .error)
        #expect(editor.rowCount == 0)
        #expect(!editor.onAddedKey("c", value: "1"))
    }

    /// Breaker finding: a value typed into a field of an explicitly tagged
    /// scalar is checked against the tag, whatever the field's type.
    @Test(arguments: [("tagged: !!int \"42\"\n", "abc"), ("tagged: !!bool yes\n", "maybe"), ("tagged: !!float '1.5'\n", "x")])
    func aTaggedValueRefusesWhatItsTagDoesNotAllow(source: String, typed: String) async throws {
        let (editor, disk) = try await makeEditor(source)
        try select(editor, "tagged")
        editor.onTappedEdit()
        editor.onEditedField(typed)
        #expect(!editor.onCommittedField())
        #expect(text(editor) == source)
        #expect(editor.field?.problem?.hasPrefix("`tagged` is tagged `!!") == true)
        await editor.onTappedSave()
        #expect(disk.bytes == Array(source.utf8))
    }

    /// Breaker finding: an invalid value left in the field makes the
    /// document unsaved, and quitting says why it cannot save it.
    @Test func anInvalidValueLeftInTheFieldMakesQuittingAsk() async throws {
        let (editor, _) = try await makeEditor("port: 5432\nname: x\n")
        try select(editor, "port")
        editor.onTappedEdit()
        editor.onEditedField("5432X")
        editor.onLeftField()
        #expect(editor.isDirty)
        #expect(editor.saveState == .dirty)
        let work = QuitWork(markdown: [], yaml: [editor])
        #expect(work.unsavedPaths == ["data.yml"])
        #expect(await work.saveAll() == "Could not save data.yml (not applied: `5432X` is not a number (for example 42, -3.5 or 1e6); fix or discard it); nothing was quit.")
        editor.onTappedEdit()
        editor.onDiscardedFieldTyping()
        #expect(!editor.isDirty)
        #expect(editor.saveState == .saved)
    }

    /// Breaker finding: typing at the end of a folded or literal block
    /// scalar keeps its header (style, chomping, indentation indicator)
    /// and the value is exactly what was typed.
    @Test(arguments: ["folded: >-\n  folded text\n  more\n", "folded: |-\n  line one\n  line two\n", "folded: >\n  text\n", "folded: >2-\n   indented\n"])
    func typingAtTheEndOfABlockScalarKeepsItsHeader(source: String) async throws {
        let (editor, _) = try await makeEditor(source)
        try select(editor, "folded")
        editor.onTappedEdit()
        let before = try #require(editor.field?.text)
        editor.onEditedField(before + "Y")
        #expect(editor.onCommittedField())
        let header = String(source.split(separator: "\n")[0])
        #expect(text(editor).hasPrefix(header + "\n"), "\(text(editor).debugDescription)")
        let original = try #require(YAMLFileDocument(bytes: Array(source.utf8), dialect: .yaml).node(at: YAMLPath(parsing: "folded"))?.scalar?.value)
        let written = try #require(YAMLFileDocument(bytes: editor.bytes, dialect: .yaml).node(at: YAMLPath(parsing: "folded"))?.scalar?.value)
        let body = original.hasSuffix("\n") ? String(original.dropLast()) : original
        #expect(written.hasPrefix(body + "Y"), "\(written.debugDescription)")
        #expect(written.hasSuffix("\n") == original.hasSuffix("\n"), "\(written.debugDescription)")
    }
}
