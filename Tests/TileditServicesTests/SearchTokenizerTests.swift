import Testing
@testable import TileditServices
import TileditFixtures

/// The tokens of `text`: kind, text as written, position.
private func tokens(_ text: String) -> [(SearchTokenizer.Token.Kind, String, Int)] {
    var result: [(SearchTokenizer.Token.Kind, String, Int)] = []
    let bytes = Array(text.utf8)
    var tokenizer = SearchTokenizer()
    var position = 0
    bytes.withUnsafeBufferPointer { buffer in
        tokenizer.forEachToken(in: buffer, position: &position) { token, _, _ in
            result.append((token.kind, String(decoding: buffer[token.range], as: UTF8.self), token.position))
        }
    }
    return result
}

/// The words of `text` as written.
private func words(_ text: String) -> [String] {
    tokens(text).filter { $0.0 == .word }.map(\.1)
}

/// The folded and accent-free forms of each word of `text`.
private func forms(_ text: String) -> [String] {
    var result: [String] = []
    let bytes = Array(text.utf8)
    var tokenizer = SearchTokenizer()
    var position = 0
    bytes.withUnsafeBufferPointer { buffer in
        tokenizer.forEachToken(in: buffer, position: &position) { _, folded, stripped in
            result.append(String(decoding: folded, as: UTF8.self) + "/" + String(decoding: stripped, as: UTF8.self))
        }
    }
    return result
}

/// The words ICU's break iterator alone finds in `text`, with the
/// tokenizer's own trimming after it (`SearchTokenizer.trimmed`).
private func wordsByBreakIterator(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    var result: [String] = []
    bytes.withUnsafeBufferPointer { buffer in
        ICUWordBreaker().forEachWord(in: buffer) { range in
            guard !SearchTokenizer.endsInMarksAfterExtendNumLet(range, in: buffer) else { return }
            let (start, end) = SearchTokenizer.trimmed(range, in: buffer)
            if start < end { result.append(String(decoding: buffer[start..<end], as: UTF8.self)) }
        }
    }
    return result
}

@Suite struct SearchTokenizerTests {
    @Test func wordsFollowUnicodeWordBoundaries() {
        #expect(words("Über-cool **Swift** 6.2, naïve_code don't e.g. me@example.org 1,000.5 a:b _emph_ ___") == [
            "Über", "cool", "Swift", "6.2", "naïve_code", "don't", "e.g", "me@example.org", "1,000.5", "a", "b", "emph",
        ])
    }

    @Test func marksAndFormatCharactersStayInTheirWord() {
        #expect(words("Cafe\u{301} soft\u{AD}hyphen a\u{301}.b\u{301}") == ["Cafe\u{301}", "soft\u{AD}hyphen", "a\u{301}.b\u{301}"])
    }

    @Test func scriptsWithTheirOwnRulesGoThroughTheBreakIterator() {
        #expect(words("שלום עולם צה\"ל") == ["שלום", "עולם", "צה\"ל"])
        #expect(words("ภาษาไทย") == ["ภาษา", "ไทย"])
        #expect(words("x\u{200D}y") == ["x\u{200D}y"])
    }

    @Test func runsOfHanKanaAndHangulAreBigramsAndCharacters() {
        let found = tokens("Go 東京都, ok 한국")
        #expect(found.map(\.0) == [.word, .character, .bigram, .character, .bigram, .character, .word, .character, .bigram, .character])
        #expect(found.map(\.1) == ["Go", "東", "東京", "京", "京都", "都", "ok", "한", "한국", "국"])
        #expect(found.map(\.2) == [0, 1, 1, 2, 2, 3, 4, 5, 5, 6])
    }

    @Test func punctuationOfThoseScriptsIsNotPartOfARun() {
        #expect(tokens("東京、大阪。").filter { $0.0 == .bigram }.map(\.1) == ["東京", "大阪"])
    }

    @Test func wordsAreFoldedForCaseCompatibilityAndAccents() {
        #expect(forms("CAFÉ Cafe\u{301} Straße ＡＢＣ ﬁle Łódź İstanbul don’t Søren") == [
            "café/cafe", "café/cafe", "strasse/strasse", "abc/abc", "file/file", "łódź/lodz", "i\u{307}stanbul/istanbul", "don't/don't", "søren/soren",
        ])
    }

    @Test func marksOfKanaAreKept() {
        // が is not か: only marks of other scripts are accents.
        #expect(forms("が") == ["が/が"])
        #expect(forms("か\u{3099}") == ["が/が"])
    }

    @Test func theFastPathCutsWordsAsTheBreakIteratorDoes() {
        let alphabet: [String] = [
            "a", "b", "Z", "é", "e\u{301}", "ß", "ø", "Ł", "ω", "Ж", "1", "9", "٣", "１", "½", ".", ",", ";", ":", "'", "’", "‘", "_", "-",
            "@", "#", " ", "\t", "\u{AD}", "\u{200B}", "·", "\u{301}", "🎉", "👍🏽", "!", "(", "\"", "—", "…", "İ", "ǅ", "ﬁ", "Ａ", "\u{FF0E}",
            "\u{2024}", "ש", "ל", "ภ", "\u{200D}", "\u{202F}", "‿", "\u{0E01}",
        ]
        var random = SeededGenerator(seed: 29)
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...16, using: &random)
            let text = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }.joined()
            #expect(words(text) == wordsByBreakIterator(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func positionsCountWordsAndCharacters() {
        #expect(tokens("one two 三四 five").filter { $0.0 != .character }.map(\.2) == [0, 1, 2, 4])
    }
}
