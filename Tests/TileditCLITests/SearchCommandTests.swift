import Foundation
import Testing
import TileditCLI
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

    @Test func noResultsPrintNothing() async throws {
        let folder = try makeFolder(Self.files)
        #expect(await CommandRun.run(["search", "ws", "zebra"], in: folder) == CommandRun(status: 0))
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
