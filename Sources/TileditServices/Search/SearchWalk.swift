import Foundation
import Synchronization

/// The walk of a folder shared by the one-shot search's workers, so files
/// are read while folders are still being listed: each worker takes the
/// next file to read or, when few are waiting, the next folder to list
/// (`WorkspaceScanner.list`), and gives back what the folder held. The
/// files found are those `WorkspaceScanner.scan` finds, in another order.
///
/// Thread-safe: the state sits behind a `Mutex`.
final class SearchWalk: Sendable {
    /// What a worker is to do next.
    enum Work: Sendable {
        case read(WorkspaceScanner.Candidate)
        case list(url: URL, path: String, isTiledown: Bool)
        /// Nothing to take yet: another worker is listing a folder.
        case wait
        /// Every folder listed and every file taken.
        case done
    }

    private struct State: Sendable {
        var files: [WorkspaceScanner.Candidate] = []
        var folders: [(url: URL, path: String, isTiledown: Bool)] = []
        /// Folders being listed.
        var listing = 0
        /// Folders under the root that could not be listed (relative paths).
        var unreadableFolders: [String] = []
    }

    /// Files waiting below which a worker lists a folder rather than read.
    static let filesAhead = 64

    private let state: Mutex<State>

    /// The walk after the root's listing.
    init(root: WorkspaceScanner.Listing) {
        state = Mutex(State(files: root.candidates.reversed(), folders: root.folders.reversed()))
    }

    /// The next thing to do (a `list` must be answered with `listed` or `failed`).
    func next() -> Work {
        state.withLock { state in
            if state.files.count < Self.filesAhead, let folder = state.folders.popLast() {
                state.listing += 1
                return .list(url: folder.url, path: folder.path, isTiledown: folder.isTiledown)
            }
            if let file = state.files.popLast() { return .read(file) }
            return state.listing > 0 ? .wait : .done
        }
    }

    /// What a folder taken with `next` held.
    func listed(_ listing: WorkspaceScanner.Listing) {
        state.withLock { state in
            state.listing -= 1
            // Reversed: taken from the end, so in the order they were listed.
            state.files += listing.candidates.reversed()
            state.folders += listing.folders.reversed()
        }
    }

    /// A folder taken with `next` could not be listed.
    func failed(path: String) {
        state.withLock { state in
            state.listing -= 1
            state.unreadableFolders.append(path)
        }
    }

    /// The folders that could not be listed, sorted (once the walk is done).
    var unreadableFolders: [String] {
        state.withLock { $0.unreadableFolders.sorted() }
    }
}
