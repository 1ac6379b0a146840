import Observation
import TileditServices

/// Workspace search: waits 300 ms after the last keystroke (on the injected
/// clock), cancels the search it supersedes, and never shows a
/// `CancellationError` (ARCHITECTURE.md, "Tasks").
@Observable @MainActor
public final class SearchModel {
    /// The query as typed.
    public private(set) var query = ""
    /// Results of the last finished search.
    public private(set) var results: Loadable<[SearchResult]> = .idle
    /// The highlighted result.
    public private(set) var selection: Int?
    /// What in the query could not be read as its filter (`tag:` with no
    /// name, `draft:maybe`), shown under the box before any result.
    public private(set) var queryProblems: [String] = []

    /// Time after the last keystroke before a search runs.
    public static let debounce: Duration = .milliseconds(300)
    /// Most results shown.
    public static let limit = 50

    @ObservationIgnored private let search: SearchClient
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let open: @MainActor (SearchResult) -> Void
    /// The running search (tests await it).
    @ObservationIgnored private(set) var task: Task<Void, Never>?

    /// - Parameters:
    ///   - search: the workspace index.
    ///   - clock: the clock the debounce waits on.
    ///   - open: opens a chosen result (the document, its block selected).
    public init(search: SearchClient, clock: any Clock<Duration>, open: @escaping @MainActor (SearchResult) -> Void) {
        self.search = search
        self.clock = clock
        self.open = open
    }

    deinit {
        task?.cancel()
    }

    /// The user typed; a search runs 300 ms after the last keystroke.
    public func onChangedQuery(_ text: String) {
        query = text
        task?.cancel()
        queryProblems = SearchQuery(parsing: text).problems
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            results = .idle
            selection = nil
            task = nil
            return
        }
        results = .loading(previous: results.value)
        let search = search
        let wait = clock.sleeper(for: Self.debounce)
        task = Task { [weak self] in
            do {
                try await wait()
                let found = await search.search(trimmed, Self.limit)
                try Task.checkCancellation()
                self?.finish(found)
            } catch {
                // Superseded by a newer query or closed: nothing to show.
            }
        }
    }

    private func finish(_ found: [SearchResult]) {
        results = .loaded(found)
        selection = found.isEmpty ? nil : 0
    }

    /// The user moved the highlight (any offset; kept within the results).
    public func onMovedSelection(by offset: Int) {
        guard let found = results.value, let moved = ListPosition.moved(selection ?? 0, by: offset, count: found.count) else { return }
        selection = moved
    }

    /// The user chose a result (Enter or a click): the highlighted one, or
    /// the one at `index`.
    ///
    /// - Returns: whether a result was opened (there was one to choose).
    @discardableResult
    public func onChoseResult(at index: Int? = nil) -> Bool {
        guard let found = results.value, let chosen = index ?? selection, chosen >= 0, chosen < found.count else { return false }
        task?.cancel()
        open(found[chosen])
        return true
    }
}
