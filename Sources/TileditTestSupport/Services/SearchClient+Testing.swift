import Testing
import TileditServices

extension SearchClient {
    /// A client whose every closure records an issue (`build` throws
    /// `UnimplementedError`; `search` returns no results).
    public static var unimplemented: SearchClient {
        SearchClient(
            build: { _ in
                Issue.record("SearchClient.build was called unexpectedly")
                throw UnimplementedError("SearchClient.build")
            },
            update: { _, _ in Issue.record("SearchClient.update was called unexpectedly") },
            reload: { _ in Issue.record("SearchClient.reload was called unexpectedly") },
            remove: { _ in Issue.record("SearchClient.remove was called unexpectedly") },
            search: { _, _ in
                Issue.record("SearchClient.search was called unexpectedly")
                return []
            }
        )
    }

    /// A client that builds nothing and answers every query with `results`
    /// (cut to the limit).
    public static func constant(_ results: [SearchResult]) -> SearchClient {
        SearchClient(
            build: { _ in },
            update: { _, _ in },
            reload: { _ in },
            remove: { _ in },
            search: { _, limit in Array(results.prefix(limit)) }
        )
    }
}
