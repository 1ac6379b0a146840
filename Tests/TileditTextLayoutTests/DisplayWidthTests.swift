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
        ("\u{202B}مرحبا\u{202C}", 5),  // Arabic inside RLE … PDF
        ("\u{2067}עברית\u{2069} ok", 8),  // RLI … PDI
        ("بِسْمِ", 3),  // Arabic with harakat (combining)
        ("a\tb", 3),  // control drawn as one replacement column
        ("\u{7}", 1),
        ("a\r\nb", 3),
    ] as [(String, Int)])
    func widthOfStrings(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func visibleFormReplacesControlsAndDropsZeroWidth() {
        #expect(DisplayWidth.visibleForm(of: "\t") == "\u{FFFD}")
        #expect(DisplayWidth.visibleForm(of: "\u{1B}") == "\u{FFFD}")
        #expect(DisplayWidth.visibleForm(of: "\u{7F}") == "\u{FFFD}")
        #expect(DisplayWidth.visibleForm(of: "\u{85}") == "\u{FFFD}")
        #expect(DisplayWidth.visibleForm(of: "\u{2028}") == "\u{FFFD}")
        #expect(DisplayWidth.visibleForm(of: "\u{200F}") == nil)
        #expect(DisplayWidth.visibleForm(of: "\u{202E}") == nil)
        #expect(DisplayWidth.visibleForm(of: "\u{2066}") == nil)
        #expect(DisplayWidth.visibleForm(of: "\u{200B}") == nil)
        #expect(DisplayWidth.visibleForm(of: "a") == "a")
        #expect(DisplayWidth.visibleForm(of: "👨‍👩‍👧") == "👨‍👩‍👧")
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
