import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Edits undone by hand in the editor (a block moved away and back, a list
/// item moved down and up): the exact bytes come back, and the document is
/// clean again since they are the bytes on disk.
@MainActor
@Suite("Editor moves undone by hand")
struct EditorMovedBackTests {
    private func makeEditor(_ text: String) async throws -> DocumentEditorModel {
        try await makePageEditor(text)
    }

    @Test func theLastBlockMovedUpAndDownInAFileWithoutAFinalLineBreakIsCleanAgain() async throws {
        let original = "# Title\n\nFirst.\n\nLast."
        let editor = try await makeEditor(original)
        editor.onMovedSelection(by: 2)
        editor.onMovedBlock(to: 1)
        #expect(editor.document.value?.text == "# Title\n\nLast.\n\nFirst.")
        #expect(editor.isDirty)
        editor.onMovedBlock(to: 2)
        #expect(editor.document.value?.text == original)
        #expect(!editor.isDirty)
    }

    @Test func aFrontMatterListItemMovedUpAndDownIsCleanAgain() async throws {
        let original = "---\ntags:\n  - \"a\" # first\n  - b\n---\n\nBody.\n"
        let editor = try await makeEditor(original)
        editor.onInspectorList(.opened("tags"))
        editor.onInspectorList(.movedSelection(by: 1))
        editor.onInspectorList(.movedItem(by: -1))
        #expect(editor.document.value?.text == "---\ntags:\n  - b\n  - \"a\" # first\n---\n\nBody.\n")
        #expect(editor.inspector.list?.selectedItem == "b")
        editor.onInspectorList(.movedItem(by: 1))
        #expect(editor.document.value?.text == original)
        #expect(!editor.isDirty)
    }
}
