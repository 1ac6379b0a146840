import Foundation
import Testing
import TileditCLI
import TileditTestSupport

@Suite("CommandLineTool")
struct CommandLineToolTests {
    @Test func versionPrintsTheVersion() async throws {
        #expect(await CommandRun.run(["--version"], in: try makeFolder()) == CommandRun(status: 0, standardOutput: "tiledit 0.1.0\n"))
    }

    @Test func helpListsEveryCommandWithOneLine() async throws {
        let expected = """
            tiledit 0.1.0: edit Tiledown Markdown and YAML content

            Usage: tiledit [PATH]             Open the terminal editor on a folder or a file
                   tiledit COMMAND ARGS...    Run a headless command

            Commands:
              check   Report problems in Markdown and YAML files (path:line:col: severity: message)
              fmt     Format Markdown files in canonical form (print, --check or --write)
              json    Print a document's blocks and tiles, or a YAML file's tree, as JSON
              render  Render a Markdown file as an HTML page (or --fragment)
              set     Set front-matter fields, tile properties or YAML values (minimal edits)
              search  Search a content folder (words, "phrases", tag:, type:, draft:)
              lsp     Serve the Language Server Protocol on standard input and output (tiledit lsp --help)
              help    Show this help, or a command's help: tiledit help COMMAND

            Options:
              -h, --help  Show this help
              --version   Print the version

            Run 'tiledit COMMAND --help' for a command's arguments and exit status.

            """
        let folder = try makeFolder()
        for arguments in [["help"], ["--help"], ["-h"]] {
            #expect(await CommandRun.run(arguments, in: folder) == CommandRun(status: 0, standardOutput: expected))
        }
    }

    @Test(arguments: ["check", "fmt", "json", "render", "set", "search"])
    func everyCommandHasHelp(command: String) async throws {
        let folder = try makeFolder()
        let run = await CommandRun.run([command, "--help"], in: folder)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput.hasPrefix("Usage: tiledit \(command) "))
        #expect(run.standardOutput.contains("Exit status: "))
        #expect(await CommandRun.run(["help", command], in: folder) == run)
    }

    @Test func anUnknownCommandOrOptionIsAUsageError() async throws {
        let folder = try makeFolder()
        #expect(await CommandRun.run(["help", "frobnicate"], in: folder) == CommandRun(
            status: 2, standardError: "tiledit help: unknown command `frobnicate`; run 'tiledit help' for the commands\n"))
        #expect(await CommandRun.run(["check", "--fast", "a.md"], in: folder) == CommandRun(
            status: 2, standardError: "tiledit check: unknown option `--fast`\nRun 'tiledit check --help' for usage.\n"))
    }

    @Test func commandWordsGoToTheToolAndPathsToTheEditor() {
        for words in [["check", "a.md"], ["fmt"], ["json"], ["render"], ["set"], ["search"], ["help"], ["--help"], ["-h"], ["--version"]] {
            #expect(CommandLineTool.handles(words))
        }
        for words in [[], ["."], ["content"], ["./check"], ["notes.md"], ["--verbose"]] {
            #expect(!CommandLineTool.handles(words))
        }
    }
}
