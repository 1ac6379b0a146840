import Foundation
import Testing
import TileditFixtures
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The YAML editor changes a file's bytes in place (ARCHITECTURE.md,
/// "Scale"): no part of it (the previous version, the undo history, the
/// journal waiting to be written, the line table) keeps a copy that would
/// make an edit copy the whole file.
@MainActor
@Suite("YAML editor in-place edits")
struct YAMLInPlaceEditorTests {
    static let url = URL(fileURLWithPath: "/site/data.yml")

    /// The address of the editor's bytes' buffer.
    static func address(_ editor: YAMLDocumentModel) -> UInt {
        editor.file.value?.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } ?? 0
    }

    @Test func valueEditsUndoAndRedoLeaveTheBytesWhereTheyAreAndGiveThemBack() async throws {
        let text = BenchmarkDocuments.yaml(bytes: 20_000)
        let disk = RecordingDocumentStore(bytes: Array(text.utf8))
        let editor = YAMLDocumentModel(url: Self.url, displayPath: "data.yml", dependencies: .init(store: disk.store, clock: ManualClock()))
        await editor.onAppeared()
        editor.onMovedSelection(by: editor.rowCount / 2)
        // Down into the tree until a string is selected (text typed after it stays a string).
        for _ in 0..<512 where editor.field?.type != .string || editor.field?.isSingleLine != true {
            editor.onExpandedSelection()
            editor.onMovedSelection(by: 1)
        }
        let original = try #require(editor.field?.text)
        // The first edit copies the bytes the disk and the session share.
        editor.onTappedEdit()
        editor.onEditedField(original + "x")
        #expect(editor.onCommittedField())
        // Kept apart: a copy sharing the editor's bytes would make the next edit copy them.
        let edited = editor.bytes.map { $0 }
        let address = Self.address(editor)
        for round in 0..<4 {
            editor.onTappedUndo()
            #expect(editor.bytes == Array(text.utf8), "undo \(round)")
            #expect(Self.address(editor) == address, "undo \(round)")
            if round % 2 == 0 {
                editor.onTappedRedo()
            } else {
                editor.onTappedEdit()
                editor.onEditedField(original + "x")
                #expect(editor.onCommittedField(), "edit \(round)")
            }
            #expect(editor.bytes == edited, "edit \(round)")
            #expect(Self.address(editor) == address, "edit \(round)")
        }
        // The journal, written once the editor lets it run, holds the latest text.
        await editor.session.journal.flush()
        #expect(disk.journalEntry?.bytes == edited)
    }
}
