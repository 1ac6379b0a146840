import Foundation
import Synchronization
import TileditServices

/// One call a `RecordingDocumentStore` received, with what it was given
/// (a content hash stands for the fingerprint a save expected).
public enum DocumentStoreCall: Equatable, Sendable {
    case load
    case save(bytes: [UInt8], expected: ContentHash?, overridesReadOnly: Bool)
    case saveCopy(bytes: [UInt8])
    case journal(bytes: [UInt8], baseHash: ContentHash?, pendingValues: [JournalEntry.PendingValue])
    case clearJournal
    case pendingJournal
}

/// A document store over an in-memory disk holding one file (whatever
/// URL it is asked for) and its journal entry, that records every call in
/// order and can be told to fail the next load or save, or to make a load
/// wait on a clock (so a test can cancel it). Saves keep the store's rule:
/// a save is written only over the version it expects, else it is a
/// conflict, or the file was deleted on disk. Fingerprints carry the
/// content hash, the size, `TestSupport.referenceDate` and mode 0644.
public final class RecordingDocumentStore: Sendable {
    private struct State {
        var bytes: [UInt8]?
        var calls: [DocumentStoreCall] = []
        var nextLoadError: DocumentStoreError?
        var nextSaveError: DocumentStoreError?
        var journal: JournalEntry?
    }

    private let state: Mutex<State>
    /// When set, every load first sleeps this long on `clock`.
    private let loadDelay: (clock: ManualClock, duration: Duration)?

    /// A disk holding `bytes` (`nil`: no file) and no journal entry.
    public init(bytes: [UInt8]?, loadDelay: (clock: ManualClock, duration: Duration)? = nil) {
        state = Mutex(State(bytes: bytes))
        self.loadDelay = loadDelay
    }

    /// The calls received, in order.
    public var calls: [DocumentStoreCall] { state.withLock { $0.calls } }
    /// The file's bytes on the disk now (`nil`: no file).
    public var bytes: [UInt8]? { state.withLock { $0.bytes } }
    /// The journal entry kept now.
    public var journalEntry: JournalEntry? { state.withLock { $0.journal } }

    /// Another program writes `bytes` (`nil`: deletes the file).
    public func write(_ bytes: [UInt8]?) { state.withLock { $0.bytes = bytes } }
    /// The next save fails with `error`, writing nothing.
    public func failNextSave(_ error: DocumentStoreError) { state.withLock { $0.nextSaveError = error } }
    /// The next load fails with `error`.
    public func failNextLoad(_ error: DocumentStoreError) { state.withLock { $0.nextLoadError = error } }
    /// Puts `entry` in the journal, as an earlier session left it.
    public func keepJournal(_ entry: JournalEntry) { state.withLock { $0.journal = entry } }
    /// Forgets the calls received so far.
    public func forgetCalls() { state.withLock { $0.calls = [] } }

    /// The fingerprint the store gives `bytes`.
    public static func fingerprint(_ bytes: [UInt8]) -> FileFingerprint {
        FileFingerprint(hash: ContentHash(of: bytes), size: bytes.count, modificationDate: TestSupport.referenceDate, permissions: 0o644)
    }

    /// The store; closures it does not record (create, trash, …) record an issue.
    public var store: DocumentStore {
        var store = DocumentStore.unimplemented
        store.load = { url in
            if let (clock, duration) = self.loadDelay { try await clock.sleep(for: duration) }
            return try self.state.withLock { state in
                state.calls.append(.load)
                if let error = state.nextLoadError {
                    state.nextLoadError = nil
                    throw error
                }
                guard let bytes = state.bytes else { throw DocumentStoreError.missing(path: url.path) }
                return LoadedFile(url: url, bytes: bytes, fingerprint: Self.fingerprint(bytes))
            }
        }
        store.saveWithOptions = { url, bytes, expected, options in
            try self.state.withLock { state in
                state.calls.append(.save(bytes: bytes, expected: expected?.hash, overridesReadOnly: options.overridesReadOnly))
                if let error = state.nextSaveError {
                    state.nextSaveError = nil
                    throw error
                }
                guard let onDisk = state.bytes else {
                    if expected == nil {
                        state.bytes = bytes
                        return Self.fingerprint(bytes)
                    }
                    throw DocumentStoreError.deletedOnDisk(path: url.path)
                }
                guard ContentHash(of: onDisk) == expected?.hash else { throw DocumentStoreError.conflict(path: url.path) }
                state.bytes = bytes
                return Self.fingerprint(bytes)
            }
        }
        store.saveCopy = { url, bytes, _ in
            self.state.withLock { $0.calls.append(.saveCopy(bytes: bytes)) }
            let name = url.deletingPathExtension().lastPathComponent
            let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
            return url.deletingLastPathComponent().appendingPathComponent("\(name) (conflict 2024-01-01 000000)\(suffix)")
        }
        store.journal = { url, bytes, baseHash, pendingValues in
            self.state.withLock {
                $0.calls.append(.journal(bytes: bytes, baseHash: baseHash, pendingValues: pendingValues))
                $0.journal = JournalEntry(documentURL: url, bytes: bytes, baseHash: baseHash, date: TestSupport.referenceDate, pendingValues: pendingValues)
            }
        }
        store.clearJournal = { _ in
            self.state.withLock {
                $0.calls.append(.clearJournal)
                $0.journal = nil
            }
        }
        store.pendingJournal = { _ in
            self.state.withLock {
                $0.calls.append(.pendingJournal)
                return $0.journal
            }
        }
        return store
    }
}
