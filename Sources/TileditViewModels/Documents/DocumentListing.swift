import Foundation
import Observation
import TileditModel
import TileditServices

/// The document list's documents (`DocumentListModel`): the workspace
/// listed by file name with no file read, then summarized in the
/// background, each summary taking its row as it comes; a summary a
/// listing already had is kept until a new one comes. The visible list is
/// computed once for each change of the documents, the filter or the order.
@Observable @MainActor
final class DocumentListing {
    /// The workspace, once listed.
    private(set) var workspace: Loadable<Workspace> = .idle

    /// Whether the list's appearing starts the summaries (else the app
    /// does, with `summarizeRemaining()`, once its first document is open).
    @ObservationIgnored let summarizesOnAppear: Bool
    @ObservationIgnored private let root: URL
    @ObservationIgnored private let client: WorkspaceClient
    /// The background summaries (tests await it).
    @ObservationIgnored private(set) var summaryTask: Task<Void, Never>?
    /// Position of each document in `workspace`'s documents, by path.
    @ObservationIgnored private var positionByPath: [String: Int] = [:]
    /// The visible documents for the state they were computed from.
    @ObservationIgnored private var visibleCache: (key: VisibleKey, documents: [DocumentSummary])?
    /// Changes whenever the documents do (a listing, a summary).
    @ObservationIgnored private var documentsRevision = 0

    /// What the visible documents are computed from.
    private struct VisibleKey: Equatable {
        var revision: Int
        var filterText: String
        var sortOrder: DocumentSortOrder
    }

    /// Which documents a listing summarizes.
    enum Summarizing {
        /// Every one (the files may have changed).
        case all
        /// Those without a summary yet (new files).
        case unsummarized
    }

    init(root: URL, client: WorkspaceClient, summarizesOnAppear: Bool) {
        self.root = root
        self.summarizesOnAppear = summarizesOnAppear
        self.client = client
    }

    deinit {
        summaryTask?.cancel()
    }

    /// The documents filtered by `filterText` (`DocumentFilter`) and ordered
    /// by `sortOrder`.
    func visible(filterText: String, sortOrder: DocumentSortOrder) -> [DocumentSummary] {
        guard let documents = workspace.value?.documents else { return [] }
        let key = VisibleKey(revision: documentsRevision, filterText: filterText, sortOrder: sortOrder)
        if let visibleCache, visibleCache.key == key { return visibleCache.documents }
        let filtered = DocumentFilter(filterText).filter(documents)
        let visible: [DocumentSummary]
        switch sortOrder {
        case .path:
            visible = filtered.sorted { $0.path < $1.path }
        case .title:
            visible = filtered.sorted { ($0.title.lowercased(), $0.path) < ($1.title.lowercased(), $1.path) }
        case .date:
            // Newest first; documents without a date last.
            visible = filtered.sorted { lhs, rhs in
                switch (lhs.date, rhs.date) {
                case (let left?, let right?): left == right ? lhs.path < rhs.path : left > right
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs.path < rhs.path
                }
            }
        }
        visibleCache = (key, visible)
        return visible
    }

    /// The summary of the document at `path` (relative), if listed.
    func document(at path: String) -> DocumentSummary? {
        guard let documents = workspace.value?.documents, let position = positionByPath[path], position < documents.count,
              documents[position].path == path
        else { return workspace.value?.document(at: path) }
        return documents[position]
    }

    /// Lists the workspace, keeping the summaries of documents still there
    /// until new ones come, and starts summarizing `summarizing`. A
    /// cancelled listing (a newer one, quitting) is no failure.
    func reload(summarizing: Summarizing?) async {
        stopSummarizing()
        workspace = .loading(previous: workspace.value)
        do {
            var found = try await client.list(root)
            if let previous = workspace.value {
                var earlier: [String: DocumentSummary] = [:]
                for summary in previous.documents where summary.isSummarized { earlier[summary.path] = summary }
                for index in found.documents.indices where !found.documents[index].isSummarized {
                    if let summary = earlier[found.documents[index].path] { found.documents[index] = summary }
                }
            }
            setWorkspace(found)
            switch summarizing {
            case .all?: summarize(found.documents.map(\.path))
            case .unsummarized?: summarizeRemaining()
            case nil: break
            }
        } catch let error as WorkspaceError {
            workspace = .failed(ViewError(error.message))
        } catch is CancellationError {
            workspace = workspace.value.map(Loadable.loaded) ?? .idle
        } catch {
            workspace = .failed(ViewError(error.localizedDescription))
        }
    }

    /// Summarizes, in the background, every listed document that has no
    /// summary yet (replacing summaries under way).
    func summarizeRemaining() {
        guard let documents = workspace.value?.documents else { return }
        summarize(documents.filter { !$0.isSummarized }.map(\.path))
    }

    /// Summarizes `paths` in the background, each summary taking its row
    /// as it comes (a stored task: a newer one replaces it; ARCHITECTURE.md, "Tasks").
    private func summarize(_ paths: [String]) {
        summaryTask?.cancel()
        guard let listed = workspace.value, !paths.isEmpty else {
            summaryTask = nil
            return
        }
        let summaries = client.summaries(listed, paths)
        summaryTask = Task { [weak self] in
            for await batch in summaries {
                guard !Task.isCancelled else { return }
                self?.take(batch)
            }
        }
    }

    /// Stops the background summaries (quitting).
    func stopSummarizing() {
        summaryTask?.cancel()
        summaryTask = nil
    }

    /// Summarizes the document at `path` again (after a save); one that
    /// cannot be summarized keeps its old row.
    func summarizeAgain(_ path: String) async {
        guard let found = workspace.value, let summary = try? await client.summarize(found.url(of: path), root) else { return }
        take([summary])
    }

    /// Puts `summaries` in their rows; a summary of a path not listed is a
    /// new file (a conflict copy) and joins the list in path order.
    func take(_ summaries: [DocumentSummary]) {
        guard var current = workspace.value else { return }
        // Taken out first, so the documents change in place (no copy of the list).
        workspace = .idle
        var inserted = false
        for summary in summaries {
            if let position = positionByPath[summary.path], position < current.documents.count,
               current.documents[position].path == summary.path {
                current.documents[position] = summary
            } else if let position = current.documents.firstIndex(where: { $0.path == summary.path }) {
                current.documents[position] = summary
            } else {
                let position = current.documents.firstIndex { $0.path > summary.path } ?? current.documents.count
                current.documents.insert(summary, at: position)
                inserted = true
            }
        }
        setWorkspace(current, renumbering: inserted)
    }

    private func setWorkspace(_ found: Workspace, renumbering: Bool = true) {
        if renumbering {
            positionByPath = [:]
            positionByPath.reserveCapacity(found.documents.count)
            for (position, summary) in found.documents.enumerated() { positionByPath[summary.path] = position }
        }
        documentsRevision += 1
        workspace = .loaded(found)
    }
}
