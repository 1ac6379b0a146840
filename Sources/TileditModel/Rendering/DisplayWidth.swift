/// How many terminal columns text takes, from Unicode scalar properties:
/// East Asian Wide and Fullwidth characters and emoji shown as emoji take
/// 2, combining marks, format and control characters 0, everything else 1
/// (East Asian Ambiguous counts 1, as in most terminals).
///
/// A character (grapheme cluster) that is an emoji — an emoji-presentation
/// base, or any emoji with U+FE0F — takes 2 as a whole (ZWJ sequences,
/// skin tones and flags included); any other character takes the sum of its
/// scalars, so a base with combining marks takes the base's width.
enum DisplayWidth {
    /// Columns of `text`.
    static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text {
            if character.isASCII {
                total += character.unicodeScalars.first.map { $0.value >= 0x20 && $0.value != 0x7F ? 1 : 0 } ?? 0
            } else {
                total += of(character)
            }
        }
        return total
    }

    /// Columns of one character.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let properties = first.properties
        if properties.isEmojiPresentation || (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        if properties.isEmoji && scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        var width = 0
        for scalar in scalars { width += of(scalar) }
        return width
    }

    /// Columns of one scalar on its own.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if isEastAsianWide(scalar) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Whether `scalar` is East Asian Wide or Fullwidth (Unicode 15
    /// EastAsianWidth.txt, emoji left to `isEmojiPresentation`).
    static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether a line may break between `before` and `after` with no space
    /// between them: next to a CJK character, unless `before` opens a
    /// bracket or quote or `after` is closing punctuation (a simple
    /// kinsoku rule).
    static func allowsBreak(between before: Character, and after: Character) -> Bool {
        guard isIdeographicLike(before) || isIdeographicLike(after) else { return false }
        return !openingPunctuation.contains(before) && !closingPunctuation.contains(after)
    }

    /// Wide characters that are not emoji: CJK ideographs, kana, Hangul,
    /// fullwidth forms and CJK punctuation.
    private static func isIdeographicLike(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return isEastAsianWide(first) && !first.properties.isEmojiPresentation
    }

    private static let openingPunctuation: Set<Character> = [
        "(", "[", "{", "\"", "'", "「", "『", "（", "【", "〈", "《", "〔", "［", "｛", "“", "‘",
    ]
    private static let closingPunctuation: Set<Character> = [
        ")", "]", "}", ",", ".", ":", ";", "!", "?", "\"", "'", "」", "』", "）", "】", "〉", "》", "〕", "］", "｝",
        "、", "。", "，", "．", "：", "；", "！", "？", "ー", "・", "…", "”", "’", "々", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ",
        "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
    ]

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFF,
        0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E3,
        0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF, 0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B,
        0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7,
        0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE,
        0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B167,
        0x1B170...0x1B2FB, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
