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
        let results = await Self.index().search("swift ")
        #expect(results == [
            SearchResult(path: "a.md", title: "Swift Concurrency", zone: .title, line: 2, snippet: "Swift Concurrency"),
            SearchResult(path: "b.md", title: "Linux builds", zone: .frontMatter, line: 3, snippet: "description: Swift on Linux"),
            SearchResult(path: "c.md", title: "Notes", zone: .body, line: 3, snippet: "Some swift tips."),
            SearchResult(path: "d.md", title: "Draft post", zone: .body, line: 6, snippet: "A draft about gardening and swift birds."),
            SearchResult(path: "data/team.yml", title: "Team", zone: .body, line: 3, snippet: "- a swift fan"),
        ])
    }

    @Test func moreMatchedWordsRankFirstWithinAZone() async {
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

    @Test func matchesTilePropertyValuesAtTheirLine() async {
        #expect(await Self.index().search("hard") == [
            SearchResult(path: "c.md", title: "Notes", zone: .body, line: 7, snippet: "body: Concurrency is hard"),
        ])
        // Keys and the tile's type are not words of the document.
        #expect(await Self.index().search("body ").isEmpty)
        #expect(await Self.index().search("callout ").isEmpty)
    }

    @Test func frontMatterKeysAreNotWords() async {
        #expect(await Self.index().search("description ").isEmpty)
        #expect(await Self.index().search("tags ").isEmpty)
    }

    @Test func phrasesMatchWordsNextToEachOtherInOrder() async {
        let index = await Self.index()
        #expect(index.search("\"make concurrency\"").map(\.path) == ["a.md"])
        #expect(index.search("\"concurrency make\"").isEmpty)
        #expect(index.search("\"tasks make\"").isEmpty)
        #expect(index.search("\"concurrency is hard\"") == [
            SearchResult(path: "c.md", title: "Notes", zone: .body, line: 7, snippet: "body: Concurrency is hard"),
        ])
    }

    @Test func aPhraseReachesAcrossTheLinesOfAParagraphButNotIntoTheNext() async {
        let index = await Self.index(["p.md": "# Wrapped\n\nThe quick brown\nfox jumps.\n\nOver the lazy\n\ndog sleeps.\n"])
        #expect(index.search("\"brown fox\"") == [
            SearchResult(path: "p.md", title: "Wrapped", zone: .body, line: 3, snippet: "The quick brown"),
        ])
        #expect(index.search("\"lazy dog\"").isEmpty)
    }

    @Test func filtersByTagTileTypeAndDraft() async {
        let index = await Self.index()
        #expect(index.search("tag:linux") == [
            SearchResult(path: "a.md", title: "Swift Concurrency", zone: .title, line: 3, snippet: "tags: Swift, Linux"),
        ])
        #expect(index.search("type:callout") == [
            SearchResult(path: "c.md", title: "Notes", zone: .title, line: 5, snippet: ":::tile callout"),
        ])
        #expect(index.search("draft:true").map(\.path) == ["d.md"])
        #expect(index.search("swift draft:false").map(\.path) == ["a.md", "b.md", "c.md", "data/team.yml"])
        #expect(index.search("TAG:Swift concurrency").map(\.path) == ["a.md"])
        #expect(index.search("type:Callout").map(\.path) == ["c.md"])
        #expect(index.search("type:chart").isEmpty)
    }

    @Test func theLastWordMatchesAsAPrefixWhileItIsTyped() async {
        let index = await Self.index([
            "d.md": "# Diagrams\n\nA diagram of the build.\n",
            "e.md": "# Other\n\nDiagnostics of the build.\n",
        ])
        #expect(index.search("diag").map(\.path) == ["d.md", "e.md"])
        #expect(index.search("diagr").map(\.path) == ["d.md"])
        #expect(index.search("diagram").map(\.path) == ["d.md"])
        #expect(index.search("diagram").first?.snippet == "Diagrams")
        // Only the word at the very end is a prefix.
        #expect(index.search("diag build").isEmpty)
        #expect(index.search("build diag").map(\.path) == ["d.md", "e.md"])
        // A space after it ends the word.
        #expect(index.search("diagram ").map(\.path) == ["d.md"])
        #expect(index.search("diag ").isEmpty)
        #expect(index.search("\"a diag").map(\.path) == ["d.md"])
        #expect(index.search("\"a diag\"").isEmpty)
    }

    @Test func aQueryWithoutAccentsFindsAccentedTextAndOneWithAccentsOnlyAccentedText() async {
        let index = await Self.index([
            "accented.md": "# Visit\n\nRésumé of the café visit.\n",
            "plain.md": "# Plain\n\nA cafe and a resume.\n",
            "decomposed.md": "# Decomposed\n\nCafe\u{301} written with a combining accent.\n",
        ])
        #expect(index.search("cafe ").map(\.path) == ["accented.md", "decomposed.md", "plain.md"])
        #expect(index.search("café ").map(\.path) == ["accented.md", "decomposed.md"])
        #expect(index.search("CAFÉ ").map(\.path) == ["accented.md", "decomposed.md"])
        #expect(index.search("resume ").map(\.path) == ["accented.md", "plain.md"])
        #expect(index.search("résumé ").map(\.path) == ["accented.md"])
        #expect(index.search("caf").map(\.path) == ["accented.md", "decomposed.md", "plain.md"])
        #expect(index.search("\"the cafe visit\"").map(\.path) == ["accented.md"])
        #expect(index.search("café ").first?.snippet == "Résumé of the café visit.")
    }

    @Test func lettersThatDoNotDecomposeAndCompatibilityFormsFold() async {
        let index = await Self.index(["city.md": "# Cities\n\nŁódź, Straße, Ｔｏｋｙｏ, ﬁle and Søren.\n"])
        #expect(index.search("lodz ").map(\.path) == ["city.md"])
        #expect(index.search("strasse ").map(\.path) == ["city.md"])
        #expect(index.search("tokyo ").map(\.path) == ["city.md"])
        #expect(index.search("file ").map(\.path) == ["city.md"])
        #expect(index.search("soren ").map(\.path) == ["city.md"])
        #expect(index.search("søren ").map(\.path) == ["city.md"])
    }

    @Test func wordBoundariesFollowUnicodeRules() async {
        let index = await Self.index(["w.md": "# Words\n\nDon't split e.g. 3.14 or me@example.org; _emphasis_ and snake_case are kept.\n"])
        #expect(index.search("don't ").map(\.path) == ["w.md"])
        #expect(index.search("don’t ").map(\.path) == ["w.md"])
        #expect(index.search("3.14 ").map(\.path) == ["w.md"])
        #expect(index.search("me@example.org ").map(\.path) == ["w.md"])
        #expect(index.search("emphasis ").map(\.path) == ["w.md"])
        #expect(index.search("snake_case ").map(\.path) == ["w.md"])
        #expect(index.search("don ").isEmpty)
        #expect(index.search("14 ").isEmpty)
    }

    @Test func updatingADocumentReplacesOnlyItsPostings() async {
        var index = await Self.index()
        index.update(Self.source("b.md", "---\ntitle: Windows builds\n---\n\nNo more penguins.\n"))

        #expect(index.search("swift ").map(\.path) == ["a.md", "c.md", "d.md", "data/team.yml"])
        #expect(index.search("penguins").map(\.path) == ["b.md"])
        #expect(index.search("linux").map(\.path) == ["a.md"])
        #expect(index.search("windows").first?.zone == .title)
        #expect(index.documentCount == 5)
    }

    @Test func anUpdateAddsNewWordsToPrefixSearch() async {
        var index = await Self.index()
        #expect(index.search("zebr").isEmpty)
        index.update(Self.source("z.md", "# Zebras\n\nStriped zebra crossings.\n"))
        #expect(index.search("zebr").map(\.path) == ["z.md"])
        #expect(index.search("crossing").map(\.path) == ["z.md"])
        index.remove(path: "z.md")
        #expect(index.search("zebr").isEmpty)
    }

    @Test func addingAndRemovingDocuments() async {
        let index = await Self.index()
        let added = index.updating(Self.source("posts/new.md", "# Swift news\n"))
        #expect(added.search("news").map(\.path) == ["posts/new.md"])
        #expect(added.search("swift ").first?.path == "a.md")
        #expect(added.search("swift ").map(\.path).contains("posts/new.md"))

        let removed = added.removing(path: "a.md").removing(path: "missing.md")
        #expect(removed.search("concurrency ").map(\.path) == ["c.md"])
        #expect(removed.search("tag:linux").isEmpty)
        #expect(removed.paths == ["b.md", "c.md", "d.md", "data/team.yml", "posts/new.md"])
        #expect(index.documentCount == 5)
    }

    @Test func anUpdateThatIsNotTextRemovesTheDocument() async {
        var index = await Self.index()
        index.update(SearchSource(path: "a.md", kind: .markdown, dialect: .tiledown, bytes: [0x61, 0, 0x62]))
        #expect(index.paths == ["b.md", "c.md", "d.md", "data/team.yml"])
        #expect(index.search("tag:linux").isEmpty)
    }

    @Test func limitsTheNumberOfResults() async {
        #expect(await Self.index().search("swift ", limit: 2).map(\.path) == ["a.md", "b.md"])
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

    @Test func aDocumentWithoutTitleIsFoundByItsFileName() async {
        let index = await Self.index(["posts/hello-world/index.md": "Just text.\n", "notes.yml": "a: b\n"])
        #expect(index.search("hello") == [
            SearchResult(path: "posts/hello-world/index.md", title: "hello-world", zone: .title, line: 1, snippet: "hello-world"),
        ])
        #expect(index.search("notes").map(\.zone) == [.title])
    }

    @Test func theFirstHeadingIsTheTitleWhenThereIsNoTitleField() async {
        let index = await Self.index(["h.md": "Intro line.\n\nSetext title\n============\n\n# Later heading\n"])
        #expect(index.search("setext") == [
            SearchResult(path: "h.md", title: "Setext title", zone: .title, line: 3, snippet: "Setext title"),
        ])
        #expect(index.search("later").map(\.zone) == [.body])
    }

    @Test func tilesAndFencesAreFoundAsTheDocumentReadsThem() async {
        let text = """
            # Code

            ```
            :::tile callout
            inside: code
            :::
            ```

            :::tile never-closed
            body: still prose

            """
        let index = await Self.index(["t.md": text])
        // A tile inside a fence is code: its lines are words, there is no tile.
        #expect(index.search("inside").map(\.line) == [5])
        #expect(index.search("type:callout").isEmpty)
        // An unclosed tile is prose.
        #expect(index.search("type:never-closed").isEmpty)
        #expect(index.search("body").map(\.line) == [10])
    }

    @Test func aLiteralValueKeepsAnIndentedClosingLine() async {
        let index = await Self.index(["l.md": ":::tile callout\nbody: |\n  first\n  :::\n  last words\n:::\n\nAfter.\n"])
        #expect(index.search("last").map(\.line) == [5])
        #expect(index.search("after").map(\.line) == [8])
        #expect(index.search("type:callout").map(\.line) == [1])
    }
}

