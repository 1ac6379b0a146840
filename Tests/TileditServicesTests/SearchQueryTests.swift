import Testing
import TileditServices

@Suite struct SearchQueryTests {
    @Test func parsesWordsPhrasesAndFilters() {
        #expect(SearchQuery(parsing: "Swift \"Static Site\" tag:\"Open Source\" type:Chart draft:no swift") == SearchQuery(
            requirements: [
                .word("swift"),
                SearchQuery.Requirement(terms: [SearchTerm(.word, "static"), SearchTerm(.word, "site", offset: 1)], text: "static site"),
                .word("swift", isPrefix: true),
            ],
            tags: ["open source"], tileTypes: ["chart"], draft: false))
    }

    @Test func theWordAtTheEndIsAPrefixUnlessSomethingFollowsIt() {
        #expect(SearchQuery(parsing: "static diag") == SearchQuery(requirements: [.word("static"), .word("diag", isPrefix: true)]))
        #expect(SearchQuery(parsing: "static diag ") == SearchQuery(requirements: [.word("static"), .word("diag")]))
        #expect(SearchQuery(parsing: "diag.") == SearchQuery(requirements: [.word("diag")]))
        #expect(SearchQuery(parsing: "diag tag:news") == SearchQuery(requirements: [.word("diag")], tags: ["news"]))
        #expect(SearchQuery(parsing: "\"static si") == SearchQuery(requirements: [
            SearchQuery.Requirement(terms: [SearchTerm(.word, "static"), SearchTerm(.word, "si", isPrefix: true, offset: 1)], text: "static si"),
        ]))
        #expect(SearchQuery(parsing: "\"static si\"") == SearchQuery(requirements: [
            SearchQuery.Requirement(terms: [SearchTerm(.word, "static"), SearchTerm(.word, "si", offset: 1)], text: "static si"),
        ]))
    }

    @Test func wordsAreFoldedAndKeepTheirAccents() {
        #expect(SearchQuery(parsing: "CAFÉ Cafe\u{301} ＡＢＣ ") == SearchQuery(requirements: [.word("café"), .word("abc")]))
    }

    @Test func aRunOfHanKanaOrHangulIsItsBigrams() {
        #expect(SearchQuery(parsing: "日本語 東") == SearchQuery(requirements: [
            SearchQuery.Requirement(terms: [SearchTerm(.bigram, "日本"), SearchTerm(.bigram, "本語", offset: 1)], text: "日本語"),
            SearchQuery.Requirement(terms: [SearchTerm(.character, "東")], text: "東"),
        ]))
        #expect(SearchQuery(parsing: "\"Tiledit 日本語\"") == SearchQuery(requirements: [
            SearchQuery.Requirement(
                terms: [SearchTerm(.word, "tiledit"), SearchTerm(.bigram, "日本", offset: 1), SearchTerm(.bigram, "本語", offset: 2)],
                text: "tiledit 日本語"),
        ]))
        // Two runs apart are two requirements.
        #expect(SearchQuery(parsing: "東京、大阪").requirements.map(\.text) == ["東京", "大阪"])
    }

    @Test func aChunkOfSeveralWordsIsSeveralRequirements() {
        #expect(SearchQuery(parsing: "Über-cool ") == SearchQuery(requirements: [.word("über"), .word("cool")]))
        #expect(SearchQuery(parsing: "lang:swift") == SearchQuery(requirements: [.word("lang"), .word("swift", isPrefix: true)]))
    }

    /// A filter's name with no value, or `draft:` with another value, is a
    /// problem told to the user, not the words `tag` or `maybe` (which
    /// found nothing, silently); another name is words.
    @Test func filtersWithoutAValueAreProblemsAndUnknownFiltersAreWords() {
        var expected = SearchQuery(requirements: [.word("fox")])
        expected.problems = ["`tag:` needs a name: tag:NAME", "`type:` needs a tile type: type:TILE", "`draft:maybe`: draft takes true or false (yes, no)"]
        #expect(SearchQuery(parsing: "tag: fox type:\"\" draft:maybe ") == expected)
        #expect(SearchQuery(parsing: "Tag:").problems == ["`tag:` needs a name: tag:NAME"])
        #expect(SearchQuery(parsing: "lang: x").requirements == [.word("lang"), .word("x", isPrefix: true)])
    }

    @Test func filterNamesIgnoreCaseAndValuesAreFolded() {
        #expect(SearchQuery(parsing: "TAG:Café Type:Callout DRAFT:Yes") == SearchQuery(tags: ["café"], tileTypes: ["callout"], draft: true))
    }

    @Test func anUnclosedQuoteRunsToTheEnd() {
        #expect(SearchQuery(parsing: "\"hello world") == SearchQuery(requirements: [
            SearchQuery.Requirement(terms: [SearchTerm(.word, "hello"), SearchTerm(.word, "world", isPrefix: true, offset: 1)], text: "hello world"),
        ]))
    }

    @Test func repeatedWordsCountOnce() {
        #expect(SearchQuery(parsing: "swift Swift tips ").requirements == [.word("swift"), .word("tips")])
        #expect(SearchQuery(parsing: "").isEmpty)
        #expect(SearchQuery(parsing: " \"\" ").isEmpty)
    }

    @Test func theSyntaxIsDescribedOnce() {
        #expect(SearchSyntax.hint == "words  \"a phrase\"  tag:NAME  type:TILE  draft:true|false")
        #expect(SearchSyntax.forms.map(\.example) == ["words", "日本語", "\"a phrase\"", "tag:NAME", "type:TILE", "draft:true"])
    }
}

