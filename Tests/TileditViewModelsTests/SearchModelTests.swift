import Foundation
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// `SearchModel` over a recording search client and a manual clock: each
/// action is checked by the whole state it leaves (query, results,
/// selection) and the queries the client received. The client cannot fail
/// (a search answers with what the index has), so the failures here are
/// a search superseded or closed, which shows nothing.
@MainActor
@Suite("Search")
struct SearchModelTests {
    static let results = [
        SearchResult(path: "posts/a.md", title: "A", zone: .body, line: 3, snippet: "a pipeline"),
        SearchResult(path: "posts/b.md", title: "B", zone: .title, line: 1, snippet: "Pipelines"),
    ]

    /// What the model shows, compared whole.
    struct Shown: Equatable {
        var query: String
        var results: Loadable<[SearchResult]>
        var selection: Int?
    }

    func shown(_ search: SearchModel) -> Shown {
        Shown(query: search.query, results: search.results, selection: search.selection)
    }

    /// A search over `client`; chosen results are appended to `opened`.
    func makeSearch(_ client: RecordingSearchClient, clock: ManualClock, opened: Recorder<SearchResult>) -> SearchModel {
        SearchModel(search: client.client, clock: clock) { opened.append($0) }
    }

    @Test func typingSearchesTheTrimmedQueryOnce300MillisecondsAfterTheLastKeystroke() async {
        let client = RecordingSearchClient(results: Self.results)
        let clock = ManualClock()
        let search = makeSearch(client, clock: clock, opened: Recorder())
        search.onChangedQuery("pipe")
        #expect(shown(search) == Shown(query: "pipe", results: .loading(previous: nil), selection: nil))
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(299))
        #expect(client.queries == [])
        search.onChangedQuery(" pipeline ")
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(299))
        #expect(client.queries == [])
        await clock.advance(by: .milliseconds(1))
        await search.task?.value
        #expect(shown(search) == Shown(query: " pipeline ", results: .loaded(Self.results), selection: 0))
        #expect(client.queries == [.init("pipeline", limit: SearchModel.limit)])
    }

    @Test func aQueryTypedWhileOneRunsReplacesItAndOnlyTheNewResultsShow() async {
        let clock = ManualClock()
        let client = RecordingSearchClient(results: Self.results, searchTime: (clock, .seconds(1)))
        let search = makeSearch(client, clock: clock, opened: Recorder())
        search.onChangedQuery("pipe")
        await clock.waitForSleepers()
        await clock.advance(by: SearchModel.debounce)
        // The first search is running (waiting on the clock) when the user types on.
        #expect(await clock.waitForSleepers())
        let first = search.task
        client.answer([Self.results[1]])
        search.onChangedQuery("pipelines")
        await first?.value
        #expect(shown(search) == Shown(query: "pipelines", results: .loading(previous: nil), selection: nil))
        await clock.waitForSleepers()
        await clock.advance(by: SearchModel.debounce)
        await clock.waitForSleepers()
        await clock.advance(by: .seconds(1))
        await search.task?.value
        #expect(shown(search) == Shown(query: "pipelines", results: .loaded([Self.results[1]]), selection: 0))
        #expect(client.queries == [.init("pipe", limit: 50), .init("pipelines", limit: 50)])
    }

    @Test func clearingTheQueryStopsTheWaitingSearchAndShowsNothing() async {
        let client = RecordingSearchClient(results: Self.results)
        let clock = ManualClock()
        let search = makeSearch(client, clock: clock, opened: Recorder())
        search.onChangedQuery("pipe")
        let waiting = search.task
        search.onChangedQuery("  ")
        await waiting?.value
        await clock.advance(by: .seconds(1))
        #expect(shown(search) == Shown(query: "  ", results: .idle, selection: nil))
        #expect(search.task == nil)
        #expect(client.queries == [])
    }

    @Test func aSearchWithNoResultsSelectsNothingAndNewResultsKeepTheOldOnesShownMeanwhile() async {
        let client = RecordingSearchClient(results: [])
        let clock = ManualClock()
        let search = makeSearch(client, clock: clock, opened: Recorder())
        search.onChangedQuery("nothing")
        await clock.waitForSleepers()
        await clock.advance(by: SearchModel.debounce)
        await search.task?.value
        #expect(shown(search) == Shown(query: "nothing", results: .loaded([]), selection: nil))
        client.answer(Self.results)
        search.onChangedQuery("pipe")
        #expect(shown(search) == Shown(query: "pipe", results: .loading(previous: []), selection: nil))
    }

    @Test func movingTheSelectionStaysOnTheResultsAndChoosingOpensTheHighlightedOne() async {
        let client = RecordingSearchClient(results: Self.results)
        let clock = ManualClock()
        let opened = Recorder<SearchResult>()
        let search = makeSearch(client, clock: clock, opened: opened)
        #expect(search.onChoseResult() == false)
        search.onChangedQuery("pipe")
        await clock.waitForSleepers()
        await clock.advance(by: SearchModel.debounce)
        await search.task?.value
        search.onMovedSelection(by: Int.max)
        #expect(search.selection == 1)
        search.onMovedSelection(by: Int.min)
        #expect(search.selection == 0)
        search.onMovedSelection(by: 1)
        #expect(search.onChoseResult() == true)
        #expect(opened.values == [Self.results[1]])
        #expect(search.onChoseResult(at: 0) == true)
        #expect(search.onChoseResult(at: 2) == false)
        #expect(search.onChoseResult(at: -1) == false)
        #expect(opened.values == [Self.results[1], Self.results[0]])
        #expect(shown(search) == Shown(query: "pipe", results: .loaded(Self.results), selection: 1))
        #expect(client.queries == [.init("pipe", limit: 50)])
    }
}

/// Collects what a view model hands to a callback, in order.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []

    func append(_ value: Value) {
        values.append(value)
    }
}
