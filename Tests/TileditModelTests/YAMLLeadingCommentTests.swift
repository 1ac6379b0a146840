import Testing
import TileditFixtures
@testable import TileditModel

/// The comment lines right above an entry (no blank line between) are the
/// entry's: they move, are copied and are removed with it. A comment after
/// a blank line, and the file's header comment, stay where they are; a
/// block scalar's `#` lines are its text.
@Suite("YAML leading comments go with their entry")
struct YAMLLeadingCommentTests {
    func performed(_ operation: YAMLOperation, on text: String) throws -> String {
        var file = YAMLFileDocument(text)
        let change = try file.perform(operation)
        var undone = file
        undone.apply(change.inverse)
        #expect(undone.text == text)
        return file.text
    }

    @Test(arguments: [
        ("list:\n  # about a\n  - a\n  # about b\n  - b\n", YAMLOperation.moveItem(YAMLPath(parsing: "list.0"), by: 1),
         "list:\n  # about b\n  - b\n  # about a\n  - a\n"),
        ("list:\n  - a\n\n  # section\n\n  - b\n", .moveItem(YAMLPath(parsing: "list.1"), by: -1), "list:\n  - b\n\n  # section\n\n  - a\n"),
        ("list:\n  - a\n  # apart\n\n  - b\n", .moveItem(YAMLPath(parsing: "list.1"), by: -1), "list:\n  - b\n  # apart\n\n  - a\n"),
        ("# header\n- a\n- b\n", .moveItem(YAMLPath(parsing: "0"), by: 1), "# header\n- b\n- a\n"),
        ("- x\n# about y\n- y\n", .duplicateItem(YAMLPath(parsing: "1")), "- x\n# about y\n- y\n# about y\n- y\n"),
        ("- x\n# about y\n- y\n- z\n", .removeItem(YAMLPath(parsing: "1")), "- x\n- z\n"),
        ("list:\n  # only\n  - a\nend: 1\n", .removeItem(YAMLPath(parsing: "list.0")), "list:\n    []\nend: 1\n"),
        ("a: 1\n# about b\n# more\nb: 2\nc: 3\n", .removeKey(YAMLPath(parsing: "b")), "a: 1\nc: 3\n"),
        ("a: 1\n# apart\n\nb: 2\n", .removeKey(YAMLPath(parsing: "b")), "a: 1\n# apart\n\n"),
        ("# header\na: 1\nb: 2\n", .removeKey(YAMLPath(parsing: "a")), "# header\nb: 2\n"),
        ("m:\n  x: 1\n# about n\nn: 2\n", .removeKey(YAMLPath(parsing: "n")), "m:\n  x: 1\n"),
        ("k: 0\na: 1\n# about b\nb: 2\n", .moveKey(YAMLPath(parsing: "b"), by: -1), "k: 0\n# about b\nb: 2\na: 1\n"),
        ("m:\n  x: 1\n  # about y\n  y:\n    deep: 2\nz: 3\n", .moveKey(YAMLPath(parsing: "m.x"), by: 1),
         "m:\n  # about y\n  y:\n    deep: 2\n  x: 1\nz: 3\n"),
        ("k: 0\na: |\n  text\n  # not a comment\nb: 2\n", .moveKey(YAMLPath(parsing: "b"), by: -1), "k: 0\nb: 2\na: |\n  text\n  # not a comment\n"),
        // A block scalar's `#` line is its text, not the next item's comment.
        ("- |\n  text\n  # not a comment\n- b\n", .moveItem(YAMLPath(parsing: "1"), by: -1), "- b\n- |\n  text\n  # not a comment\n"),
    ])
    func aLeadingCommentGoesWithItsEntry(original: String, operation: YAMLOperation, expected: String) throws {
        #expect(try performed(operation, on: original) == expected)
    }

    @Test func aLeadingCommentOfAFlatKeyIsRemovedWithIt() throws {
        var file = YAMLFileDocument("title: Site\n# the feed\nrss: true\n", dialect: .flat)
        try file.perform(.removeKey(YAMLPath([.key("rss")])))
        #expect(file.text == "title: Site\n")
    }

    @Test(arguments: [FrontMatterDialect.yaml, .tiledown])
    func aLeadingCommentOfAFrontMatterFieldIsRemovedWithIt(dialect: FrontMatterDialect) throws {
        var page = MarkdownDocument("---\n# header\ntitle: T\n# about draft\ndraft: true\n---\n\nBody.\n", dialect: dialect)
        try page.perform(.removeFrontMatterField(key: "draft"))
        #expect(page.text == "---\n# header\ntitle: T\n---\n\nBody.\n")
    }

    /// Generated block sequences and mappings of entries with comment
    /// lines above some and blank lines between some: moving, copying or
    /// removing an entry takes its comment lines along and leaves the blank
    /// lines in place.
    @Test func structuralEditsOfGeneratedSequencesTakeTheCommentsAlong() throws {
        var edits = 0
        for seed in UInt64(0)..<300 {
            var random = SeededGenerator(seed: seed)
            let isMapping = seed % 2 == 1
            let count = Int.random(in: 2...5, using: &random)
            // Tokens: the gap before each item (blank lines) and the item with its comments.
            var gaps: [String] = []
            var entries: [String] = []
            for index in 0..<count {
                gaps.append(index > 0 && Bool.random(using: &random) ? "\n" : "")
                let comments = (0..<Int.random(in: 0...2, using: &random)).map { "  # about \(index) (\($0))\n" }.joined()
                entries.append(comments + (isMapping ? "  k\(index): v\(index)\n" : "  - v\(index)\n"))
            }
            func text(_ gaps: [String], _ entries: [String]) -> String {
                "list:\n" + zip(gaps, entries).map { $0 + $1 }.joined() + "end: 1\n"
            }
            let original = text(gaps, entries)
            let index = Int.random(in: 0..<count, using: &random)
            let path = YAMLPath(parsing: isMapping ? "list.k\(index)" : "list.\(index)")
            var expectedEntries = entries
            var expectedGaps = gaps
            let operation: YAMLOperation
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where index + 1 < count:
                operation = isMapping ? .moveKey(path, by: 1) : .moveItem(path, by: 1)
                expectedEntries.swapAt(index, index + 1)
            case 1 where index > 0:
                operation = isMapping ? .moveKey(path, by: -1) : .moveItem(path, by: -1)
                expectedEntries.swapAt(index, index - 1)
            case 2 where !isMapping:
                operation = .duplicateItem(path)
                expectedEntries.insert(entries[index], at: index + 1)
                expectedGaps.insert("", at: index + 1)
            default:
                operation = isMapping ? .removeKey(path) : .removeItem(path)
                // The item's lines go; the blank lines before and after it stay.
                let gap = expectedGaps.remove(at: index)
                expectedEntries.remove(at: index)
                if index < expectedGaps.count { expectedGaps[index] = gap + expectedGaps[index] } else {
                    expectedEntries[expectedEntries.count - 1] += gap
                }
            }
            #expect(try performed(operation, on: original) == text(expectedGaps, expectedEntries), "seed \(seed): \(operation)")
            edits += 1
        }
        #expect(edits == 300)
    }
}
