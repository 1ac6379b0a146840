import Foundation
import Testing
import TileditFixtures
import TileditTestSupport
@testable import TileditModel

/// GFM footnotes, link reference definitions in every CommonMark form, and
/// the formatter's limits: each quoted input with its exact outcome.
@Suite("Markdown correctness")
struct MarkdownCorrectnessTests {
    let formatter = CanonicalFormatter()

    func formatted(_ text: String, dialect: FrontMatterDialect = .yaml) -> String {
        String(decoding: formatter.format(MarkdownDocument(text, dialect: dialect)), as: UTF8.self)
    }

    func rendered(_ text: String) -> String {
        HTMLRenderer().renderBody(MarkdownDocument(text, dialect: .yaml))
    }

    // MARK: Footnotes

    static let footnoteCase = "See [the guide][g] and a note.[^n]\n\n[g]: https://example.org/guide \"Guide\"\n\n[^n]: The note text.\n\n    Second paragraph of the note.\n\nLast paragraph.\n"

    @Test func aFootnoteWithAnIndentedSecondParagraphIsOneBlock() throws {
        let document = MarkdownDocument(Self.footnoteCase, dialect: .yaml)
        #expect(document.outline == ["paragraph@1-1", "link reference definitions@3-3", "footnote n@5-7", "paragraph@9-9"])
        #expect(document.blocks[2].kind == .footnoteDefinition(label: "n"))
        #expect(document.diagnostics.isEmpty)
    }

    @Test func theFormatterLeavesAFootnotesSecondParagraphInIt() {
        #expect(formatted(Self.footnoteCase) == Self.footnoteCase)
    }

