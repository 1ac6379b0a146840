import Foundation
import Testing
import TileditFixtures
import TileditModel
@testable import TileditServices
import TileditTestSupport

/// Generated documents: words with and without accents, in Latin, Greek
/// and Cyrillic letters and runs of Han and kana, placed in every part of a
/// Tiledown document (front matter values, headings, wrapped paragraphs,
/// list items, tile properties, code), around generated blocks.
private struct WordDocumentGenerator {
    var random: SeededGenerator

    static let consonants = ["b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "ñ", "ç", "ł", "ß"]
    static let vowels = ["a", "e", "i", "o", "u", "é", "è", "ü", "ø", "å", "ô", "í", "ä"]
    static let greek = ["α", "β", "γ", "δ", "ε", "ά", "έ", "ή", "ο", "ώ", "λ", "μ"]
    static let cyrillic = ["а", "б", "в", "г", "д", "е", "ё", "ж", "и", "й", "к", "л"]
    static let han = Array("日本語東京都学習笔记教程本文使用的小静态网站生成器検索全文索引ひらがなカタカナ")

    mutating func word() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return (0..<Int.random(in: 3...7, using: &random)).map { _ in Self.greek[Int.random(in: 0..<Self.greek.count, using: &random)] }.joined()
        case 1: return (0..<Int.random(in: 3...7, using: &random)).map { _ in Self.cyrillic[Int.random(in: 0..<Self.cyrillic.count, using: &random)] }.joined()
        default:
            var word = ""
            for _ in 0..<Int.random(in: 2...4, using: &random) {
                word += Self.consonants[Int.random(in: 0..<Self.consonants.count, using: &random)]
                word += Self.vowels[Int.random(in: 0..<Self.vowels.count, using: &random)]
            }
            return Int.random(in: 0..<4, using: &random) == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word
        }
    }

    mutating func run() -> String {
        String((0..<Int.random(in: 2...5, using: &random)).map { _ in Self.han[Int.random(in: 0..<Self.han.count, using: &random)] })
    }

    /// A document and the words and runs placed in it.
    mutating func document(number: Int) -> (text: String, words: [String], runs: [String]) {
        var words: [String] = []
        var runs: [String] = []
        func take() -> String {
            let next = word()
            words.append(next)
            return next
        }
        func takeRun() -> String {
            let next = run()
            runs.append(next)
            return next
        }
        var blocks = TiledownGenerator(seed: UInt64(number) &+ 7, frontMatter: .none, tileEvery: 5)
        var lines = ["---", "title: \(take()) \(take())", "tags: \(take()), \(take())", "description: \(take()) \(takeRun())", "---", ""]
        lines += ["# \(take()) \(takeRun())", ""]
        lines += ["\(take()) \(take()), \(take())", "\(take())\(takeRun())\(take()) \(take()).", ""]
        lines += ["- \(take())", "- \(take()) \(take())", ""]
        lines += [":::tile callout", "title: \(take())", "body: |", "  \(take()) \(take())", "  \(takeRun())", ":::", ""]
        lines += ["```text", "\(take()) = \(take())", "```", ""]
        lines += [blocks.document(blocks: 4), "", "> \(take()) \(take())", ""]
        return (lines.joined(separator: "\n"), words, runs)
    }
}

/// The word as typed without accents (marks removed, letters that do not
/// decompose replaced), as a writer types it on a plain keyboard.
private func withoutAccents(_ word: String) -> String {
    let replaced = word.lowercased()
        .replacingOccurrences(of: "ø", with: "o").replacingOccurrences(of: "ł", with: "l").replacingOccurrences(of: "ß", with: "ss")
    let scalars = replaced.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
    return String(String.UnicodeScalarView(scalars))
}

@Suite struct SearchPropertyTests {
    @Test func everyWordOfAGeneratedDocumentIsFoundByItselfItsPrefixAndWithoutAccents() async {
        var generator = WordDocumentGenerator(random: SeededGenerator(seed: 12))
        var documents: [(path: String, words: [String], runs: [String])] = []
        var sources: [SearchSource] = []
        for number in 0..<12 {
            let (text, words, runs) = generator.document(number: number)
            let path = "posts/p\(number).md"
            documents.append((path, words, runs))
            sources.append(SearchSource(path: path, kind: .markdown, dialect: .tiledown, bytes: Array(text.utf8)))
        }
        let index = await SearchIndex.build(sources)
        for document in documents {
            for word in document.words {
                let prefix = String(word.prefix(Swift.max(1, word.count / 2)))
                for query in [word + " ", word.uppercased() + " ", prefix, withoutAccents(word) + " "] {
                    #expect(index.search(query, limit: .max).contains { $0.path == document.path }, "\(query) in \(document.path)")
                }
            }
            for run in document.runs {
                let middle = String(Array(run)[(run.count / 2 - 1)...(run.count / 2)])
                for query in [run, middle, "\"\(run)\""] {
                    #expect(index.search(query, limit: .max).contains { $0.path == document.path }, "\(query) in \(document.path)")
                }
            }
        }
    }

