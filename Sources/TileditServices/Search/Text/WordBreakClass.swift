import CTileditICU

/// What a character is to the word-break rules of UAX #29 (Unicode Text
/// Segmentation, section 4.1.1), as far as `SearchTokenizer`'s own fast
/// path follows them, with ICU's tailoring of the root locale: `@` is a
/// letter (so `me@example.org` is one word) and `:` is not `MidLetter`.
///
/// Characters whose rules the fast path does not follow (Hebrew letters,
/// the zero width joiner, scripts ICU segments with a dictionary such as
/// Thai) are `needsBreakIterator`: their line goes through ICU's break
/// iterator instead.
enum WordBreakClass: UInt8, Sendable {
    /// `ALetter` (and `@`).
    case letter
    /// `Numeric`.
    case numeric
    /// `Extend` or `Format`: belongs to the character before it (rule WB4).
    case extend
    /// `MidLetter`: joins two letters (WB6, WB7).
    case midLetter
    /// `MidNum`: joins two digits (WB11, WB12).
    case midNumber
    /// `MidNumLet` or `Single_Quote`: joins two letters or two digits.
    case midNumberOrLetter
    /// `ExtendNumLet` (`_`): joins letters and digits on either side (WB13a, WB13b).
    case extendNumberOrLetter
    /// Anything else: a word boundary on both sides (spaces, punctuation, symbols, emoji).
    case other
    /// Han, Hiragana, Katakana or Hangul: indexed as bigrams, not words.
    case bigram
    /// A character whose rules only ICU's break iterator follows.
    case needsBreakIterator

    /// The class of an ASCII byte (below 0x80).
    @inline(__always)
    static func of(ascii byte: UInt8) -> WordBreakClass {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x40: .letter  // a-z, A-Z, @
        case 0x30...0x39: .numeric
        case 0x2E, 0x27: .midNumberOrLetter  // . '
        case 0x2C, 0x3B: .midNumber  // , ;
        case 0x5F: .extendNumberOrLetter  // _
        default: .other
        }
    }

    /// Whether an ASCII byte is a letter or digit (`@` counts as a letter).
    @inline(__always)
    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte &- 0x61) < 26 || (byte &- 0x40) < 27 || (byte &- 0x30) < 10
    }

    /// Whether an ASCII byte is a word boundary on both sides whatever
    /// surrounds it (spaces, most punctuation). A double quote is not
    /// (Hebrew acronyms such as `צה"ל` are one word).
    @inline(__always)
    static func isHardBoundary(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x22 && of(ascii: byte) == .other
    }

    /// The class of a scalar at or above U+0080, from ICU's Word_Break and
    /// Line_Break properties.
    static func of(nonASCII value: UInt32) -> WordBreakClass {
        if isBigramScalar(value) { return .bigram }
        switch tiledit_icu_word_break(Int32(bitPattern: value)) {
        case TILEDIT_WORD_BREAK_LETTER: return .letter
        case TILEDIT_WORD_BREAK_NUMERIC: return .numeric
        case TILEDIT_WORD_BREAK_EXTEND: return .extend
        case TILEDIT_WORD_BREAK_MID_LETTER: return .midLetter
        case TILEDIT_WORD_BREAK_MID_NUMBER: return .midNumber
        case TILEDIT_WORD_BREAK_MID_NUMBER_OR_LETTER: return .midNumberOrLetter
        case TILEDIT_WORD_BREAK_EXTEND_NUMBER_OR_LETTER: return .extendNumberOrLetter
        case TILEDIT_WORD_BREAK_NEEDS_ITERATOR: return .needsBreakIterator
        default: return .other
        }
    }

    /// Whether a scalar is a letter (or a mark) of the Han, Hiragana,
    /// Katakana or Hangul scripts (Script or Script_Extensions): text that is
    /// written without spaces between words and indexed as bigrams.
    /// Punctuation of those scripts (`、`, `。`, `「`) is not.
    static func isBigramScalar(_ value: UInt32) -> Bool {
        // Only these blocks hold such letters (a cheap test first).
        switch value {
        // Letters of these blocks are all such letters, so ICU need not be asked.
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return true
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x3038...0x303C,
             0x3041...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
             0xF900...0xFAFF, 0xFF66...0xFFDC, 0x16FE0...0x16FFF, 0x1AFF0...0x1B16F, 0x20000...0x3FFFF:
            return tiledit_icu_is_bigram_script_letter(Int32(bitPattern: value))
        default:
            return false
        }
    }
}
