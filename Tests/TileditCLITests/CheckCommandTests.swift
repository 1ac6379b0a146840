import Foundation
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

@Suite("tiledit check")
struct CheckCommandTests {
    @Test(.enabled(if: TestSupport.casesFolder != nil))
    func sharedCasesGiveTheirDiagnosticsAtFilePositions() async throws {
        let shared = try #require(TestSupport.sharedFolder)
        let run = await CommandRun.run(["check", "cases"], in: shared)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let selected = lines.filter { line in ["16-", "24-", "34-", "36-"].contains { line.hasPrefix("cases/" + $0) } }
        #expect(selected == [
            "cases/16-colon-space-in-plain-value/input.md:2:14: error: the value contains `: `, which YAML reads as a new key; quote the value",
            "cases/24-tabs-in-yaml/input.md:4:1: error: tab used for indentation; YAML indentation must be spaces",
            "cases/34-nested-tile-same-marker/input.md:3:1: error: a tile cannot start inside tile `outer` (opened at line 1); tiles do not nest",
            "cases/34-nested-tile-same-marker/input.md:6:1: warning: closing `:::` with no open tile; remove it or open a tile above",
            "cases/36-trailing-space-on-fence/input.md:1:1: warning: this looks like front matter, but the `---` delimiter has trailing whitespace, so it is not read as front matter",
        ])
        let paths = lines.map { String($0.prefix { $0 != ":" }) }
        #expect(paths == paths.sorted())
        // Case 49 is not UTF-8: it is named on standard error and makes the run exit 2.
        #expect(run.status == 2)
        #expect(run.standardError == "cases/49-non-utf8-bytes-refused/input.md:3:11: error: invalid UTF-8 at byte 26; the file was not changed\n")
    }

    @Test func aFileWithoutProblemsPrintsNothingAndExitsZero() async throws {
        let folder = try makeFolder(["clean.md": "# Clean\n\nText.\n"])
        #expect(await CommandRun.run(["check", "clean.md"], in: folder) == CommandRun(status: 0))
    }

    @Test func warningsArePrintedAndExitZero() async throws {
        let folder = try makeFolder(["spaced.md": "--- \ntitle: Spaced\n---\n\nBody\n"])
        let run = await CommandRun.run(["check", "spaced.md"], in: folder)
        #expect(run == CommandRun(status: 0, standardOutput: """
            spaced.md:1:1: warning: this looks like front matter, but the `---` delimiter has trailing whitespace, so it is not read as front matter

            """))
    }

    @Test func errorsExitOneAndAreSortedByPathThenPosition() async throws {
        let folder = try makeFolder([
            "b.md": ":::tile callout\nid: outer\n:::tile callout\ntitle: Inner\n:::\n:::\n",
            "a.md": "---\ntitle: Part 1: The Start\n---\n",
        ])
        let run = await CommandRun.run(["check", "b.md", "a.md"], in: folder)
        #expect(run == CommandRun(status: 1, standardOutput: """
            a.md:2:14: error: the value contains `: `, which YAML reads as a new key; quote the value
            b.md:3:1: error: a tile cannot start inside tile `outer` (opened at line 1); tiles do not nest
            b.md:6:1: warning: closing `:::` with no open tile; remove it or open a tile above

            """))
    }

    @Test func infoNotesArePrintedOnlyWithInfo() async throws {
        let folder = try makeFolder(["config.yaml": "enabled: NO\n"])
        #expect(await CommandRun.run(["check", "config.yaml"], in: folder) == CommandRun(status: 0))
        let run = await CommandRun.run(["check", "--info", "config.yaml"], in: folder)
        #expect(run == CommandRun(status: 0, standardOutput: """
            config.yaml:1:10: info: YAML 1.1 readers may read `NO` as a boolean; quote it if you mean text

            """))
    }

    @Test func siteConfigurationMistakesAreReportedAtTheirLineAndColumn() async throws {
        let folder = try makeFolder([
            "site/tiledown.yaml": "titel: Site\r\nlayout: topnav\r\nnewsletter.title: Join\r\ntheme.dark.accent: #63b3ed\r\n",
            "site/index.md": "---\ntitle: Home\n---\n",
        ])
        let run = await CommandRun.run(["check", "--info", "site"], in: folder)
        #expect(run == CommandRun(status: 1, standardOutput: """
            site/tiledown.yaml:1:1: error: unknown key `titel`; did you mean `title`? Tiledown stops the build on an unknown key
            site/tiledown.yaml:2:9: error: `layout` must be one of `top-nav`, `left-sidebar` (or `leftSidebar`, `topNav`); found `topnav`
            site/tiledown.yaml:3:1: error: `newsletter.username` (the Buttondown username) is required when a `newsletter.*` key is set
            site/tiledown.yaml:4:20: info: Tiledown reads `#63b3ed` as the value; YAML would read a comment and no value

            """))
    }

    @Test func aFolderIsCheckedWithTheWorkspaceRulesAndItsDialect() async throws {
        let folder = try makeFolder([
            "site/tiledown.yml": "title: Site\n",
            // Tiledown's flat front matter: the second colon is part of the value.
            "site/posts/a.md": "---\ntitle: Part 1: The Start\n---\n",
            "site/data.yaml": "key:\n\t- tab\n",
            "site/.hidden/x.md": ":::tile\n",
            "site/node_modules/y.md": ":::tile\n",
            "site/notes.txt": ":::tile\n",
        ])
        let run = await CommandRun.run(["check", "site/", "--format", "json"], in: folder)
        #expect(run.status == 1)
        #expect(run.standardOutput == """
            {
              "files": [
                {
                  "path": "site/data.yaml",
                  "diagnostics": [
                    {
                      "line": 2,
                      "column": 1,
                      "severity": "error",
                      "code": "yaml.tab-indentation",
                      "message": "tab used for indentation; YAML indentation must be spaces",
                      "fix": {
                        "title": "Replace the tab with two spaces",
                        "edits": [
                          {
                            "start": 5,
                            "end": 6,
                            "replacement": "  "
                          }
                        ]
                      }
                    }
                  ]
                },
                {
                  "path": "site/posts/a.md",
                  "diagnostics": []
                },
                {
                  "path": "site/tiledown.yml",
                  "diagnostics": []
                }
              ],
              "errors": 1,
              "warnings": 0
            }

            """)
    }

    @Test func unreadableFilesAreReportedTheOthersCheckedAndNothingWritten() async throws {
        let folder = try makeFolder(["docs/good.md": "# Good\n", "docs/error.md": "---\ntitle: a: b\n---\n"])
        try TestSupport.writeFile([0x23, 0x20, 0x41, 0x0A, 0x62, 0xFF, 0x0A], at: "docs/latin1.md", in: folder)
        try TestSupport.writeFile([0x23, 0x00, 0x01], at: "docs/binary.md", in: folder)
        let before = try snapshot(of: folder)
        let run = await CommandRun.run(["check", "missing.md", "docs"], in: folder)
        #expect(run == CommandRun(
            status: 2,
            standardOutput: "docs/error.md:2:9: error: the value contains `: `, which YAML reads as a new key; quote the value\n",
            standardError: """
                missing.md: no such file or folder
                docs/binary.md:1:2: error: binary file (a NUL byte at byte 1); the file was not changed
                docs/latin1.md:2:2: error: invalid UTF-8 at byte 5; the file was not changed

                """))
        #expect(try snapshot(of: folder) == before)
    }

    @Test func aFileOverTheSizeLimitIsRefusedWithoutBeingRead() async throws {
        let folder = try makeFolder()
        let url = folder.appendingPathComponent("huge.md")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        // A sparse file: 257 MB long, no data written.
        try handle.truncate(atOffset: UInt64(257 * 1024 * 1024))
        try handle.close()
        let run = await CommandRun.run(["check", "huge.md"], in: folder)
        #expect(run == CommandRun(
            status: 2, standardError: "huge.md: the file is 257 MB, over the limit of 256 MB; the file was not changed\n"))
    }

    @Test func noPathIsAUsageError() async throws {
        let run = await CommandRun.run(["check", "--info"], in: try makeFolder())
        #expect(run == CommandRun(status: 2, standardError: """
            tiledit check: give at least one file or folder
            Run 'tiledit check --help' for usage.

            """))
    }

    /// Front matter values follow the rule the editor's fields check typed
    /// values with: a date that is no day of the calendar, a word where a
    /// boolean or a whole number goes. YAML front matter also takes a YAML
    /// timestamp; Tiledown's flat dialect only `YYYY-MM-DD`.
    @Test func frontMatterValuesThatBreakTheirRuleAreErrorsAtTheValue() async throws {
        let folder = try makeFolder([
            "a.md": "---\ntitle: T\ndate: 2026-02-30\ndraft: maybe\n---\n\nText.\n",
            "b.md": "---\ndate: 2026-03-01 10:00:00Z\nweight: x\n---\n",
            "c.md": "---\ndate: 2028-02-29\nweight: -3\ndraft: yes\n---\n",
        ])
        let run = await CommandRun.run(["check", "."], in: folder)
        #expect(run == CommandRun(status: 1, standardOutput: """
            a.md:3:7: error: `date` must be a date written YYYY-MM-DD; found `2026-02-30`
            a.md:4:8: error: `draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `maybe`
            b.md:3:9: error: `weight` must be a whole number; found `x`
            c.md:4:8: error: `draft` must be true or false (yes/no and on/off are text in YAML, 1/0 numbers); found `yes`

            """))
        try Data("title: Site\n".utf8).write(to: folder.appendingPathComponent("tiledown.yml"))
        let flat = await CommandRun.run(["check", "b.md"], in: folder)
        #expect(flat == CommandRun(status: 1, standardOutput: """
            b.md:2:7: error: `date` must be a date written YYYY-MM-DD; found `2026-03-01 10:00:00Z`
            b.md:3:9: error: `weight` must be a whole number; found `x`

            """))
    }
}
