import Testing
import TileditFixtures
import TileditModel

/// What `check` and the editor report about YAML that libyaml reads without
/// complaint: keys written twice or looking alike, values cut short by ` #`,
/// invisible and non-ASCII space characters; and libyaml's errors in
/// Tiledit's words where such a character is the cause. Exact line, column,
/// message and fix.
@Suite("YAML checks")
struct YAMLChecksTests {
    /// `line:column severity code message`, and the fix's title and edits when there is one.
    private static func report(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { diagnostic in
            var line = "\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.severity.rawValue) \(diagnostic.code.rawValue) \(diagnostic.message)"
            if let fix = diagnostic.fix {
                line += " | fix: \(fix.title): " + fix.edits.map { "\($0.range) → \(String(decoding: $0.replacement, as: UTF8.self).debugDescription)" }.joined(separator: ", ")
            }
            return line
        }
    }

    private static func report(_ text: String) -> [String] {
        report(YAMLFileDocument(text).diagnostics)
    }

    // MARK: Inputs that once trapped

    @Test func anEmptyKeyAndAnAnchoredEmptyKeyAreTwoNullKeys() {
        #expect(Self.report("?\n&a :") == [
            "2:3 error yaml.duplicate-key the empty key is written twice in this mapping, on line 1 and line 2; YAML readers keep only one of them, so Tiledit does not edit it until one is removed",
        ])
    }

    @Test func theFuzzersInputsAreReportedAtLibyamlsPosition() {
        #expect(Self.report("{! !") == ["1:4 error yaml.syntax invalid YAML: while parsing a flow mapping: did not find expected ',' or '}'"])
        #expect(Self.report("? \"\"!") == ["1:5 error yaml.syntax invalid YAML: while parsing a block mapping: did not find expected key"])
        #expect(Self.report("*y\t&y:") == ["1:4 error yaml.syntax invalid YAML: while parsing a block mapping: did not find expected key"])
    }

    // MARK: Keys

    @Test func aKeyWrittenTwiceIsAnErrorNamingBothLines() {
        #expect(Self.report("a: 1\nb:\n  c: 2\n  c: 3\n\"a\": 4\n1: x\n\"1\": z\n") == [
            "4:3 error yaml.duplicate-key key `c` is written twice in this mapping, on line 3 and line 4; YAML readers keep only one of them, so Tiledit does not edit it until one is removed",
            "5:1 error yaml.duplicate-key key `a` is written twice in this mapping, on line 1 and line 5; YAML readers keep only one of them, so Tiledit does not edit it until one is removed",
        ])
    }

    @Test func keysThatDifferOnlyInNormalizationAreFlaggedAndBothEditable() throws {
        var file = YAMLFileDocument("K: 1\n\u{212A}: 2\n")
        #expect(Self.report(file.diagnostics) == [
            "2:1 warning yaml.lookalike-keys keys `K` on line 1 and `\u{212A}` on line 2 look the same but are written with different characters (U+004B and U+212A); YAML readers read two keys",
        ])
        try file.setValue(at: YAMLPath([.key("\u{212A}")]), to: "3")
        #expect(file.text == "K: 1\n\u{212A}: 3\n")
        try file.setValue(at: YAMLPath([.key("K")]), to: "4")
        #expect(file.text == "K: 4\n\u{212A}: 3\n")
    }

    // MARK: Values cut short

    @Test func aPlainValueCutShortByACommentIsAWarningWithAQuotingFix() {
        #expect(Self.report("title: Issue #42\ncolor: #fff\nnote: ok # a remark\nother: x #optional (see below)\n") == [
            "1:14 warning yaml.truncated-value `#42` starts a comment (a space then `#` ends a plain value), so the value of `title` ends at `Issue`; quote the value if `#42` belongs to it | fix: Quote the value: \"Issue #42\": 7..<16 → \"\\\"Issue #42\\\"\"",
            "2:8 warning yaml.truncated-value `#fff` starts a comment (a space then `#` ends a plain value), so the value of `color` is empty; quote the value if `#fff` belongs to it | fix: Quote the value: \"#fff\": 24..<28 → \"\\\"#fff\\\"\"",
        ])
        #expect(Self.report("- C# #1 fan\n") == [
            "1:6 warning yaml.truncated-value `#1 fan` starts a comment (a space then `#` ends a plain value), so this value ends at `C#`; quote the value if `#1 fan` belongs to it | fix: Quote the value: \"C# #1 fan\": 2..<11 → \"\\\"C# #1 fan\\\"\"",
        ])
    }

    // MARK: Invisible characters

    @Test func aNoBreakSpaceInAnIndentationIsReportedOnItsLine() {
        #expect(Self.report("a:\n  b: 1\n\u{A0} c: 2\n") == [
            "3:1 warning yaml.invisible-character this line is indented with U+00A0 NO-BREAK SPACE, which YAML does not read as indentation, so the line does not nest as it looks; replace it with a space | fix: Replace U+00A0 NO-BREAK SPACE with a space: 10..<12 → \" \"",
        ])
        #expect(Self.report("a: 1\n\u{A0}\u{A0}b: 2\n") == [
            "2:1 warning yaml.invisible-character this line is indented with U+00A0 NO-BREAK SPACE (2 in a row), which YAML does not read as indentation, so the line does not nest as it looks; replace it with a space | fix: Replace each U+00A0 NO-BREAK SPACE with a space: 5..<9 → \"  \"",
        ])
    }

    @Test func aZeroWidthSpaceInAKeyIsReportedNamingTheKey() {
        #expect(Self.report("ti\u{200B}tle: x\n") == [
            "1:3 warning yaml.invisible-character the key `ti<U+200B>tle` holds U+200B ZERO WIDTH SPACE, which does not show; YAML readers see it as part of the key; remove it | fix: Remove U+200B ZERO WIDTH SPACE: 2..<5 → \"\"",
        ])
    }

    @Test func invisibleCharactersInValuesAreWarningsAtTheEdgesAndNotesForSpacesInside() {
        #expect(Self.report("a: x\u{200B}\nb: 10\u{A0}km\nc: 'a\u{200D}b'\n# comment \u{A0}\nd: \"\u{FEFF}x\"\n") == [
            "1:5 warning yaml.invisible-character the value of `a` ends with U+200B ZERO WIDTH SPACE, which does not show; YAML keeps it in the value; remove it | fix: Remove U+200B ZERO WIDTH SPACE: 4..<7 → \"\"",
            "2:6 info yaml.invisible-character the value of `b` holds U+00A0 NO-BREAK SPACE, which looks like a space but is not one to YAML",
            "3:6 info yaml.invisible-character the value of `c` holds U+200D ZERO WIDTH JOINER, which does not show (it changes how the text around it is shaped or ordered)",
            "5:5 warning yaml.invisible-character the value of `d` holds U+FEFF ZERO WIDTH NO-BREAK SPACE, which does not show; remove it unless it is meant | fix: Remove U+FEFF ZERO WIDTH NO-BREAK SPACE: 46..<49 → \"\"",
        ])
    }

    @Test func libyamlsErrorOnALineWithANoBreakSpaceIsReportedAtTheCharacter() {
        // libyaml stops at the end of the file ("could not find expected ':'" on line 4).
        #expect(Self.report("a: 1\nc:\u{A0}x\n") == [
            "2:3 error yaml.invisible-character U+00A0 NO-BREAK SPACE looks like a space but is not one to YAML, so this YAML cannot be read here; replace it with a space | fix: Replace U+00A0 NO-BREAK SPACE with a space: 7..<9 → \" \"",
        ])
        #expect(Self.report("- a\n\u{A0}- b\n") == [
            "2:1 error yaml.invisible-character U+00A0 NO-BREAK SPACE looks like a space but is not one to YAML, so this YAML cannot be read here; replace it with a space | fix: Replace U+00A0 NO-BREAK SPACE with a space: 4..<6 → \" \"",
        ])
    }

    /// Generated YAML with one character that does not show, or only looks
    /// like a space, put at a random place of a random line that holds no
    /// comment: it is reported once, on its own line and column, by its code
    /// point (unless an error before it stops the reading there).
    @Test func anInvisibleCharacterPutAnywhereOutsideACommentIsReportedWhereItIs() {
        let characters: [Unicode.Scalar] = ["\u{A0}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{3000}", "\u{200D}", "\u{202E}", "\u{AD}", "\u{2007}"]
        var checked = 0
        for seed in UInt64(0)..<300 {
            var generator = YAMLGenerator(seed: seed)
            var random = SeededGenerator(seed: seed)
            let bytes = Array(generator.document(bytes: 400).utf8)
            var lines: [Range<Int>] = []
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == 0x0A {
                lines.append(start..<index)
                start = index + 1
            }
            let candidates = lines.indices.filter { !lines[$0].isEmpty && bytes[lines[$0]].allSatisfy { $0 < 0x80 && $0 != 0x23 } }
            guard !candidates.isEmpty else { continue }
            let lineIndex = candidates[Int.random(in: 0..<candidates.count, using: &random)]
            let offset = Int.random(in: Swift.max(lines[lineIndex].lowerBound, 1)...lines[lineIndex].upperBound, using: &random)
            let character = characters[Int.random(in: 0..<characters.count, using: &random)]
            let text = String(decoding: bytes[..<offset] + Array(String(character).utf8) + bytes[offset...], as: UTF8.self)
            let file = YAMLFileDocument(text)
            let codePoint = "U+" + String(repeating: "0", count: Swift.max(0, 4 - String(character.value, radix: 16).count))
                + String(character.value, radix: 16, uppercase: true)
            let label = "seed \(seed): \(codePoint) at line \(lineIndex + 1), byte \(offset)\n\(text)"
            let invisible = "yaml.invisible-character"
            if let error = file.diagnostics.first(where: { $0.severity == .error && $0.code.rawValue != invisible }), error.range.lowerBound <= offset {
                continue
            }
            // A space-like character inside quotes is text (YAMLInvisibleCharacterPlaceTests).
            let isSpaceLike = character.properties.generalCategory == .spaceSeparator
            if isSpaceLike, YAMLParser.parse(text).documents.contains(where: { document in
                document.root.map { Self.quotedScalar(in: $0, holding: offset) } ?? false
            }) { continue }
            let found = file.diagnostics.filter { $0.code.rawValue == invisible && $0.range.contains(offset) }
            #expect(found.count == 1, "\(label)\n\(Self.report(file.diagnostics))")
            #expect(found.first?.location.line == lineIndex + 1, "\(label)")
            #expect(found.first?.location.column == offset - lines[lineIndex].lowerBound + 1, "\(label)")
            #expect(found.first?.message.contains(codePoint) == true, "\(label)\n\(Self.report(file.diagnostics))")
            checked += 1
        }
        #expect(checked > 200, "\(checked) checked")
    }

    /// Whether a quoted scalar under `node` holds `offset` (inside its quotes).
    private static func quotedScalar(in node: YAMLNode, holding offset: Int) -> Bool {
        switch node.content {
        case .scalar(let scalar):
            return (scalar.style == .doubleQuoted || scalar.style == .singleQuoted) && scalar.range.lowerBound < offset && offset < scalar.range.upperBound
        case .alias: return false
        case .mapping(let pairs): return pairs.contains { quotedScalar(in: $0.key, holding: offset) || quotedScalar(in: $0.value, holding: offset) }
        case .sequence(let items): return items.contains { quotedScalar(in: $0, holding: offset) }
        }
    }

    @Test func aByteOrderMarkAtTheStartIsTheFilesAndNotReported() {
        #expect(Self.report("\u{FEFF}a: 1\n") == [])
    }

    // MARK: Front matter

    @Test func frontMatterChecksCarryFileLinesInTheDocument() throws {
        let document = MarkdownDocument("# x\n", dialect: .yaml)
        #expect(document.diagnostics.isEmpty)
        let page = MarkdownDocument("---\ntitle: A\nti\u{200B}tle: B\ntags: C# #dotnet\ntitle: C\n---\n\nBody\n", dialect: .yaml)
        #expect(Self.report(page.diagnostics) == [
            "3:3 warning yaml.invisible-character the key `ti<U+200B>tle` holds U+200B ZERO WIDTH SPACE, which does not show; YAML readers see it as part of the key; remove it | fix: Remove U+200B ZERO WIDTH SPACE: 15..<18 → \"\"",
            "4:10 warning yaml.truncated-value `#dotnet` starts a comment (a space then `#` ends a plain value), so the value of `tags` ends at `C#`; quote the value if `#dotnet` belongs to it | fix: Quote the value: \"C# #dotnet\": 31..<41 → \"\\\"C# #dotnet\\\"\"",
            "5:1 error front-matter.duplicate-key key `title` is written twice in this mapping, on line 2 and line 5; YAML readers keep only one of them, so Tiledit does not edit it until one is removed",
        ])
        #expect(page.refusal(of: .setFrontMatterField(key: "title", value: "D"))
            == "`title` is written 2 times in its mapping (lines 2 and 5); YAML readers keep only one, so remove the others before editing it")
        var fixed = page
        fixed.perform(edits: try #require(page.diagnostics.first { $0.code == .yamlTruncatedValue }?.fix).edits)
        #expect(fixed.text == "---\ntitle: A\nti\u{200B}tle: B\ntags: \"C# #dotnet\"\ntitle: C\n---\n\nBody\n")
    }

    @Test func tiledownFrontMatterDuplicatesAreErrorsThatBlockTheirEdits() {
        let page = MarkdownDocument("---\ntitle: A\ndate: 2024-01-05\ntitle: B\n---\n", dialect: .tiledown)
        #expect(Self.report(page.diagnostics) == [
            "4:1 error front-matter.duplicate-key key `title` is written twice, on line 2 and line 4; the last one wins, so Tiledit does not edit it until one is removed",
        ])
        #expect(page.refusal(of: .setFrontMatterField(key: "title", value: "C"))
            == "`title` is written 2 times (lines 2 and 4); remove the others before editing it")
        #expect(page.refusal(of: .setFrontMatterField(key: "date", value: "2024-02-01")) == nil)
    }

    @Test func frontMatterThatCannotBeReadKeepsItsTextForTheBlocksList() throws {
        let list = try #require(MarkdownDocument("---\n- a\n- b\n---\nBody\n", dialect: .yaml).frontMatter)
        #expect(list.source == "- a\n- b\n")
        #expect(list.summary == "- a")
        #expect(list.problem == "front matter must be a mapping of keys to values; found a list")
        let colon = MarkdownDocument("---\n\ntitle: a: b\n---\nBody\n", dialect: .yaml)
        let frontMatter = try #require(colon.frontMatter)
        #expect(frontMatter.summary == "title: a: b")
        #expect(Self.report(colon.diagnostics) == [
            "3:9 error yaml.colon-in-plain-value the value contains `: `, which YAML reads as a new key; quote the value | fix: Quote the value: \"a: b\": 12..<16 → \"\\\"a: b\\\"\"",
        ])
        let readable = try #require(MarkdownDocument("---\nlayout: post\n---\n", dialect: .yaml).frontMatter)
        #expect(readable.source == nil)
        #expect(readable.summary == "layout: post")
        #expect(try #require(MarkdownDocument("---\n---\n", dialect: .yaml).frontMatter).summary == "(empty)")
    }

    @Test func frontMatterHoldingTwoDocumentsIsAnErrorNotASilentDrop() {
        // `--- ` with a space does not close the front matter; to YAML it starts a second document.
        let page = MarkdownDocument("---\ntitle: A\n--- \nsecret: internal note\n---\n\nBody.\n", dialect: .yaml)
        #expect(page.frontMatter?.problem == "front matter holds more than one YAML document (a `...` or `---` line ends the first); only one can be read, so remove the line or the text after it")
        // Both facts stand: other tools end the front matter there, and YAML reads two documents.
        #expect(page.diagnostics.map(\.code) == [.frontMatterInnerFence, .frontMatterSeveralDocuments])
        #expect(page.diagnostics.map(\.location.line) == [3, 3])
    }

    // MARK: Depth

    @Test func aHundredThousandLevelsOfMixedCollectionsGiveAClearError() {
        let text = String(repeating: "- ", count: 50_000) + String(repeating: "[", count: 25_000) + String(repeating: "{a: ", count: 25_000)
            + "x" + String(repeating: "}", count: 25_000) + String(repeating: "]", count: 25_000) + "\n"
        var file = YAMLFileDocument(text)
        #expect(Self.report(file.diagnostics) == ["1:513 error yaml.limit YAML nested deeper than 256 levels is not read"])
        #expect(throws: EditError.self) { try file.setValue(at: YAMLPath([.index(0)]), to: "y") }
        let page = MarkdownDocument("---\nk: " + String(repeating: "[", count: 100_000) + "\n---\nBody\n", dialect: .yaml)
        #expect(Self.report(page.diagnostics) == ["2:259 error yaml.limit YAML nested deeper than 256 levels is not read"])
        #expect(page.frontMatter?.summary == "k: " + String(repeating: "[", count: 100_000))
    }
}

