/// The word boundary rules of UAX #29 (section 4.1.1) for the characters
/// `SearchTokenizer`'s fast path reads: letters, digits, the characters
/// that join them (WB6, WB7, WB11, WB12: `don't`, `e.g`, `3.14`, `1,000`),
/// `ExtendNumLet` (WB13a, WB13b: `snake_case`) and marks that belong to the
/// character before them (WB4). Any other character ends a word.
///
/// Fed one character at a time; answers with each word as it ends.
struct WordCutter {
    /// Where the word being read starts (UTF-8 offset), if one is.
    private(set) var wordStart: Int?
    private var wordEnd = 0
    /// The class of the word's last letter, digit or `ExtendNumLet`.
    private var last = WordBreakClass.other
    /// A character that joins two letters or digits when the right one follows.
    private var pendingJoiner: WordBreakClass?

    /// Reads the character of class `wordClass` at `index` (`length`
    /// bytes); returns the word that ended before it, if one did.
    mutating func read(_ wordClass: WordBreakClass, at index: Int, length: Int) -> Range<Int>? {
        let end = index + length
        switch wordClass {
        case .extend:
            // WB4: part of the character before it (a pending joiner's marks
            // change nothing).
            if wordStart != nil && pendingJoiner == nil { wordEnd = end }
            return nil
        case .letter, .numeric, .extendNumberOrLetter:
            guard let start = wordStart else {
                begin(wordClass, at: index, end: end)
                return nil
            }
            if let joiner = pendingJoiner {
                pendingJoiner = nil
                if Self.joins(last, joiner, wordClass) {
                    wordEnd = end
                    last = wordClass
                    return nil
                }
                let word = start..<wordEnd
                begin(wordClass, at: index, end: end)
                return word
            }
            // WB5, WB8, WB9, WB10, WB13a, WB13b: letters, digits and
            // ExtendNumLet stay together.
            wordEnd = end
            last = wordClass
            return nil
        case .midLetter, .midNumber, .midNumberOrLetter:
            guard let start = wordStart else { return nil }
            if pendingJoiner == nil && Self.canJoin(after: last, wordClass) {
                pendingJoiner = wordClass
                return nil
            }
            reset()
            return start..<wordEnd
        default:
            return finish()
        }
    }

    /// Extends the word being read (just given a letter or digit by `read`)
    /// to `end` over more letters and digits, the last of class `last`.
    mutating func extend(to end: Int, last: WordBreakClass) {
        guard wordStart != nil else { return }
        wordEnd = end
        self.last = last
    }

    /// The word being read, if any, ended by the end of the text or a
    /// boundary character.
    mutating func finish() -> Range<Int>? {
        guard let start = wordStart else { return nil }
        reset()
        return start..<wordEnd
    }

    private mutating func begin(_ wordClass: WordBreakClass, at index: Int, end: Int) {
        wordStart = index
        wordEnd = end
        last = wordClass
        pendingJoiner = nil
    }

    private mutating func reset() {
        wordStart = nil
        pendingJoiner = nil
        last = .other
    }

    /// Whether `joiner` may join what follows to a word ending in `last`.
    private static func canJoin(after last: WordBreakClass, _ joiner: WordBreakClass) -> Bool {
        switch (last, joiner) {
        case (.letter, .midLetter), (.letter, .midNumberOrLetter), (.numeric, .midNumber), (.numeric, .midNumberOrLetter): true
        default: false
        }
    }

    /// WB6/WB7 (letter, joiner, letter) and WB11/WB12 (digit, joiner, digit).
    private static func joins(_ last: WordBreakClass, _ joiner: WordBreakClass, _ next: WordBreakClass) -> Bool {
        switch (last, next) {
        case (.letter, .letter): joiner == .midLetter || joiner == .midNumberOrLetter
        case (.numeric, .numeric): joiner == .midNumber || joiner == .midNumberOrLetter
        default: false
        }
    }
}
