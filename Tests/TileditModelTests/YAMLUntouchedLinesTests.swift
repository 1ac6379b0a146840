import Testing
import TileditFixtures
@testable import TileditModel

/// Edits change only what the user touched: a block scalar's untouched
/// lines keep their line breaks, a double-quoted scalar keeps the escapes
/// of its unchanged characters, and the spaces before a trailing comment
/// stay; in YAML files and in Markdown front matter alike.
@Suite("YAML edits keep the untouched lines and escapes")
struct YAMLUntouchedLinesTests {
    /// `text` with the scalar at `path` set to `value` (as typed, and as a
    /// string), checked to read back and to undo.
    func written(_ value: String, at path: String = "a", in text: String) throws -> String {
        var results: [String] = []
        for type in [nil, YAMLValueType.string] {
            var file = YAMLFileDocument(text)
            let change = try file.perform(.setScalar(YAMLPath(parsing: path), value: value, type: type))
            #expect(file.node(at: YAMLPath(parsing: path))?.scalar?.value == value, "\(file.text.debugDescription)")
            var undone = file
            undone.apply(change.inverse)
            #expect(undone.text == text)
            results.append(file.text)
        }
        #expect(results[0] == results[1], "typed and string edits differ")
        return results[0]
    }

    /// The front matter `text` (YAML lines) with `key` set to `value`.
    func frontMatterWritten(_ value: String, key: String = "a", in yaml: String) throws -> String {
        var page = MarkdownDocument("---\n" + yaml + "---\n\nBody.\n", dialect: .yaml)
        let change = try page.perform(.setFrontMatterField(key: key, value: value))
        #expect(page.frontMatter?[key] == value)
        var undone = page
        undone.undo(change)
        #expect(undone.text == "---\n" + yaml + "---\n\nBody.\n")
        let text = page.text
        return String(text.dropFirst(4).dropLast("---\n\nBody.\n".count))
    }

    // MARK: Block scalars

    @Test(arguments: [
        // The tester's file: only the word's bytes change.
        ("a: >-\n  one two three\n  four five six\n  seven\n", "one two three four FIVE six seven",
         "a: >-\n  one two three\n  four FIVE six\n  seven\n"),
        ("a: >\n  one two\n  three\n\n  next para\n", "one two three\nnext PARA\n", "a: >\n  one two\n  three\n\n  next PARA\n"),
        ("a: >+\n  one two\n  three\n\nb: 1\n", "one TWO three\n\n", "a: >+\n  one TWO\n  three\n\nb: 1\n"),
        ("a: |\n  first\n  second\n  third\n", "first\nSECOND\nthird\n", "a: |\n  first\n  SECOND\n  third\n"),
        ("a: |-\n  x\n  y\n", "x\ny\nz", "a: |-\n  x\n  y\n  z\n"),
        // A change across a fold rewrites the lines it spans, and only those.
        ("a: >\n  one two\n  three four\n  five\n", "one two-three four five\n", "a: >\n  one two-three four\n  five\n"),
        // Line endings of the file, and the header's comment, stay.
        ("a: > # note\r\n  one\r\n  two\r\nb: 1\r\n", "one TWO\n", "a: > # note\r\n  one\r\n  TWO\r\nb: 1\r\n"),
    ])
    func aBlockScalarEditRewritesOnlyTheChangedLines(original: String, value: String, expected: String) throws {
        #expect(try written(value, in: original) == expected)
        #expect(try frontMatterWritten(value, in: original) == expected)
    }

    @Test func aChangedFinalLineBreakFallsBackToWritingTheWholeScalar() throws {
        // Clip to strip: the header changes, so the whole scalar is written.
        #expect(try written("one two", in: "a: >\n  one\n  two\n") == "a: >-\n  one two\n")
    }

