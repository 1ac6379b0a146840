import Foundation
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// Editor A has unsaved edits; editor B (another process: its own store)
/// opens the same file: A's journal is not offered to B, and B says the
/// file is being edited elsewhere; B's quitting leaves A's journal.
@MainActor
@Suite struct EditedElsewhereTests {
    @Test func aSecondEditorIsNotOfferedTheFirstEditorsLiveEditsAndSaysTheFileIsEditedThere() async throws {
        let folder = try TestSupport.makeTemporaryFolder("elsewhere").resolvingSymlinksInPath()
        let url = try TestSupport.writeFile(Array("# Heading\n\nA paragraph.\n".utf8), at: "page.md", in: folder)
        let journal = folder.appendingPathComponent("journal")
        let first = DocumentEditorModel(
            url: url, displayPath: "page.md", dialect: .yaml,
            dependencies: .init(store: DocumentStore.testing(journalFolder: journal), clock: ManualClock()))
        await first.onAppeared()
        first.onMovedSelection(by: 1)
        first.onInspector(.changedText("A's edit."))
        first.onInspector(.leftText)
        await first.session.journal.flush()

        let secondStore = DocumentStore.testing(journalFolder: journal)
        let second = DocumentEditorModel(
            url: url, displayPath: "page.md", dialect: .yaml, dependencies: .init(store: secondStore, clock: ManualClock()))
        await second.onAppeared()

        #expect(second.destination == nil)
        #expect(second.notes == [DocumentSession.editedElsewhereNote])
        #expect(first.notes.isEmpty)
        // B discarding its own (no) edits and quitting leaves A's journal.
        await second.session.discardJournal()
        #expect(try await DocumentStore.testing(journalFolder: journal).pendingJournals() == [])
        #expect(try await first.session.pendingJournalEntry()?.bytes == Array("# Heading\n\nA's edit.\n".utf8))
    }

    @Test func theYAMLEditorSaysTheSame() async throws {
        let folder = try TestSupport.makeTemporaryFolder("elsewhere").resolvingSymlinksInPath()
        let url = try TestSupport.writeFile(Array("name: Ada\n".utf8), at: "data.yml", in: folder)
        let journal = folder.appendingPathComponent("journal")
        let first = YAMLDocumentModel(
            url: url, displayPath: "data.yml", dependencies: .init(store: DocumentStore.testing(journalFolder: journal), clock: ManualClock()))
        await first.onAppeared()
        first.onEditedField("Grace")
        #expect(first.onCommittedField())
        await first.session.journal.flush()

        let second = YAMLDocumentModel(
            url: url, displayPath: "data.yml", dependencies: .init(store: DocumentStore.testing(journalFolder: journal), clock: ManualClock()))
        await second.onAppeared()

        #expect(second.destination == nil)
        #expect(second.notes == [DocumentSession.editedElsewhereNote])
        #expect(try await first.session.pendingJournalEntry()?.bytes == Array("name: Grace\n".utf8))
    }
}
