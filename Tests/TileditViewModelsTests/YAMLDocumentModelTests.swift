import Foundation
import Testing
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

    /// An editor over `text` in a real temporary file, through the live store.
    func makeEditor(_ text: String = data) async throws -> (YAMLDocumentModel, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "data.yml", in: folder)
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("journal"))
        let editor = YAMLDocumentModel(url: url, displayPath: "data.yml", dependencies: .init(store: store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, url)
    }

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
        #expect(editor.field == YAMLScalarField(id: YAMLNodeID(document: 0, positions: [0]), type: .string, text: "Hello", original: "Hello", problem: nil))
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

    @Test func arrowsExpandCollapseAndWalkTheTree() async throws {
        let (editor, _) = try await makeEditor()
        try select(editor, "list")
        editor.onExpandedSelection()
        #expect(rows(editor).suffix(4) == ["list = [3 items] [-]", "  - 1 = one", "  - 2 = two", "  - 3 = three"])
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
        #expect(editor.saveState == .clean)
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

    @Test func savingWritesTheBytesAndAChangeOnDiskIsAConflict() async throws {
        let (editor, url) = try await makeEditor()
        editor.onEditedField("Saved")
        editor.onCommittedField()
        await editor.onTappedSave()
        #expect(editor.saveState == .saved)
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == Self.data.replacingOccurrences(of: "'Hello'", with: "'Saved'"))
        try Data("title: elsewhere\n".utf8).write(to: url)
        editor.onEditedField("Mine")
        editor.onCommittedField()
        await editor.onTappedSave()
        #expect(editor.saveState == .conflict)
        #expect(editor.destination == .conflict)
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == "title: elsewhere\n")
        await editor.onChoseConflictResolution(.reload)
        #expect(text(editor) == "title: elsewhere\n")
        #expect(editor.saveState == .clean)
    }

    @Test func aReadOnlyFileIsSavedOnlyWhenTheUserSaysSoAndKeepsItsMode() async throws {
        let (editor, url) = try await makeEditor()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        editor.onEditedField("Saved")
        editor.onCommittedField()
        await editor.onTappedSave()
        guard case .confirmOverrideReadOnly(let message) = editor.destination else {
            Issue.record("expected the read-only question, got \(String(describing: editor.destination))")
            return
        }
        #expect(message.hasSuffix("data.yml is read-only for you (mode 0444); it was not saved. Saving anyway keeps its mode."))
        #expect(editor.saveState == .failed(ViewError(message)))
        #expect(try TestSupport.readFile(url) == Array(Self.data.utf8))

        await editor.onConfirmedOverrideReadOnly()
        #expect(editor.destination == nil)
        #expect(editor.saveState == .saved)
        #expect(try TestSupport.readFile(url) == Array(Self.data.replacingOccurrences(of: "'Hello'", with: "'Saved'").utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o444)
    }

    @Test func cancellingTheReadOnlyQuestionKeepsTheEditsAndTheFile() async throws {
        let (editor, url) = try await makeEditor()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
        editor.onEditedField("Saved")
        editor.onCommittedField()
        await editor.onTappedSave()
        editor.onDismissed()
        #expect(editor.destination == nil)
        #expect(editor.isDirty)
        #expect(text(editor) == Self.data.replacingOccurrences(of: "'Hello'", with: "'Saved'"))
        #expect(try TestSupport.readFile(url) == Array(Self.data.utf8))
        // Answering a question no longer asked writes nothing.
        await editor.onConfirmedOverrideReadOnly()
        #expect(try TestSupport.readFile(url) == Array(Self.data.utf8))
    }

    @Test func checkingTheDiskReloadsACleanFileChangedElsewhere() async throws {
        let (editor, url) = try await makeEditor()
        try Data("title: elsewhere\n".utf8).write(to: url)
        await editor.onCheckedDisk()
        #expect(text(editor) == "title: elsewhere\n")
        #expect(editor.saveState == .clean)
    }

    @Test func aFileWithASyntaxErrorOpensButRefusesEdits() async throws {
        let (editor, _) = try await makeEditor("a: [1, 2\nb: 3\n")
        #expect(editor.diagnostics.first?.severity == .error)
        #expect(editor.rowCount == 0)
        #expect(!editor.onAddedKey("c", value: "1"))
    }
}