    @Test func footnotesRenderAsGitHubShowsThem() {
        #expect(rendered(Self.footnoteCase) == """
            <p>See <a href="https://example.org/guide" title="Guide">the guide</a> and a note.<sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup></p>
            <p>Last paragraph.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-n">
            <p>The note text.</p>
            <p>Second paragraph of the note. <a href="#fnref-n" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
            </li>
            </ol>
            </section>

            """)
    }

    @Test func aFootnoteResolvesAcrossATileAndIsListedOnceAtTheEnd() {
        let html = rendered("One[^a].\n\n:::tile counter\nid: c-1\n:::\n\nTwo[^a].\n\n[^a]: The note.\n")
        #expect(html.components(separatedBy: "<section class=\"footnotes\"").count == 2)
        #expect(html.hasSuffix("</section>\n"))
        #expect(html.contains("<div class=\"tile tile-counter\" id=\"c-1\">"))
        #expect(!html.contains("[^a]"))
    }

    @Test func aFootnoteInsideABlockQuoteStaysPartOfIt() {
        let document = MarkdownDocument("> [^q]: A note in a quote.\n> more\n\nText[^q].\n", dialect: .yaml)
        #expect(document.outline == ["block quote@1-2", "paragraph@4-4"])
    }

    @Test func anUnreferencedFootnoteIsStillABlock() {
        let document = MarkdownDocument("Text.\n\n[^x]: Nobody points here.\n\n    Still the note.\n\nAfter.\n", dialect: .yaml)
        #expect(document.outline == ["paragraph@1-1", "footnote x@3-5", "paragraph@7-7"])
        #expect(rendered("Text.\n\n[^x]: Nobody points here.\n") == "<p>Text.</p>\n")
    }

    @Test func editingAroundAFootnoteKeepsItsBytes() throws {
        let document = MarkdownDocument(Self.footnoteCase, dialect: .yaml)
        let last = document.blocks[3].id
        #expect(try document.text(after: .replaceBlockText(last, text: "Last words."))
            == "See [the guide][g] and a note.[^n]\n\n[g]: https://example.org/guide \"Guide\"\n\n[^n]: The note text.\n\n    Second paragraph of the note.\n\nLast words.\n")
    }

    // MARK: Link reference definitions

    @Test func aLabelOverTwoLinesIsADefinition() {
        // GFM spec example 549 (0.29: 553).
        let text = "[Foo\n  bar]: /url\n\n[Baz][Foo bar]\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.outline == ["link reference definitions@1-2", "paragraph@4-4"])
        #expect(document.diagnostics.isEmpty)
        #expect(rendered(text) == "<p><a href=\"/url\">Baz</a></p>\n")
        #expect(formatted(text) == text)
    }

    @Test(arguments: [
        ("[foo]:\n/url\n\"title\"\n\n[foo]\n", ["link reference definitions@1-3", "paragraph@5-5"], "<p><a href=\"/url\" title=\"title\">foo</a></p>\n"),
        ("[foo]: </my url>\n\n[foo]\n", ["link reference definitions@1-1", "paragraph@3-3"], "<p><a href=\"/my%20url\">foo</a></p>\n"),
        ("[foo]: /foo-url \"foo\"\n[bar]: /bar-url\n  \"bar\"\n[baz]: /baz-url\n\n[foo],\n[bar],\n[baz]\n",
         ["link reference definitions@1-4", "paragraph@6-8"],
         "<p><a href=\"/foo-url\" title=\"foo\">foo</a>,\n<a href=\"/bar-url\" title=\"bar\">bar</a>,\n<a href=\"/baz-url\">baz</a></p>\n"),
        ("# [Foo]\n[foo]: /url\n> bar\n", ["heading 1@1-1", "link reference definitions@2-2", "block quote@3-3"],
         "<h1><a href=\"/url\">Foo</a></h1>\n<blockquote>\n<p>bar</p>\n</blockquote>\n"),
        ("[foo]\n\n> [foo]: /url\n", ["paragraph@1-1", "block quote@3-3"], "<p><a href=\"/url\">foo</a></p>\n<blockquote>\n</blockquote>\n"),
        ("- [foo]: /url\n\n[foo]\n", ["bullet list@1-1", "paragraph@3-3"], "<ul>\n<li></li>\n</ul>\n<p><a href=\"/url\">foo</a></p>\n"),
        ("[foo]: /url 'title\n\nwith blank line'\n\n[foo]\n", ["paragraph@1-1", "paragraph@3-3", "paragraph@5-5"],
         "<p>[foo]: /url 'title</p>\n<p>with blank line'</p>\n<p>[foo]</p>\n"),
    ])
    func definitionsAreReadAsCmarkReadsThem(text: String, outline: [String], html: String) {
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.outline == outline)
        #expect(document.diagnostics.isEmpty)
        #expect(rendered(text) == html)
        #expect(formatted(text) == text)
    }

    @Test func aReferenceResolvesToADefinitionAfterATile() {
        #expect(rendered("[a][]\n\n:::tile counter\n:::\n\n[a]: /u\n").hasPrefix("<p><a href=\"/u\">a</a></p>\n"))
    }

    // MARK: The formatter

    @Test func aSetextHeadingWithoutAFinalLineBreakFormatsOnce() {
        #expect(formatted("a\n-") == "## a\n")
        #expect(formatted("## a\n") == "## a\n")
    }

    static let hiddenFrontMatter = "---\ntitle: A\n--- \nsecret: internal note\n---\n\nBody.\n"

    @Test func theFormatterNeverMovesTheEndOfFrontMatter() {
        #expect(rendered(Self.hiddenFrontMatter) == "<p>Body.</p>\n")
        #expect(formatted(Self.hiddenFrontMatter) == Self.hiddenFrontMatter)
        // Front matter YAML cannot read (two documents) is left as written.
        #expect(formatted("---\ntitle: A  \n--- \nsecret: x\n---\n\nBody.\n") == "---\ntitle: A  \n--- \nsecret: x\n---\n\nBody.\n")
    }

    @Test func checkWarnsAboutAFenceWithTrailingWhitespaceInsideFrontMatter() throws {
        let document = MarkdownDocument(Self.hiddenFrontMatter, dialect: .yaml)
        let warning = try #require(document.diagnostics.first { $0.code == .frontMatterInnerFence })
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(line: 3, column: 1))
        #expect(warning.message == "`---` on line 3 has trailing whitespace, so it does not end the front matter here; tools that allow the whitespace end it here and would publish the lines after it as text")
        let flat = MarkdownDocument(Self.hiddenFrontMatter, dialect: .tiledown)
        #expect(flat.diagnostics.contains { $0.code == .frontMatterInnerFence && $0.location.line == 3 })
    }

    @Test func indentedCodeHoldingAFenceGetsALongerFence() {
        #expect(formatted("Text\n\n    ```\n    inner\n       ```\n    ~~~\n") == "Text\n\n````\n```\ninner\n   ```\n~~~\n````\n")
    }

    @Test func aRewriteThatWouldBreakAReferenceIsNotMade() {
        let text = "See [_x_].\n\n[_x_]: /url\n"
        #expect(formatted(text) == text)
    }

    @Test func emphasisInsideASetextHeadingIsNormalizedInTheSamePass() {
        #expect(formatted("A _b_\n===\n") == "# A *b*\n")
    }

    // MARK: Messages

    @Test func anUnclosedTileSaysWhichLinesAreKept() throws {
        let document = MarkdownDocument("Intro\n\n:::tile callout\ntitle: Hi\nbody: x\n\n# Next\n", dialect: .yaml)
        #expect(document.outline == ["paragraph@1-1", "paragraph@3-5", "heading 1@7-7"])
        let error = try #require(document.diagnostics.first)
        #expect(error.code == .tileUnclosed)
        #expect(error.location == SourceLocation(line: 3, column: 1))
        #expect(error.message == "`:::tile callout` opened at line 3 has no closing `:::`, so lines 3–5 are kept as written and read as Markdown; add a line `:::` where the tile ends")
        let alone = MarkdownDocument("Text\n:::mermaid\n", dialect: .yaml)
        #expect(alone.diagnostics.map(\.message) == ["`:::mermaid` opened at line 2 has no closing `:::`, so line 2 is kept as written and read as Markdown; add a line `:::` where the tile ends"])
    }

    @Test func theKeptLinesFollowAnEditAbove() throws {
        var document = MarkdownDocument("Intro\n\n:::tile callout\ntitle: Hi\n", dialect: .yaml)
        document.replace(0..<0, with: Array("New first line\n\n".utf8))
        #expect(document.diagnostics.map(\.message) == ["`:::tile callout` opened at line 5 has no closing `:::`, so lines 5–6 are kept as written and read as Markdown; add a line `:::` where the tile ends"])
    }

    // MARK: Lines Tiledown and CommonMark or YAML read differently

    /// Every indentation of a tile's opening line of up to three tabs and
    /// spaces: a warning exactly when it reaches four columns (a tab moves
    /// to the next multiple of four), and the tile is read either way.
    @Test func aTileIndentedFourColumnsIsWarnedAboutAndStillReadAsATile() throws {
        let pieces = ["", " ", "  ", "   ", "\t"]
        for first in pieces { for second in pieces { for third in pieces {
            let indentation = first + second + third
            var columns = 0
            for character in indentation { columns = character == "\t" ? (columns / 4 + 1) * 4 : columns + 1 }
            let text = "Example:\n\n\(indentation):::tile callout\n\(indentation)id: x\n\(indentation):::\n\nEnd.\n"
            let document = MarkdownDocument(text, dialect: .yaml)
            #expect(document.blocks.contains { if case .tile = $0.kind { true } else { false } }, "\(indentation.debugDescription)")
            let warnings = document.diagnostics.filter { $0.code == .tileIndentedAsCode }
            #expect(warnings.map(\.location) == (columns >= 4 ? [SourceLocation(line: 3, column: indentation.unicodeScalars.count + 1)] : []), "\(indentation.debugDescription)")
        }}}
        let warning = try #require(MarkdownDocument("    :::tile callout\n    id: x\n    :::\n", dialect: .yaml).diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.message == "this tile is indented four or more columns, which CommonMark reads as an indented code block; Tiledown still reads it as a tile and renders it")
    }

    /// Every C0 control but TAB, LF, CR and FF, DEL and every C1 control,
    /// put at a generated place in a paragraph, a heading or a code block
    /// (past the first 8 KB or not): one warning at its line and column,
    /// whose fix removes it; TAB, FF, U+00A0 and emoji are no such thing.
    @Test func aControlCharacterInTheTextIsWarnedAboutWhereItIsAndItsFixRemovesIt() throws {
        var random = SeededGenerator(seed: 11)
        let controls: [Unicode.Scalar] = ((0...0x1F).filter { ![0x09, 0x0A, 0x0C, 0x0D].contains($0) } + [0x7F] + Array(0x80...0x9F))
            .compactMap { Unicode.Scalar(UInt32($0)) }
        for control in controls {
            let padding = String(repeating: "word ", count: Int.random(in: 0...2000, using: &random))
            let lead = ["Some text ", "# Heading ", "```\ncode "][Int.random(in: 0..<3, using: &random)]
            let before = "Intro \(padding)\n\n\(lead)"
            let text = before + String(control) + " end\n" + (lead.hasPrefix("```") ? "```\n" : "")
            let document = MarkdownDocument(text, dialect: .yaml)
            let warnings = document.diagnostics.filter { $0.code == .controlCharacter }
            let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
            let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.utf8.count ?? 0) + 1
            #expect(warnings.map(\.location) == [SourceLocation(line: line, column: column)], "U+\(String(control.value, radix: 16))")
            let fixed = try #require(warnings.first?.fix).edits.reduce(into: Array(text.utf8)) { bytes, edit in
                bytes.replaceSubrange(edit.range, with: edit.replacement)
            }
            #expect(String(decoding: fixed, as: UTF8.self) == text.replacingOccurrences(of: String(control), with: ""))
        }
        let clean = MarkdownDocument("A\ttab, a form\u{0C}feed, a no\u{A0}break and 👍🏽.\n", dialect: .yaml)
        #expect(clean.diagnostics.isEmpty)
        let message = MarkdownDocument("x\u{1B}[31my\u{7}\n", dialect: .yaml).diagnostics.map(\.message)
        #expect(message == ["this block holds 2 control characters, the first U+001B here: it does not show, and HTML does not allow it"])
    }

    /// The same controls put into a flat front-matter value or a tile's
    /// value (a generated key and place): one warning at their line and
    /// column whose fix removes them; YAML front matter gets libyaml's
    /// refusal at its place instead, not a second warning.
    @Test func aControlCharacterInFlatFrontMatterOrATileValueIsWarnedAboutAndItsFixRemovesIt() throws {
        var random = SeededGenerator(seed: 12)
        let controls: [Unicode.Scalar] = ((0...0x1F).filter { ![0x09, 0x0A, 0x0C, 0x0D].contains($0) } + [0x7F] + Array(0x80...0x9F))
            .compactMap { Unicode.Scalar(UInt32($0)) }
        for control in controls {
            let words = String(repeating: "word ", count: Int.random(in: 0...40, using: &random))
            let inTile = Bool.random(using: &random)
            let before = inTile
                ? "---\ntitle: T\n---\nIntro.\n\n:::tile callout\nid: note\ntitle: \(words)"
                : "---\ntitle: T\ndescription: \(words)"
            let after = inTile ? " end\n:::\n" : " end\n---\nText.\n"
            let text = before + String(control) + after
            let document = MarkdownDocument(text, dialect: .tiledown)
            let warnings = document.diagnostics.filter { $0.code == .controlCharacter }
            let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
            let column = (lines.last?.utf8.count ?? 0) + 1
            #expect(warnings.map(\.location) == [SourceLocation(line: lines.count, column: column)], "U+\(String(control.value, radix: 16)) in a \(inTile ? "tile" : "front matter")")
            let fixed = try #require(warnings.first?.fix).edits.reduce(into: Array(text.utf8)) { bytes, edit in
                bytes.replaceSubrange(edit.range, with: edit.replacement)
            }
            #expect(String(decoding: fixed, as: UTF8.self) == text.replacingOccurrences(of: String(control), with: ""))
        }
        let yaml = MarkdownDocument("---\ntitle: a\u{1B}b\n---\nText.\n", dialect: .yaml)
        #expect(yaml.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" } == ["yaml.syntax@2:9"])
    }

    static let nestedFlatFrontMatter = "---\ntitle: x\nmeta:\n  a: 1\n\tb: [1,2]\n---\nx\n"

    @Test func anIndentedLineOfFlatFrontMatterIsWarnedAboutAndFormattedAsWritten() {
        let document = MarkdownDocument(Self.nestedFlatFrontMatter, dialect: .tiledown)
        #expect(document.frontMatter?.fields.map(\.key) == ["title", "meta", "a", "b"])
        #expect(document.diagnostics.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column) \($0.message)" } == [
            "front-matter.indented-line@4:1 this line is indented: Tiledown reads front matter as flat `key: value` lines, so `a` is a key of its own here, while YAML tools read it inside the key above",
            "front-matter.indented-line@5:1 this line is indented: Tiledown reads front matter as flat `key: value` lines, so `b` is a key of its own here, while YAML tools read it inside the key above",
        ])
        #expect(formatted(Self.nestedFlatFrontMatter, dialect: .tiledown) == Self.nestedFlatFrontMatter)
        // Unindented lines still take one space after the colon.
        #expect(formatted("---\ntitle:x\n  a:   1\n---\nx\n", dialect: .tiledown) == "---\ntitle: x\n  a:   1\n---\nx\n")
    }
}

/// The formatter's laws on generated documents mutated at random (the way a
/// mutation fuzzer finds inputs nobody wrote): idempotent, rendering kept,
/// tiles and front matter kept where they end.
@Suite("Formatter on mutated documents")
struct MutatedFormattingTests {
    let formatter = CanonicalFormatter()

    @Test(arguments: ["\n", "\r\n", "\r"])
    func formattingIsIdempotentAndKeepsTheRenderingAndTheTiles(ending: String) {
        var random = SeededGenerator(seed: 2024)
        var formattedSomething = 0
        for seed in UInt64(0)..<250 {
            let (base, dialect) = LineEndingTests.generated(seed, lineEnding: ending)
            var bytes = Array(base.utf8)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let start = Int.random(in: 0...bytes.count, using: &random)
                let end = Swift.min(bytes.count, start + Int.random(in: 0...12, using: &random))
                let fragment = TiledownGenerator.editFragments[Int.random(in: 0..<TiledownGenerator.editFragments.count, using: &random)]
                bytes.replaceSubrange(start..<end, with: Array(fragment.replacingOccurrences(of: "\n", with: ending).utf8))
            }
            guard String(validating: bytes, as: UTF8.self) != nil else { continue }
            let document = MarkdownDocument(bytes: bytes, dialect: dialect)
            let output = formatter.format(document)
            if output != bytes { formattedSomething += 1 }
            let once = MarkdownDocument(bytes: output, dialect: dialect)
            let twice = formatter.format(once)
            let idempotent = twice == output
            #expect(idempotent, "seed \(seed): \(String(decoding: bytes, as: UTF8.self).debugDescription) → \(LineEndingTests.firstDifference(output, twice))")
            let before = LineEndingTests.withoutLineNumbers(HTMLRenderer().renderBody(document))
            let after = LineEndingTests.withoutLineNumbers(HTMLRenderer().renderBody(once))
            let sameRendering = before == after
            #expect(sameRendering, "seed \(seed): \(String(decoding: bytes, as: UTF8.self).debugDescription): \(LineEndingTests.firstDifference(Array(before.utf8), Array(after.utf8)))")
            let kinds = document.blocks.map { FormattingCheck.token($0.kind) }
            let formattedKinds = once.blocks.map { FormattingCheck.token($0.kind) }
            #expect(kinds == formattedKinds, "seed \(seed): blocks changed")
            #expect(document.frontMatter?.fields.map(\.key) == once.frontMatter?.fields.map(\.key), "seed \(seed): front matter changed")
        }
        #expect(formattedSomething > 50)
    }
}
