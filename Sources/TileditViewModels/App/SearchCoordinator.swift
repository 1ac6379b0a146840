import TileditServices

/// Keeps the search index and the document list in step with the open
/// workspace (ARCHITECTURE.md, "Tasks"): the index is built once the first
/// document is open; every save is taken in by the index and the list, one
/// after another in the order of the saves; a closed or trashed document
/// leaves the index. Every task is stored and stops on `cancelAll()` or
/// when the coordinator goes away.
@MainActor
final class SearchCoordinator {
    private enum Job: Hashable, Sendable {
        case build, indexUpdates, listUpdates
    }

    private let search: SearchClient
    private var tasks = OwnedTasks<Job>()

    init(search: SearchClient) {
        self.search = search
    }

    deinit {
        tasks.cancelAll()
    }

    /// The index build (tests await it).
    var buildTask: Task<Void, Never>? { tasks[.build] }
    /// The last index update after a save or a close (tests await it).
    var indexUpdateTask: Task<Void, Never>? { tasks[.indexUpdates] }
    /// The document list catching up with the last save (tests await it).
    var listUpdateTask: Task<Void, Never>? { tasks[.listUpdates] }

    /// Builds the index of `workspace`, replacing a build under way;
    /// `openDocuments` (path → bytes, from their editors) are not read again.
    func build(_ workspace: Workspace, openDocuments: [String: [UInt8]] = [:]) {
        let search = search
        tasks.replace(.build) { try? await search.buildWithOpenDocuments(workspace, openDocuments) }
    }

    /// The document at `path` (relative to the workspace) was saved with
    /// `bytes` (or read again from disk): the index re-indexes this document
    /// only, and `list` takes `summary` (or summarizes the file when there
    /// is none), each after every earlier save.
    func saved(_ path: String, _ bytes: [UInt8], summary: DocumentSummary? = nil, list: DocumentListModel?) {
        let search = search
        tasks.chain(.indexUpdates) { await search.update(path, bytes) }
        // In the order of the saves: a later summary never lands before an earlier one.
        tasks.chain(.listUpdates) {
            if let summary {
                await list?.listing.take([summary])
            } else {
                await list?.onSavedDocument(path)
            }
        }
    }

    /// The document at `path` was closed for good (trashed): it leaves the index.
    func removed(_ path: String) {
        let search = search
        tasks.chain(.indexUpdates) { await search.remove(path) }
    }

    /// Stops every task (quitting).
    func cancelAll() {
        tasks.cancelAll()
    }
}
