import Foundation
import Testing
import TileditFixtures
@testable import TileditModel

/// A lone CR ends a line, as in CommonMark (section 2.1) and cmark-gfm: in
/// the line index, blocks, tiles, front matter, edits, the formatter and
/// the renderer; and the five editing laws hold on CR-only, CRLF and mixed
/// documents.
@Suite("Line endings")
struct LineEndingTests {
    let formatter = CanonicalFormatter()

    func formatted(_ text: String, dialect: FrontMatterDialect = .yaml) -> String {
        String(decoding: formatter.format(MarkdownDocument(text, dialect: dialect)), as: UTF8.self)
    }

    @Test func aLoneCarriageReturnEndsALine() {
        let document = MarkdownDocument("aaa\r\rbbb\r", dialect: .yaml)
        #expect(document.lineEnding == .cr)
        #expect(document.outline == ["paragraph@1-1", "paragraph@3-3"])
        #expect(document.blocks.map(\.range) == [0..<4, 5..<9])
        #expect(formatted("aaa\r\rbbb\r") == "aaa\r\rbbb\r")
        #expect(HTMLRenderer().renderBody(document) == "<p>aaa</p>\n<p>bbb</p>\n")
        #expect(document.location(of: 6) == SourceLocation(line: 3, column: 2))
    }

    @Test func detectsTheFirstLineBreak() {
        #expect(LineEnding.detect(in: Array("a\rb\nc".utf8)) == .cr)
        #expect(LineEnding.detect(in: Array("a\r\nb\rc".utf8)) == .crlf)
        #expect(LineEnding.detect(in: Array("a\nb\r\n".utf8)) == .lf)
        #expect(LineEnding.detect(in: Array("a\r".utf8)) == .cr)
        #expect(LineEnding.detect(in: Array("abc".utf8)) == .lf)
    }

    @Test func indentedCodeInACROnlyFileFormatsOnceWithCREndings() {
        #expect(formatted("    ***\r") == "```\r***\r```\r")
        #expect(formatted(formatted("    ***\r")) == "```\r***\r```\r")
    }

    @Test func aCROnlyFileIsNeverGivenALineFeed() {
        #expect(formatted("a\rb") == "a\rb\r")
        #expect(formatted("# Title\r\r\r\r") == "# Title\r")
        for seed in UInt64(0)..<60 {
            var generator = TiledownGenerator(seed: seed, frontMatter: .yaml, lineEnding: "\r", tileEvery: 4, includesTrickyBlocks: true)
            let text = generator.document(blocks: 12)
            let output = formatted(text)
            #expect(!output.utf8.contains(0x0A), "seed \(seed)")
        }
    }

