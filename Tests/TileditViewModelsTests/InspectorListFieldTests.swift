import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// A list field opened as a list: items added, edited, removed and moved
/// one at a time, each written as one change of the list's own bytes in
/// the file's style (flow `[a, b]` or block `- a` lines, quotes kept), and
/// the workspace's values offered as an item is typed.
@MainActor
@Suite("Inspector list field")
struct InspectorListFieldTests {
    private func makeEditor(_ text: String, dialect: FrontMatterDialect = .yaml, uses: [String: Int] = [:]) async throws -> (DocumentEditorModel, URL) {
        let folder = try TestSupport.makeTemporaryFolder()
        let url = try TestSupport.writeFile(Array(text.utf8), at: "page.md", in: folder)
        let editor = DocumentEditorModel(
            url: url, displayPath: "page.md", dialect: dialect,
            dependencies: .init(store: .testing(journalFolder: folder.appendingPathComponent("journal")), clock: ManualClock()))
        await editor.onAppeared()
        editor.inspector.valuesInUse = { key in key == "tags" ? uses : [:] }
        return (editor, url)
    }

    private func text(_ editor: DocumentEditorModel) -> String? { editor.document.value?.text }

    @Test func addingAnItemToAFlowListWritesOnlyTheListsBytesInItsStyle() async throws {
        let page = "---\ntitle: T\ntags: [swift, 'x: y']   # kept\n---\n\nBody.\n"
        let (editor, url) = try await makeEditor(page)
        editor.onInspectorList(.opened("tags"))
        #expect(editor.inspector.list == InspectorListField(key: "tags", items: ["swift", "x: y"], selection: 0, typing: nil))
        editor.onInspectorList(.beganAddingItem)
        editor.onInspectorList(.changedItem("linux"))
        editor.onInspectorList(.committedItem)
        #expect(text(editor) == "---\ntitle: T\ntags: [swift, 'x: y', linux]   # kept\n---\n\nBody.\n")
        #expect(editor.inspector.list?.typing == nil)
        #expect(editor.inspector.list?.selectedItem == "linux")
        await editor.onTappedSave()
        #expect(try String(contentsOf: url, encoding: .utf8) == "---\ntitle: T\ntags: [swift, 'x: y', linux]   # kept\n---\n\nBody.\n")
    }

    @Test func aBlockListKeepsItsLinesQuotesAndComments() async throws {
        let page = "---\ntags:\n  - alpha   # first\n  - \"beta gamma\"\n  - delta\ndate: 2026-01-01\n---\n"
        let (editor, _) = try await makeEditor(page)
        editor.onInspectorList(.opened("tags"))
        editor.onInspectorList(.beganAddingItem)
        editor.onInspectorList(.changedItem("epsilon"))
        editor.onInspectorList(.committedItem)
        #expect(text(editor) == "---\ntags:\n  - alpha   # first\n  - \"beta gamma\"\n  - delta\n  - epsilon\ndate: 2026-01-01\n---\n")
        // Edit the selected (new, last) item in place.
        editor.onInspectorList(.beganEditingItem)
        #expect(editor.inspector.list?.typing?.text == "epsilon")
        editor.onInspectorList(.changedItem("zeta"))
        editor.onInspectorList(.committedItem)
        #expect(text(editor) == "---\ntags:\n  - alpha   # first\n  - \"beta gamma\"\n  - delta\n  - zeta\ndate: 2026-01-01\n---\n")
        // Move the first item down one: the items are written in the new order.
        editor.onInspectorList(.movedSelection(by: -10))
        editor.onInspectorList(.movedItem(by: 1))
        #expect(editor.inspector.list?.items == ["beta gamma", "alpha", "delta", "zeta"])
        #expect(editor.inspector.list?.selectedItem == "alpha")
        // Remove the selected item; undo puts it back and the list follows.
        editor.onInspectorList(.removedItem)
        #expect(editor.inspector.list?.items == ["beta gamma", "delta", "zeta"])
        editor.onTappedUndo()
        #expect(editor.inspector.list?.items == ["beta gamma", "alpha", "delta", "zeta"])
        editor.onInspectorList(.closed)
        #expect(editor.inspector.list == nil)
    }

