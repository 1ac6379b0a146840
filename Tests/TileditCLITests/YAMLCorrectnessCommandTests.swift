import Foundation
import Testing

/// `check` and `set` on the YAML a tester found nobody had tried: tabs
/// that are block scalar content, aliases before their anchor, values
/// whose type an edit kept or refused. Exact output and bytes.
@Suite("check and set on YAML correctness cases")
struct YAMLCorrectnessCommandTests {
    private static let makefile = "recipe: |\n  \t$(CC) -o app main.c\n  \tstrip app\nname: build\n"

    @Test func aTabAfterABlockScalarsIndentationIsContent() async throws {
        let folder = try makeFolder([
            "mk.yml": Self.makefile, "folded.yml": "k: >\n  \tx\n", "blank.yml": "k: |\n\n  \tx\n",
            "page.md": "---\ntitle: A\nrecipe: |\n  \tmake\n---\n\nBody\n",
        ])
        // Read, and a warning that libyaml's tools stop there, with the indicator that lets them read it.
        #expect(await CommandRun.run(["check", "blank.yml", "folded.yml", "mk.yml", "page.md"], in: folder) == CommandRun(status: 0, standardOutput: """
            blank.yml:1:4: warning: this block scalar's first line has a tab after its indentation, which YAML reads as content, but libyaml 0.2.5 and the tools built on it (PyYAML's C loader, Ruby's Psych and so Jekyll) stop here; write the indentation indicator `|2`
            folded.yml:1:4: warning: this block scalar's first line has a tab after its indentation, which YAML reads as content, but libyaml 0.2.5 and the tools built on it (PyYAML's C loader, Ruby's Psych and so Jekyll) stop here; write the indentation indicator `>2`
            mk.yml:1:9: warning: this block scalar's first line has a tab after its indentation, which YAML reads as content, but libyaml 0.2.5 and the tools built on it (PyYAML's C loader, Ruby's Psych and so Jekyll) stop here; write the indentation indicator `|2`
            page.md:3:9: warning: this block scalar's first line has a tab after its indentation, which YAML reads as content, but libyaml 0.2.5 and the tools built on it (PyYAML's C loader, Ruby's Psych and so Jekyll) stop here; write the indentation indicator `|2`

            """))
        let set = await CommandRun.run(["set", "mk.yml", "--yaml", "name=b2"], in: folder)
        #expect(set.status == 0)
        #expect(try text(of: "mk.yml", in: folder) == "recipe: |\n  \t$(CC) -o app main.c\n  \tstrip app\nname: b2\n")
    }

    @Test func aTabThatIndentsIsStillReported() async throws {
        let folder = try makeFolder(["bad.yml": "a: 1\n\tb: 2\n"])
        #expect(await CommandRun.run(["check", "bad.yml"], in: folder) == CommandRun(status: 1, standardOutput: """
            bad.yml:2:1: error: tab used for indentation; YAML indentation must be spaces

            """))
    }

    @Test func anAliasBeforeItsAnchorIsAnError() async throws {
        let folder = try makeFolder([
            "nope.yml": "x: *nope\ny: 1\n", "later.yml": "x: *later\ny: &later 1\n", "page.md": "---\nauthor: *who\n---\n\nBody\n",
        ])
        #expect(await CommandRun.run(["check", "nope.yml", "later.yml", "page.md"], in: folder) == CommandRun(status: 1, standardOutput: """
            later.yml:1:4: error: `*later` refers to no anchor before it; an alias must come after an anchor `&later` in the same document
            nope.yml:1:4: error: `*nope` refers to no anchor before it; an alias must come after an anchor `&nope` in the same document
            page.md:2:9: error: `*who` refers to no anchor before it; an alias must come after an anchor `&who` in the same document

            """))
        let set = await CommandRun.run(["set", "later.yml", "--yaml", "y=2"], in: folder)
        #expect(!set.standardError.contains("other place"))
    }

    @Test(arguments: [
        ("hex: 0x1F\n", "hex=0x20", "hex: 0x20\n"),
        ("nul: null\n", "nul=3", "nul: 3\n"),
    ])
    func setKeepsTheType(source: String, edit: String, expected: String) async throws {
        let folder = try makeFolder(["v.yaml": source])
        #expect(await CommandRun.run(["set", "v.yaml", "--yaml", edit], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "v.yaml", in: folder) == expected)
    }

    @Test func aTimestampInYAMLFrontMatterIsNotReplacedByNoDay() async throws {
        let folder = try makeFolder(["page.md": "---\nlastmod: 2024-01-05\n---\n\nBody\n"])
        let run = await CommandRun.run(["set", "page.md", "--front-matter", "lastmod=2024-13-01"], in: folder)
        #expect(run.status != 0)
        #expect(run.standardError.contains("`lastmod` holds a date, and `2024-13-01` names no day of the calendar"))
        #expect(try text(of: "page.md", in: folder) == "---\nlastmod: 2024-01-05\n---\n\nBody\n")
    }
}
