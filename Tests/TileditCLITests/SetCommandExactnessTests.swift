import Foundation
import Testing
import TileditCLI
import TileditTestSupport

/// `tiledit set` on inputs where a value, a key or a document could be
/// misread: arguments split at bytes, the documents of a YAML stream,
/// tags, styles, anchors and keys written twice. Every case states the
/// exact bytes written or the exact refusal.
@Suite("tiledit set: exact edits")
struct SetCommandExactnessTests {
    /// Runs `set` on one file holding `source`; returns the run and the file's text after it.
    private func set(_ name: String, _ source: String, _ edits: [String]) async throws -> (CommandRun, String) {
        let folder = try makeFolder([name: source])
        let run = await CommandRun.run(["set", name] + edits, in: folder)
        return (run, try text(of: name, in: folder))
    }

    // MARK: Arguments as bytes

    @Test func aValueStartingWithACombiningMarkIsSplitAtTheFirstEqualsByte() async throws {
        let (yaml, yamlText) = try await set("page.md", "---\ntitle: Old\n---\n", ["--front-matter", "title=\u{301}=x"])
        #expect(yaml == CommandRun(status: 0))
        #expect(yamlText == "---\ntitle: \u{301}=x\n---\n")
        let (flat, flatText) = try await set("data.yaml", "title: Old\n", ["--yaml", "title=\u{301}=x"])
        #expect(flat == CommandRun(status: 0))
        #expect(flatText == "title: \u{301}=x\n")
        // `--yaml=` too: the option's own `=` is a byte.
        let (inline, inlineText) = try await set("data.yaml", "title: Old\n", ["--yaml=title=\u{301}y"])
        #expect(inline == CommandRun(status: 0))
        #expect(inlineText == "title: \u{301}y\n")
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNamingItsByte() throws {
        let arguments: [[UInt8]] = [Array("set".utf8), Array("a.yaml".utf8), Array("--yaml".utf8), [0x74, 0x3D, 0xC3, 0x28]]
        guard case .failure(let problem) = CommandLineTool.decode(arguments) else {
            Issue.record("decoded")
            return
        }
        #expect(problem.message == "argument 4 is not valid UTF-8 (byte 0xC3 at byte 3); Tiledit does not write bytes it cannot read back, so nothing was done")
        #expect(try CommandLineTool.decode([Array("t=é🚀".utf8)]).get() == ["t=é🚀"])
    }

    @Test func aTileValueThatTiledownWouldChangeIsRefusedWithTheReason() async throws {
        let page = ":::tile callout\nid: note\ntitle: Hi\n:::\n"
        let cases: [(String, String)] = [
            ("body=a\rb", "page.md:1:1: error: the value of `body` holds a carriage return (CR), which a tile cannot hold (Tiledown reads it as a line break)\n"),
            ("body=\nfirst", "page.md:1:1: error: the value of `body` starts with a line break, which Tiledown drops; remove it\n"),
            ("body=last\n", "page.md:1:1: error: the value of `body` ends with a line break, which Tiledown drops; remove it\n"),
            ("body=a\n  \nb", "page.md:1:1: error: line 2 of the value of `body` holds only spaces, which Tiledown reads as an empty line; remove them\n"),
        ]
        for (edit, message) in cases {
            let (run, after) = try await set("page.md", page, ["--tile", "note", edit])
            #expect(run == CommandRun(status: 1, standardError: message))
            #expect(after == page)
        }
        let (run, after) = try await set("page.md", page, ["--tile", "note", "body=a\nb"])
        #expect(run == CommandRun(status: 0))
        #expect(after == ":::tile callout\nid: note\ntitle: Hi\nbody: |\n  a\n  b\n:::\n")
    }

    @Test func aCarriageReturnInAYAMLValueIsWrittenAsAnEscape() async throws {
        let (run, after) = try await set("data.yaml", "a: x\n", ["--yaml", "a=one\rtwo"])
        #expect(run == CommandRun(status: 0))
        #expect(after == "a: \"one\\rtwo\"\n")
        let (flat, flatAfter) = try await set("page.md", "---\na: x\n---\n", ["--front-matter", "a=one\rtwo"])
        #expect(flat == CommandRun(status: 0))
        #expect(flatAfter == "---\na: \"one\\rtwo\"\n---\n")
    }

    @Test func aTileIsNamedByItsPositionOnlyWithDigits() async throws {
        let page = ":::tile callout\nid: note\n:::\n"
        for reference in ["#+1", "#", "#1x", "#\u{661}", "#\u{301}1"] {
            let (run, _) = try await set("page.md", page, ["--tile", reference, "title=X"])
            #expect(run == CommandRun(status: 1, standardError: "page.md: `\(reference)` is not a tile position; write #N with N a number from 1\n"))
        }
        let (run, after) = try await set("page.md", page, ["--tile", "#01", "title=X"])
        #expect(run == CommandRun(status: 0))
        #expect(after == ":::tile callout\nid: note\ntitle: X\n:::\n")
    }

    // MARK: Documents of a stream

    static let stream = "# first\nname: alpha\n---\n# second\nname: beta\nlevel: 2\n...\n---\nname: gamma\n"

    @Test func aPathOnlyOneDocumentHasGoesToThatDocument() async throws {
        let (run, after) = try await set("input.yaml", Self.stream, ["--yaml", "level=3"])
        #expect(run == CommandRun(status: 0))
        #expect(after == "# first\nname: alpha\n---\n# second\nname: beta\nlevel: 3\n...\n---\nname: gamma\n")
    }

    @Test func aPathSeveralDocumentsHaveIsRefusedNamingThem() async throws {
        let (run, after) = try await set("input.yaml", Self.stream, ["--yaml", "name=omega"])
        #expect(run == CommandRun(status: 1, standardError: "input.yaml: `name` is in documents 1, 2 and 3 of this file; choose one with --document N before --yaml\n"))
        #expect(after == Self.stream)
        let (missing, _) = try await set("input.yaml", Self.stream, ["--yaml", "owner=me"])
        #expect(missing == CommandRun(status: 1, standardError: "input.yaml: `owner` is in none of the 3 documents of this file; choose the document to add it to with --document N before --yaml\n"))
    }

    @Test func aRefusalAtTheRootOfADocumentNamesTheDocumentRoot() async throws {
        let (run, after) = try await set("input.yaml", "- a\n- b\n", ["--yaml", "5=x"])
        #expect(run == CommandRun(status: 1, standardError: "input.yaml:1:1: error: the document root has 2 items; there is no item 5\n"))
        #expect(after == "- a\n- b\n")
        let (mapping, _) = try await set("input.yaml", "- a\n", ["--yaml", "name=x"])
        #expect(mapping == CommandRun(status: 1, standardError: "input.yaml:1:1: error: the document root is a list, not a mapping\n"))
    }

    @Test func documentNChoosesTheDocumentOfTheEditsAfterIt() async throws {
        let (second, secondText) = try await set("input.yaml", Self.stream, ["--document", "2", "--yaml", "name=delta"])
        #expect(second == CommandRun(status: 0))
        #expect(secondText == "# first\nname: alpha\n---\n# second\nname: delta\nlevel: 2\n...\n---\nname: gamma\n")
        let (first, firstText) = try await set("input.yaml", Self.stream, ["--document", "1", "--yaml", "name=omega", "--document", "3", "--yaml", "owner=me"])
        #expect(first == CommandRun(status: 0))
        #expect(firstText == "# first\nname: omega\n---\n# second\nname: beta\nlevel: 2\n...\n---\nname: gamma\nowner: me\n")
        let (beyond, _) = try await set("input.yaml", Self.stream, ["--document", "4", "--yaml", "name=x"])
        #expect(beyond == CommandRun(status: 1, standardError: "input.yaml: document 4: the file has 3 documents; there is no document 4\n"))
        let (bad, _) = try await set("input.yaml", Self.stream, ["--document", "0", "--yaml", "name=x"])
        #expect(bad == CommandRun(status: 2, standardError: "tiledit set: `--document 0`: N is a document number, from 1\nRun 'tiledit set --help' for usage.\n"))
    }

    @Test func theHelpSaysHowToChooseADocument() async throws {
        let run = await CommandRun.run(["set", "--help"], in: try makeFolder())
        #expect(run.standardOutput.contains("--document N              The YAML edits after it go to document N of"))
    }

    // MARK: Tags, types and styles

    @Test func aTagIsKeptOnlyWhileTheValueSatisfiesIt() async throws {
        let (refused, after) = try await set("c.yaml", "c: !!int 42\n", ["--yaml", "c=newvalue"])
        #expect(refused == CommandRun(status: 1, standardError: "c.yaml:1:10: error: `c` is tagged `!!int`, so its value must be a whole number such as `42`, `-7` or `0x1F`; `newvalue` is not (remove the tag in the file to store other text)\n"))
        #expect(after == "c: !!int 42\n")
        let accepted: [(String, String, String)] = [
            ("c: !!int 42\n", "c=43", "c: !!int 43\n"),
            ("c: !!float 1.5\n", "c=2e3", "c: !!float 2e3\n"),
            ("c: !!bool true\n", "c=false", "c: !!bool false\n"),
            ("c: !!str 42\n", "c=true", "c: !!str true\n"),
            ("c: !local 42\n", "c=anything: at all", "c: !local \"anything: at all\"\n"),
            ("c: !!timestamp 2001-12-14\n", "c=2002-01-01", "c: !!timestamp 2002-01-01\n"),
        ]
        for (source, edit, expected) in accepted {
            let (run, text) = try await set("c.yaml", source, ["--yaml", edit])
            #expect(run == CommandRun(status: 0), "\(source)")
            #expect(text == expected)
        }
        for (source, edit) in [("c: !!bool true\n", "c=yes"), ("c: !!null ~\n", "c=x"), ("c: !!binary aGk=\n", "c=not base64"), ("c: !!float 1\n", "c=one")] {
            let (run, text) = try await set("c.yaml", source, ["--yaml", edit])
            #expect(run.status == 1, "\(source)")
            #expect(text == source)
        }
    }

    /// A plain date given text shaped like a date that names no day (a
    /// month or day out of range, February 29 of a common year) is refused,
    /// as the editor's date field refuses it; quoted or tagged, it is text.
    @Test(arguments: ["2024-13-45", "2026-02-30", "2100-02-29", "2024-04-31", "2024-00-10"])
    func aPlainDateIsNotGivenADayThatDoesNotExist(value: String) async throws {
        let (run, text) = try await set("v.yaml", "date: 2024-01-05 # due\n", ["--yaml", "date=\(value)"])
        #expect(run == CommandRun(status: 1, standardError: "v.yaml:1:7: error: `date` holds a date, and `\(value)` names no day of the calendar; nothing was changed\n"))
        #expect(text == "date: 2024-01-05 # due\n")
        let (quoted, quotedText) = try await set("q.yaml", "date: \"2024-01-05\"\n", ["--yaml", "date=\(value)"])
        #expect(quoted == CommandRun(status: 0))
        #expect(quotedText == "date: \"\(value)\"\n")
    }

    @Test func aNewValueOfTheSameTypeKeepsTheOldStyle() async throws {
        let cases: [(String, String, String)] = [
            ("date: 2024-01-05\n", "date=2024-02-03", "date: 2024-02-03\n"),
            ("at: 2001-12-14t21:59:43.10-05:00\n", "at=2002-12-14t21:59:43.10-05:00", "at: 2002-12-14t21:59:43.10-05:00\n"),
            ("on: True\n", "on=False", "on: False\n"),
            ("none: ~\n", "none=null", "none: null\n"),
            ("n: 42\n", "n=7", "n: 7\n"),
            ("s: 'single'\n", "s=it's", "s: 'it''s'\n"),
            ("s: \"double\"\n", "s=plain", "s: \"plain\"\n"),
            // A block scalar keeps its final line break, as in the editor's text area.
            ("s: |\n  block\n", "s=two\nlines", "s: |\n  two\n  lines\n"),
            ("s: >-\n  folded\n", "s=one line", "s: >-\n  one line\n"),
            // Readers disagree about this: the new text is quoted.
            ("answer: yes\n", "answer=no", "answer: \"no\"\n"),
        ]
        for (source, edit, expected) in cases {
            let (run, text) = try await set("v.yaml", source, ["--yaml", edit])
            #expect(run == CommandRun(status: 0), "\(source)")
            #expect(text == expected, "\(source)")
        }
    }

    // MARK: Edits that are defined

    @Test func emptyAnchoredTaggedAndExplicitValuesAreSetInPlace() async throws {
        let cases: [(String, String, String)] = [
            ("a: &x\nb: 1\n", "a=v", "a: &x v\nb: 1\n"),
            ("? a\n? b\nc:\n", "c=v", "? a\n? b\nc: v\n"),
            ("? a\n? b\nc:\n", "a=v", "? a\n: v\n? b\nc:\n"),
            ("a: !!str\n", "a=v", "a: !!str v\n"),
            ("{a, b: }\n", "a=v", "{a: v, b: }\n"),
            ("key: &an:chor value\n", "key=new", "key: &an new\n"),
        ]
        for (source, edit, expected) in cases {
            let (run, text) = try await set("v.yaml", source, ["--yaml", edit])
            #expect(run == CommandRun(status: 0), "\(source)")
            #expect(text == expected, "\(source)")
        }
    }

    @Test func theNoteAboutAliasesIsPrinted() async throws {
        let (run, after) = try await set("v.yaml", "base: &b x\nother: *b\nmore: *b\n", ["--yaml", "base=z"])
        #expect(run == CommandRun(status: 0, standardError: "v.yaml: note: 2 other places use the anchor `b` (lines 2, 3) and will see this change\n"))
        #expect(after == "base: &b z\nother: *b\nmore: *b\n")
    }

    /// Aliases on one line are one line of the note; the count is of places.
    @Test func theNoteNamesEachLineOnceAndAFewOfThem() async throws {
        let flow = "base: &b x\nall: [*b, *b, *b]\n"
        let (run, _) = try await set("v.yaml", flow, ["--yaml", "base=z"])
        #expect(run == CommandRun(status: 0, standardError: "v.yaml: note: 3 other places use the anchor `b` (line 2) and will see this change\n"))
        let many = "base: &b x\n" + (1...10).map { "k\($0): *b\n" }.joined()
        let (manyRun, _) = try await set("v.yaml", many, ["--yaml", "base=z"])
        #expect(manyRun == CommandRun(status: 0, standardError: "v.yaml: note: 10 other places use the anchor `b` (lines 2, 3, 4, 5, 6, 7, 8, 9 …) and will see this change\n"))
    }

    // MARK: Keys

    @Test func aKeyWrittenTwiceIsAnErrorAndItsEditIsRefused() async throws {
        let folder = try makeFolder(["v.yaml": "a: 1\nb: 2\na: 3\n", "page.md": "---\ntitle: A\ntitle: B\n---\n"])
        let check = await CommandRun.run(["check", "v.yaml", "page.md"], in: folder)
        #expect(check == CommandRun(status: 1, standardOutput: """
            page.md:3:1: error: key `title` is written twice in this mapping, on line 2 and line 3; YAML readers keep only one of them, so Tiledit does not edit it until one is removed
            v.yaml:3:1: error: key `a` is written twice in this mapping, on line 1 and line 3; YAML readers keep only one of them, so Tiledit does not edit it until one is removed

            """))
        let refused = await CommandRun.run(["set", "v.yaml", "--yaml", "a=9"], in: folder)
        #expect(refused == CommandRun(status: 1, standardError: "v.yaml:1:1: error: `a` is written 2 times in its mapping (lines 1 and 3); YAML readers keep only one, so remove the others before editing it\n"))
        // Other keys stay editable.
        #expect(await CommandRun.run(["set", "v.yaml", "--yaml", "b=9"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "v.yaml", in: folder) == "a: 1\nb: 9\na: 3\n")
    }

    @Test func keysThatDifferOnlyInNormalizationAreTwoKeys() async throws {
        let source = "caf\u{E9}: 1\ncafe\u{301}: 2\n"
        let folder = try makeFolder(["v.yaml": source])
        let check = await CommandRun.run(["check", "v.yaml"], in: folder)
        #expect(check == CommandRun(status: 0, standardOutput: """
            v.yaml:2:1: warning: keys `caf\u{E9}` on line 1 and `cafe\u{301}` on line 2 look the same but are written with different characters (U+0063 U+0061 U+0066 U+00E9 and U+0063 U+0061 U+0066 U+0065 U+0301); YAML readers read two keys

            """))
        #expect(await CommandRun.run(["set", "v.yaml", "--yaml", "cafe\u{301}=3"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "v.yaml", in: folder) == "caf\u{E9}: 1\ncafe\u{301}: 3\n")
        #expect(await CommandRun.run(["set", "v.yaml", "--yaml", "caf\u{E9}=4"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "v.yaml", in: folder) == "caf\u{E9}: 4\ncafe\u{301}: 3\n")
    }
}