    @Test func tiledownFlatTagsStayACommaListAndRefuseACommaInAnItem() async throws {
        let (editor, _) = try await makeEditor("---\ntitle: T\ntags: a, b\n---\n", dialect: .tiledown)
        editor.onInspectorList(.opened("tags"))
        #expect(editor.inspector.list?.items == ["a", "b"])
        editor.onInspectorList(.beganAddingItem)
        editor.onInspectorList(.changedItem("c, d"))
        editor.onInspectorList(.committedItem)
        #expect(editor.inspector.refusal == ViewError("Tiledown front matter lists are comma-separated; an item cannot hold a comma"))
        #expect(editor.inspector.list?.typing?.text == "c, d")
        editor.onInspectorList(.changedItem("B"))
        editor.onInspectorList(.committedItem)
        #expect(editor.inspector.refusal == ViewError("`b` is already in the list"))
        editor.onInspectorList(.changedItem("c"))
        editor.onInspectorList(.committedItem)
        #expect(text(editor) == "---\ntitle: T\ntags: a, b, c\n---\n")
        #expect(editor.inspector.refusal == nil)
    }

    @Test func completionsAreTheWorkspacesValuesByUseThenNameIgnoringCaseAndDiacritics() async throws {
        let uses = ["Swift": 3, "swiftui": 3, "Sweden": 1, "café": 5, "Linux": 9, "sw-old": 0]
        let (editor, _) = try await makeEditor("---\ntags: [Linux]\n---\n", uses: uses)
        editor.onInspectorList(.opened("tags"))
        editor.onInspectorList(.beganAddingItem)
        // Empty: everything but what the list has, most used first.
        #expect(editor.inspector.list?.typing?.completions.map(\.value) == ["café", "Swift", "swiftui", "Sweden"])
        editor.onInspectorList(.changedItem("SW"))
        #expect(editor.inspector.list?.typing?.completions == [
            ListValueCompletion(value: "Swift", uses: 3), ListValueCompletion(value: "swiftui", uses: 3), ListValueCompletion(value: "Sweden", uses: 1),
        ])
        editor.onInspectorList(.changedItem("CAFE"))
        #expect(editor.inspector.list?.typing?.completions.map(\.value) == ["café"])
        // Tab takes the first; the arrows move the highlight, Enter takes it.
        editor.onInspectorList(.acceptedCompletion)
        #expect(editor.inspector.list?.typing?.text == "café")
        editor.onInspectorList(.changedItem("s"))
        editor.onInspectorList(.movedCompletion(by: 1))
        editor.onInspectorList(.movedCompletion(by: 1))
        #expect(editor.inspector.list?.typing?.proposed?.value == "swiftui")
        editor.onInspectorList(.committedItem)
        #expect(text(editor) == "---\ntags: [Linux, swiftui]\n---\n")
    }

    @Test func theRankingOnItsOwn() {
        let uses = ["Éclair": 2, "eclipse": 2, "Eagle": 2, "ear": 7, "zebra": 1]
        #expect(ListValueRanking.completions(typed: "E", uses: uses, excluding: ["EAR"]).map(\.value) == ["Eagle", "Éclair", "eclipse"])
        #expect(ListValueRanking.completions(typed: "ecl", uses: uses, excluding: [], limit: 1).map(\.value) == ["Éclair"])
        #expect(ListValueRanking.uses(of: "tags", in: [["tags": ["a", "b", "a"]], ["tags": ["a"]], ["categories": ["a"]]]) == ["a": 2, "b": 1])
    }

    @Test func aTileListPropertyIsWrittenAsItsLines() async throws {
        let page = "Intro.\n\n:::tile chart\nid: visits\ntype: bar\nlabels:\n- Jan\n- Feb\n:::\n"
        let (editor, _) = try await makeEditor(page)
        let chart = try #require(editor.document.value?.id(at: 1))
        editor.onSelectedBlock(chart)
        editor.onInspectorList(.opened("labels"))
        #expect(editor.inspector.list?.items == ["Jan", "Feb"])
        editor.onInspectorList(.movedSelection(by: 1))
        editor.onInspectorList(.removedItem)
        #expect(text(editor) == "Intro.\n\n:::tile chart\nid: visits\ntype: bar\nlabels:\n- Jan\n:::\n")
    }

    @Test func openingAFieldThatIsNoListDoesNothing() async throws {
        let (editor, _) = try await makeEditor("---\ntitle: T\n---\n")
        editor.onInspectorList(.opened("title"))
        #expect(editor.inspector.list == nil)
        editor.onInspectorList(.removedItem)
        editor.onInspectorList(.movedItem(by: -1))
        #expect(text(editor) == "---\ntitle: T\n---\n")
    }
}
