import Foundation
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

@Suite("tiledit search")
struct SearchCommandTests {
    static let files = [
        "ws/posts/alpha.md": "---\ntitle: Alpha\ntags: animals\n---\n\nThe quick brown fox.\n",
        "ws/beta.md": "# Beta\n\nA fox and a hound.\n",
        "ws/config.yml": "name: fox-config\n",
    ]

    @Test func resultsArePrintedOnePerLineInRankOrder() async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "ws", "fox"], in: folder) == CommandRun(status: 0, standardOutput: """
            beta.md:3: Beta — A fox and a hound.
            config.yml:1: config — name: fox-config
            posts/alpha.md:6: Alpha — The quick brown fox.

            """))
    }

    @Test func filtersLimitsAndSeveralQueryWords() async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "ws", "tag:animals"], in: folder) == CommandRun(
            status: 0, standardOutput: "posts/alpha.md:3: Alpha — tags: animals\n"))
        #expect(await CommandRun.run(["search", "--limit", "1", "ws", "fox"], in: folder) == CommandRun(
            status: 0, standardOutput: "beta.md:3: Beta — A fox and a hound.\n"))
        #expect(await CommandRun.run(["search", "ws", "brown", "fox"], in: folder) == CommandRun(
            status: 0, standardOutput: "posts/alpha.md:6: Alpha — The quick brown fox.\n"))
    }

    @Test func aFilterWithoutItsValueIsAUsageErrorThatSaysWhatItTakes() async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "ws", "fox", "draft:maybe"], in: folder) == CommandRun(
            status: 2,
            standardError: "tiledit search: the query `fox draft:maybe` cannot be read: `draft:maybe`: draft takes true or false (yes, no)\nRun 'tiledit search --help' for usage.\n"))
    }

    /// A query with no word and no filter (an emoji, punctuation, empty
    /// quotes) would match every document: it is a usage error instead.
    @Test(arguments: ["🎉", "!!!", "\"\"", "👩‍💻"])
    func aQueryWithNoWordIsAUsageErrorNotEveryDocument(query: String) async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "ws", query], in: folder) == CommandRun(
            status: 2,
            standardError: "tiledit search: the query `\(query)` has no word to search for: search finds words, CJK text, \"phrases\" and tag:, type:, draft: filters\nRun 'tiledit search --help' for usage.\n"))
        let scan = try await SearchScan.run(root: folder.appendingPathComponent("ws"), query: SearchQuery(parsing: query))
        #expect(scan.results.isEmpty)
    }

    @Test func noResultsPrintNothing() async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "ws", "zebra"], in: folder) == CommandRun(status: 0))
    }

    @Test func filesThatCannotBeReadAreNamedOnStandardErrorAsCheckNamesThemAndTheStatusIs2() async throws {
        let folder = try makeFolder(["ws/good.md": "# Good\n\nA fox.\n"])
        try TestSupport.writeFile(Array("# ".utf8) + [0x00, 0x01] + Array(" fox".utf8), at: "ws/bin.md", in: folder)
        try TestSupport.writeFile(Array("# Caf".utf8) + [0xE9] + Array(" fox\n".utf8), at: "ws/latin1.md", in: folder)
        let problems = """
            ws/bin.md:1:3: error: binary file (a NUL byte at byte 2); the file was not changed
            ws/latin1.md:1:6: error: invalid UTF-8 at byte 5; the file was not changed

            """
        #expect(await CommandRun.run(["search", "ws", "fox"], in: folder) == CommandRun(
            status: 2, standardOutput: "good.md:3: Good — A fox.\n", standardError: problems))
        #expect(await CommandRun.run(["check", "ws"], in: folder) == CommandRun(status: 2, standardError: problems))
    }

    /// The one-shot search checks UTF-8 in the same pass that finds a
    /// file's first non-ASCII byte: a file that is not UTF-8 is named as
    /// `check` names it whether it holds the query or not, whether the bad
    /// byte comes after a long ASCII run or after valid accented text.
    @Test("files that are not UTF-8 are named as check names them, whether they hold the query or not")
    func filesThatAreNotUTF8AreNamedWhetherTheyMatchOrNot() async throws {
        let folder = try makeFolder(["ws/good.md": "# Good\n\nA fox.\n"])
        try TestSupport.writeFile(Array("# Caf".utf8) + [0xE9] + Array(" hound\n".utf8), at: "ws/nomatch.md", in: folder)
        try TestSupport.writeFile(
            Array("# Late\n\nA fox and ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 40) + [0xFF] + Array("\n".utf8),
            at: "ws/late.md", in: folder)
        try TestSupport.writeFile(Array("# Café fox\nmore\n".utf8) + [0xC0, 0xAF], at: "ws/accent.md", in: folder)
        let problems = """
            ws/accent.md:3:1: error: invalid UTF-8 at byte 17; the file was not changed
            ws/late.md:3:51: error: invalid UTF-8 at byte 58; the file was not changed
            ws/nomatch.md:1:6: error: invalid UTF-8 at byte 5; the file was not changed

            """
        #expect(await CommandRun.run(["search", "ws", "fox"], in: folder) == CommandRun(
            status: 2, standardOutput: "good.md:3: Good — A fox.\n", standardError: problems))
        #expect(await CommandRun.run(["search", "ws", "zebra"], in: folder) == CommandRun(status: 2, standardError: problems))
        #expect(await CommandRun.run(["check", "ws"], in: folder) == CommandRun(status: 2, standardError: problems))
    }

    /// Case 56: Chinese and Japanese words inside sentences, and accents,
    /// through the command over the case's own file.
    @Test(.enabled(if: TestSupport.casesFolder.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("56-cjk-search-mid-sentence/input.md").path) } ?? false,
                   "../shared is absent: case 56 is not here"))
    func case56FindsCJKWordsInsideRunsAndAccentedWordsWithoutAccents() async throws {
        let input = try #require(TestSupport.casesFolder).appendingPathComponent("56-cjk-search-mid-sentence/input.md")
        let folder = try makeFolder()
        try TestSupport.writeFile(try TestSupport.readFile(input), at: "notes/note.md", in: folder)
        let expected: [(String, Int)] = [
            ("一篇", 6), ("小教程", 6), ("本文", 6), ("東京", 8), ("日本語", 8), ("勉強", 8), ("学习", 2), ("笔记", 2),
            ("\"日本語を勉強\"", 8), ("café", 10), ("CAFÉ", 10), ("cafe", 10), ("resume", 10),
        ]
        for (query, line) in expected {
            let run = await CommandRun.run(["search", "notes", query], in: folder)
            #expect(run.status == 0, "\(query)")
            #expect(run.standardOutput.hasPrefix("note.md:\(line): "), "\(query): \(run.standardOutput)")
            #expect(run.standardOutput.split(separator: "\n").count == 1, "\(query)")
        }
        let both = await CommandRun.run(["search", "notes", "教程", "東京"], in: folder)
        #expect(both.status == 0 && both.standardOutput.hasPrefix("note.md:"))
        #expect(await CommandRun.run(["search", "notes", "目录"], in: folder) == CommandRun(status: 0))
    }

    @Test func aMissingRootIsAnError() async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "nowhere", "fox"], in: folder) == CommandRun(
            status: 2, standardError: "nowhere: no such file or folder\n"))
        #expect(await CommandRun.run(["search", "ws/beta.md", "fox"], in: folder) == CommandRun(
            status: 2, standardError: "ws/beta.md: is a file; give a folder\n"))
        #expect(await CommandRun.run(["search", "ws", "fox", "--limit", "0"], in: folder) == CommandRun(
            status: 2, standardError: "tiledit search: `--limit` takes a positive number, not `0`\nRun 'tiledit search --help' for usage.\n"))
    }
}
