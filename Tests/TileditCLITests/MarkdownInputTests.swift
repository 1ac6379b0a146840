import Foundation
import Testing
import TileditTestSupport

/// The commands on the Markdown inputs of the correctness work: lone CR
/// line endings, footnotes, front matter that other tools end early.
@Suite("Markdown inputs in the commands")
struct MarkdownInputTests {
    @Test func jsonReportsCROnlyLinesAndBlocks() async throws {
        let folder = try makeFolder(["cr.md": "aaa\r\rbbb\r"])
        let run = await CommandRun.run(["json", "cr.md"], in: folder)
        #expect(run == CommandRun(status: 0, standardOutput: """
            {
              "path": "cr.md",
              "dialect": "yaml",
              "lineEnding": "cr",
              "byteOrderMark": false,
              "blocks": [
                {
                  "id": 1,
                  "kind": "paragraph",
                  "range": {"start": 0, "end": 4},
                  "lines": {"first": 1, "last": 1},
                  "diagnostics": []
                },
                {
                  "id": 2,
                  "kind": "paragraph",
                  "range": {"start": 5, "end": 9},
                  "lines": {"first": 3, "last": 3},
                  "diagnostics": []
                }
              ]
            }

            """))
    }

    @Test func fmtKeepsACROnlyFileCROnly() async throws {
        let folder = try makeFolder(["code.md": "    ***\r"])
        let once = await CommandRun.run(["fmt", "code.md"], in: folder)
        #expect(once == CommandRun(status: 0, standardOutput: "```\r***\r```\r"))
        let write = await CommandRun.run(["fmt", "--write", "code.md"], in: folder)
        #expect(write.status == 0)
        #expect(await CommandRun.run(["fmt", "--check", "code.md"], in: folder) == CommandRun(status: 0))
    }

    @Test func checkWarnsWhenFrontMatterHidesLinesOtherToolsPublish() async throws {
        let folder = try makeFolder(["page.md": "---\ntitle: A\n--- \nsecret: internal note\n---\n\nBody.\n"])
        let run = await CommandRun.run(["check", "page.md"], in: folder)
        // To YAML the `--- ` line starts a second document: an error as well.
        #expect(run == CommandRun(status: 1, standardOutput: """
            page.md:3:1: warning: `---` on line 3 has trailing whitespace, so it does not end the front matter here; tools that allow the whitespace end it here and would publish the lines after it as text
            page.md:3:1: error: front matter holds more than one YAML document (a `...` or `---` line ends the first); only one can be read, so remove the line or the text after it

            """))
        #expect(await CommandRun.run(["fmt", "--check", "page.md"], in: folder) == CommandRun(status: 0))
        let render = await CommandRun.run(["render", "--fragment", "page.md"], in: folder)
        #expect(render.standardOutput == "<p>Body.</p>\n")
    }

    @Test func renderShowsFootnotesAsGitHubDoes() async throws {
        let folder = try makeFolder(["note.md": "Text[^n].\n\n[^n]: The note.\n\n    More of it.\n"])
        let render = await CommandRun.run(["render", "--fragment", "note.md"], in: folder)
        #expect(render.standardOutput == """
            <p>Text<sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup>.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-n">
            <p>The note.</p>
            <p>More of it. <a href="#fnref-n" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
            </li>
            </ol>
            </section>

            """)
        #expect(await CommandRun.run(["fmt", "--check", "note.md"], in: folder) == CommandRun(status: 0))
    }

    @Test func checkSaysWhichLinesAnUnclosedTileKeeps() async throws {
        let folder = try makeFolder(["open.md": "Intro\n\n:::tile callout\ntitle: Hi\nbody: x\n\n# Next\n"])
        let run = await CommandRun.run(["check", "open.md"], in: folder)
        #expect(run == CommandRun(status: 1, standardOutput: """
            open.md:3:1: error: `:::tile callout` opened at line 3 has no closing `:::`, so lines 3–5 are kept as written and read as Markdown; add a line `:::` where the tile ends

            """))
    }
}
