import Testing
import TileditFixtures
import TileditModel

/// Inputs the fuzz targets in `Fuzz/` found (minimized; each is also in the
/// target's seed corpus under `Fuzz/corpus/`), and generated inputs of the
/// same kind.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// Every node's range lies inside the file, lower bound first.
    static func rangesInsideFile(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let result = YAMLParser.parse(text)
        var pending = result.documents.compactMap(\.root)
        for document in result.documents where document.range.upperBound > bytes.count { return false }
        while let node = pending.popLast() {
            if node.range.upperBound > bytes.count { return false }
            switch node.content {
            case .mapping(let pairs): for pair in pairs { pending += [pair.key, pair.value] }
            case .sequence(let items): pending += items
            default: break
            }
        }
        return true
    }

    /// yaml-parse: an empty key carrying only an anchor, its value on the
    /// next line. libyaml's end mark of the empty node lies before the
    /// anchor's end; the node's range was built end before start and trapped.
    @Test func anEmptyAnchoredNodeAfterAnExplicitKeyReads() throws {
        let file = YAMLFileDocument("?\n&c:")
        #expect(file.bytes == Array("?\n&c:".utf8))
        // Two empty keys: the second is the duplicate-key error, at its place.
        #expect(file.diagnostics.map(\.code) == [.yamlDuplicateKey])
        #expect(file.diagnostics.map(\.range) == [4..<4])
        let empty = { (range: Range<Int>) in YAMLNode(content: .scalar(YAMLScalar(value: "", style: .plain, range: range)), range: range) }
        // An empty node with an anchor starts and ends just after it.
        let anchoredKey = YAMLNode(content: .scalar(YAMLScalar(value: "", style: .plain, range: 4..<4)), anchor: "c", range: 4..<4)
        let expected = YAMLNode(
            content: .mapping([YAMLPair(key: empty(1..<1), value: empty(2..<2)), YAMLPair(key: anchoredKey, value: empty(5..<5))]),
            range: 0..<5)
        #expect(file.root == expected)
    }

    /// The same kind, generated: every sequence of up to four YAML tokens
    /// (indicators, anchors, tags, aliases, empty scalars, line breaks)
    /// parses without trapping, every range inside the file.
    @Test func everyShortTokenSequenceHasRangesInsideTheFile() {
        let tokens = ["?", "\n", "&a", " ", ":", "!", "*a", "{", "}", "-", "\"\"", "\t", "[", ",", "!!str", "#c"]
        var inputs: [String] = [""]
        var checked = 0
        for _ in 0..<4 {
            inputs = inputs.flatMap { prefix in tokens.map { prefix + $0 } }
            for input in inputs {
                checked += 1
                let inside = Self.rangesInsideFile(input)
                #expect(inside, "\(input.debugDescription)")
                if !inside { return }
            }
        }
        #expect(checked == 16 + 256 + 4096 + 65536)
    }

    /// The inputs quoted when the trap was first reported.
    @Test(arguments: ["?\n&a :", "{! !", "? \"\"!", "*y\t&y:", "?\n&c:", "---\na: 1\n? b\n&anchor c: 3\n"])
    func reportedInputsReadOrReportWithoutTrapping(_ text: String) {
        #expect(Self.rangesInsideFile(text))
        let file = YAMLFileDocument(text)
        #expect(file.bytes == Array(text.utf8))
        let document = MarkdownDocument("---\n" + text + "\n---\n\nBody.\n", dialect: .yaml)
        #expect(EditingLaws.blockLayoutViolation(document) == nil)
    }

    /// edit-sequence: replacing a block's text with white space only deletes
    /// the block with the blank lines after it (like `deleteBlock`), which
    /// the law checks must not count as an edit outside the block.
    @Test func replacingABlockWithWhiteSpaceDeletesItAndTheBlankLinesAfter() throws {
        var document = MarkdownDocument("First.\n\nSecond.\n\nThird.\n", dialect: .yaml)
        let second = document.id(at: 1)
        let outcome = EditingLaws.perform(.replaceBlockText(second, text: "  \n"), on: &document)
        #expect(outcome.performed)
        #expect(outcome.violations.isEmpty, "\(outcome.violations)")
        #expect(document.text == "First.\n\nThird.\n")
    }

    /// edit-sequence: of `n` tiles sharing an id, `diagnostics` lists the
    /// duplicate-id error on the `n - 1` after the first, but the running
    /// totals (and each block's count) counted all `n`; found after a
    /// `moveBlock` in a page with two tiles of the same id.
    @Test func duplicateTileIDsCountOneErrorForEachTileAfterTheFirst() {
        for copies in 1...4 {
            let tile = ":::tile callout\nid: same\ntitle: T\nbody: B\n:::\n\n"
            var document = MarkdownDocument("Intro.\n\n" + String(repeating: tile, count: copies) + "End.\n", dialect: .yaml)
            let errors = document.diagnostics.filter { $0.code == .tileDuplicateID }
            #expect(errors.count == copies - 1)
            #expect(document.diagnosticTotals.errors == copies - 1)
            let counted = (0..<document.blockCount).map { document.diagnosticCount(at: $0, severity: .error) }
            #expect(counted == [0, 0] + Array(repeating: 1, count: copies - 1) + [0])
            #expect(document.blocks.map { $0.diagnostics.count } == counted)
            // Moving, duplicating and deleting tiles keeps the totals in step.
            let operations: [DocumentOperation] = [
                .moveBlock(document.id(at: 1), to: document.blockCount - 1),
                .duplicateBlock(document.id(at: 0)),
                .moveBlock(document.id(at: document.blockCount - 1), to: 0),
                .deleteBlock(document.id(at: 1)),
            ]
            for operation in operations {
                let outcome = EditingLaws.perform(operation, on: &document)
                #expect(outcome.violations.isEmpty, "\(copies) copies: \(outcome.violations)")
            }
        }
    }

    /// edit-sequence: duplicating a list wrote the copy after a blank line,
    /// where CommonMark reads both as one loose list: the block doubled
    /// instead of gaining a neighbour, and 48 duplications ran out of memory.
    /// A copy that would join its original (lists, indented code) is
    /// refused, leaving every byte; any other block gets a copy of its own.
    @Test func aDuplicateStandsAsABlockOfItsOwnOrIsRefused() throws {
        let joining = ["-\n", "- a\n- b\n", "1. one\n", "* a\n\n  more\n", "    code\n"]
        let standing = [
            "Para.\n", "> quote\n", "# Title\n", "```\ncode\n```\n", "| a |\n|---|\n| 1 |\n", "***\n",
            "<div>\nx\n</div>\n", "[a]: /u\n", "[^n]: note\n", ":::tile callout\nid: c-1\ntitle: T\nbody: B\n:::\n",
        ]
        for ending in ["\n", "\r\n", "\r"] {
            for (text, joins) in joining.map({ ($0, true) }) + standing.map({ ($0, false) }) {
                let block = text.replacingOccurrences(of: "\n", with: ending)
                let source = "Intro.\(ending)\(ending)\(block)\(ending)End.\(ending)"
                var document = MarkdownDocument(source, dialect: .yaml)
                let count = document.blockCount
                let outcome = EditingLaws.perform(.duplicateBlock(document.id(at: 1)), on: &document)
                #expect(outcome.violations.isEmpty, "\(source.debugDescription): \(outcome.violations)")
                if joins {
                    #expect(!outcome.performed, "\(source.debugDescription)")
                    #expect(document.bytes == Array(source.utf8))
                } else {
                    #expect(outcome.performed, "\(source.debugDescription)")
                    #expect(document.blockCount == count + 1, "\(source.debugDescription)")
                    #expect(document.block(at: 2).kind.displayName == document.block(at: 1).kind.displayName)
                }
            }
        }
        // Repeated duplication grows by one block each time, never doubling a block.
        var document = MarkdownDocument("Intro.\n\n-\n\nEnd.\n", dialect: .yaml)
        for _ in 0..<48 { _ = EditingLaws.perform(.duplicateBlock(document.id(at: 1)), on: &document) }
        #expect(document.bytes == Array("Intro.\n\n-\n\nEnd.\n".utf8))
    }

    /// edit-sequence (the 30-minute run): a byte order mark starting a line
    /// in the middle of the file (`\u{FEFF}---`) is text, but cmark skips
    /// a mark on the first line it is fed, so a re-parse window starting at
    /// that line read a thematic break where the whole file has a
    /// paragraph. Every block start after a mid-file mark, after every kind
    /// of block before it, reads the same through any edit.
    @Test func aByteOrderMarkInsideTheFileIsTextWhereverAParseStarts() {
        let befores = ["", "---\ntitle: T\n---\n\n", "Para.\n\n", ":::tile callout\nid: c\ntitle: T\nbody: B\n:::\n", "# Head\n\n"]
        let lines = ["---", "# h", "- a", "    code", "text", "===", ":::tile callout", "```"]
        for dialect in [FrontMatterDialect.yaml, .tiledown] {
            for before in befores {
                for line in lines {
                    let source = before + "\u{FEFF}" + line + "\nnext line\n\n:::tile buttondown\nid: b-1\nusername: u\n:::\n"
                    var document = MarkdownDocument(source, dialect: dialect)
                    #expect(EditingLaws.blockLayoutViolation(document) == nil, "\(source.debugDescription)")
                    let tile = document.id(at: document.blockCount - 1)
                    for operation in [DocumentOperation.removeTileProperty(tile, key: "id"), .setTileProperty(tile, key: "username", value: .text("v"))] {
                        let outcome = EditingLaws.perform(operation, on: &document)
                        #expect(outcome.violations.isEmpty, "\(source.debugDescription): \(outcome.violations)")
                    }
                }
            }
        }
    }

    /// edit-sequence (the second 30-minute run): `---` after blank lines,
    /// `key:` lines and a `--- ` line look like front matter not on line 1
    /// (a warning on the first block). Moving the closing line away and
    /// undoing re-parsed only the blocks around it, so the warning, which
    /// depends on lines far below the first, was lost. Every edit of a file
    /// whose first text line is `---` now reads the first block again.
    @Test func aFirstLineThatLooksLikeFrontMatterIsReadAgainAfterEditsFarBelow() {
        let openings = ["---\n", "--- \n", "\n\n---\n", "\n--- \n", "\u{FEFF}\n---\n"]
        let bodies = ["id: \n-\n", "title: T\n", "id: x\ntags: a\n"]
        let closings = ["--- \n", "---\n", ""]
        for dialect in [FrontMatterDialect.yaml, .tiledown] {
            for opening in openings {
                for body in bodies {
                    for closing in closings {
                        let source = opening + body + closing + "title\n\nMore.\n"
                        let base = MarkdownDocument(source, dialect: dialect)
                        for index in 0..<base.blockCount {
                            let id = base.id(at: index)
                            for operation in [DocumentOperation.moveBlock(id, to: base.blockCount - 1), .moveBlock(id, to: 0), .deleteBlock(id), .duplicateBlock(id)] {
                                var document = base
                                let outcome = EditingLaws.perform(operation, on: &document)
                                #expect(outcome.violations.isEmpty, "\(source.debugDescription): \(outcome.violations)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// edit-sequence (the third run): a fence line whose info string is not
    /// well-formed UTF-8 (```` ````\u{9D}\u{9B} ````) opened a fence for the
    /// scanner but is paragraph text for cmark, whose line scanners match
    /// UTF-8 characters. Replacing that line re-read the blocks around it
    /// only, and the blocks below kept what the scanner had read inside its
    /// fence (no tile, so no "unclosed tile" error). Fences now open only on
    /// well-formed info strings, and blocks that start inside a fence as the
    /// scanner reads it (a fence in a list item that cmark ends with the
    /// item) are re-read with the fence's opening. Documents of such lines,
    /// in random order, read the same through any edit as when read fresh.
    @Test func blocksAfterAFenceTheScannerAndCmarkEndDifferentlyReadTheSameThroughEdits() {
        let invalid: [[UInt8]] = [[0x9D, 0x9B], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80]]
        var lines: [[UInt8]] = ["text", "- item", "  ```", "````", "```", "~~~", "```yaml", ":::tile callout", "id: c", ":::", "",
                                "# Heading", "> quote", "    code", "1. one", "---"].map { Array($0.utf8) }
        for bytes in invalid {
            lines.append(Array("````".utf8) + bytes)
            lines.append(Array("~~~ info".utf8) + bytes)
        }
        var random = SeededGenerator(seed: 0x7_1ED)
        for _ in 0..<300 {
            let count = Int.random(in: 3...14, using: &random)
            var source: [UInt8] = []
            for _ in 0..<count { source += (lines.randomElement(using: &random) ?? []) + [0x0A] }
            let base = MarkdownDocument(bytes: source, dialect: .yaml)
            #expect(EditingLaws.reparseViolation(base) == nil)
            for index in 0..<base.blockCount {
                var document = base
                let replacement = (lines.randomElement(using: &random) ?? []) + [0x0A]
                document.replace(base.range(at: index), with: replacement)
                if let problem = EditingLaws.reparseViolation(document) {
                    Issue.record("replacing block \(index) of \(String(decoding: source, as: UTF8.self).debugDescription): \(problem)")
                    return
                }
            }
        }
    }

    /// formatter (the third run): a file ending in a tile that could not be
    /// read, without a final line break. The formatter adds the line break,
    /// which became part of the raw block's text shown "as written", so the
    /// page changed. A raw block is now shown without its final line break
    /// (`writtenText(of:)`). Law, over generated documents ending in every
    /// kind of block: the page and the preview are the same whether the
    /// file ends with no line break, LF, CRLF or a lone CR.
    @Test func aFileRendersTheSameWithOrWithoutAFinalLineBreak() {
        var sources = [":::tile callout\nil\n:::", ":::tile\n:::", "Para.\n\n:::tile chart\nbad line\n:::", "```\ncode", "    code", "| a |\n| - |\n| b |"]
        for seed in 0..<40 {
            var generator = TiledownGenerator(seed: UInt64(seed), tileEvery: 3, includesTrickyBlocks: true)
            sources.append(generator.document(blocks: 1 + seed % 5))
        }
        for source in sources {
            var bare = Array(source.utf8)
            while let last = bare.last, last == 0x0A || last == 0x0D { bare.removeLast() }
            let pages = ["", "\n", "\r\n", "\r"].map { ending in
                let document = MarkdownDocument(bytes: bare + Array(ending.utf8), dialect: .yaml)
                return (HTMLRenderer().renderBody(document), try? StyledDocumentBuilder().build(document))
            }
            for page in pages.dropFirst() {
                #expect(page.0 == pages[0].0, "\(source.debugDescription)")
                #expect(page.1 == pages[0].1, "\(source.debugDescription)")
            }
        }
    }

    /// formatter (the fourth run): an unclosed tile whose `key: |` literal
    /// holds an indented tile. The outer tile is kept as written and read
    /// as Markdown, where the indented lines are a tile of their own; its
    /// canonical rewrite drops the indentation, and the now unindented
    /// `:::` closed the outer tile. Tile rewrites, read back alone, are now
    /// checked in the whole document too. Law, over generated nestings
    /// (indentation, outer and inner forms, what follows, line endings):
    /// the formatter keeps every block and the page, and is idempotent.
    @Test func aTileRewriteThatWouldChangeTheBlocksAroundItIsNotMade() throws {
        let finding = ":::tile c\u{0}llout\nid: snip-1\nbody: |\n \u{C9}```md\n  :::tile callout\n  title: inn$r\n  :::\n  ```\n:>:\nAfter.\n"
        var sources = [finding]
        for indent in 1...3 {
            for outer in [":::tile callout\nbody: |", ":::tile embed\nurl: https://youtu.be/x\ntitle: |", ":::chart\ntype: bar\nlabels: |"] {
                for inner in [":::tile callout\n%title: x\n%:::", ":::tile counter\n%label: Go\n%id: c\n%:::", ":::chart\n%type: pie\n%labels: a\n%series.A: 1\n%:::"] {
                    for after in ["After.\n", "", "\n# Heading\n", "x: y\n- z\n"] {
                        let pad = String(repeating: " ", count: indent)
                        sources.append(outer + "\n" + pad + inner.replacingOccurrences(of: "%", with: pad) + "\n" + after)
                    }
                }
            }
        }
        for source in sources {
            for ending in ["\n", "\r\n", "\r"] {
                let bytes = Array(source.replacingOccurrences(of: "\n", with: ending).utf8)
                for dialect in [FrontMatterDialect.yaml, .tiledown] {
                    #expect(FormatterLaws.violation(bytes, dialect: dialect) == nil)
                }
            }
        }
        // Tiles that stand alone are still made canonical.
        let plain = MarkdownDocument(":::tile callout\ntitle: T\nid: a\n:::\n", dialect: .yaml)
        #expect(String(decoding: CanonicalFormatter().format(plain), as: UTF8.self) == ":::tile callout\nid: a\ntitle: T\n:::\n")
    }

    /// formatter (the fourth run, after finding 12): a tile whose type held
    /// U+0000 rendered whole alone, but cut short after prose: the tile's
    /// HTML goes into cmark's tree as a C string, which ends at the NUL.
    /// HTML escaping now replaces U+0000 with U+FFFD, as CommonMark does
    /// in prose (spec section 2.3). Law, over generated tiles with a NUL in
    /// every place a value reaches the page, after every kind of prose: no
    /// NUL in the page, every tile rendered to its end, and the formatter's
    /// laws hold.
    @Test func aNulInATileNeverCutsThePageShort() {
        let tiles = [
            ":::tile \u{0}\n:::", ":::tile callout\nid: a\u{0}b\ntitle: T\u{0}\nbody: x\u{0}y\n:::",
            ":::tile embed\nurl: https://youtu.be/a\u{0}\ntitle: \u{0}\n:::", ":::tile buttondown\nusername: u\u{0}\nplaceholder: p\u{0}\ntags:\n- t\u{0}\n:::",
            ":::tile chart\ntype: bar\ntitle: c\u{0}\nlabels: a\u{0}, b\nseries.S\u{0}: 1, 2\n:::", ":::tile counter\nlabel: \u{0}\n:::",
        ]
        for prose in ["", "<!\n-\n", "## <!\n", "Para.\n", "Para.\n\n", "- item\n\n", "> quote\n\n", "[x]: /u\n\n"] {
            for tile in tiles {
                for after in ["", "\n", "\n\nAfter.\n"] {
                    let source = prose + tile + after
                    let html = HTMLRenderer().renderBody(MarkdownDocument(source, dialect: .yaml))
                    let replaced = HTMLRenderer().renderBody(MarkdownDocument(source.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"), dialect: .yaml))
                    #expect(html == replaced, "\(source.debugDescription)")
                    #expect(!html.utf8.contains(0), "\(source.debugDescription)")
                    #expect(FormatterLaws.violation(Array(source.utf8), dialect: .yaml) == nil)
                }
            }
        }
    }
}
