import Foundation
import Testing
import TileditCLI
import TileditTestSupport

/// `check` and `json` on Markdown other site tools write: positions at the
/// text's column and where a quote opens, admonitions not flagged, `...`
/// closing front matter, nested front matter values as JSON.
@Suite("tiledit check and json on unseen sites")
struct UnseenSiteCommandTests {
    @Test func checkGivesExactPositionsForIndentedTilesAndUnclosedQuotes() async throws {
        let folder = try makeFolder([
            "a.md": "- item\n\n  :::tile callout\n  title: Hi\n  :::\n",
            "b.md": "---\ntitle: \"abc\ndate: 2024\n---\n\nText\n",
            "c.md": "---\ntitle: A\n...\n\nText\n",
            "d.md": ":::note\nSome *prose*.\n:::\n\n::::tip My Title\nOuter\n:::warning\nInner\n:::\n::::\n",
        ])
        let run = await CommandRun.run(["check", "a.md", "b.md", "c.md", "d.md"], in: folder)
        #expect(run.standardOutput == """
            a.md:3:3: warning: this tile is indented under a list item, where CommonMark reads its lines as part of the item; Tiledown reads a tile here, which ends the list
            b.md:2:8: error: invalid YAML: while scanning a quoted scalar: found unexpected end of stream

            """)
    }

    @Test func jsonGivesNestedFrontMatterValuesAsObjectsAndArrays() async throws {
        let folder = try makeFolder(["e.md": "---\nauthor:\n  name: A\nlinks:\n  - title: x\n---\n"])
        let run = await CommandRun.run(["json", "e.md"], in: folder)
        #expect(run.standardOutput.contains("""
                        "key": "author",
                        "value": {
                          "name": "A"
                        },
            """), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("""
                        "key": "links",
                        "value": [
                          {
                            "title": "x"
                          }
                        ],
            """), "\(run.standardOutput)")
    }
}
