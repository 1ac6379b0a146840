import Foundation
import Testing
import TileditCLI
import TileditTestSupport

@Suite("tiledit json")
struct JSONCommandTests {
    @Test func aMarkdownDocumentGivesItsBlocksTilesAndFrontMatter() async throws {
        let folder = try makeFolder(["small.md": "---\ntitle: Hello\n---\n\n:::tile callout\nid: note\ntags:\n- a\n- b\n:::\n"])
        let run = await CommandRun.run(["json", "small.md"], in: folder)
        #expect(run == CommandRun(status: 0, standardOutput: """
            {
              "path": "small.md",
              "dialect": "yaml",
              "lineEnding": "lf",
              "byteOrderMark": false,
              "blocks": [
                {
                  "id": 1,
                  "kind": "frontMatter",
                  "range": {"start": 0, "end": 21},
                  "lines": {"first": 1, "last": 3},
                  "frontMatter": {
                    "dialect": "yaml",
                    "fields": [
                      {
                        "key": "title",
                        "value": "Hello",
                        "range": {"start": 4, "end": 16}
                      }
                    ]
                  },
                  "diagnostics": []
                },
                {
                  "id": 2,
                  "kind": "tile",
                  "range": {"start": 22, "end": 65},
                  "lines": {"first": 5, "last": 10},
                  "tile": {
                    "type": "callout",
                    "form": "directive",
                    "id": "note",
                    "properties": [
                      {
                        "key": "id",
                        "value": "note",
                        "form": "text",
                        "range": {"start": 38, "end": 47}
                      },
                      {
                        "key": "tags",
                        "items": [
                          "a",
                          "b"
                        ],
                        "form": "list",
                        "range": {"start": 47, "end": 61}
                      }
                    ]
                  },
                  "diagnostics": [
                    {
                      "line": 7,
                      "column": 1,
                      "severity": "warning",
                      "code": "tile.unknown-property",
                      "message": "tile `callout` has no property `tags`; it is kept as written"
                    }
                  ]
                }
              ]
            }

            """))
    }

    @Test func aYAMLFileGivesItsTree() async throws {
        let folder = try makeFolder(["s.yaml": "a: &x 1\nb: *x\nc: [\"two\"]\n"])
        let run = await CommandRun.run(["json", "s.yaml"], in: folder)
        #expect(run == CommandRun(status: 0, standardOutput: """
            {
              "path": "s.yaml",
              "dialect": "yaml",
              "lineEnding": "lf",
              "byteOrderMark": false,
              "documents": [
                {
                  "kind": "mapping",
                  "range": {"start": 0, "end": 24},
                  "style": "block",
                  "pairs": [
                    {
                      "key": {
                        "kind": "scalar",
                        "range": {"start": 0, "end": 1},
                        "value": "a",
                        "style": "plain"
                      },
                      "value": {
                        "kind": "scalar",
                        "range": {"start": 6, "end": 7},
                        "anchor": "x",
                        "value": "1",
                        "style": "plain"
                      }
                    },
                    {
                      "key": {
                        "kind": "scalar",
                        "range": {"start": 8, "end": 9},
                        "value": "b",
                        "style": "plain"
                      },
                      "value": {
                        "kind": "alias",
                        "range": {"start": 11, "end": 13},
                        "alias": "x"
                      }
                    },
                    {
                      "key": {
                        "kind": "scalar",
                        "range": {"start": 14, "end": 15},
                        "value": "c",
                        "style": "plain"
                      },
                      "value": {
                        "kind": "sequence",
                        "range": {"start": 17, "end": 24},
                        "style": "flow",
                        "items": [
                          {
                            "kind": "scalar",
                            "range": {"start": 18, "end": 23},
                            "value": "two",
                            "style": "doubleQuoted"
                          }
                        ]
                      }
                    }
                  ]
                }
              ],
              "diagnostics": []
            }

            """))
    }

    @Test func textIsWrittenAsUTF8AndControlCharactersAreEscaped() async throws {
        let folder = try makeFolder(["tiledown.yml": "title: Café \"☕\"\\\n"])
        let run = await CommandRun.run(["json", "tiledown.yml"], in: folder)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains(#""value": "Café \"☕\"\\","#))
        #expect(run.standardOutput.contains(#""dialect": "flat","#))
    }

    @Test func aFolderIsNotAFile() async throws {
        let folder = try makeFolder(["docs/a.md": "# A\n"])
        #expect(await CommandRun.run(["json", "docs"], in: folder) == CommandRun(
            status: 2, standardError: "docs: is a folder; give a file\n"))
    }

    @Test func aMissingFileIsReported() async throws {
        #expect(await CommandRun.run(["json", "nope.md"], in: try makeFolder()) == CommandRun(
            status: 2, standardError: "nope.md: no such file or folder\n"))
    }
}
