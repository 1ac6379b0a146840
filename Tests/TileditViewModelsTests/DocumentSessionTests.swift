import Foundation
import Synchronization
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// `DocumentSession` over a recording store (an in-memory disk) and a
/// recording owner: every action is checked by the whole state it leaves
/// (phase, save state, version on disk, questions asked) and by the exact
/// store calls it made. Time moves only through a `ManualClock`.
@MainActor
@Suite("Document session")
struct DocumentSessionTests {
    static let url = URL(fileURLWithPath: "/site/data.txt")
    static let original: [UInt8] = Array("version one\n".utf8)
    static let edited: [UInt8] = Array("version two\n".utf8)
    static let outside: [UInt8] = Array("changed elsewhere\n".utf8)

    /// The store's calls and its in-memory disk (shared with the editors' suites).
    typealias StoreCall = DocumentStoreCall
    typealias RecordingDisk = RecordingDocumentStore

    /// What the session told its owner.
    enum OwnerEvent: Equatable {
        case willSave
        case didSave(bytes: [UInt8], revision: Int)
        case didKeepCopy(name: String, bytes: [UInt8])
        case asked(DocumentSession.Question)
        case withdrew(DocumentSession.Question)
        case appliedMerge(bytes: [UInt8], matchesDisk: Bool, note: String)
        case reloaded
    }

    /// An owner holding bytes and a revision counter, recording what it is told.
    @MainActor
    final class RecordingOwner: DocumentSessionOwner {
        var bytes: [UInt8]?
        var revision = 0
        var savedRevision = 0
        var pendingValues: [JournalEntry.PendingValue] = []
        var events: [OwnerEvent] = []
        weak var session: DocumentSession?

        var sessionBytes: [UInt8]? { bytes }
        var sessionRevision: Int { revision }
        var sessionIsDirty: Bool { revision != savedRevision || !pendingValues.isEmpty }
        var sessionPendingValues: [JournalEntry.PendingValue] { pendingValues }

        func sessionWillSave() { events.append(.willSave) }

        func sessionDidSave(_ bytes: [UInt8], revision: Int) {
            savedRevision = revision
            events.append(.didSave(bytes: bytes, revision: revision))
        }

        func sessionDidKeepCopy(_ copy: URL, _ bytes: [UInt8]) {
            events.append(.didKeepCopy(name: copy.lastPathComponent, bytes: bytes))
        }

        func sessionAsks(_ question: DocumentSession.Question) { events.append(.asked(question)) }

        func sessionWithdraws(_ question: DocumentSession.Question) { events.append(.withdrew(question)) }

        var sessionDisplayPath: String { "data.txt" }

        func sessionApplyMerge(_ bytes: [UInt8], matchesDisk: Bool, note: String) -> String? {
            events.append(.appliedMerge(bytes: bytes, matchesDisk: matchesDisk, note: note))
            self.bytes = bytes
            revision += 1
            savedRevision = matchesDisk ? revision : -1
            return nil
        }

        func sessionReload() async {
            events.append(.reloaded)
            guard let loaded = try? await session?.load() else { return }
            bytes = loaded
            revision = 0
            savedRevision = 0
        }

        /// The user changed the text to `bytes` (one new revision).
        func edit(_ bytes: [UInt8]) {
            self.bytes = bytes
            revision += 1
            session?.textChanged()
        }
    }

    struct Fixture {
        let disk: RecordingDisk
        let owner: RecordingOwner
        let session: DocumentSession
        let clock: ManualClock
    }

    /// A session whose owner has loaded `original` from the disk and edited it to `edited`.
    func makeEditedSession(autosaveDelay: Duration? = nil) async throws -> Fixture {
        let disk = RecordingDisk(bytes: Self.original)
        let clock = ManualClock()
        let session = DocumentSession(url: Self.url, store: disk.store, clock: clock, autosaveDelay: autosaveDelay)
        let owner = RecordingOwner()
        owner.session = session
        session.owner = owner
        owner.bytes = try await session.load()
        owner.edit(Self.edited)
        await session.journal.flush()
        return Fixture(disk: disk, owner: owner, session: session, clock: clock)
    }

    static let originalHash = ContentHash(of: original)
    static let editedJournal = StoreCall.journal(bytes: edited, baseHash: originalHash, pendingValues: [])

    @Test func loadingRecordsTheVersionOnDiskAndAnEditIsJournaledAgainstIt() async throws {
        let fixture = try await makeEditedSession()
        #expect(fixture.session.phase == .idle)
        #expect(fixture.session.saveState == .dirty)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.original))
        #expect(fixture.session.journalContent == .edits(bytes: Self.edited, baseHash: Self.originalHash, pendingValues: []))
        #expect(fixture.disk.calls == [.load, Self.editedJournal])
        #expect(fixture.owner.events == [])
    }

