import Foundation
import Observation
import TileditServices

/// Writes a document's unsaved edits to the recovery journal as soon as
/// they change, in the background, one write at a time: a change made while
/// a write runs replaces any change still waiting, so the journal catches
/// up with the latest state without a write per keystroke queuing up
/// (ARCHITECTURE.md, "Safety").
///
/// A write that fails (a full disk) is kept as `problem` until a later
/// write succeeds; the edits stay in memory.
@Observable @MainActor
public final class JournalWriter {
    /// What the journal should hold for the document.
    public enum Content: Equatable, Sendable {
        /// The whole text, the hash of the file it started from and the
        /// values typed and not applied.
        case edits(bytes: [UInt8], baseHash: ContentHash?, pendingValues: [JournalEntry.PendingValue])
        /// Nothing: the document has no unsaved edit.
        case nothing
    }

    /// Why the last write failed, until one succeeds.
    public private(set) var problem: ViewError?

    @ObservationIgnored private let url: URL
    @ObservationIgnored private let store: DocumentStore
    /// What gives the content waiting for the running write to end; asked
    /// when that write starts (`nil`: nothing to write).
    @ObservationIgnored private var waiting: (@MainActor () -> Content?)?
    /// The running write, with any waiting ones after it.
    @ObservationIgnored private var task: Task<Void, Never>?

    /// A writer of `url`'s entry through `store`.
    public init(url: URL, store: DocumentStore) {
        self.url = url
        self.store = store
    }

    deinit {
        task?.cancel()
    }

    /// Makes the journal hold `content`, starting at once unless a write is
    /// running (then right after it, unless replaced first).
    public func write(_ content: Content) {
        write { content }
    }

    /// Makes the journal hold what `content` gives when the write starts
    /// (at once unless a write is running; `nil` writes nothing): the
    /// latest text then, and no copy of it is held while the write waits,
    /// so an edit meanwhile changes the text's bytes in place instead of
    /// copying them (a 10 MB YAML file; ARCHITECTURE.md, "Scale").
    public func write(_ content: @escaping @MainActor () -> Content?) {
        waiting = content
        guard task == nil else { return }
        task = Task { [weak self] in
            while let self, let next = self.waiting {
                self.waiting = nil
                guard let content = next() else { continue }
                await self.perform(content)
            }
            self?.task = nil
        }
    }

    /// Waits until everything asked for is written (before quitting).
    public func flush() async {
        while let running = task { await running.value }
    }

    private func perform(_ content: Content) async {
        let url = url
        let store = store
        do {
            switch content {
            case .edits(let bytes, let baseHash, let pendingValues):
                try await store.journal(url, bytes, baseHash, pendingValues)
            case .nothing:
                try await store.clearJournal(url)
            }
            problem = nil
        } catch let error as DocumentStoreError {
            let reason = if case .writeFailed(_, let reason) = error { reason } else { error.message }
            problem = ViewError("Recovery journal not written (\(reason)): save to keep your edits")
        } catch {
            problem = ViewError("Recovery journal not written (\(error.localizedDescription)): save to keep your edits")
        }
    }
}
