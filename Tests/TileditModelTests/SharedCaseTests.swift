import Foundation
import Testing
import TileditModel

/// Every case of `../shared/cases` that concerns parsing, editing, formatting
/// or diagnostics, asserting the values of its `expect.md`.
@Suite("Shared cases", .enabled(if: Cases.available))
struct SharedCaseTests {
    @Test func byteOrderMarkBeforeFrontMatterIsRecognizedAndKept() throws {
        let document = try Cases.document("01-bom-before-front-matter")
        #expect(document.hasByteOrderMark)
        #expect(document.frontMatter?["title"] == "Hello")
        #expect(document.frontMatter?["tags"] == "[a]")
        #expect(document.outline == ["front matter@1-4", "heading 1@6-6", "tile callout@8-11"])
        #expect(document.diagnostics.filter { $0.severity != .info }.isEmpty)
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "World"))
            == "\u{FEFF}---\ntitle: World\ntags: [a]\n---\n\n# Body\n\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n")
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "title", value: .text("Hey")))
            == "\u{FEFF}---\ntitle: Hello\ntags: [a]\n---\n\n# Body\n\n:::tile callout\nid: note-1\ntitle: Hey\n:::\n")
        #expect(document.bytes == (try Cases.input("01-bom-before-front-matter")))
    }

    @Test func byteOrderMarkIsNotCountedInColumns() throws {
        // A diagnostic on line 1 of a BOM file starts at column 1.
        let document = MarkdownDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("--- \ntitle: x\n---\n".utf8), dialect: .yaml)
        let warning = try #require(document.diagnostics.first)
        #expect(warning.location == SourceLocation(line: 1, column: 1))
    }

    @Test func crlfFrontMatterAndTileKeepCRLF() throws {
        let document = try Cases.document("02-crlf-front-matter-and-tile")
        #expect(document.lineEnding == .crlf)
        #expect(document.frontMatter?["title"] == "Hello")
        #expect(document.frontMatter?["draft"] == "true")
        let tile = try #require(document.blocks.compactMap(\.kind.tile).first)
        #expect(tile.value("title") == .text("Hi"))
        #expect(tile.id == "note-1")
        #expect(document.diagnostics.isEmpty)
        #expect(try document.text(after: .setFrontMatterField(key: "draft", value: "false"))
            == "---\r\ntitle: Hello\r\ndraft: false\r\n---\r\n\r\nBody line.\r\n\r\n:::tile callout\r\nid: note-1\r\ntitle: Hi\r\n:::\r\n")
        #expect(try document.text(after: .setFrontMatterField(key: "author", value: "Sam"))
            == "---\r\ntitle: Hello\r\ndraft: true\r\nauthor: Sam\r\n---\r\n\r\nBody line.\r\n\r\n:::tile callout\r\nid: note-1\r\ntitle: Hi\r\n:::\r\n")
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "body", value: .text("More")))
            == "---\r\ntitle: Hello\r\ndraft: true\r\n---\r\n\r\nBody line.\r\n\r\n:::tile callout\r\nid: note-1\r\ntitle: Hi\r\nbody: More\r\n:::\r\n")
    }

    @Test func unclosedFrontMatterIsAThematicBreakWithAWarning() throws {
        let document = try Cases.document("04-unclosed-front-matter")
        #expect(document.frontMatter == nil)
        #expect(document.outline == ["thematic break@1-1", "paragraph@2-2", "paragraph@4-4"])
        let warning = try #require(document.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.code == .frontMatterUnclosed)
        #expect(warning.location.line == 1)
        #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "X")) != nil)
        let alone = MarkdownDocument("---\n", dialect: .yaml)
        #expect(alone.diagnostics.map(\.code) == [.frontMatterUnclosed])
    }

    @Test func dashesInsideABlockScalarDoNotCloseFrontMatter() throws {
        let document = try Cases.document("05-dashes-inside-block-scalar")
        #expect(document.outline == ["front matter@1-10", "paragraph@12-12"])
        #expect(document.frontMatter?["summary"] == "First part\n---\n| a | b |\n| :---: | --- |\nSecond part\n")
        #expect(document.frontMatter?["title"] == "Notes")
        #expect(try document.text(after: .appendFrontMatterListItem(key: "tags", item: "b"))
            == "---\ntitle: Notes\nsummary: |\n  First part\n  ---\n  | a | b |\n  | :---: | --- |\n  Second part\ntags: [a, b]\n---\n\nBody.\n")
    }

    @Test func emptyFrontMatterIsAnEmptyMapping() throws {
        let document = try Cases.document("07-empty-front-matter")
        let frontMatter = try #require(document.frontMatter)
        #expect(frontMatter.fields.isEmpty)
        #expect(frontMatter.problem == nil)
        #expect(document.outline == ["front matter@1-2", "paragraph@4-4"])
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "T")) == "---\ntitle: T\n---\n\nBody\n")
        let blank = MarkdownDocument("---\n\n---\n", dialect: .yaml)
        #expect(blank.frontMatter?.fields.isEmpty == true)
        #expect(blank.diagnostics.isEmpty)
    }

    @Test func frontMatterThatIsAListIsAnError() throws {
        let document = try Cases.document("08-front-matter-is-a-list")
        #expect(document.outline == ["front matter@1-4", "paragraph@6-6"])
        let error = try #require(document.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(line: 2, column: 1))
        #expect(error.message == "front matter must be a mapping of keys to values; found a list")
        #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "X")) != nil)
        let tiledown = try Cases.document("08-front-matter-is-a-list", dialect: .tiledown)
        #expect(tiledown.diagnostics.first?.severity == .error)
        #expect(tiledown.diagnostics.first?.location.line == 2)
        #expect(MarkdownDocument("---\nhello\n---\n", dialect: .yaml).diagnostics.first?.code == .frontMatterNotMapping)
    }

    @Test func versionNumbersKeepTheirTrailingZero() throws {
        let document = try Cases.document("11-version-number-trailing-zero")
        #expect(document.frontMatter?["version"] == "1.10")
        #expect(document.frontMatter?["python"] == "3.10")
        #expect(document.frontMatter?["build"] == "2.0")
        #expect(document.diagnostics.contains { $0.severity == .info && $0.location.line == 3 })
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Notes"))
            == "---\ntitle: Notes\nversion: 1.10\npython: \"3.10\"\nbuild: 2.0\n---\n")
        #expect(try document.text(after: .setFrontMatterField(key: "version", value: "1.20"))
            == "---\ntitle: Release notes\nversion: \"1.20\"\npython: \"3.10\"\nbuild: 2.0\n---\n")
    }

    @Test func exponentLikeStringsStayAsWritten() throws {
        let document = try Cases.document("13-exponent-like-strings")
        #expect(document.frontMatter?["commit"] == "1e3")
        #expect(document.frontMatter?["hash"] == "12e4567")
        #expect(document.frontMatter?["rate"] == "1.5e-3")
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Build 2"))
            == "---\ncommit: 1e3\nhash: 12e4567\nrate: 1.5e-3\ntitle: Build 2\n---\n")
        #expect(try document.text(after: .setFrontMatterField(key: "commit", value: "5e10"))
            == "---\ncommit: \"5e10\"\nhash: 12e4567\nrate: 1.5e-3\ntitle: Build\n---\n")
    }

    @Test func sexagesimalTimesStayStrings() throws {
        let document = try Cases.document("15-sexagesimal-time-values")
        #expect(document.frontMatter?["start"] == "10:00")
        #expect(document.frontMatter?["early"] == "09:30")
        let hinted = Set(document.diagnostics.filter { $0.severity == .info }.map(\.location.line))
        #expect(hinted == [3, 4])
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Meetup 2"))
            == "---\ntitle: Meetup 2\nstart: 10:00\nend: 14:30\nearly: 09:30\n---\n")
        #expect(try document.text(after: .setFrontMatterField(key: "start", value: "11:00"))
            == "---\ntitle: Meetup\nstart: \"11:00\"\nend: 14:30\nearly: 09:30\n---\n")
    }

    @Test func colonSpaceInAPlainValueIsAnErrorInYAMLAndFineInTiledown() throws {
        let document = try Cases.document("16-colon-space-in-plain-value")
        let error = try #require(document.diagnostics.first)
        #expect(error.severity == .error)
        #expect(error.location == SourceLocation(line: 2, column: 14))
        #expect(error.message.contains("`: `"))
        #expect(error.fix?.edits.first.map { String(decoding: $0.replacement, as: UTF8.self) } == "\"Part 1: The Start\"")
        #expect(document.outline == ["front matter@1-4", "paragraph@6-6"])
        #expect(document.refusal(of: .setFrontMatterField(key: "draft", value: "true")) != nil)

        let tiledown = try Cases.document("16-colon-space-in-plain-value", dialect: .tiledown)
        #expect(tiledown.frontMatter?["title"] == "Part 1: The Start")
        #expect(tiledown.frontMatter?["draft"] == "false")
        #expect(tiledown.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("Part 1: The Start", "title: \"Part 1: The Start\""),
        ("Summary:", "title: \"Summary:\""),
        ("- not a list", "title: \"- not a list\""),
        ("see #7", "title: \"see #7\""),
        ("null", "title: \"null\""),
        ("\"Hi\" there", "title: '\"Hi\" there'"),
        ("say \"hi\"", "title: say \"hi\""),
        ("Hello", "title: Hello"),
    ])
    func frontMatterValuesAreQuotedWhenNeeded(value: String, line: String) throws {
        let document = try Cases.document("17-quote-on-write")
        let result = try document.text(after: .setFrontMatterField(key: "title", value: value))
        #expect(result == "---\n\(line)\n---\n\n:::tile callout\nid: note-1\ntitle: Hello\n:::\n")
        #expect(MarkdownDocument(result, dialect: .yaml).frontMatter?["title"] == value)
    }

    @Test func tileValuesAreWrittenInTheRawGrammar() throws {
        let document = try Cases.document("17-quote-on-write")
        let tile = try document.tile("note-1")
        #expect(try document.text(after: .setTileProperty(tile, key: "title", value: .text("Part 1: The Start")))
            == "---\ntitle: Plain\n---\n\n:::tile callout\nid: note-1\ntitle: Part 1: The Start\n:::\n")
        #expect(try document.text(after: .setTileProperty(tile, key: "title", value: .text("Two\nlines")))
            == "---\ntitle: Plain\n---\n\n:::tile callout\nid: note-1\ntitle: |\n  Two\n  lines\n:::\n")
        let bar = try document.text(after: .setTileProperty(tile, key: "title", value: .text("|")))
        #expect(bar != "---\ntitle: Plain\n---\n\n:::tile callout\nid: note-1\ntitle: |\n:::\n")
        #expect(MarkdownDocument(bar, dialect: .yaml).blocks.compactMap(\.kind.tile).first?.value("title")?.text == "|")
        #expect(document.refusal(of: .setTileProperty(tile, key: "title", value: .text("  padded  "))) != nil)
    }

    @Test func tileLiteralsKeepBlankLinesAndUnsupportedIndicatorsAreErrors() throws {
        let document = try Cases.document("19-tile-block-scalar-blank-lines")
        let first = try #require(document.blocks.first?.kind.tile)
        #expect(first.value("title") == .text("Hi"))
        #expect(first.value("body") == .literal("First paragraph.\n\nSecond paragraph."))
        let raw = try #require(document.blocks.last)
        #expect(raw.kind == .raw(.tile(type: "callout")))
        #expect(raw.lines == 10...15)
        #expect(raw.diagnostics.contains { $0.severity == .error && $0.location.line == 12 && $0.message.contains("`>-`") })
        let note1 = try document.tile("note-1")
        let tail = "\n:::tile callout\nid: note-2\ntitle: >-\n  folded\n  text\n:::\n"
        #expect(try document.text(after: .setTileProperty(note1, key: "title", value: .text("Hey")))
            == ":::tile callout\nid: note-1\ntitle: Hey\nbody: |\n  First paragraph.\n\n  Second paragraph.\n:::\n" + tail)
        #expect(try document.text(after: .setTileProperty(note1, key: "body", value: .literal("One.\n\nTwo.")))
            == ":::tile callout\nid: note-1\ntitle: Hi\nbody: |\n  One.\n\n  Two.\n:::\n" + tail)
    }

    @Test func indentedClosingMarkersBelongToTheLiteral() throws {
        let document = try Cases.document("20-tile-literal-with-fence-lines")
        #expect(document.outline == ["tile callout@1-9", "paragraph@11-11"])
        let tile = try #require(document.blocks.first?.kind.tile)
        #expect(tile.value("body") == .literal("```md\n:::tile callout\ntitle: inner\n:::\n```"))
        let result = try document.text(after: .setTileProperty(try document.tile("snip-1"), key: "body", value: .literal("a\n:::\nb")))
        #expect(result == ":::tile callout\nid: snip-1\nbody: |\n  a\n  :::\n  b\n:::\n\nAfter.\n")
        let reread = MarkdownDocument(result, dialect: .yaml)
        #expect(reread.blocks.compactMap(\.kind.tile).map { $0.value("body") } == [.literal("a\n:::\nb")])
    }

    @Test func longValuesAreNeverFolded() throws {
        let input = try Cases.input("21-long-line-no-folding")
        let document = MarkdownDocument(bytes: input, dialect: .yaml)
        let original = String(decoding: input, as: UTF8.self)
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Long 2"))
            == original.replacingOccurrences(of: "title: Long\n", with: "title: Long 2\n"))
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "id", value: .text("note-2")))
            == original.replacingOccurrences(of: "id: note-1", with: "id: note-2"))
        let long = (0..<100).map { "word\($0)" }.joined(separator: " ")
        let result = try document.text(after: .setFrontMatterField(key: "description", value: long))
        #expect(result.contains("description: \(long)\n"))
    }

    @Test func emojiIsWrittenAsUTF8() throws {
        let document = try Cases.document("22-emoji-not-escaped")
        let family = "Family 👨\u{200D}👩\u{200D}👧 and flag 🇳🇴"
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Launch 🚀 day two"))
            == "---\ntitle: Launch 🚀 day two\n---\n\n:::tile callout\nid: note-1\ntitle: \(family)\n:::\n")
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "id", value: .text("note-2")))
            == "---\ntitle: Launch 🚀 day\n---\n\n:::tile callout\nid: note-2\ntitle: \(family)\n:::\n")
    }

    @Test func tabIndentationIsAnErrorAndATabAfterAColonIsKept() throws {
        let document = try Cases.document("24-tabs-in-yaml")
        let error = try #require(document.diagnostics.first { $0.severity == .error })
        #expect(error.location == SourceLocation(line: 4, column: 1))
        #expect(error.message.contains("tab"))
        let fixEdits = try #require(error.fix?.edits)
        #expect(String(decoding: TextEdit.apply(fixEdits, to: document.bytes), as: UTF8.self)
            == "---\ntitle: Tabs\ntags:\n  - a\nnote:\tafter tab\n---\n\n:::tile callout\nid:\tnote-1\ntitle: Hi\n:::\n")
        let tile = try #require(document.blocks.last?.kind.tile)
        #expect(tile.id == "note-1")
        #expect(document.blocks.last?.diagnostics.isEmpty == true)
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "id", value: .text("note-2")))
            == "---\ntitle: Tabs\ntags:\n\t- a\nnote:\tafter tab\n---\n\n:::tile callout\nid:\tnote-2\ntitle: Hi\n:::\n")
        let fixed = MarkdownDocument(bytes: TextEdit.apply(fixEdits, to: document.bytes), dialect: .yaml)
        #expect(fixed.frontMatter?["note"] == "after tab")
    }

    @Test func commentsQuotesAndOrderSurviveEdits() throws {
        let document = try Cases.document("25-comments-quotes-order-preserved")
        #expect(try document.text(after: .setFrontMatterField(key: "weight", value: "20"))
            == "---\n# Page settings\ntitle: \"Hello\"   # shown in header\nweight: 20\n\n# taxonomy\ntags: [b, a]\nauthor: 'Sam'\n---\n\nBody.\n")
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Hi"))
            == "---\n# Page settings\ntitle: \"Hi\"   # shown in header\nweight: 10\n\n# taxonomy\ntags: [b, a]\nauthor: 'Sam'\n---\n\nBody.\n")
        #expect(try document.text(after: .setFrontMatterField(key: "draft", value: "true"))
            == "---\n# Page settings\ntitle: \"Hello\"   # shown in header\nweight: 10\n\n# taxonomy\ntags: [b, a]\nauthor: 'Sam'\ndraft: true\n---\n\nBody.\n")
    }

    @Test func emptyValuesStayEmpty() throws {
        let document = try Cases.document("27-empty-values-not-null")
        #expect(document.frontMatter?["author"] == "")
        #expect(document.blocks.last?.kind.tile?.value("title") == .text(""))
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Final"))
            == "---\ntitle: Final\nauthor:\ntags:\n  -\n---\n\n:::tile callout\nid: note-1\ntitle:\n:::\n")
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "id", value: .text("note-2")))
            == "---\ntitle: Draft\nauthor:\ntags:\n  -\n---\n\n:::tile callout\nid: note-2\ntitle:\n:::\n")
    }

    @Test func frontMatterWithoutAFinalNewlineKeepsIt() throws {
        let document = try Cases.document("28-front-matter-only-no-final-newline")
        #expect(document.outline == ["front matter@1-4"])
        #expect(document.frontMatter?["title"] == "A")
        #expect(document.diagnostics.isEmpty)
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "B")) == "---\ntitle: B\nsources: [x]\n---")
        #expect(try document.text(after: .appendFrontMatterListItem(key: "sources", item: "y")) == "---\ntitle: A\nsources: [x, y]\n---")
    }

    @Test func longerBacktickFencesHideTilesAndFrontMatter() throws {
        let document = try Cases.document("32-longer-backtick-fence")
        #expect(document.outline == ["front matter@1-3", "code md@5-14", "tile callout@16-18"])
        #expect(document.blocks.compactMap(\.kind.tile).map(\.id) == ["real"])
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Fences 2"))
            == "---\ntitle: Fences 2\n---\n\n````md\n```yaml\n---\ntitle: inside\n---\n```\n:::tile callout\nid: fake\n:::\n````\n\n:::tile callout\nid: real\n:::\n")
        #expect(try document.text(after: .setTileProperty(try document.tile("real"), key: "title", value: .text("Hi")))
            == "---\ntitle: Fences\n---\n\n````md\n```yaml\n---\ntitle: inside\n---\n```\n:::tile callout\nid: fake\n:::\n````\n\n:::tile callout\nid: real\ntitle: Hi\n:::\n")
    }

    @Test func aTileInsideATileIsKeptRaw() throws {
        let document = try Cases.document("34-nested-tile-same-marker")
        let blocks = document.blocks
        #expect(document.outline == ["tile callout (raw)@1-5", "paragraph@6-6", "paragraph@8-8"])
        #expect(blocks[0].diagnostics.map(\.location.line) == [3])
        #expect(blocks[0].diagnostics.first?.message.contains("outer") == true)
        #expect(blocks[1].diagnostics.map(\.severity) == [.warning])
        #expect(blocks[1].diagnostics.first?.location.line == 6)
        #expect(document.blocks.compactMap(\.kind.tile).isEmpty)
        let refusal = document.refusal(of: .setTileProperty(blocks[0].id, key: "title", value: .text("X")))
        #expect(refusal?.contains("a tile cannot start inside tile `outer`") == true)
    }

    @Test func trailingSpacesOnTheFenceAreNotFrontMatter() throws {
        let document = try Cases.document("36-trailing-space-on-fence")
        #expect(document.frontMatter == nil)
        #expect(document.outline == ["thematic break@1-1", "heading 2@2-4", "paragraph@6-6"])
        let warning = try #require(document.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location.line == 1)
        let fix = try #require(warning.fix)
        #expect(String(decoding: TextEdit.apply(fix.edits, to: document.bytes), as: UTF8.self) == "---\ntitle: Spaced\ntags: []\n---\n\nBody\n")
        #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "X")) != nil)
    }

    @Test func aLazyUnderlineIsNotAHeading() throws {
        let document = try Cases.document("37-lazy-continuation-setext")
        #expect(document.outline == ["block quote@1-2", "bullet list@4-4", "thematic break@5-5", "paragraph@7-7"])
        let paragraph = try #require(document.blocks.last)
        #expect(try document.text(after: .replaceBlockText(paragraph.id, text: "Para 2")) == "> Foo\n===\n\n- item\n---\n\nPara 2\n")
    }

    @Test func anHTMLCommentWithBlankLinesStaysOneBlock() throws {
        let document = try Cases.document("38-html-comment-with-blank-lines")
        #expect(document.outline == ["paragraph@1-1", "HTML block@3-8", "paragraph@10-10"])
        #expect(document.blocks.compactMap(\.kind.tile).isEmpty)
        #expect(document.diagnostics.map(\.location.line) == [4])
        let last = try #require(document.blocks.last)
        #expect(try document.text(after: .replaceBlockText(last.id, text: "After."))
            == "Intro paragraph.\n\n<!--\n:::tile callout\nid: hidden\n\n---\n-->\n\nAfter.\n")
    }

    @Test func aMidDocumentDashPairIsNotMetadata() throws {
        let document = try Cases.document("40-mid-document-yaml-lookalike")
        #expect(document.diagnostics.isEmpty)
        #expect(document.outline == ["paragraph@1-1", "thematic break@3-3", "paragraph@4-4", "fenced code@5-7", "thematic break@9-9", "paragraph@11-11"])
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "X"))
            == "---\ntitle: X\n---\n\nIntro.\n\n---\nfirst:\n```\ntest\n```\n\n---\n\nEnd.\n")
    }

    @Test func aBlankLineBeforeTheFenceIsNotFrontMatter() throws {
        let document = try Cases.document("41-blank-line-before-front-matter")
        #expect(document.outline == ["thematic break@2-2", "heading 2@3-4", "paragraph@6-6"])
        let warning = try #require(document.diagnostics.first)
        #expect(warning.location.line == 2)
        let fix = try #require(warning.fix)
        #expect(String(decoding: TextEdit.apply(fix.edits, to: document.bytes), as: UTF8.self) == "---\ntitle: Not front matter\n---\n\nBody\n")
        #expect(document.refusal(of: .setFrontMatterField(key: "title", value: "X")) != nil)
    }

    @Test func rightToLeftValuesAreKeptInLogicalOrder() throws {
        let document = try Cases.document("43-rtl-mixed-direction-values")
        #expect(document.frontMatter?["title"] == "שלום world 123")
        let tile = try #require(document.blocks.last?.kind.tile)
        #expect(tile.value("title") == .text("\"مرحبا: hi\""))
        #expect(tile.value("body")?.text.hasPrefix("\u{200F}") == true)
        let result = try document.text(after: .setFrontMatterField(key: "title", value: "שלום world 1234"))
        #expect(result == document.text.replacingOccurrences(of: "world 123\n", with: "world 1234\n"))
        #expect(!result.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || $0 == "\u{200E}" })
        let renamed = try document.text(after: .setTileProperty(try document.tile("note-1"), key: "id", value: .text("note-2")))
        #expect(renamed == document.text.replacingOccurrences(of: "id: note-1", with: "id: note-2"))
    }

    @Test func hardLineBreaksSurvive() throws {
        let document = try Cases.document("45-hard-line-breaks-preserved")
        #expect(document.outline == ["front matter@1-3", "paragraph@5-7"])
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "Poem 2"))
            == "---\ntitle: Poem 2\n---\n\nRoses are red,  \nviolets are blue,\\\nsugar is sweet.\n")
    }

    @Test func openingTwoVersionsOfAFileShowsEachOne() throws {
        let one = MarkdownDocument("---\ntitle: Version one\n---\n\nSame body.\n", dialect: .yaml)
        let two = MarkdownDocument("---\ntitle: Version two\n---\n\nSame body.\n", dialect: .yaml)
        #expect(one.frontMatter?["title"] == "Version one")
        #expect(two.frontMatter?["title"] == "Version two")
    }

    @Test func yaml11BooleanWordsStayTextAndAreQuotedWhenWritten() throws {
        var file = YAMLFileDocument(bytes: try Cases.input("10-yaml11-booleans-norway"))
        #expect(file.node(at: YAMLPath(parsing: "country"))?.scalar?.value == "NO")
        #expect(YAMLScalarType.core(try #require(file.node(at: YAMLPath(parsing: "country"))?.scalar)) == .string)
        #expect(YAMLScalarType.core(try #require(file.node(at: YAMLPath(parsing: "real"))?.scalar)) == .boolean)
        #expect(Set(file.diagnostics.filter { $0.severity == .info }.map(\.location.line)) == [1, 2, 3, 4])
        let original = file
        try file.setValue(at: YAMLPath(parsing: "real"), to: "false")
        #expect(file.text == "country: NO\nanswer: y\ndraft: off\nenabled: yes\nreal: false\n")
        file = original
        try file.setValue(at: YAMLPath(parsing: "answer"), to: "n")
        #expect(file.text == "country: NO\nanswer: \"n\"\ndraft: off\nenabled: yes\nreal: true\n")
    }

    @Test func anchorsAliasesAndMergeKeysSurviveEdits() throws {
        let file = YAMLFileDocument(bytes: try Cases.input("30-anchors-and-merge-key"))
        var edited = file
        try edited.setValue(at: YAMLPath(parsing: "callout.title"), to: "Hi")
        #expect(edited.text == "defaults: &defaults\n  tone: info\n  width: 2\ncallout:\n  <<: *defaults\n  title: Hi\nother: *defaults\n")
        edited = file
        try edited.setValue(at: YAMLPath(parsing: "callout.tone"), to: "warn")
        #expect(edited.text == "defaults: &defaults\n  tone: info\n  width: 2\ncallout:\n  <<: *defaults\n  title: Hello\n  tone: warn\nother: *defaults\n")
        edited = file
        let change = try edited.setValue(at: YAMLPath(parsing: "defaults.tone"), to: "warn")
        #expect(edited.text == "defaults: &defaults\n  tone: warn\n  width: 2\ncallout:\n  <<: *defaults\n  title: Hello\nother: *defaults\n")
        #expect(change.notes == ["2 other places use the anchor `defaults` (lines 5, 7) and will see this change"])
        edited = file
        #expect(throws: EditError.self) { try edited.setValue(at: YAMLPath(parsing: "other.tone"), to: "x") }
        #expect(edited.text == file.text)
    }
}
