import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Front matter that cannot be read as fields (a list, a value holding
/// `: `) is shown as what is written: its first line in the blocks list,
/// its text in the inspector with the diagnostic and its fix, never as
/// "front matter (empty)".
@MainActor
@Suite("Unreadable front matter")
struct UnreadableFrontMatterTests {
    private func makeEditor(_ text: String) async throws -> DocumentEditorModel {
        try await makePageEditor(text)
    }

    @Test func aPlainValueHoldingColonSpaceShowsItsTextAndTheQuotingFix() async throws {
        let editor = try await makeEditor("---\ntitle: a: b\n---\n\nBody\n")
        #expect(editor.row(at: 0)?.summary == "title: a: b")
        #expect(editor.row(at: 0)?.errorCount == 1)
        #expect(editor.inspector.subject == .text(try #require(editor.selection)))
        #expect(editor.inspector.originalText == "---\ntitle: a: b\n---")
        #expect(editor.inspector.diagnostics.map(\.message) == ["the value contains `: `, which YAML reads as a new key; quote the value"])
        #expect(editor.inspector.diagnostics.first?.fix?.title == "Quote the value: \"a: b\"")
        editor.onInspector(.changedText("---\ntitle: \"a: b\"\n---"))
        editor.onInspector(.leftText)
        #expect(editor.inspector.subjectPending.isEmpty)
        #expect(editor.inspector.refusal == nil)
        #expect(editor.document.value?.frontMatter?["title"] == "a: b")
        #expect(editor.row(at: 0)?.summary == "title: a: b")
    }

    @Test func aListShowsItsFirstItem() async throws {
        let editor = try await makeEditor("---\n- first\n- second\n---\n\nBody\n")
        #expect(editor.row(at: 0)?.summary == "- first")
        #expect(editor.inspector.originalText == "---\n- first\n- second\n---")
    }
}
