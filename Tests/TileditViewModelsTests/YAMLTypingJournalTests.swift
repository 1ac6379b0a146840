import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Typing in a YAML field that is not written yet is journaled (document,
/// path, text) and comes back after a crash, as a Markdown field's does.
extension YAMLDocumentModelTests {
    @Test func typingNotWrittenIsJournaledAndRestoredInItsFieldBeingTyped() async throws {
        let (editor, disk) = try await makeEditor()
        try select(editor, "list.1")
        editor.onTappedEdit()
        editor.onEditedField("typed only")
        await editor.session.journal.flush()
        #expect(disk.calls.last == .journal(
            bytes: Array(Self.data.utf8), baseHash: Self.hash(Self.data),
            pendingValues: [JournalEntry.PendingValue(block: 0, key: "\"list\".1", text: "typed only")]))
        #expect(editor.saveState == .dirty)

        // A new session over the same disk and journal: the typing comes back.
        let (restored, _) = try await makeEditor(disk: disk)
        #expect(shown(restored).destination == "recovery")
        await restored.onChoseRecovery(.restore)
        let typed = try field(restored, "list.1", .string, "typed only", original: "two")
        #expect(shown(restored) == Shown(text: Self.data, selection: "list.1", field: typed, isEditingField: true, saveState: .dirty))
        restored.onCommittedField()
        #expect(text(restored) == Self.data.replacingOccurrences(of: "  - two # second", with: "  - typed only # second"))
    }

    @Test func typingThrownAwayOrLeftBySelectionLeavesTheJournal() async throws {
        let (editor, disk) = try await makeEditor()
        try select(editor, "title")
        editor.onTappedEdit()
        editor.onEditedField("Draft")
        editor.onDiscardedFieldTyping()
        await editor.session.journal.flush()
        #expect(disk.calls.last == .clearJournal)
        editor.onTappedEdit()
        editor.onEditedField("a \"quoted.key\" value")
        try select(editor, "port")
        await editor.session.journal.flush()
        #expect(disk.calls.last == .clearJournal)
        #expect(editor.saveState == .clean)
    }

    @Test func aPathWithDotsQuotesAndDigitsReadsBackFromItsQuotedText() {
        let paths = [
            YAMLPath([.key("a.b"), .index(3), .key("\"q\\\""), .key("007"), .key("")]),
            YAMLPath([.key("0"), .index(0)]),
        ]
        for path in paths { #expect(YAMLPath(parsing: path.quotedText) == path) }
        #expect(paths[0].quotedText == #""a.b".3."\"q\\\""."007"."""#)
    }
}
