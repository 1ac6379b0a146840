import Synchronization
import Testing
import TileditServices

/// A search client that records every query (text and limit) and answers
/// with the results it was given; a search can be made to take time on a
/// manual clock, so a test can supersede it while it runs. The index
/// calls (build, update, reload, remove) are not expected and record an issue.
public final class RecordingSearchClient: Sendable {
    /// One query received.
    public struct Query: Equatable, Sendable {
        public var text: String
        public var limit: Int

        public init(_ text: String, limit: Int) {
            self.text = text
            self.limit = limit
        }
    }

    private struct State {
        var queries: [Query] = []
        var results: [SearchResult]
    }

    private let state: Mutex<State>
    /// When set, every search first waits this long on `clock` (a
    /// cancelled wait ends at once and the results are still given).
    private let searchTime: (clock: ManualClock, duration: Duration)?

    public init(results: [SearchResult], searchTime: (clock: ManualClock, duration: Duration)? = nil) {
        state = Mutex(State(results: results))
        self.searchTime = searchTime
    }

    /// The queries received, in order.
    public var queries: [Query] { state.withLock { $0.queries } }

    /// The results later searches give.
    public func answer(_ results: [SearchResult]) { state.withLock { $0.results = results } }

    public var client: SearchClient {
        SearchClient(
            build: { _ in
                Issue.record("SearchClient.build was called unexpectedly")
                throw UnimplementedError("SearchClient.build")
            },
            update: { _, _ in Issue.record("SearchClient.update was called unexpectedly") },
            reload: { _ in Issue.record("SearchClient.reload was called unexpectedly") },
            remove: { _ in Issue.record("SearchClient.remove was called unexpectedly") },
            search: { text, limit in
                self.state.withLock { $0.queries.append(Query(text, limit: limit)) }
                if let (clock, duration) = self.searchTime { try? await clock.sleep(for: duration) }
                return self.state.withLock { Array($0.results.prefix(limit)) }
            }
        )
    }
}
