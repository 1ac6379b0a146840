import Testing
@testable import TileditTextLayout

/// The bounded measures give what the whole ones give, on texts longer
/// than what they read.
@Suite struct DisplayWidthBoundedTests {
    static let texts: [String] = [
        String(repeating: "word 日本語 e\u{301} ", count: 400),
        String(repeating: "x", count: 5000),
        "short",
        "",
        String(repeating: "a b\n", count: 300) + String(repeating: "日", count: 900),
        String(repeating: "\u{301}", count: 3000) + " tail word",
    ]

    @Test func wrapWithMaxLinesGivesTheFirstLinesOfTheWholeWrap() {
        for (index, text) in Self.texts.enumerated() {
            for width in [1, 3, 10, 37] {
                for maxLines in [0, 1, 2, 7, 40] {
                    #expect(
                        DisplayWidth.wrap(text, width: width, maxLines: maxLines) == Array(DisplayWidth.wrap(text, width: width).prefix(maxLines)),
                        "text \(index), width \(width), \(maxLines) lines")
                }
            }
        }
    }

    @Test func widthWithALimitIsExactUpToTheLimitAndAboveItPast() {
        for text in Self.texts {
            let whole = DisplayWidth.of(text)
            for limit in [0, 5, 80, 100_000] {
                let bounded = DisplayWidth.of(text, limit: limit)
                #expect(whole <= limit ? bounded == whole : bounded > limit)
            }
        }
    }

    @Test func truncateOfAHugeTextKeepsWhatFitsAndTheEllipsis() {
        let text = String(repeating: "日本", count: 100_000)
        #expect(DisplayWidth.truncate(text, to: 7) == "日本日…")
        #expect(DisplayWidth.truncate("abc", to: 3) == "abc")
        #expect(DisplayWidth.truncate("abcd", to: 3) == "ab…")
    }
}
