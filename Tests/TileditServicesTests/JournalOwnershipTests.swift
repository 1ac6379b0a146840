import Foundation
import Testing
import TileditServices
import TileditTestSupport

/// Two editors on one file (two stores: each holds its own locks, as two
/// processes do): the journal of the one editing is its own while it runs.
@Suite struct JournalOwnershipTests {
    let folder: URL
    let journalFolder: URL
    static let editsA = Array("A's unsaved edits\n".utf8)
    static let editsB = Array("B's edits\n".utf8)

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("owned").resolvingSymlinksInPath()
        journalFolder = try TestSupport.makeTemporaryFolder("journal").resolvingSymlinksInPath()
    }

    func store() -> DocumentStore { .testing(journalFolder: journalFolder) }

    @Test func aJournalARunningEditorOwnsIsNeitherOfferedNorDeletedNorWrittenOverByAnother() async throws {
        let url = try TestSupport.writeFile(Array("on disk\n".utf8), at: "a.md", in: folder)
        let first = store()
        let second = store()
        try await first.journal(url, Self.editsA, nil, [])

        #expect(await second.journalIsLive(url))
        #expect(await !first.journalIsLive(url))
        #expect(try await second.pendingJournal(url) == nil)
        #expect(try await second.pendingJournals() == [])
        try await second.clearJournal(url)
        let error = await #expect(throws: DocumentStoreError.self) { try await second.journal(url, Self.editsB, nil, []) }

        let journalFile = try #require(TestSupport.listTree(journalFolder).first { $0.hasSuffix(".journal") })
        #expect(error == .writeFailed(
            path: journalFolder.appendingPathComponent(journalFile).path,
            reason: "another Tiledit (process \(ProcessInfo.processInfo.processIdentifier)) is editing this file and journals its own unsaved edits"))
        #expect(try await first.pendingJournal(url)?.bytes == Self.editsA)
    }

    @Test func aJournalLeftByAnEditorThatEndedIsOfferedAsBefore() async throws {
        let url = try TestSupport.writeFile(Array("on disk\n".utf8), at: "a.md", in: folder)
        do {
            // The first editor journals, then its process ends (its locks go with it).
            let first = store()
            try await first.journal(url, Self.editsA, nil, [])
        }
        let second = store()

        #expect(await !second.journalIsLive(url))
        #expect(try await second.pendingJournal(url)?.bytes == Self.editsA)
        #expect(try await second.pendingJournals().map(\.bytes) == [Self.editsA])
        try await second.clearJournal(url)
        #expect(try await second.pendingJournal(url) == nil)
    }

    @Test func afterItsOwnerSavesAnotherEditorMayJournalTheFile() async throws {
        let url = try TestSupport.writeFile(Array("on disk\n".utf8), at: "a.md", in: folder)
        let first = store()
        let second = store()
        try await first.journal(url, Self.editsA, nil, [])
        // Saved: the owner clears its entry, and gives up the lock.
        try await first.clearJournal(url)

        try await second.journal(url, Self.editsB, nil, [])

        #expect(await first.journalIsLive(url))
        #expect(try await second.pendingJournal(url)?.bytes == Self.editsB)
        #expect(try await first.pendingJournal(url) == nil)
    }
}