/// Case 56: Chinese and Japanese words inside sentences without spaces,
/// and accents (see the shared cases).
@Suite struct CJKSearchTests {
    static let text = "---\ntitle: 学习笔记\ntags: 教程\n---\n\n本文是关于教务使用的一篇小教程。\n\n東京で日本語を勉強します。\n\nRésumé of the café visit.\n"

    static func index() async -> SearchIndex {
        await SearchIndex.build([SearchSource(path: "note.md", kind: .markdown, dialect: .yaml, bytes: Array(text.utf8))])
    }

    @Test(arguments: [
        ("一篇", 6), ("小教程", 6), ("本文", 6), ("東京", 8), ("日本語", 8), ("勉強", 8), ("学习", 2), ("笔记", 2),
        ("\"日本語を勉強\"", 8), ("café", 10), ("CAFÉ", 10), ("cafe", 10), ("resume", 10),
    ])
    func findsAWordInsideARun(_ query: String, line: Int) async {
        #expect(await Self.index().search(query).map(\.line) == [line])
    }

    @Test func bothWordsOfAQueryMayBeInDifferentPlaces() async {
        #expect(await Self.index().search("教程 東京").map(\.path) == ["note.md"])
    }

    @Test func aWordThatIsNotThereFindsNothing() async {
        #expect(await Self.index().search("目录").isEmpty)
        #expect(await Self.index().search("東京語").isEmpty)
        #expect(await Self.index().search("\"本語を東京\"").isEmpty)
    }

