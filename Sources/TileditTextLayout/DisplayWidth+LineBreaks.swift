extension DisplayWidth {
    /// Whether a line may break between `before` and `after` with no space
    /// between them: next to a CJK character, unless `before` opens a
    /// bracket or quote or `after` is closing punctuation (a simple
    /// kinsoku rule).
    public static func allowsBreak(between before: Character, and after: Character) -> Bool {
        guard isIdeographicLike(before) || isIdeographicLike(after) else { return false }
        return !openingPunctuation.contains(before) && !closingPunctuation.contains(after)
    }

    /// Wide characters that are not emoji: CJK ideographs, kana, Hangul,
    /// fullwidth forms and CJK punctuation.
    private static func isIdeographicLike(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return EastAsianWidth.isWide(first) && !first.properties.isEmojiPresentation
    }

    private static let openingPunctuation: Set<Character> = [
        "(", "[", "{", "\"", "'", "「", "『", "（", "【", "〈", "《", "〔", "［", "｛", "“", "‘",
    ]
    private static let closingPunctuation: Set<Character> = [
        ")", "]", "}", ",", ".", ":", ";", "!", "?", "\"", "'", "」", "』", "）", "】", "〉", "》", "〕", "］", "｝",
        "、", "。", "，", "．", "：", "；", "！", "？", "ー", "・", "…", "”", "’", "々", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ",
        "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
    ]
}
