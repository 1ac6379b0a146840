import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The YAML editor beyond one-line values: values of several lines typed
/// in a text area, `tiledown.yml` read as Tiledown's flat lines with its
/// mistakes at their rows, their fixes and the choices of closed sets,
/// keys renamed through a prompt, and nodes found by line.
@MainActor
@Suite("YAML editor: several lines, tiledown.yml, lines")
struct YAMLEditorFeaturesTests {
    /// An editor of `text` at `name` on a recording in-memory disk, appeared.
    func makeEditor(_ text: String, name: String = "data.yml") async -> (YAMLDocumentModel, RecordingDocumentStore) {
        let disk = RecordingDocumentStore(bytes: Array(text.utf8))
        let editor = YAMLDocumentModel(url: URL(fileURLWithPath: "/site/\(name)"), displayPath: name, dependencies: .init(store: disk.store, clock: ManualClock()))
        await editor.onAppeared()
        return (editor, disk)
    }

    func text(_ editor: YAMLDocumentModel) -> String { String(decoding: editor.bytes, as: UTF8.self) }

    func select(_ editor: YAMLDocumentModel, _ path: [YAMLPathComponent]) throws {
        editor.onSelected(try #require(editor.id(of: YAMLPath(path))))
    }

    // MARK: Values of several lines

    @Test func aBlockScalarIsTypedOnSeveralLinesAndKeepsItsStyle() async throws {
        let original = "note: | # kept\n  first\n  second\nnext: 1\n"
        let (editor, _) = await makeEditor(original)
        editor.onTappedEdit()
        #expect(editor.isEditingField && editor.field?.isSingleLine == false)
        #expect(editor.field?.text == "first\nsecond")
        editor.onEditedField("first\n  indented\nthird")
        #expect(editor.field?.value == "first\n  indented\nthird\n")
        editor.onLeftField()
        #expect(text(editor) == "note: | # kept\n  first\n    indented\n  third\nnext: 1\n")
        #expect(editor.node(try #require(editor.selection))?.scalar?.value == "first\n  indented\nthird\n")
        #expect(!editor.isEditingField && editor.saveState == .dirty)
        editor.onTappedUndo()
        #expect(text(editor) == original && editor.saveState == .clean)
    }

    @Test func aFoldedScalarGetsAnEmptyLineForEachLineBreakAndFinalEmptyLinesKeepChomping() async throws {
        let (editor, _) = await makeEditor("summary: >\n  one\n  two\nnext: 1\n")
        #expect(editor.field?.text == "one two")
        editor.onTappedEdit()
        editor.onEditedField("one\ntwo\n\n")
        editor.onLeftField()
        #expect(text(editor) == "summary: >+\n  one\n\n  two\n\n\nnext: 1\n")
        #expect(editor.node(try #require(editor.selection))?.scalar?.value == "one\ntwo\n\n\n")
    }

    @Test func textABlockScalarCannotHoldStaysInTheFieldWithTheReason() async throws {
        let (editor, _) = await makeEditor("note: |\n  x\n")
        editor.onTappedEdit()
        editor.onEditedField("bell \u{7}")
        editor.onLeftField()
        let reason = "the text holds U+0007, which a block scalar cannot hold; remove it"
        #expect(editor.notes == [reason])
        #expect(editor.field?.problem == reason && editor.field?.text == "bell \u{7}")
        #expect(text(editor) == "note: |\n  x\n" && editor.saveState == .clean)
    }

    @Test func aQuotedValueOfSeveralLinesOpensTheTextAreaAndStaysQuoted() async throws {
        let (editor, _) = await makeEditor("a: \"one\n  two\"\nb: 'x\n\n  y'\n")
        #expect(editor.field?.isSingleLine == false && editor.field?.text == "one two")
        editor.onEditedField("one\nthree")
        #expect(editor.onCommittedField())
        #expect(text(editor) == "a: \"one\\n\\\n  three\"\nb: 'x\n\n  y'\n")
        try select(editor, [.key("b")])
        #expect(editor.field?.text == "x\ny")
        editor.onEditedField("x\nz")
        #expect(editor.onCommittedField())
        #expect(text(editor) == "a: \"one\\n\\\n  three\"\nb: 'x\n\n  z'\n")
    }

    // MARK: tiledown.yml

    static let site = "title: Site\nlayout: topnavv\nthemee: system\nrss: yes\nnewsletter.title: News\ntheme.dark.accent: #63b3ed\n"

    @Test func tiledownYMLMistakesShowAtTheirRowsAsCheckReportsThem() async throws {
        let (editor, _) = await makeEditor(Self.site, name: "tiledown.yml")
        #expect(editor.isSiteConfiguration)
        let rows = (0..<editor.rowCount).compactMap { editor.row(at: $0) }
        #expect(rows.map { "\($0.label) = \($0.summary)" } == [
            "title = Site", "layout = topnavv", "themee = system", "rss = yes", "newsletter.title = News", "theme.dark.accent = #63b3ed",
        ])
        #expect(rows.map { $0.diagnostics.map(\.message) } == [
            [],
            ["`layout` must be one of `top-nav`, `left-sidebar` (or `leftSidebar`, `topNav`); found `topnavv`"],
            ["unknown key `themee`; did you mean `theme`? Tiledown stops the build on an unknown key"],
            [],
            ["`newsletter.username` (the Buttondown username) is required when a `newsletter.*` key is set"],
            ["Tiledown reads `#63b3ed` as the value; YAML would read a comment and no value"],
        ])
        #expect(rows.map(\.severity) == [nil, .error, .error, nil, .error, .info])
        #expect(editor.diagnosticCounts.errors == 3 && editor.diagnosticCounts.warnings == 0)
        // The same diagnostics as `tiledit check`: the model's flat reading.
        #expect(editor.diagnostics == YAMLFileDocument(Self.site, dialect: .flat).diagnostics)
    }

    @Test func anObviousFixIsAppliedAsOneUndoableEdit() async throws {
        let (editor, _) = await makeEditor(Self.site, name: "tiledown.yml")
        try select(editor, [.key("themee")])
        #expect(editor.selectedDiagnostics.first?.fix?.title == "Use `theme`")
        #expect(editor.onTappedApplyFix())
        #expect(text(editor) == Self.site.replacingOccurrences(of: "themee:", with: "theme:"))
        #expect(editor.notes == ["Use `theme`: done"])
        try select(editor, [.key("layout")])
        #expect(editor.onTappedApplyFix())
        #expect(text(editor).contains("\nlayout: top-nav\n"))
        try select(editor, [.key("title")])
        #expect(!editor.onTappedApplyFix())
        #expect(editor.notes == ["nothing to fix here"])
        editor.onTappedUndo()
        editor.onTappedUndo()
        #expect(text(editor) == Self.site && editor.saveState == .clean)
    }

    @Test func aClosedSetOfValuesIsOfferedAsChoicesAndTheValueIsRawText() async throws {
        let (editor, _) = await makeEditor("layout: top-nav\nrss: true\ntitle: \"Quoted\"\n", name: "tiledown.yml")
        let layout = try #require(editor.field)
        #expect(layout.isSiteConfiguration && layout.siteKey == "layout")
        #expect(layout.choices == ["top-nav", "left-sidebar", "leftSidebar", "topNav"])
        editor.onSteppedFieldType(by: 1)
        #expect(text(editor) == "layout: left-sidebar\nrss: true\ntitle: \"Quoted\"\n")
        editor.onTappedEdit()
        editor.onEditedField("sideways")
        #expect(editor.field?.problem == "`layout` must be one of `top-nav`, `left-sidebar` (or `leftSidebar`, `topNav`); found `sideways`")
        #expect(!editor.onCommittedField())
        editor.onDiscardedFieldTyping()
        try select(editor, [.key("rss")])
        #expect(editor.field?.choices == ["true", "false"])
        editor.onToggledField()
        #expect(text(editor) == "layout: left-sidebar\nrss: false\ntitle: \"Quoted\"\n")
        // Tiledown keeps quotes: the value is the text as written, and text is written as typed.
        try select(editor, [.key("title")])
        #expect(editor.field?.text == "\"Quoted\"" && editor.field?.choices == [])
        editor.onEditedField("Plain: no quotes")
        #expect(editor.onCommittedField())
        #expect(text(editor) == "layout: left-sidebar\nrss: false\ntitle: Plain: no quotes\n")
        editor.onSteppedFieldType(by: 1)
        #expect(editor.notes == ["`title` takes text: Enter types it"])
        #expect(editor.field?.type == .string)
    }

    @Test func aKeyAddedToTiledownYMLMustBeOneItKnows() async throws {
        let (editor, _) = await makeEditor("title: Site\n", name: "tiledown.yml")
        #expect(!editor.onAddedKey("titel", value: ""))
        #expect(editor.notes == ["the edit would leave an error (line 2: unknown key `titel`; did you mean `title`? Tiledown stops the build on an unknown key); nothing was changed"])
        #expect(editor.onAddedKey("rss", value: "true"))
        #expect(text(editor) == "title: Site\nrss: true\n")
        #expect(!editor.onAddedItem("x"))
        #expect(editor.notes == ["select a sequence or one of its items"])
    }

    // MARK: Keys and lines

    @Test func aKeyIsRenamedThroughAPromptHoldingItsName() async throws {
        let (editor, _) = await makeEditor("'old': 1 # kept\nother: 2\n")
        editor.onTappedRenameKey()
        let prompt = try #require(editor.destination?.prompt)
        #expect(prompt.kind == .renameKey(current: "old") && prompt.text == "old" && prompt.title == "Rename key")
        prompt.onChangedText("other")
        prompt.onSubmitted()
        #expect(editor.destination == nil)
        #expect(editor.notes == ["`other` is already a key of this mapping"])
        editor.onTappedRenameKey()
        editor.destination?.prompt?.onChangedText("new name")
        editor.destination?.prompt?.onSubmitted()
        #expect(text(editor) == "'new name': 1 # kept\nother: 2\n")
        #expect(editor.selection == YAMLNodeID(document: 0, positions: [0]))
    }

    @Test func aLineSelectsTheDeepestNodeOnItOrSpanningIt() async throws {
        let (editor, _) = await makeEditor("# top\na:\n  b:\n    - x\n    - y: 1\n      z: |\n        two\n        lines\nc: 3\n")
        func selected(atLine line: Int) -> String? {
            editor.onSelectedLine(line)
            return editor.selection.flatMap(editor.path(of:))?.description
        }
        #expect(selected(atLine: 4) == "a.b.0")
        #expect(selected(atLine: 5) == "a.b.1.y")
        #expect(selected(atLine: 8) == "a.b.1.z")
        #expect(selected(atLine: 9) == "c")
        #expect(selected(atLine: 2) == "a")
        editor.onTappedGoToLine()
        editor.destination?.prompt?.onChangedText("6")
        editor.destination?.prompt?.onSubmitted()
        #expect(editor.selection.flatMap(editor.path(of:))?.description == "a.b.1.z")
        #expect(editor.destination == nil)
    }
}
