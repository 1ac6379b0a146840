import Foundation
import Testing
import TileditModel
import TileditTestSupport

/// Every text output escapes control characters and line breaks in what
/// comes from a file, its name included, in one visible form (`VisibleText`).
@Suite("Escaped text output")
struct TextEscapingTests {
    @Test func checkShowsEscapeSequencesInTileTypesAndKeysEscaped() async throws {
        let folder = try makeFolder(["page.md": ":::tile \u{1B}[2J\u{1B}[31mred\nbad\u{1B}]0;title\u{07}key: x\n:::\n"])
        let run = await CommandRun.run(["check", "page.md"], in: folder)
        #expect(!run.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(run.standardOutput == """
            page.md:1:1: warning: unknown tile type `\\u{1B}[2J\\u{1B}[31mred`; it is kept as written
            page.md:1:9: warning: this block holds 4 control characters, the first U+001B here: it does not show, and HTML does not allow it

            """)
        let json = await CommandRun.run(["check", "--json", "page.md"], in: folder)
        #expect(!json.standardOutput.unicodeScalars.contains("\u{1B}"))
        #expect(json.standardOutput.contains("\\u001b[2J"))
    }

    @Test func aFileNameWithALineBreakCannotFakeADiagnosticLine() async throws {
        let name = "a.md:9:9: error: fake\nb.md"
        let folder = try makeFolder([name: "--- \ntitle: x\n---\n"])
        let run = await CommandRun.run(["check", "."], in: folder)
        #expect(run.standardOutput == "a.md:9:9: error: fake\\nb.md:1:1: warning: this looks like front matter, but the `---` delimiter has trailing whitespace, so it is not read as front matter\n")
        let list = try makeFolder(["x\ny.md": "* item\n"])
        let format = await CommandRun.run(["fmt", "--check", "."], in: list)
        #expect(format.standardOutput == "--- a/x\\ny.md\n+++ b/x\\ny.md\n@@ -1,1 +1,1 @@\n-* item\n+- item\n")
        let missing = await CommandRun.run(["check", "gone\r\u{1B}[1A.md"], in: folder)
        #expect(missing.standardError == "gone\\r\\u{1B}[1A.md: no such file or folder\n")
    }

    @Test func searchResultsShowControlCharactersEscaped() async throws {
        let folder = try makeFolder(["note.md": "# Title\n\nfind \u{1B}[31mthis\u{202E} word\n"])
        let run = await CommandRun.run(["search", ".", "find"], in: folder)
        #expect(run.standardOutput == "note.md:3: Title — find \\u{1B}[31mthis\\u{202E} word\n")
    }

    @Test func theEscapedFormIsOneFunction() {
        #expect(VisibleText.escaped("a\nb\r\tc\u{0}\u{7F}\u{85}\u{2028}\u{2066}\\ é 🚀") == "a\\nb\\r\\tc\\u{00}\\u{7F}\\u{85}\\u{2028}\\u{2066}\\ é 🚀")
        #expect(VisibleText.escaped("plain") == "plain")
    }
}

extension TextEscapingTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func searchCountsLinesInEveryLineEnding(ending: String) async throws {
        let text = ["---", "title: Notes", "tags: alpha", "---", "", "# Heading", "", "One line", "find this word", ""].joined(separator: ending)
        let folder = try makeFolder(["note.md": text])
        let run = await CommandRun.run(["search", ".", "find"], in: folder)
        #expect(run.standardOutput == "note.md:9: Notes — find this word\n")
        let tag = await CommandRun.run(["search", ".", "alpha"], in: folder)
        #expect(tag.standardOutput == "note.md:3: Notes — tags: alpha\n")
    }
}

extension TextEscapingTests {
    /// Every character `VisibleText` escapes, put in a line that `fmt`
    /// changes and in one `set` changes (each line ending, at a place that
    /// varies): the diffs of `fmt --check` and `set --dry-run` show it
    /// escaped, keep TABs and the file's line breaks (a lone CR followed by
    /// an LF, so it cannot move what is shown).
    @Test(arguments: ["\n", "\r\n", "\r"])
    func diffsShowWhatATerminalWouldActOnEscaped(ending: String) async throws {
        // NUL is left out: a file holding one is binary, not read at all.
        let escaped: [Unicode.Scalar] = ((1...0x1F).filter { ![0x0A, 0x0D, 0x09].contains($0) } + Array(0x7F...0x9F)
            + [0x2028, 0x2029] + Array(0x202A...0x202E) + Array(0x2066...0x2069)).compactMap { Unicode.Scalar(UInt32($0)) }
        for scalar in escaped {
            let words = String(repeating: "w ", count: Int(scalar.value % 6))
            let character = String(scalar)
            let text = ["---", "title: \(words)\(character)x", "---", "Setext \(words)\(character)\ttitle", "===", ""].joined(separator: ending)
            // A Tiledown site: its flat front matter takes any character (YAML refuses controls).
            let folder = try makeFolder(["page.md": text, "tiledown.yml": "title: Site\n"])
            let form = VisibleText.escaped(character)
            // A file's line keeps its break (a lone CR followed by an LF); the diff's own lines end in LF.
            let br = ending == "\n" ? "\n" : "\r\n"
            let format = await CommandRun.run(["fmt", "--check", "page.md"], in: folder)
            #expect(format.standardOutput == "--- a/page.md\n+++ b/page.md\n@@ -1,5 +1,4 @@\n ---\(br) title: \(words)\(form)x\(br) ---\(br)-Setext \(words)\(form)\ttitle\(br)-===\(br)+# Setext \(words)\(form)\ttitle\(br)", "U+\(String(scalar.value, radix: 16))")
            let set = await CommandRun.run(["set", "page.md", "--front-matter", "title=y", "--dry-run"], in: folder)
            #expect(set.standardOutput.hasPrefix("--- a/page.md\n+++ b/page.md\n@@ -1,5 +1,5 @@\n ---\(br)-title: \(words)\(form)x\(br)+title: y\(br) ---\(br) Setext \(words)\(form)\ttitle\(br)"), "U+\(String(scalar.value, radix: 16))")
            for output in [format.standardOutput, set.standardOutput] {
                // Only TABs and line breaks are written as they are (a CR only before an LF).
                let scalars = Array(output.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars)
                #expect(!scalars.contains { $0 != "\n" && $0 != "\t" && VisibleText.needsEscaping($0) })
            }
        }
    }
}
