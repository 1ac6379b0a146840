import Foundation
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

@Suite("tiledit fmt")
struct FormatCommandTests {
    static let shorthand = "# Title\n\nSome *text* here.\n\n:::chart\ntype: bar\ntitle: Sales\nlabels: Q1, Q2\nseries.Units: 3, 5\n:::\n\nEnd.\n"
    static let canonical = "# Title\n\nSome *text* here.\n\n:::tile chart\ntype: bar\nlabels: Q1, Q2\ntitle: Sales\nseries.Units: 3, 5\n:::\n\nEnd.\n"

    @Test func withoutAnOptionItPrintsTheFormattedText() async throws {
        let folder = try makeFolder(["a.md": Self.shorthand])
        #expect(await CommandRun.run(["fmt", "a.md"], in: folder) == CommandRun(status: 0, standardOutput: Self.canonical))
        #expect(try text(of: "a.md", in: folder) == Self.shorthand)
    }

    @Test func checkPrintsAUnifiedDiffAndExitsOne() async throws {
        let folder = try makeFolder(["posts/a.md": Self.shorthand, "posts/b.md": Self.canonical])
        let run = await CommandRun.run(["fmt", "--check", "posts"], in: folder)
        #expect(run == CommandRun(status: 1, standardOutput: """
            --- a/posts/a.md
            +++ b/posts/a.md
            @@ -2,10 +2,10 @@
             
             Some *text* here.
             
            -:::chart
            +:::tile chart
             type: bar
            -title: Sales
             labels: Q1, Q2
            +title: Sales
             series.Units: 3, 5
             :::
             

            """))
        #expect(try text(of: "posts/a.md", in: folder) == Self.shorthand)
    }

    @Test func checkExitsZeroWhenEveryFileIsCanonical() async throws {
        let folder = try makeFolder(["b.md": Self.canonical, "c.yaml": "a:   1\n"])
        #expect(await CommandRun.run(["fmt", "--check", "."], in: folder) == CommandRun(status: 0))
    }

    @Test func aMissingFinalLineBreakShowsInTheDiff() async throws {
        let folder = try makeFolder(["a.md": "# A"])
        let run = await CommandRun.run(["fmt", "--check", "a.md"], in: folder)
        #expect(run == CommandRun(status: 1, standardOutput: """
            --- a/a.md
            +++ b/a.md
            @@ -1,1 +1,1 @@
            -# A
            \\ No newline at end of file
            +# A

            """))
    }

    @Test func writeRewritesOnlyTheFilesThatAreNotCanonical() async throws {
        let folder = try makeFolder(["docs/a.md": Self.shorthand, "docs/b.md": Self.canonical, "docs/c.yml": "a:   1\n"])
        let untouched = try fileNumber(of: "docs/b.md", in: folder)
        let run = await CommandRun.run(["fmt", "--write", "--verbose", "docs"], in: folder)
        #expect(run == CommandRun(status: 0, standardError: "formatted docs/a.md\ndocs/c.yml: skipped (not Markdown)\n"))
        #expect(try text(of: "docs/a.md", in: folder) == Self.canonical)
        #expect(try text(of: "docs/b.md", in: folder) == Self.canonical)
        #expect(try fileNumber(of: "docs/b.md", in: folder) == untouched)
        #expect(try text(of: "docs/c.yml", in: folder) == "a:   1\n")
        #expect(TestSupport.listTree(folder) == ["docs", "docs/a.md", "docs/b.md", "docs/c.yml"])
    }

    @Test func writeRefusesAFileChangedBetweenLoadAndSave() async throws {
        let folder = try makeFolder(["a.md": Self.shorthand])
        let journal = folder.appendingPathComponent(".journal")
        var store = DocumentStore.testing(journalFolder: journal)
        let save = store.saveWithOptions
        store.saveWithOptions = { url, bytes, expected, options in
            // Another program writes the file after it was read.
            try Data("# Changed elsewhere\n".utf8).write(to: url)
            return try await save(url, bytes, expected, options)
        }
        let run = await CommandRun.run(["fmt", "--write", "a.md"], in: folder, documentStore: store)
        #expect(run == CommandRun(status: 2, standardError: "a.md: changed on disk since it was read; not written\n"))
        #expect(try text(of: "a.md", in: folder) == "# Changed elsewhere\n")
        #expect(TestSupport.listTree(folder) == ["a.md"])
    }

    @Test func severalFilesWithoutAnOptionAreAUsageError() async throws {
        let folder = try makeFolder(["a.md": "# A\n", "b.md": "# B\n"])
        #expect(await CommandRun.run(["fmt", "a.md", "b.md"], in: folder) == CommandRun(status: 2, standardError: """
            tiledit fmt: without --check or --write, give exactly one file
            Run 'tiledit fmt --help' for usage.

            """))
    }

    @Test func checkAndWriteTogetherAreAUsageError() async throws {
        let run = await CommandRun.run(["fmt", "--check", "--write", "a.md"], in: try makeFolder())
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("tiledit fmt: use --check or --write, not both\n"))
    }

    @Test func aYAMLFileIsNotFormatted() async throws {
        let folder = try makeFolder(["c.yaml": "a: 1\n"])
        #expect(await CommandRun.run(["fmt", "c.yaml"], in: folder) == CommandRun(
            status: 2, standardError: "c.yaml: not a Markdown file; fmt formats Markdown only\n"))
    }

    @Test func badInputIsReportedAndNotWritten() async throws {
        let folder = try makeFolder(["a.md": Self.shorthand])
        try TestSupport.writeFile([0x61, 0xC3, 0x28, 0x0A], at: "bad.md", in: folder)
        let before = try snapshot(of: folder)
        let run = await CommandRun.run(["fmt", "--write", "bad.md", "gone.md"], in: folder)
        #expect(run == CommandRun(status: 2, standardError: """
            gone.md: no such file or folder
            bad.md:1:2: error: invalid UTF-8 at byte 1; the file was not changed

            """))
        #expect(try snapshot(of: folder) == before)
    }

    /// Case 49's rule for every command: a YAML file `fmt` leaves alone is
    /// still read, so one that is not UTF-8 is named with its place and
    /// the status is 2, with --check and --write, named or found in a
    /// folder, wherever the bad byte is; a good one stays silent.
    @Test("a YAML file that is not UTF-8 is named and makes fmt --check and --write exit 2")
    func aYAMLFileThatIsNotUTF8IsNamed() async throws {
        let text = Array("title: Menu\nplace: cafe\nlist:\n  - one\n".utf8)
        for position in [0, 5, 11, 19, text.count - 2] {
            var bytes = text
            bytes[position] = 0xE9
            let folder = try makeFolder(["ws/a.md": Self.canonical, "ws/good.yaml": "a: 1\n"])
            try TestSupport.writeFile(bytes, at: "ws/data/bad.yml", in: folder)
            let line = text[..<position].filter { $0 == 0x0A }.count + 1
            let column = position - (text[..<position].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            let problem = "ws/data/bad.yml:\(line):\(column): error: invalid UTF-8 at byte \(position); the file was not changed\n"
            let before = try snapshot(of: folder)
            for mode in ["--check", "--write"] {
                #expect(await CommandRun.run(["fmt", mode, "ws"], in: folder) == CommandRun(status: 2, standardError: problem), "\(mode) at \(position)")
                #expect(await CommandRun.run(["fmt", mode, "ws/data/bad.yml"], in: folder) == CommandRun(status: 2, standardError: problem))
                #expect(await CommandRun.run(["fmt", mode, "ws/good.yaml"], in: folder) == CommandRun(status: 0))
            }
            #expect(try snapshot(of: folder) == before)
        }
    }
}