@Suite struct DocumentFilterTests {
    static let documents = [
        DocumentSummary(path: "posts/diagrams.md", kind: .markdown, title: "Charts and Diagrams", tags: ["Guide", "Café"], tileTypes: ["chart"], size: 1),
        DocumentSummary(path: "posts/draft.md", kind: .markdown, title: "A Résumé draft", isDraft: true, size: 1),
        DocumentSummary(path: "notes/東京.md", kind: .markdown, title: "東京の日本語メモ", tags: ["news"], tileTypes: ["callout"], size: 1),
        DocumentSummary(path: "static-site.md", kind: .markdown, title: "Static site generators", size: 1),
    ]

    static func filtered(_ text: String) -> [String] {
        DocumentFilter(text).filter(documents).map(\.path)
    }

    @Test func wordsMatchPartsOfTitlesAndPaths() {
        #expect(Self.filtered("diag") == ["posts/diagrams.md"])
        #expect(Self.filtered("POSTS") == ["posts/diagrams.md", "posts/draft.md"])
        #expect(Self.filtered("ag post") == ["posts/diagrams.md"])
        #expect(Self.filtered("nothing") == [])
        #expect(Self.filtered("") == Self.documents.map(\.path))
    }

    @Test func accentsAreOptionalWhenNotTyped() {
        #expect(Self.filtered("resume") == ["posts/draft.md"])
        #expect(Self.filtered("résumé") == ["posts/draft.md"])
        #expect(Self.filtered("résume") == [])
    }

    @Test func runsOfHanKanaAndHangulMatchInsideTitles() {
        #expect(Self.filtered("日本") == ["notes/東京.md"])
        #expect(Self.filtered("東京") == ["notes/東京.md"])
    }

    @Test func phrasesMatchAsWritten() {
        #expect(Self.filtered("\"static site\"") == ["static-site.md"])
        #expect(Self.filtered("\"site static\"") == [])
    }

    @Test func filtersOfTheQueryLanguageApply() {
        #expect(Self.filtered("tag:guide") == ["posts/diagrams.md"])
        #expect(Self.filtered("tag:cafe") == ["posts/diagrams.md"])
        #expect(Self.filtered("tag:gui") == [])
        #expect(Self.filtered("type:chart") == ["posts/diagrams.md"])
        #expect(Self.filtered("draft:true") == ["posts/draft.md"])
        #expect(Self.filtered("draft:false posts") == ["posts/diagrams.md"])
        #expect(Self.filtered("type:callout tag:news") == ["notes/東京.md"])
    }
}
