import Foundation
import Testing
import TileditServices

extension DocumentStore {
    /// A store whose every closure records an issue and throws `UnimplementedError`.
    public static var unimplemented: DocumentStore {
        @Sendable func fail(_ name: String) -> UnimplementedError {
            Issue.record("DocumentStore.\(name) was called unexpectedly")
            return UnimplementedError("DocumentStore.\(name)")
        }
        return DocumentStore(
            load: { _ in throw fail("load") },
            save: { _, _, _ in throw fail("save") },
            saveWithOptions: { _, _, _, _ in throw fail("saveWithOptions") },
            recoverInterruptedSaves: { _ in
                Issue.record("DocumentStore.recoverInterruptedSaves was called unexpectedly")
                return []
            },
            saveCopy: { _, _, _ in throw fail("saveCopy") },
            create: { _, _ in throw fail("create") },
            trash: { _, _ in throw fail("trash") },
            restore: { _ in throw fail("restore") },
            journal: { _, _, _, _ in throw fail("journal") },
            pendingJournal: { _ in throw fail("pendingJournal") },
            pendingJournals: { throw fail("pendingJournals") },
            clearJournal: { _ in throw fail("clearJournal") }
        )
    }

    /// The live store over `fileSystem` with a fixed date
    /// (`TestSupport.referenceDate`), dates written in UTC, and its journal in
    /// `journalFolder`.
    public static func testing(
        journalFolder: URL,
        fileSystem: FileSystem = .live,
        date: Date = TestSupport.referenceDate,
        sizeLimit: Int = ContentCheck.defaultSizeLimit
    ) -> DocumentStore {
        .live(fileSystem: fileSystem, date: .constant(date), journalFolder: journalFolder, timeZone: TestSupport.utc, sizeLimit: sizeLimit)
    }
}

extension DateClient {
    /// A date client that records an issue and returns `TestSupport.referenceDate`.
    public static var unimplemented: DateClient {
        DateClient(now: {
            Issue.record("DateClient.now was called unexpectedly")
            return TestSupport.referenceDate
        })
    }
}