    @Test func savingWritesTheOwnersBytesOverTheLoadedVersionAndClearsTheJournal() async throws {
        let fixture = try await makeEditedSession()
        await fixture.session.save()
        await fixture.session.journal.flush()
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.saveState == .saved)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.edited))
        #expect(fixture.disk.bytes == Self.edited)
        #expect(fixture.owner.events == [.willSave, .didSave(bytes: Self.edited, revision: 1)])
        #expect(fixture.disk.calls == [
            .load, Self.editedJournal,
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false), .clearJournal,
        ])

        fixture.owner.edit(Self.outside)
        #expect(fixture.session.phase == .idle)
        #expect(fixture.session.saveState == .dirty)
    }

    @Test func valuesTypedAndNotAppliedStayInTheJournalAfterASave() async throws {
        let fixture = try await makeEditedSession()
        let pending = [JournalEntry.PendingValue(block: 2, key: "title", text: "Half typed")]
        fixture.owner.pendingValues = pending
        fixture.session.pendingValuesChanged()
        await fixture.session.journal.flush()
        await fixture.session.save()
        await fixture.session.journal.flush()
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.saveState == .dirty)
        let editedHash = ContentHash(of: Self.edited)
        #expect(fixture.disk.calls == [
            .load, Self.editedJournal,
            .journal(bytes: Self.edited, baseHash: Self.originalHash, pendingValues: pending),
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false),
            .journal(bytes: Self.edited, baseHash: editedHash, pendingValues: pending),
        ])
    }

    @Test func aFileChangedOnDiskIsAConflictNeverAnOverwrite() async throws {
        let fixture = try await makeEditedSession()
        fixture.disk.write(Self.outside)
        await fixture.session.save()
        #expect(fixture.session.phase == .conflict)
        #expect(fixture.session.saveState == .conflict)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.original))
        #expect(fixture.disk.bytes == Self.outside)
        #expect(fixture.owner.events == [.willSave, .asked(.conflict)])
        #expect(fixture.disk.calls == [.load, Self.editedJournal, .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false)])
    }

    @Test func overwritingAConflictWritesOverTheVersionNowOnDisk() async throws {
        let fixture = try await makeEditedSession()
        fixture.disk.write(Self.outside)
        await fixture.session.save()
        await fixture.session.resolveConflict(.overwrite)
        await fixture.session.journal.flush()
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.saveState == .saved)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.edited))
        #expect(fixture.disk.bytes == Self.edited)
        #expect(fixture.owner.events == [.willSave, .asked(.conflict), .willSave, .didSave(bytes: Self.edited, revision: 1)])
        #expect(fixture.disk.calls == [
            .load, Self.editedJournal,
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false),
            .load, .save(bytes: Self.edited, expected: ContentHash(of: Self.outside), overridesReadOnly: false), .clearJournal,
        ])
    }

    @Test func keepingBothWritesACopyThenLoadsTheFileAgain() async throws {
        let fixture = try await makeEditedSession()
        fixture.disk.write(Self.outside)
        await fixture.session.save()
        await fixture.session.resolveConflict(.keepBoth)
        #expect(fixture.session.phase == .idle)
        #expect(fixture.session.saveState == .clean)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.outside))
        #expect(fixture.owner.bytes == Self.outside)
        #expect(fixture.disk.bytes == Self.outside)
        #expect(fixture.owner.events == [
            .willSave, .asked(.conflict), .reloaded, .didKeepCopy(name: "data (conflict 2024-01-01 000000).txt", bytes: Self.edited),
        ])
        #expect(fixture.disk.calls == [
            .load, Self.editedJournal,
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false),
            .saveCopy(bytes: Self.edited), .load,
        ])
    }

    @Test func aReadOnlyFileAsksAndIsWrittenOnlyWhenTheUserSaysSo() async throws {
        let fixture = try await makeEditedSession()
        let error = DocumentStoreError.notWritable(path: Self.url.path, permissions: 0o444)
        fixture.disk.failNextSave(error)
        await fixture.session.save()
        #expect(fixture.session.phase == .failed(ViewError(error.message)))
        #expect(fixture.session.saveState == .failed(ViewError(error.message)))
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.original))
        #expect(fixture.disk.bytes == Self.original)
        #expect(fixture.owner.events == [.willSave, .asked(.overrideReadOnly(message: error.message))])

        await fixture.session.saveOverridingReadOnly()
        await fixture.session.journal.flush()
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.saveState == .saved)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.edited))
        #expect(fixture.disk.bytes == Self.edited)
        #expect(fixture.owner.events == [
            .willSave, .asked(.overrideReadOnly(message: error.message)), .willSave, .didSave(bytes: Self.edited, revision: 1),
        ])
        #expect(fixture.disk.calls == [
            .load, Self.editedJournal,
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false),
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: true), .clearJournal,
        ])
    }

    @Test func aFailedWriteKeepsTheEditsAndTheJournalAndAsksNothing() async throws {
        let fixture = try await makeEditedSession()
        let error = DocumentStoreError.writeFailed(path: Self.url.path, reason: "No space left on device")
        fixture.disk.failNextSave(error)
        await fixture.session.save()
        await fixture.session.journal.flush()
        #expect(fixture.session.phase == .failed(ViewError(error.message)))
        #expect(fixture.session.saveState == .failed(ViewError(error.message)))
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.original))
        #expect(fixture.session.journalContent == .edits(bytes: Self.edited, baseHash: Self.originalHash, pendingValues: []))
        #expect(fixture.disk.bytes == Self.original)
        #expect(fixture.owner.events == [.willSave])
        #expect(fixture.disk.calls == [.load, Self.editedJournal, .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false)])

        // The next change ends the failure; the edits are journaled again.
        fixture.owner.edit(Self.outside)
        #expect(fixture.session.phase == .idle)
        #expect(fixture.session.saveState == .dirty)
    }

    @Test func aFileDeletedOnDiskAsksAndIsWrittenAgainAsANewFile() async throws {
        let fixture = try await makeEditedSession()
        fixture.disk.write(nil)
        await fixture.session.save()
        let message = DocumentStoreError.deletedOnDisk(path: Self.url.path).message
        #expect(fixture.session.phase == .failed(ViewError(message)))
        #expect(fixture.owner.events == [.willSave, .asked(.deletedOnDisk)])

        await fixture.session.saveAgain()
        await fixture.session.journal.flush()
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.saveState == .saved)
        #expect(fixture.disk.bytes == Self.edited)
        #expect(fixture.disk.calls == [
            .load, Self.editedJournal,
            .save(bytes: Self.edited, expected: Self.originalHash, overridesReadOnly: false),
            .save(bytes: Self.edited, expected: nil, overridesReadOnly: false), .clearJournal,
        ])
    }

    @Test func theDiskCheckReloadsACleanFileAndRaisesAConflictOncePerVersion() async throws {
        let fixture = try await makeEditedSession()
        fixture.disk.write(Self.outside)
        await fixture.session.checkDisk()
        #expect(fixture.session.phase == .conflict)
        #expect(fixture.owner.events == [.asked(.conflict)])
        await fixture.session.checkDisk()
        #expect(fixture.owner.events == [.asked(.conflict)])
        let another: [UInt8] = Array("third version\n".utf8)
        fixture.disk.write(another)
        await fixture.session.checkDisk()
        #expect(fixture.owner.events == [.asked(.conflict), .asked(.conflict)])

        await fixture.session.resolveConflict(.reload)
        #expect(fixture.session.phase == .idle)
        #expect(fixture.session.saveState == .clean)
        #expect(fixture.owner.bytes == another)
        fixture.disk.write(Self.original)
        await fixture.session.checkDisk()
        #expect(fixture.owner.bytes == Self.original)
        #expect(fixture.session.fingerprint == RecordingDisk.fingerprint(Self.original))
        #expect(fixture.owner.events == [.asked(.conflict), .asked(.conflict), .reloaded, .reloaded])
        #expect(fixture.disk.calls == [.load, Self.editedJournal, .load, .load, .load, .load, .load, .load])
    }

    @Test func autosaveSavesAfterTheDelayFromTheLastChange() async throws {
        let fixture = try await makeEditedSession(autosaveDelay: .seconds(5))
        #expect(await fixture.clock.waitForSleepers(1))
        await fixture.clock.advance(by: .seconds(4))
        fixture.owner.edit(Self.outside)
        #expect(await fixture.clock.waitForSleepers(1))
        await fixture.clock.advance(by: .seconds(4))
        #expect(fixture.session.phase == .idle)
        #expect(fixture.disk.bytes == Self.original)
        await fixture.clock.advance(by: .seconds(1))
        await fixture.session.autosaveTask?.value
        #expect(fixture.session.phase == .saved)
        #expect(fixture.session.saveState == .saved)
        #expect(fixture.disk.bytes == Self.outside)
        #expect(fixture.owner.events == [.willSave, .didSave(bytes: Self.outside, revision: 2)])
    }

    @Test func restoredEditsKeepTheVersionTheyWereMadeFromAndDiscardingEmptiesTheJournal() async throws {
        let fixture = try await makeEditedSession()
        let entry = try #require(await fixture.session.pendingJournalEntry())
        #expect(!fixture.session.fileChanged(since: entry))
        fixture.disk.write(Self.outside)
        _ = try await fixture.session.load()
        #expect(fixture.session.fileChanged(since: entry))
        fixture.session.adoptBase(of: entry)
        #expect(fixture.session.fingerprint?.hash == Self.originalHash)
        await fixture.session.discardJournal()
        #expect(await fixture.session.pendingJournalEntry() == nil)
        #expect(fixture.disk.calls == [.load, Self.editedJournal, .pendingJournal, .load, .clearJournal, .pendingJournal])
    }
}
