import Testing
import TileditFixtures
@testable import TileditModel

/// A tile's opening or closing line with a character that does not show
/// or only looks like a space (U+00A0, U+200B, U+FEFF, U+2060, U+3000):
/// read as written, with a warning that names it and a fix whose result
/// reads as the tile meant.
@Suite("Tile delimiter look-alikes")
struct TileDelimiterLookalikeTests {
    private func report(_ document: MarkdownDocument) -> [String] {
        document.diagnostics.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func aNoBreakSpaceInTheOpeningIsNamed() {
        let document = MarkdownDocument("A\n\n:::tile\u{A0}callout\nid: a\n:::\n", dialect: .yaml)
        #expect(report(document) == [
            "tile.delimiter-lookalike 3:1 this line looks like `:::tile callout` but holds U+00A0 NO-BREAK SPACE (it does not show or only looks like a space), so it is not read as `:::tile callout`",
            "tile.stray-closing 5:1 closing `:::` with no open tile; remove it or open a tile above",
        ])
    }

    @Test func aNoBreakSpaceAfterTheClosingIsNamed() throws {
        let document = MarkdownDocument("A\n\n:::tile callout\nid: a\n:::\u{A0}\n\nB\n", dialect: .yaml)
        #expect(report(document) == [
            "tile.delimiter-lookalike 5:1 this line looks like `:::` but holds U+00A0 NO-BREAK SPACE (it does not show or only looks like a space), so it is not read as `:::`",
            "tile.unclosed 3:1 `:::tile callout` opened at line 3 has no closing `:::`, so lines 3–5 are kept as written and read as Markdown; add a line `:::` where the tile ends",
        ])
        let fix = try #require(document.diagnostics.first { $0.code == .tileDelimiterLookalike }?.fix)
        #expect(String(decoding: TextEdit.apply(fix.edits, to: document.bytes), as: UTF8.self) == "A\n\n:::tile callout\nid: a\n::: \n\nB\n")
    }

    @Test func plainTextAndCJKLinesAreNotLookalikes() {
        let document = MarkdownDocument("日本語の文。\n\n\u{A0}text\n\n:::tile callout\nid: 日本\n:::\n", dialect: .yaml)
        #expect(!document.diagnostics.contains { $0.code == .tileDelimiterLookalike })
    }

    /// Generated: each character before, inside or after an opening or a
    /// closing line, each line ending. One warning on that line; the fix
    /// gives a document with the tile, type `callout`, id `a`.
    @Test func generatedLookalikesAreNamedAndTheirFixReadsAsTheTile() throws {
        let characters = ["\u{A0}", "\u{200B}", "\u{FEFF}", "\u{2060}", "\u{3000}", "\u{202F}"]
        var random = SeededGenerator(seed: 67)
        for seed in 0..<300 {
            let eol = ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
            let character = characters[Int.random(in: 0..<characters.count, using: &random)]
            var opening = ":::tile callout"
            var closing = ":::"
            let onOpening = Bool.random(using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: if onOpening { opening = character + opening } else { closing = character + closing }
            case 1 where onOpening:
                // Between the words only one that looks like a space reads as the tile meant.
                opening = ":::tile" + ["\u{A0}", "\u{3000}", "\u{202F}"][Int.random(in: 0..<3, using: &random)] + "callout"
            default: if onOpening { opening += character } else { closing += character }
            }
            let text = ["Intro.", "", opening, "id: a", "title: T", closing, "", "After."].joined(separator: eol) + eol
            let label = "seed \(seed): \(text.debugDescription)"
            let document = MarkdownDocument(text, dialect: .yaml)
            let found = document.diagnostics.filter { $0.code == .tileDelimiterLookalike }
            try #require(found.count == 1, "\(label): \(report(document))")
            #expect(found[0].location.line == (onOpening ? 3 : 6), "\(label)")
            let fix = try #require(found[0].fix, "\(label)")
            let repaired = MarkdownDocument(bytes: TextEdit.apply(fix.edits, to: document.bytes), dialect: .yaml)
            let tiles = repaired.blocks.compactMap(\.kind.tile)
            #expect(tiles.map(\.type) == ["callout"], "\(label)")
            #expect(!repaired.diagnostics.contains { $0.code == .tileDelimiterLookalike }, "\(label)")
            #expect(document.text == text, "\(label)")
        }
    }

    @Test func aTileOpenedWithFourColonsIsNamed() {
        let document = MarkdownDocument("A\n\n::::tile callout\nid: a\n::::\n\nB\n", dialect: .yaml)
        #expect(report(document) == [
            "tile.delimiter-lookalike 3:1 this line looks like `:::tile callout` but opens with 4 colons, so it is read as a directive named `tile`, not a tile; a tile opens with exactly `:::tile` and closes with `:::`",
        ])
        #expect(document.blocks.compactMap(\.kind.tile).isEmpty)
        #expect(document.text == "A\n\n::::tile callout\nid: a\n::::\n\nB\n")
    }

    /// Generated: an opening with four to six colons (`tile` alone or with
    /// a type, spaces or tabs after, indented up to three columns, each
    /// line ending, a BOM or not) gets one warning at its line and column;
    /// the same opening with three colons, and other directives with more
    /// colons (`::::warning`, `::::tiles`), get none; bytes stay as written.
    @Test func generatedOpeningsWithExtraColonsAreNamed() throws {
        var random = SeededGenerator(seed: 34)
        for seed in 0..<200 {
            let eol = ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)]
            let bom = Bool.random(using: &random) ? "\u{FEFF}" : ""
            let indent = String(repeating: " ", count: Int.random(in: 0...3, using: &random))
            let colons = Int.random(in: 3...6, using: &random)
            let rest = ["tile callout", "tile\tcallout", "tile", "tile callout  ", "warning", "tiles"][Int.random(in: 0..<6, using: &random)]
            let fence = String(repeating: ":", count: colons)
            let text = bom + ["Intro.", "", indent + fence + rest, "id: a", fence, "", "After."].joined(separator: eol) + eol
            let label = "seed \(seed): \(text.debugDescription)"
            let document = MarkdownDocument(text, dialect: .yaml)
            let found = document.diagnostics.filter { $0.code == .tileDelimiterLookalike }
            let named = colons > 3 && rest.hasPrefix("tile") && rest != "tiles"
            try #require(found.count == (named ? 1 : 0), "\(label): \(report(document))")
            if named {
                #expect(found[0].location == SourceLocation(line: 3, column: indent.count + 1), "\(label)")
                #expect(found[0].message.contains("opens with \(colons) colons"), "\(label)")
            }
            #expect(document.text == text, "\(label)")
        }
    }
}