    @Test func frontMatterAndTilesReadCROnlyLines() throws {
        let text = "---\rtitle: Hello\rtags: [a, b]\r---\r\r:::tile callout\rid: note-1\rtitle: Hi\rbody: |\r  One\r\r  Two\r:::\r"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.outline == ["front matter@1-4", "tile callout@6-13"])
        #expect(document.frontMatter?["title"] == "Hello")
        let tile = try #require(document.blocks.compactMap(\.kind.tile).first)
        #expect(tile.value("body") == .literal("One\n\nTwo"))
        #expect(document.diagnostics.isEmpty)
        #expect(try document.text(after: .setTileProperty(try document.tile("note-1"), key: "title", value: .text("Hey")))
            == "---\rtitle: Hello\rtags: [a, b]\r---\r\r:::tile callout\rid: note-1\rtitle: Hey\rbody: |\r  One\r\r  Two\r:::\r")
        #expect(try document.text(after: .insertTile(type: "counter", at: 2))
            == text + "\r:::tile counter\rid: counter-1\rlabel: Clicks\r:::\r")
        #expect(try document.text(after: .setFrontMatterField(key: "draft", value: "true"))
            == "---\rtitle: Hello\rtags: [a, b]\rdraft: true\r---\r\r:::tile callout\rid: note-1\rtitle: Hi\rbody: |\r  One\r\r  Two\r:::\r")
    }

    @Test func replacedProseTakesTheBlocksOwnLineEnding() throws {
        let document = MarkdownDocument("One\r\rTwo\nthree\n", dialect: .yaml)
        let first = document.blocks[0].id
        #expect(try document.text(after: .replaceBlockText(first, text: "A\nB")) == "A\rB\r\rTwo\nthree\n")
        let second = document.blocks[1].id
        #expect(try document.text(after: .replaceBlockText(second, text: "C\r\nD")) == "One\r\rC\nD\n")
    }

    /// The text area's form of a prose block holds no CR in any ending, and
    /// typing at its end changes that line only (in one ending): a CR-only file's last line
    /// break is not a second, empty line (case: `"para one\r"` gained a line).
    @Test(arguments: endings) func typingAtTheEndOfProseChangesItsLastLineOnly(lineEnding: String) throws {
        for seed in UInt64(0)..<60 {
            let (text, dialect) = Self.generated(seed, lineEnding: lineEnding)
            let document = MarkdownDocument(text, dialect: dialect)
            for block in document.blocks where block.kind == .paragraph {
                let editable = document.editableText(of: block)
                #expect(!editable.contains("\r"), "seed \(seed): \(editable.debugDescription)")
                // A block of mixed endings is written in its first one (`replacedProseTakesTheBlocksOwnLineEnding`).
                guard lineEnding != "mixed" else { continue }
                let bytes = Array(document.text(of: block).utf8)
                // The block's text up to its last non-line-break byte, then "X", then what followed.
                var end = bytes.count
                while end > 0, LineEnding.isLineBreak(bytes[end - 1]) { end -= 1 }
                let expected = Array(bytes[..<end]) + Array("X".utf8) + Array(bytes[end...])
                let range = block.range
                let after = try MarkdownDocument(text, dialect: dialect).text(after: .replaceBlockText(block.id, text: editable + "X"))
                var want = Array(text.utf8)
                want.replaceSubrange(range, with: expected)
                #expect(Array(after.utf8) == want, "seed \(seed), block at \(range)")
            }
        }
        let document = MarkdownDocument("# H\r\rpara one\r\rlast\r", dialect: .yaml)
        #expect(document.editableText(of: document.blocks[1]) == "para one")
        #expect(try document.text(after: .replaceBlockText(document.blocks[1].id, text: "para oneX")) == "# H\r\rpara oneX\r\rlast\r")
    }

    /// A tile whose line endings differ from the file's first one (pasted
    /// from another system) gets its new lines in its own ending, as a
    /// replaced block does; before, they took the file's.
    @Test func aTileWritesItsOwnLineEndingInAMixedFile() throws {
        let lfFile = MarkdownDocument("# T\n\n:::tile callout\r\nid: note-1\r\ntitle: Hi\r\n:::\r\n", dialect: .yaml)
        #expect(try lfFile.text(after: .setTileProperty(try lfFile.tile("note-1"), key: "body", value: .literal("One\n\nTwo")))
            == "# T\n\n:::tile callout\r\nid: note-1\r\ntitle: Hi\r\nbody: |\r\n  One\r\n\r\n  Two\r\n:::\r\n")
        let crlfFile = MarkdownDocument("# T\r\n\r\n:::tile callout\nid: note-1\ntitle: Hi\n:::\n", dialect: .yaml)
        #expect(try crlfFile.text(after: .setTileProperty(try crlfFile.tile("note-1"), key: "tags", value: .list(["a", "b"])))
            == "# T\r\n\r\n:::tile callout\nid: note-1\ntitle: Hi\ntags:\n- a\n- b\n:::\n")
    }

    /// Generated: prose in one line ending, a tile in another; any
    /// property set (text, several lines, a list; new or replaced) leaves
    /// the tile with its own line ending only, and the laws hold.
    @Test func generatedTilesKeepTheirOwnLineEnding() {
        let endings = ["\n", "\r\n", "\r"]
        let values: [TileValue] = [.text("New"), .literal("a\n\nb"), .list(["x", "y"]), .text(""), .literal("one\n:::\ntwo")]
        var random = SeededGenerator(seed: 3116)
        for seed in 0..<300 {
            let prose = endings[Int.random(in: 0..<3, using: &random)]
            let own = endings[Int.random(in: 0..<3, using: &random)]
            // A CR then the prose's LF would be one CRLF line break.
            if own == "\r" && prose == "\n" { continue }
            let tile = [":::tile callout", "id: note-1", "title: Hi", "body: |", "  text", ":::"].joined(separator: own) + own
            let text = "Intro." + prose + prose + tile + prose + "After." + prose
            var document = MarkdownDocument(text, dialect: .yaml)
            guard let id = document.blocks.first(where: { $0.kind.tile != nil })?.id else {
                Issue.record("seed \(seed): no tile in \(text.debugDescription)")
                continue
            }
            let key = ["title", "body", "labels", "extra"][Int.random(in: 0..<4, using: &random)]
            let value = values[Int.random(in: 0..<values.count, using: &random)]
            let outcome = EditingLaws.perform(.setTileProperty(id, key: key, value: value), on: &document)
            let label = "seed \(seed): \(key)=\(value) in \(text.debugDescription)"
            #expect(outcome.violations.isEmpty, "\(label): \(outcome.violations)")
            guard outcome.performed, let block = document.block(id: id) else { continue }
            let bytes = Array(document.bytes[block.range])
            var index = 0
            var breaks: Set<String> = []
            while index < bytes.count {
                if bytes[index] == Byte.carriageReturn {
                    let pair = index + 1 < bytes.count && bytes[index + 1] == Byte.newline
                    breaks.insert(pair ? "\r\n" : "\r")
                    index += pair ? 2 : 1
                } else {
                    if bytes[index] == Byte.newline { breaks.insert("\n") }
                    index += 1
                }
            }
            #expect(breaks == [own], "\(label): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test func anUnclosedTileReadsCROnlyLines() {
        let document = MarkdownDocument("Text\r\r:::tile callout\rtitle: x\r", dialect: .yaml)
        #expect(document.outline == ["paragraph@1-1", "paragraph@3-4"])
        #expect(document.diagnostics.map(\.location.line) == [3])
    }

    // MARK: The five laws on CR, CRLF and mixed documents

    /// A generated document whose line breaks are `lineEnding`, or mixed
    /// (`"mixed"`: each line break LF, CRLF or CR at random).
    static func generated(_ seed: UInt64, lineEnding: String) -> (String, FrontMatterDialect) {
        let styles = TiledownGenerator.FrontMatterStyle.allCases
        let style = styles[Int(seed % UInt64(styles.count))]
        var generator = TiledownGenerator(
            seed: seed, frontMatter: style, lineEnding: lineEnding == "mixed" ? "\n" : lineEnding,
            tileEvery: 4, includesTrickyBlocks: true)
        var text = generator.document(blocks: 3 + Int(seed % 12))
        if lineEnding == "mixed" {
            var random = SeededGenerator(seed: seed &+ 99)
            var mixed = ""
            for character in text.unicodeScalars {
                if character == "\n" {
                    mixed += ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
                } else {
                    mixed.unicodeScalars.append(character)
                }
            }
            text = mixed
        }
        return (text, style == .flat ? .tiledown : .yaml)
    }

    static let endings = ["\r", "\r\n", "mixed"]

    @Test(arguments: endings) func lawOneOpenThenSaveGivesIdenticalBytes(lineEnding: String) {
        for seed in UInt64(0)..<150 {
            let (text, dialect) = Self.generated(seed, lineEnding: lineEnding)
            let document = MarkdownDocument(text, dialect: dialect)
            #expect(document.bytes == Array(text.utf8), "seed \(seed)")
            #expect(Self.coversEveryNonBlankByte(document), "seed \(seed)")
        }
    }

    /// Laws 2 and 3 for raw edits (CR and LF of a CRLF pair may be split):
    /// the incrementally re-parsed document equals a fresh parse.
    @Test(arguments: endings) func lawThreeIncrementalReparseEqualsAFullParse(lineEnding: String) {
        var random = SeededGenerator(seed: 4242)
        for seed in UInt64(0)..<300 {
            let (text, dialect) = Self.generated(seed, lineEnding: lineEnding)
            var document = MarkdownDocument(text, dialect: dialect)
            for step in 0..<6 {
                let bytes = document.bytes
                let start = scalarBoundary(bytes, Int.random(in: 0...bytes.count, using: &random))
                let end = scalarBoundary(bytes, start + Int.random(in: 0...Swift.min(40, bytes.count - start), using: &random))
                let fragment = TiledownGenerator.editFragments[Int.random(in: 0..<TiledownGenerator.editFragments.count, using: &random)]
                let replacement = lineEnding == "\r" ? fragment.replacingOccurrences(of: "\n", with: "\r") : fragment
                document.replace(start..<end, with: Array(replacement.utf8))
                let fresh = MarkdownDocument(bytes: document.bytes, dialect: dialect)
                let same = EditingLawTests.shapes(document) == EditingLawTests.shapes(fresh)
                #expect(same, "seed \(seed) step \(step): replaced \(start)..<\(end) in \(String(decoding: bytes.prefix(2000), as: UTF8.self).debugDescription)")
                if !same { return }
            }
        }
    }

    /// Laws 2, 3 and 4 for operations, and new text in the file's line ending.
    @Test(arguments: endings) func lawsTwoToFourForOperations(lineEnding: String) throws {
        var random = SeededGenerator(seed: 77)
        var performed = 0
        for seed in UInt64(0)..<200 {
            let (text, dialect) = Self.generated(seed, lineEnding: lineEnding)
            var document = MarkdownDocument(text, dialect: dialect)
            for _ in 0..<4 {
                guard document.blockCount > 0 else { break }
                let before = document
                let block = document.block(at: Int.random(in: 0..<document.blockCount, using: &random))
                let operation: DocumentOperation
                switch Int.random(in: 0..<5, using: &random) {
                case 0: operation = .replaceBlockText(block.id, text: "Edited\nparagraph.")
                case 1: operation = .insertTile(type: "callout", at: Int.random(in: 0...document.blockCount, using: &random))
                case 2: operation = .moveBlock(block.id, to: Int.random(in: 0..<document.blockCount, using: &random))
                case 3: operation = .setTileProperty(block.id, key: "body", value: .literal("One\n\nTwo"))
                default: operation = .deleteBlock(block.id)
                }
                guard let change = try? document.perform(operation) else {
                    #expect(document.bytes == before.bytes, "a refused edit changed bytes: \(operation)")
                    continue
                }
                performed += 1
                let fresh = MarkdownDocument(bytes: document.bytes, dialect: dialect)
                #expect(EditingLawTests.shapes(document) == EditingLawTests.shapes(fresh), "seed \(seed): \(operation)")
                if lineEnding == "\r" {
                    #expect(!document.bytes.contains(0x0A), "seed \(seed): \(operation) wrote a line feed")
                }
                var undone = document
                undone.undo(change)
                #expect(undone.bytes == before.bytes, "undo of \(operation), seed \(seed)")
            }
        }
        #expect(performed > 300)
    }

    /// Law 5: the formatter is idempotent, keeps the tile tree and the rendering.
    @Test(arguments: endings) func lawFiveFormattingIsIdempotentAndKeepsTheRendering(lineEnding: String) {
        for seed in UInt64(0)..<120 {
            let (text, dialect) = Self.generated(seed, lineEnding: lineEnding)
            let document = MarkdownDocument(text, dialect: dialect)
            let once = MarkdownDocument(bytes: formatter.format(document), dialect: dialect)
            let twice = formatter.format(once)
            let idempotent = twice == once.bytes
            #expect(idempotent, "seed \(seed): \(Self.firstDifference(once.bytes, twice))")
            let before = Self.withoutLineNumbers(HTMLRenderer().renderBody(document))
            let after = Self.withoutLineNumbers(HTMLRenderer().renderBody(once))
            let sameRendering = after == before
            #expect(sameRendering, "seed \(seed): \(Self.firstDifference(Array(before.utf8), Array(after.utf8)))")
        }
    }

    // MARK: Helpers

    /// `html` with the line numbers in notices (`line 12`, `lines 3–9`)
    /// blanked: a rewrite above a raw block moves it.
    static func withoutLineNumbers(_ html: String) -> String {
        html.replacingOccurrences(of: #"lines? [0-9]+(–[0-9]+)?"#, with: "line N", options: .regularExpression)
    }

    /// Where two byte strings first differ, with a little context, for messages.
    static func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> String {
        let index = Array(zip(lhs, rhs)).firstIndex { $0.0 != $0.1 } ?? Swift.min(lhs.count, rhs.count)
        let start = Swift.max(0, index - 40)
        func excerpt(_ bytes: [UInt8]) -> String { String(decoding: bytes[start..<Swift.min(bytes.count, index + 40)], as: UTF8.self).debugDescription }
        return "at byte \(index): \(excerpt(lhs)) vs \(excerpt(rhs))"
    }

    /// Blocks in order, not overlapping, and every non-blank byte in one.
    static func coversEveryNonBlankByte(_ document: MarkdownDocument) -> Bool {
        let bytes = document.bytes
        var covered = [Bool](repeating: false, count: bytes.count)
        var previousEnd = 0
        for index in 0..<document.blockCount {
            let range = document.range(at: index)
            guard range.lowerBound >= previousEnd, range.upperBound <= bytes.count else { return false }
            previousEnd = range.upperBound
            for offset in range { covered[offset] = true }
        }
        let byteOrderMark = document.hasByteOrderMark ? 3 : 0
        for (offset, byte) in bytes.enumerated() where offset >= byteOrderMark && !covered[offset] {
            if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) { return false }
        }
        return true
    }

    private func scalarBoundary(_ bytes: [UInt8], _ offset: Int) -> Int {
        var position = Swift.min(offset, bytes.count)
        while position < bytes.count && bytes[position] & 0xC0 == 0x80 { position += 1 }
        return position
    }
}