    @Test func oneCharacterFindsTheRunsHoldingIt() async {
        #expect(await Self.index().search("篇").map(\.line) == [6])
        #expect(await Self.index().search("語").map(\.line) == [8])
    }

    @Test func aTitleMatchShowsTheTitle() async {
        #expect(await Self.index().search("学习") == [
            SearchResult(path: "note.md", title: "学习笔记", zone: .title, line: 2, snippet: "学习笔记"),
        ])
        #expect(await Self.index().search("tag:教程").map(\.line) == [3])
    }

    @Test func hangulHiraganaAndKatakanaAreBigramsToo() async {
        let index = await SearchIndex.build([
            SearchSource(path: "k.md", kind: .markdown, dialect: .yaml, bytes: Array("# 한국어\n\n서울특별시에서 살아요.\n\nカタカナとひらがなです。\n".utf8)),
        ])
        #expect(index.search("특별").map(\.line) == [3])
        #expect(index.search("タカ").map(\.line) == [5])
        #expect(index.search("ひらがな").map(\.line) == [5])
        #expect(index.search("국어").map(\.zone) == [.title])
    }

    @Test func halfwidthKatakanaFindsFullwidth() async {
        let index = await SearchIndex.build([
            SearchSource(path: "h.md", kind: .markdown, dialect: .yaml, bytes: Array("# Kana\n\nｶﾀｶﾅで書く。\n".utf8)),
        ])
        #expect(index.search("カタカナ").map(\.line) == [3])
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
            SearchResult(path: "posts/a/index.md", title: "\"Quoted\"", zone: .title, line: 2, snippet: "\"Quoted\""),
        ])
        #expect(await client.search("tag:two", 10).map(\.path) == ["posts/a/index.md"])

        await client.update("b.md", Array("# Bee\n\nSpecific text.\n".utf8))
        #expect(await client.search("general", 10).isEmpty)
        #expect(await client.search("specific", 10).map(\.path) == ["b.md"])

        await client.remove("posts/a/index.md")
        #expect(await client.search("hello", 10).isEmpty)
    }

    @Test func reloadReadsOneDocumentAgainFromDisk() async throws {
        let root = try TestSupport.makeTemporaryFolder("search-reload").resolvingSymlinksInPath()
        try TestSupport.writeFiles(["a.md": "# Alpha\n\nOld words.\n", "b.md": "# Beta\n\nOld words.\n"], in: root)
        let workspace = try await WorkspaceClient.live().discover(root)
        let client = SearchClient.live()
        try await client.build(workspace)

        try TestSupport.writeFiles(["a.md": "# Alpha\n\nNew words.\n", "b.md": "# Beta\n\nNew words.\n"], in: root)
        await client.reload("a.md")
        #expect(await client.search("new", 10).map(\.path) == ["a.md"])
        #expect(await client.search("old", 10).map(\.path) == ["b.md"])

        try FileManager.default.removeItem(at: root.appendingPathComponent("b.md"))
        await client.reload("b.md")
        #expect(await client.search("words", 10).map(\.path) == ["a.md"])
    }
}
