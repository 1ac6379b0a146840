import Testing
@testable import TileditTextLayout

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("hello", 5),
        ("a b", 3),
        ("日本語", 6),
        ("ｈｉ", 4),  // fullwidth Latin
        ("한국어", 6),
        ("あい", 4),
        ("\u{3000}", 2),  // ideographic space
        ("😀", 2),
        ("👍🏽", 2),  // emoji + skin tone modifier
        ("👨‍👩‍👧", 2),  // ZWJ family
        ("👩‍💻", 2),
        ("🇳🇴", 2),  // flag: two regional indicators
        ("🇳🇴🇸🇪", 4),
        ("❤️", 2),  // text-default emoji with VS16
        ("❤", 1),  // text-default emoji alone
        ("1️⃣", 2),  // keycap
        ("⌚︎", 2),  // wide base stays wide with VS15
        ("e\u{301}", 1),  // e + combining acute
        ("\u{301}", 0),  // lone combining mark
        ("a\u{200B}b", 2),  // zero-width space
        ("\u{2060}\u{2061}\u{2062}\u{2063}\u{2064}", 0),
        ("x\u{FE0F}", 1),  // variation selector on a non-emoji
        ("\u{FE00}", 0),
        ("שלום", 4),  // Hebrew
        ("\u{200F}שלום\u{200E}", 4),  // Hebrew between RLM and LRM
        ("\u{202B}مرحبا\u{202C}", 21),  // Arabic inside RLE … PDF, each control as its 8-column escape
        ("\u{2067}עברית\u{2069} ok", 24),  // RLI … PDI
        ("بِسْمِ", 3),  // Arabic with harakat (combining)
        ("a\tb", 5),  // the TAB reaches the tab stop at column 4
        ("\tb", 5),
        ("abcd\te", 9),
        ("\u{7}", 6),  // `\u{07}`
        ("a\r\nb", 6),  // `\r\n`
        ("\u{1B}[31m", 10),  // `\u{1B}[31m`: the escape sequence cannot act
        ("\u{0}", 6),
        ("\u{85}", 6),
        ("\u{2028}", 8),
    ] as [(String, Int)])
    func widthOfStrings(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func glyphsShowControlsAsEscapesTabsAsBlankAndDropZeroWidth() {
        #expect(DisplayWidth.glyph(of: "\t") == .tab)
        #expect(DisplayWidth.glyph(of: "\u{1B}") == .escape("\\u{1B}"))
        #expect(DisplayWidth.glyph(of: "\u{0}") == .escape("\\u{00}"))
        #expect(DisplayWidth.glyph(of: "\n") == .escape("\\n"))
        #expect(DisplayWidth.glyph(of: "\r\n") == .escape("\\r\\n"))
        #expect(DisplayWidth.glyph(of: "\u{7F}") == .escape("\\u{7F}"))
        #expect(DisplayWidth.glyph(of: "\u{85}") == .escape("\\u{85}"))
        #expect(DisplayWidth.glyph(of: "\u{9B}") == .escape("\\u{9B}"))
        #expect(DisplayWidth.glyph(of: "\u{2028}") == .escape("\\u{2028}"))
        #expect(DisplayWidth.glyph(of: "\u{2029}") == .escape("\\u{2029}"))
        #expect(DisplayWidth.glyph(of: "\u{202E}") == .escape("\\u{202E}"))
        #expect(DisplayWidth.glyph(of: "\u{2066}") == .escape("\\u{2066}"))
        #expect(DisplayWidth.glyph(of: "\u{200F}") == .hidden)
        #expect(DisplayWidth.glyph(of: "\u{200B}") == .hidden)
        #expect(DisplayWidth.glyph(of: "\u{FFFD}") == .cluster("\u{FFFD}", width: 1))
        #expect(DisplayWidth.glyph(of: "a") == .cluster("a", width: 1))
        #expect(DisplayWidth.glyph(of: "👨‍👩‍👧") == .cluster("👨‍👩‍👧", width: 2))
        #expect(DisplayWidth.glyph(of: "👍🏽") == .cluster("👍🏽", width: 2))
    }

    /// Every scalar a terminal would act on is drawn as an escape of
    /// printable ASCII, never as itself.
    @Test func noControlCharacterIsEverDrawnAsItself() {
        let controls = Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029] + Array(0x202A...0x202E) + Array(0x2066...0x2069)
        for value in controls {
            guard let scalar = Unicode.Scalar(value), scalar != "\t" else { continue }
            guard case .escape(let escape) = DisplayWidth.glyph(of: Character(scalar)) else {
                Issue.record("U+\(String(value, radix: 16)) is not escaped")
                continue
            }
            #expect(escape.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "U+\(String(value, radix: 16))")
            #expect(DisplayWidth.of(Character(scalar)) == escape.count)
        }
    }

    @Test func aTabAdvancesToTheNextTabStop() {
        #expect(DisplayWidth.advance(of: "\t", at: 0) == 4)
        #expect(DisplayWidth.advance(of: "\t", at: 1) == 3)
        #expect(DisplayWidth.advance(of: "\t", at: 3) == 1)
        #expect(DisplayWidth.advance(of: "\t", at: 4) == 4)
        #expect(DisplayWidth.advance(of: "\t", at: -1) == 1)
        #expect(DisplayWidth.advance(of: "日", at: 3) == 2)
        #expect(DisplayWidth.truncate("\tgamma", to: 7) == "\tga…")
    }

    @Test(arguments: [
        ("hello", 10, "hello"),
        ("hello", 5, "hello"),
        ("hello world", 8, "hello w…"),
        ("日本語テキスト", 7, "日本語…"),
        ("日本語テキスト", 6, "日本…"),  // 日本語 would be 6 + 1
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4, "👨‍👩‍👧…"),
        ("🇳🇴🇳🇴🇳🇴", 5, "🇳🇴🇳🇴…"),
        ("abc", 0, ""),
        ("abc", 1, "…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ] as [(String, Int, String)])
    func truncateKeepsClustersWhole(text: String, width: Int, expected: String) {
        #expect(DisplayWidth.truncate(text, to: width) == expected)
    }

    @Test func truncateWithWideEllipsisFallsBackToPlainCut() {
        #expect(DisplayWidth.truncate("abcdef", to: 3, ellipsis: "...") == "...")
        #expect(DisplayWidth.truncate("abcdef", to: 2, ellipsis: "...") == "ab")
        #expect(DisplayWidth.truncate("abcdef", to: 4, ellipsis: "") == "abcd")
    }

    @Test func padFillsToExactWidth() {
        #expect(DisplayWidth.pad("ab", to: 5) == "ab   ")
        #expect(DisplayWidth.pad("ab", to: 5, alignment: .trailing) == "   ab")
        #expect(DisplayWidth.pad("ab", to: 5, alignment: .center) == " ab  ")
        #expect(DisplayWidth.pad("日本語", to: 4) == "日… ")
        #expect(DisplayWidth.pad("日本", to: 5) == "日本 ")
        #expect(DisplayWidth.pad("toolong", to: 4) == "too…")
        #expect(DisplayWidth.pad("x", to: 0) == "")
    }

    @Test(arguments: [
        ("hello world", 5, ["hello", "world"]),
        ("hello world", 11, ["hello world"]),
        ("the quick brown fox", 10, ["the quick", "brown fox"]),
        ("a  b", 2, ["a", "b"]),
        ("  indented text", 10, ["  indented", "text"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("go abcdefghij", 4, ["go", "abcd", "efgh", "ij"]),
        ("line1\nline2", 20, ["line1", "line2"]),
        ("a\r\nb\rc", 20, ["a", "b", "c"]),
        ("para\n\nnext", 20, ["para", "", "next"]),
        ("", 5, [""]),
        ("日本語テキスト", 5, ["日本", "語テ", "キス", "ト"]),
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 5, ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"]),
        ("🇳🇴🇳🇴", 3, ["🇳🇴", "🇳🇴"]),
        ("日", 1, ["日"]),  // a cluster wider than the line takes a line of its own
        ("ab", 0, ["a", "b"]),
        ("שלום עולם", 5, ["שלום", "עולם"]),
        ("\u{200F}שלום עולם", 4, ["\u{200F}שלום", "עולם"]),
        ("no\u{00A0}break here", 8, ["no\u{00A0}break", "here"]),
        ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
    ] as [(String, Int, [String])])
    func wrapBreaksAtSpacesAndBetweenClusters(text: String, width: Int, expected: [String]) {
        #expect(DisplayWidth.wrap(text, width: width) == expected)
    }

    @Test func wrapSegmentsCoverEveryOffsetWithSpacesHanging() {
        let characters = Array("hello big world")
        #expect(DisplayWidth.wrapSegments(of: characters, width: 9) == [0..<10, 10..<15])
        #expect(DisplayWidth.wrapSegments(of: characters, width: 5) == [0..<6, 6..<10, 10..<15])
        #expect(DisplayWidth.wrapSegments(of: [], width: 5) == [0..<0])
        #expect(DisplayWidth.wrapSegments(of: Array("abcdef"), width: 3) == [0..<3, 3..<6])
    }
}
