import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

@Suite struct SearchIndexTests {
    static let files: [String: String] = [
        "a.md": "---\ntitle: Swift Concurrency\ntags: Swift, Linux\n---\n\nTasks and actors make concurrency safe.\n",
        "b.md": "---\ntitle: Linux builds\ndescription: Swift on Linux\n---\n\nWe build on Linux.\n",
        "c.md": "# Notes\n\nSome swift tips.\n\n:::tile callout\ntitle: Careful\nbody: Concurrency is hard\n:::\n",
        "d.md": "---\ntitle: Draft post\ndraft: true\n---\n\nA draft about gardening and swift birds.\n",
        "data/team.yml": "title: Team\nmembers:\n  - a swift fan\n",
    ]

    static func source(_ path: String, _ text: String) -> SearchSource {
        SearchSource(path: path, kind: DocumentKind(fileName: (path as NSString).lastPathComponent) ?? .markdown, dialect: .tiledown, bytes: Array(text.utf8))
    }

    static func index(_ files: [String: String] = files) async -> SearchIndex {
        await SearchIndex.build(files.map { source($0.key, $0.value) })
    }

    @Test func aTypeFilterPointsAtAFencedChartOrDiagram() async {
        let index = await SearchIndex.build([Self.source("f.md", "---\ntitle: Fences\n---\n\nIntro.\n\n```chart\ntype: bar\n```\n\n```mermaid\ngraph TD\n```\n")])
        #expect(index.search("type:chart").map(\.line) == [7])
        #expect(index.search("type:mermaid").map(\.line) == [11])
    }

    @Test func ranksTitleOverFrontMatterOverBodyThenByPath() async {
        let results = await Self.index().search("swift")
        #expect(results == [
            SearchResult(path: "a.md", title: "Swift Concurrency", zone: .title, blockIndex: 0, line: 2, snippet: "Swift Concurrency"),
            SearchResult(path: "b.md", title: "Linux builds", zone: .frontMatter, blockIndex: 0, line: 3, snippet: "description: Swift on Linux"),
            SearchResult(path: "c.md", title: "Notes", zone: .body, blockIndex: 1, line: 3, snippet: "Some swift tips."),
            SearchResult(path: "d.md", title: "Draft post", zone: .body, blockIndex: 1, line: 6, snippet: "A draft about gardening and swift birds."),
            SearchResult(path: "data/team.yml", title: "Team", zone: .body, blockIndex: nil, line: 3, snippet: "- a swift fan"),
        ])
    }

    @Test func moreMatchedTermsRankFirstWithinAZone() async {
        let index = await Self.index([
            "x.md": "---\ntitle: Swift\n---\n\nOn linux.\n",
            "y.md": "---\ntitle: Swift on Linux\n---\n",
            "z.md": "Swift and linux.\n",
        ])
        #expect(index.search("linux swift").map(\.path) == ["y.md", "x.md", "z.md"])
    }

    @Test func everyWordMustMatch() async {
        #expect(await Self.index().search("swift gardening").map(\.path) == ["d.md"])
        #expect(await Self.index().search("swift nothing").isEmpty)
        #expect(await Self.index().search("").isEmpty)
    }

    @Test func matchesTilePropertyValuesAtTheTileLine() async {
        #expect(await Self.index().search("hard") == [
            SearchResult(path: "c.md", title: "Notes", zone: .body, blockIndex: 2, line: 7, snippet: "body: Concurrency is hard"),
        ])
    }

    @Test func phrasesMatchWordsInOrder() async {
        let index = await Self.index()
        #expect(index.search("\"make concurrency\"").map(\.path) == ["a.md"])
        #expect(index.search("\"concurrency make\"").isEmpty)
        #expect(index.search("\"concurrency is hard\"") == [
            SearchResult(path: "c.md", title: "Notes", zone: .body, blockIndex: 2, line: 7, snippet: "body: Concurrency is hard"),
        ])
    }

    @Test func filtersByTagTileTypeAndDraft() async {
        let index = await Self.index()
        #expect(index.search("tag:linux") == [
            SearchResult(path: "a.md", title: "Swift Concurrency", zone: .title, blockIndex: 0, line: 3, snippet: "tags: Swift, Linux"),
        ])
        #expect(index.search("type:callout") == [
            SearchResult(path: "c.md", title: "Notes", zone: .title, blockIndex: 2, line: 5, snippet: ":::tile callout"),
        ])
        #expect(index.search("draft:true").map(\.path) == ["d.md"])
        #expect(index.search("swift draft:false").map(\.path) == ["a.md", "b.md", "c.md", "data/team.yml"])
        #expect(index.search("TAG:Swift concurrency").map(\.path) == ["a.md"])
        #expect(index.search("type:chart").isEmpty)
    }

    @Test func updatingADocumentReplacesOnlyItsPostings() async {
        var index = await Self.index()
        index.update(Self.source("b.md", "---\ntitle: Windows builds\n---\n\nNo more penguins.\n"))

        #expect(index.search("swift").map(\.path) == ["a.md", "c.md", "d.md", "data/team.yml"])
        #expect(index.search("penguins").map(\.path) == ["b.md"])
        #expect(index.search("linux").map(\.path) == ["a.md"])
        #expect(index.documentCount == 5)
    }

    @Test func addingAndRemovingDocuments() async {
        let index = await Self.index()
        let added = index.updating(Self.source("posts/new.md", "# Swift news\n"))
        #expect(added.search("news").map(\.path) == ["posts/new.md"])
        #expect(added.search("swift").first?.path == "a.md")
        #expect(added.search("swift").map(\.path).contains("posts/new.md"))

        let removed = added.removing(path: "a.md").removing(path: "missing.md")
        #expect(removed.search("concurrency").map(\.path) == ["c.md"])
        #expect(removed.search("tag:linux").isEmpty)
        #expect(removed.paths == ["b.md", "c.md", "d.md", "data/team.yml", "posts/new.md"])
        #expect(index.documentCount == 5)
    }

    @Test func limitsTheNumberOfResults() async {
        #expect(await Self.index().search("swift", limit: 2).map(\.path) == ["a.md", "b.md"])
    }

    @Test func leavesOutFilesThatAreNotText() async {
        let index = await SearchIndex.build([SearchSource(path: "bin.md", kind: .markdown, dialect: .tiledown, bytes: [0x61, 0, 0x62])])
        #expect(index.documentCount == 0)
    }

    @Test func longLinesAreCutAroundTheMatch() async {
        let line = String(repeating: "lorem ipsum ", count: 10) + "needle " + String(repeating: "dolor sit ", count: 10)
        let index = await Self.index(["long.md": line + "\n"])
        let snippet = try? #require(index.search("needle").first?.snippet)
        #expect(snippet == "…lorem ipsum lorem ipsum needle dolor sit dolor sit dolor sit dolor sit dolor…")
    }
}