/// Scalars and bytes, never `Character`s, where text is split or compared:
/// `\r\n` is one `Character`, and a combining mark joins the character
/// before it.
@Suite("YAML text as scalars")
struct YAMLTextAsScalarsTests {
    @Test func newFrontMatterInACRLFFileHasNoBlankLineInside() throws {
        let document = MarkdownDocument("Body\r\n", dialect: .yaml)
        #expect(try document.text(after: .setFrontMatterField(key: "title", value: "x")) == "---\r\ntitle: x\r\n---\r\n\r\nBody\r\n")
    }

    @Test func aPathIsSplitAtDotsFollowedByCombiningMarks() {
        #expect(YAMLPath(parsing: "a.\u{301}b").components == [.key("a"), .key("\u{301}b")])
        #expect(YAMLPath(parsing: "items.0.007").components == [.key("items"), .index(0), .key("007")])
        #expect(YAMLPath(parsing: "a.\"b.c\".\"d\\\"e\"").components == [.key("a"), .key("b.c"), .key("d\"e")])
        #expect(YAMLPath(parsing: "\"0\"").components == [.key("0")])
    }

    @Test func aLiteralWhoseFirstLineStartsWithASpaceAndACombiningMarkGetsAnIndentationIndicator() throws {
        var file = YAMLFileDocument("a: |\n  x\n")
        try file.setValue(at: YAMLPath([.key("a")]), to: " \u{301}one\ntwo")
        #expect(file.text == "a: |2-\n   \u{301}one\n  two\n")
        #expect(file.node(at: YAMLPath([.key("a")]))?.scalar?.value == " \u{301}one\ntwo")
    }

    @Test func aTileKeyStartingWithAHyphenAndACombiningMarkIsRefused() {
        #expect(throws: EditError.self) {
            _ = try TileWriter.propertyText(key: "-\u{301}x", value: .text("v"), lineEnding: .lf)
        }
    }
}
