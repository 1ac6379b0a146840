import Testing
import TileditFixtures
@testable import TileditModel

/// Front matter whose opening or closing line holds more than its marker:
/// trailing whitespace on the closing line, a no-break or zero-width space,
/// `--- # comment`, leading spaces, `+++ ` and `+++` never closed. None is
/// front matter (the line must be exactly the marker); each is one
/// look-alike warning at line 1 with a fix, the formatter leaves its lines
/// as written, and a new field is refused with the warning.
@Suite("Front matter delimiter look-alikes")
struct FrontMatterDelimiterTests {
    private func report(_ document: MarkdownDocument) -> [String] {
        document.diagnostics.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    private func fixed(_ document: MarkdownDocument) throws -> String {
        let fix = try #require(document.diagnostics.first?.fix)
        return String(decoding: TextEdit.apply(fix.edits, to: document.bytes), as: UTF8.self)
    }

    @Test func aClosingLineWithTrailingSpacesIsNamedAndFixedNotCalledUnclosed() throws {
        let text = "---\ntitle: A\n--- \n\nText\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.frontMatter == nil)
        #expect(document.outline == ["thematic break@1-1", "heading 2@2-3", "paragraph@5-5"])
        #expect(report(document) == [
            "front-matter.trailing-whitespace 1:1 this looks like front matter, but the closing `---` on line 3 holds trailing whitespace, so it is not read as front matter (a delimiter line is exactly `---`)",
        ])
        #expect(try fixed(document) == "---\ntitle: A\n---\n\nText\n")
        // The formatter once rewrote lines 2-3 as `## title: A`, losing the closing line.
        #expect(CanonicalFormatter().format(document) == Array(text.utf8))
        #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "B")) != nil)
    }

    @Test func aNoBreakSpaceAfterTheOpeningIsNamedWithItsCodePoint() throws {
        let document = MarkdownDocument("---\u{A0}\ntitle: A\n---\n\nText\n", dialect: .yaml)
        #expect(document.outline == ["heading 2@1-3", "paragraph@5-5"])
        #expect(report(document) == [
            "front-matter.delimiter-lookalike 1:1 this looks like front matter, but the opening `---` holds U+00A0 NO-BREAK SPACE, so it is not read as front matter (a delimiter line is exactly `---`)",
        ])
        #expect(try fixed(document) == "---\ntitle: A\n---\n\nText\n")
    }

    @Test func aZeroWidthSpaceBeforeTheOpeningIsNamed() throws {
        let document = MarkdownDocument("\u{200B}---\ntitle: A\n---\u{A0}\n\nText\n", dialect: .tiledown)
        #expect(report(document) == [
            "front-matter.delimiter-lookalike 1:1 this looks like front matter, but the opening `---` holds U+200B ZERO WIDTH SPACE and the closing `---` on line 3 holds U+00A0 NO-BREAK SPACE, so it is not read as front matter (a delimiter line is exactly `---`)",
        ])
        #expect(try fixed(document) == "---\ntitle: A\n---\n\nText\n")
    }

    @Test func aCommentAfterTheOpeningIsNamed() throws {
        let text = "--- # settings\ntitle: A\n---\n\nText\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(report(document) == [
            "front-matter.delimiter-lookalike 1:1 this looks like front matter, but the opening `---` holds a comment, so it is not read as front matter (a delimiter line is exactly `---`)",
        ])
        #expect(try fixed(document) == "---\ntitle: A\n---\n\nText\n")
        #expect(CanonicalFormatter().format(document) == Array(text.utf8))
    }

    @Test func tomlWithTrailingSpacesOrNoClosingLineIsReported() throws {
        let spaced = MarkdownDocument("+++ \ntitle = \"A\"\n+++\n\nText\n", dialect: .yaml)
        #expect(report(spaced) == [
            "front-matter.trailing-whitespace 1:1 this looks like front matter, but the `+++` delimiter has trailing whitespace, so it is not read as front matter",
        ])
        #expect(try fixed(spaced) == "+++\ntitle = \"A\"\n+++\n\nText\n")
        let unclosed = MarkdownDocument("+++\ntitle = \"A\"\n\nText\n", dialect: .yaml)
        #expect(report(unclosed) == [
            "front-matter.unclosed 1:1 TOML front matter `+++` is opened but never closed; it is read as a paragraph (add a closing `+++` line to make it front matter)",
        ])
        #expect(unclosed.refusal(of: .setFrontMatterField(key: "title", value: "B")) != nil)
    }

    @Test func aPageOpeningWithAThematicBreakIsNoLookalike() {
        // Without a `key:` line between, a `---` with a comment or a no-break space is prose.
        let document = MarkdownDocument("--- # rule\n\nText\n\n---\n", dialect: .yaml)
        #expect(document.diagnostics.isEmpty)
    }

    /// Generated: every kind of extra on the opening line, the closing line
    /// or both, either marker, each line ending and dialect. Never front
    /// matter; one look-alike warning on line 1 whose fix gives front
    /// matter with the fields written; bytes round-trip; the formatter
    /// leaves the delimiter lines; a field is refused; and edits far below
    /// (removing and adding the closing line) read as a fresh parse does.
    @Test func generatedLookalikesAreWarnedFixedAndKept() throws {
        let extras = [" ", "\t", "  \t", "\u{A0}", "\u{200B}", "\u{FEFF}", "\u{2060}", " # note", "\u{3000}"]
        // A U+FEFF first in the file is its byte order mark, so not among the opening's extras.
        let leadingOpen = ["", "", " ", "\u{200B}"]
        let leading = leadingOpen + ["\u{FEFF}"]
        var random = SeededGenerator(seed: 41)
        for seed in 0..<300 {
            let eol = ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
            let dialect: FrontMatterDialect = Bool.random(using: &random) ? .yaml : .tiledown
            let toml = Int.random(in: 0..<4, using: &random) == 0
            let marker = toml ? "+++" : "---"
            var opening = marker
            var closing = marker
            switch Int.random(in: 0..<3, using: &random) {
            case 0: opening = leadingOpen[Int.random(in: 0..<leadingOpen.count, using: &random)] + marker + extras[Int.random(in: 0..<extras.count, using: &random)]
            case 1: closing = marker + extras[Int.random(in: 0..<extras.count, using: &random)]
            default:
                opening = marker + extras[Int.random(in: 0..<extras.count, using: &random)]
                closing = leading[Int.random(in: 0..<leading.count, using: &random)] + marker + extras[Int.random(in: 0..<extras.count, using: &random)]
            }
            let fields = (0..<Int.random(in: 1...3, using: &random)).map { toml ? "k\($0) = \"v\($0)\"" : "k\($0): v\($0)" }
            let body = ["Text \(seed).", "", "More text."]
            let text = ([opening] + fields + [closing, ""] + body).joined(separator: eol) + eol
            let label = "seed \(seed): \(text.debugDescription)"
            var document = MarkdownDocument(text, dialect: dialect)
            #expect(document.frontMatter == nil, "\(label)")
            #expect(document.text == text, "\(label)")
            let lookalikes = document.diagnostics.filter { MarkdownDocument.lookalikeCodes.contains($0.code) }
            try #require(lookalikes.count == 1, "\(label): \(report(document))")
            #expect(lookalikes[0].location.line == 1, "\(label)")
            let exact = ([marker] + fields + [marker, ""] + body).joined(separator: eol) + eol
            let fix = try #require(lookalikes[0].fix, "\(label)")
            let repaired = MarkdownDocument(bytes: TextEdit.apply(fix.edits, to: document.bytes), dialect: dialect)
            #expect(repaired.text == exact, "\(label)")
            #expect(repaired.frontMatter != nil, "\(label)")
            if !toml { #expect(repaired.frontMatter?.fields.map(\.key) == fields.indices.map { "k\($0)" }, "\(label)") }
            let formatted = String(decoding: CanonicalFormatter().format(document), as: UTF8.self)
            #expect(formatted.hasPrefix(([opening] + fields + [closing]).joined(separator: eol)), "\(label): formatted \(formatted.debugDescription)")
            #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "T")) != nil, "\(label)")
            // Edits far below the first line: the look-alike follows them as a fresh read does.
            let last = try #require(document.blocks.last)
            let (performed, violations) = EditingLaws.perform(.replaceBlockText(last.id, text: "Changed."), on: &document)
            #expect(performed && violations.isEmpty, "\(label): \(violations)")
        }
    }

    @Test func anOpeningOfFourDashesIsNamedAndAFieldIsRefused() throws {
        let text = "----\ntitle: A\n----\n\nBody\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.frontMatter == nil)
        #expect(report(document) == [
            "front-matter.delimiter-lookalike 1:1 this looks like front matter, but the opening line is `----` (4 dashes) and the closing line 3 has 4 dashes, so it is not read as front matter (a delimiter line is exactly `---`)",
        ])
        #expect(try fixed(document) == "---\ntitle: A\n---\n\nBody\n")
        #expect(CanonicalFormatter().format(document) == Array(text.utf8))
        // Before, a second block was put above it: `---\ntitle: B\n---\n\n----\n…`.
        #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "B")) != nil)
        let closedExactly = MarkdownDocument("-----\ntitle: A\n---\n", dialect: .yaml)
        #expect(report(closedExactly) == [
            "front-matter.delimiter-lookalike 1:1 this looks like front matter, but the opening line is `-----` (5 dashes), so it is not read as front matter (a delimiter line is exactly `---`)",
        ])
    }

    @Test func aLongThematicBreakAboveProseIsNoLookalike() {
        for text in ["----\n\ntitle: A\n----\n", "----\nJust text\n----\n", "----\nNote: a\n\n---\n", "---- x\ntitle: A\n----\n"] {
            #expect(!MarkdownDocument(text, dialect: .yaml).diagnostics.contains { MarkdownDocument.lookalikeCodes.contains($0.code) }, "\(text.debugDescription)")
        }
    }

    /// Generated: an opening of four to six dashes (trailing spaces or
    /// not), `key:` lines, a closing of three to six, each line ending and
    /// dialect, a BOM or not: one look-alike warning on line 1 whose fix
    /// gives front matter with the fields; the formatter keeps the lines; a
    /// field is refused; an edit far below reads as a fresh parse does.
    @Test func generatedDashCountsAreWarnedFixedAndKept() throws {
        var random = SeededGenerator(seed: 2650)
        for seed in 0..<200 {
            let eol = ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
            let dialect: FrontMatterDialect = Bool.random(using: &random) ? .yaml : .tiledown
            let bom = Bool.random(using: &random) ? "\u{FEFF}" : ""
            let opening = String(repeating: "-", count: Int.random(in: 4...6, using: &random)) + ["", " ", "\t"][Int.random(in: 0..<3, using: &random)]
            let closing = String(repeating: "-", count: Int.random(in: 3...6, using: &random))
            let fields = (0..<Int.random(in: 1...3, using: &random)).map { "k\($0): v\($0)" }
            let body = ["Text \(seed).", "", "More text."]
            let text = bom + ([opening] + fields + [closing, ""] + body).joined(separator: eol) + eol
            let label = "seed \(seed): \(text.debugDescription)"
            var document = MarkdownDocument(text, dialect: dialect)
            #expect(document.frontMatter == nil, "\(label)")
            #expect(document.text == text, "\(label)")
            let lookalikes = document.diagnostics.filter { MarkdownDocument.lookalikeCodes.contains($0.code) }
            try #require(lookalikes.count == 1, "\(label): \(report(document))")
            #expect(lookalikes[0].location == SourceLocation(line: 1, column: 1), "\(label)")
            let fix = try #require(lookalikes[0].fix, "\(label)")
            let repaired = MarkdownDocument(bytes: TextEdit.apply(fix.edits, to: document.bytes), dialect: dialect)
            #expect(repaired.text == bom + (["---"] + fields + ["---", ""] + body).joined(separator: eol) + eol, "\(label)")
            #expect(repaired.frontMatter?.fields.map(\.key) == fields.indices.map { "k\($0)" }, "\(label)")
            let formatted = String(decoding: CanonicalFormatter().format(document), as: UTF8.self)
            #expect(formatted.hasPrefix(bom + ([opening] + fields + [closing]).joined(separator: eol)), "\(label): formatted \(formatted.debugDescription)")
            #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "T")) != nil, "\(label)")
            let last = try #require(document.blocks.last)
            let (performed, violations) = EditingLaws.perform(.replaceBlockText(last.id, text: "Changed."), on: &document)
            #expect(performed && violations.isEmpty, "\(label): \(violations)")
        }
    }
}