    @Test func theOneShotSearchAnswersAsTheIndexDoes() async throws {
        var generator = WordDocumentGenerator(random: SeededGenerator(seed: 34))
        let root = try TestSupport.makeTemporaryFolder("search-scan").resolvingSymlinksInPath()
        var files: [String: String] = ["tiledown.yml": "title: Generated\n"]
        var queries: [String] = ["type:callout", "type:chart", "draft:false", "tag:nothing", "zzzz", "a", "e", "ka"]
        for number in 0..<15 {
            let (text, words, runs) = generator.document(number: number)
            files["section-\(number % 3)/page-\(number).md"] = text
            queries += [words[0], words[3] + " " + words[5], "\"\(words[6]) \(words[7])\"", String(words[8].prefix(2)), withoutAccents(words[9]), runs[0], "tag:" + words[2]]
        }
        try TestSupport.writeFiles(files, in: root)
        let workspace = try await WorkspaceClient.live().discover(root)
        let index = await SearchIndex.build(workspace: workspace)
        for query in queries {
            // Small limits too: the one-shot reads documents only until its results are certain.
            for limit in [1, 4, 100] {
                let scanned = try await SearchScan.run(root: root, query: SearchQuery(parsing: query), limit: limit)
                #expect(scanned.results == index.search(query, limit: limit), "\(query), limit \(limit)")
                #expect(scanned.unreadableFiles.isEmpty)
            }
        }
    }

    @Test(arguments: ["tiledit", "Tile", "callout title", "\"every built-in\"", "tag:tiles", "type:buttondown", "draft:true", "about", "authors", "zzzz-nothing", "welcome-note"])
    func theOneShotSearchOfTheExampleSiteAnswersAsTheIndexDoes(_ query: String) async throws {
        let root = TestSupport.exampleSite
        let workspace = try await WorkspaceClient.live().discover(root)
        let index = await SearchIndex.build(workspace: workspace)
        let scanned = try await SearchScan.run(root: root, query: SearchQuery(parsing: query))
        #expect(scanned.results == index.search(query))
    }

    @Test func theLineCutterFindsTheTitleTagsAndDraftAsTheDocumentDoes() {
        for style in TiledownGenerator.FrontMatterStyle.allCases {
            for tricky in [false, true] {
                for seed in 0..<60 {
                    var generator = TiledownGenerator(seed: UInt64(seed) &* 31 &+ 5, frontMatter: style, includesTrickyBlocks: tricky)
                    let text = generator.document(blocks: 12)
                    let bytes = Array(text.utf8)
                    for dialect in [FrontMatterDialect.tiledown, .yaml] {
                        let metadata = DocumentMetadata(document: MarkdownDocument(bytes: bytes, dialect: dialect), fallbackTitle: "fallback")
                        let outline = bytes.withUnsafeBufferPointer {
                            SearchLineCutter.cut($0, kind: .markdown, dialect: dialect, fallbackTitle: { "fallback" }) { _ in true }
                        }
                        #expect(outline.title == metadata.title, "seed \(seed), \(style), tricky \(tricky)")
                        #expect(outline.tags == metadata.tags)
                        #expect(outline.isDraft == metadata.isDraft)
                        if case .heading(_, let line) = metadata.titleSource { #expect(outline.titleLine == line) }
                        if case .frontMatter(_, let line) = metadata.titleSource { #expect(outline.titleLine == line) }
                    }
                }
            }
        }
    }

    @Test func theLineCutterFindsTheTileTypesTheSummaryLists() async throws {
        let root = try TestSupport.makeTemporaryFolder("search-types").resolvingSymlinksInPath()
        var files: [String: String] = ["tiledown.yml": "title: Types\n"]
        for seed in 0..<40 {
            var generator = TiledownGenerator(seed: UInt64(seed) &+ 99, frontMatter: .flat, tileEvery: 3, includesTrickyBlocks: seed % 2 == 0)
            files["d\(seed).md"] = generator.document(blocks: 15)
        }
        try TestSupport.writeFiles(files, in: root)
        let workspace = try await WorkspaceClient.live().discover(root)
        for summary in workspace.documents where summary.kind == .markdown {
            let bytes = try TestSupport.readFile(workspace.url(of: summary.path))
            let outline = bytes.withUnsafeBufferPointer {
                SearchLineCutter.cut($0, kind: .markdown, dialect: .tiledown, fallbackTitle: { "" }) { _ in true }
            }
            #expect(outline.tileTypes == summary.tileTypes, "\(summary.path)")
        }
    }
}