    /// Generated block scalars of words on lines (paragraphs, more
    /// indented lines, every chomping): one word changed changes that line
    /// alone, in a YAML file and in front matter.
    @Test func aChangedWordChangesOnlyItsLine() throws {
        var edits = 0
        let words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta"]
        for seed in UInt64(0)..<200 {
            var random = SeededGenerator(seed: seed)
            let folded = Bool.random(using: &random)
            let chomping = ["", "-", "+"].randomElement(using: &random) ?? ""
            var lines: [[String]] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                if !lines.isEmpty && Int.random(in: 0..<4, using: &random) == 0 { lines.append([]) }
                var line = (0..<Int.random(in: 1...4, using: &random)).map { _ in words.randomElement(using: &random) ?? "w" }
                if folded && Int.random(in: 0..<6, using: &random) == 0 { line[0] = " " + line[0] }
                lines.append(line)
            }
            if lines.first?.first?.hasPrefix(" ") == true { lines[0][0].removeFirst() }
            let body = lines.map { $0.isEmpty ? "" : "  " + $0.joined(separator: " ") }.joined(separator: "\n")
            let original = "k: 1\na: \(folded ? ">" : "|")\(chomping)\n\(body)\n\(chomping == "+" ? "\n" : "")b: 2\n"
            guard let old = YAMLFileDocument(original).node(at: YAMLPath(parsing: "a"))?.scalar?.value else {
                Issue.record("seed \(seed): \(original.debugDescription) does not read")
                continue
            }
            let textLines = lines.indices.filter { !lines[$0].isEmpty }
            guard let lineIndex = textLines.randomElement(using: &random) else { continue }
            let wordIndex = Int.random(in: 0..<lines[lineIndex].count, using: &random)
            var changed = lines
            changed[lineIndex][wordIndex] = changed[lineIndex][wordIndex].uppercased()
            let newBody = changed.map { $0.isEmpty ? "" : "  " + $0.joined(separator: " ") }.joined(separator: "\n")
            let expected = "k: 1\na: \(folded ? ">" : "|")\(chomping)\n\(newBody)\n\(chomping == "+" ? "\n" : "")b: 2\n"
            guard let value = YAMLFileDocument(expected).node(at: YAMLPath(parsing: "a"))?.scalar?.value, value != old else { continue }
            #expect(try written(value, in: original) == expected, "seed \(seed)")
            #expect(try frontMatterWritten(value, in: original) == expected, "seed \(seed): front matter")
            edits += 1
        }
        #expect(edits > 150)
    }

    // MARK: Double quotes and trailing comments

    @Test(arguments: [
        // The tester's value: `\t` and `\u00e9` stay as the user wrote them.
        (#"a: "a\tb \u00e9"   # note"# + "\n", "a\tb \u{E9}!", #"a: "a\tb \u00e9!"   # note"# + "\n"),
        // A character written as itself stays itself.
        (#"a: "é \u00e9 x""# + "\n", "é \u{E9} y", #"a: "é \u00e9 y""# + "\n"),
        // The changed characters are written as the writer writes them.
        (#"a: "\x41\u00e9""# + "\n", "A\u{E9}\u{7}", #"a: "\x41\u00e9\x07""# + "\n"),
    ])
    func aDoubleQuotedScalarKeepsTheEscapesOfItsUnchangedCharacters(original: String, value: String, expected: String) throws {
        #expect(try written(value, in: original) == expected)
        #expect(try frontMatterWritten(value, in: original) == expected)
    }

    /// Generated double-quoted scalars of characters and escapes: one
    /// character replaced keeps every other piece as it was written.
    @Test func aReplacedCharacterKeepsEveryOtherPieceAsWritten() throws {
        let pool: [(source: String, value: String)] = [
            ("a", "a"), ("b", "b"), (" ", " "), ("é", "é"), (#"\u00e9"#, "é"), (#"\t"#, "\t"), (#"\x41"#, "A"), ("A", "A"),
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\U0001F680"#, "🚀"), ("🚀", "🚀"), (#"\_"#, "\u{A0}"), (#"\e"#, "\u{1B}"),
        ]
        for seed in UInt64(0)..<200 {
            var random = SeededGenerator(seed: seed)
            let pieces = (0..<Int.random(in: 1...10, using: &random)).map { _ in pool.randomElement(using: &random) ?? ("a", "a") }
            let index = Int.random(in: 0..<pieces.count, using: &random)
            let original = "k: 1\na: \"" + pieces.map(\.source).joined() + "\"  # c\n"
            var value = pieces.map(\.value)
            value[index] = "Z"
            var expectedPieces = pieces.map(\.source)
            expectedPieces[index] = "Z"
            let expected = "k: 1\na: \"" + expectedPieces.joined() + "\"  # c\n"
            #expect(try written(value.joined(), in: original) == expected, "seed \(seed)")
        }
    }

    @Test(arguments: [
        // Every kind of value edit keeps the spaces before the comment.
        ("a: value    # note\n", "other", "a: other    # note\n"),
        ("a: value    # note\n", "a: b", "a: \"a: b\"    # note\n"),
        ("a: 'value'    # note\n", "it's", "a: 'it''s'    # note\n"),
        ("a: 10    # note\n", "11", "a: 11    # note\n"),
        ("a:    # note\n", "value", "a: value    # note\n"),
        ("a: ~    # note\n", "value", "a: value    # note\n"),
    ])
    func theSpacesBeforeATrailingCommentStay(original: String, value: String, expected: String) throws {
        var file = YAMLFileDocument(original)
        try file.perform(.setScalar(YAMLPath(parsing: "a"), value: value, type: nil))
        #expect(file.text == expected)
        #expect(try frontMatterWritten(value, in: original) == expected)
    }
}