@Suite struct SearchQueryTests {
    @Test func parsesWordsPhrasesAndFilters() {
        #expect(SearchQuery(parsing: "Swift \"Static Site\" tag:\"Open Source\" type:chart draft:no swift") == SearchQuery(
            terms: ["swift", "static", "site"], phrases: [["static", "site"]], tags: ["open source"], tileTypes: ["chart"], draft: false))
    }

    @Test func unknownFiltersAndEmptyValuesAreWords() {
        #expect(SearchQuery(parsing: "lang:swift tag: draft:maybe") == SearchQuery(terms: ["lang", "swift", "tag", "draft", "maybe"]))
    }

    @Test func anUnclosedQuoteRunsToTheEnd() {
        #expect(SearchQuery(parsing: "\"hello world") == SearchQuery(terms: ["hello", "world"], phrases: [["hello", "world"]]))
    }

    @Test func tokensAreLowercaseLettersAndDigits() {
        #expect(SearchTokenizer.terms(in: "Über-cool **Swift** 6.2, naïve_code") == ["über", "cool", "swift", "6", "2", "naïve", "code"])
    }
}

@Suite struct SearchClientTests {
    @Test func buildsFromAWorkspaceAndFollowsEdits() async throws {
        let root = try TestSupport.makeTemporaryFolder("search").resolvingSymlinksInPath()
        try TestSupport.writeFiles([
            "tiledown.yml": "title: Site\n",
            "posts/a/index.md": "---\ntitle: \"Quoted\"\ntags: One, Two\n---\n\nHello there.\n",
            "b.md": "# Bee\n\nGeneral text.\n",
        ], in: root)
        try TestSupport.writeFile([0x00, 0x01], at: "bin.md", in: root)
        let workspace = try await WorkspaceClient.live().discover(root)
        let client = SearchClient.live()

        try await client.build(workspace)

        #expect(await client.search("quoted", 10) == [
            SearchResult(path: "posts/a/index.md", title: "\"Quoted\"", zone: .title, blockIndex: 0, line: 2, snippet: "\"Quoted\""),
        ])
        #expect(await client.search("tag:two", 10).map(\.path) == ["posts/a/index.md"])

        await client.update("b.md", Array("# Bee\n\nSpecific text.\n".utf8))
        #expect(await client.search("general", 10).isEmpty)
        #expect(await client.search("specific", 10).map(\.path) == ["b.md"])

        await client.remove("posts/a/index.md")
        #expect(await client.search("hello", 10).isEmpty)
    }

    @Test(arguments: ["tiledit", "Tile", "callout title", "\"every built-in\"", "tag:tiles", "type:buttondown", "draft:true", "about", "authors", "zzzz-nothing", "welcome-note"])
    func aOneShotIndexForAQueryAnswersItAsTheWholeIndexDoes(_ query: String) async throws {
        let root = TestSupport.exampleSite
        let workspace = try await WorkspaceClient.live().discover(root)
        let whole = await SearchIndex.build(workspace: workspace)
        let oneShot = try await SearchIndex.build(root: root, onlyFor: SearchQuery(parsing: query))
        #expect(oneShot.search(query) == whole.search(query))
        #expect(oneShot.documentCount <= whole.documentCount)
    }

    @Test func aOneShotIndexLeavesOutFilesWithoutTheQueryWords() async throws {
        let root = try TestSupport.makeTemporaryFolder()
        try TestSupport.writeFiles(SearchIndexTests.files, in: root)
        let index = try await SearchIndex.build(root: root, onlyFor: SearchQuery(parsing: "LINUX"))
        #expect(index.paths == ["a.md", "b.md"])
    }

    @Test func aOneShotIndexOfAMissingFolderThrows() async {
        await #expect(throws: WorkspaceError.self) {
            try await SearchIndex.build(root: URL(fileURLWithPath: "/nonexistent/tiledit-search"))
        }
    }
}
