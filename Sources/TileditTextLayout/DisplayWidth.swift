/// Display width of text in terminal columns, measured grapheme cluster by
/// grapheme cluster (a Swift `Character`), and the layout helpers built on it.
///
/// The rule for one grapheme cluster, decided from its scalars' Unicode
/// properties (never from libc's `wcwidth`, whose tables differ by platform):
/// - a control character (general category Cc, or U+2028/U+2029) is drawn as
///   U+FFFD REPLACEMENT CHARACTER: 1 column;
/// - a cluster starting with a combining mark (Mn, Me) or a format character
///   (Cf: U+200B–U+200F, U+2060–U+2064, bidi controls U+202A–U+202E and
///   U+2066–U+2069, …) or a variation selector: 0 columns, drawn as nothing;
/// - an emoji presentation base (`isEmojiPresentation`; covers ZWJ sequences
///   such as 👨‍👩‍👧, which start with one, and flags, which are pairs of
///   regional indicators): 2 columns, or 1 when followed by U+FE0E (text
///   presentation) and not East Asian Wide;
/// - an East Asian Wide or Fullwidth base: 2 columns;
/// - an emoji base made emoji by U+FE0F, a skin-tone modifier or U+20E3
///   (keycap): 2 columns;
/// - anything else: 1 column. Combining marks after the base add nothing.
///
/// Right-to-left text (Hebrew, Arabic) is measured and drawn in logical order,
/// one column per letter; it is never reordered.
public enum DisplayWidth {
    /// What a control character is drawn as.
    public static let replacementCharacter: Character = "\u{FFFD}"

    /// How `pad(_:to:alignment:ellipsis:)` places text in its field.
    public enum Alignment: Sendable, Equatable {
        /// Text first, spaces after.
        case leading
        /// Spaces first, text after.
        case trailing
        /// Spaces split around the text; the odd column goes after.
        case center
    }

    /// The number of terminal columns one grapheme cluster takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.utf8.count == 1 {
            return 1
        }
        if isControl(first) {
            return 1
        }
        if isZeroWidth(first) {
            return 0
        }
        let properties = first.properties
        if properties.isEmojiPresentation {
            if scalars.contains(textPresentationSelector), !EastAsianWidth.isWide(first) {
                return 1
            }
            return 2
        }
        if EastAsianWidth.isWide(first) {
            return 2
        }
        if properties.isEmoji, scalars.dropFirst().contains(where: isEmojiPresentationMaker) {
            return 2
        }
        return 1
    }

    /// The number of terminal columns `text` takes: the sum over its grapheme
    /// clusters (see the type's rule). Line breaks count as control characters.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text.utf8.count
        }
        var columns = 0
        for character in text {
            columns += of(character)
        }
        return columns
    }

    /// What is drawn for `character`: `nil` for a zero-width cluster (nothing
    /// is drawn, so bidi controls and zero-width spaces never disturb the
    /// layout), U+FFFD for a control character, the character itself otherwise.
    public static func visibleForm(of character: Character) -> Character? {
        guard let first = character.unicodeScalars.first else { return nil }
        if isControl(first) {
            return replacementCharacter
        }
        if isZeroWidth(first) {
            return nil
        }
        return character
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when it was
    /// cut. Returns `text` unchanged when it fits, and never splits a grapheme
    /// cluster (a wide character that would straddle the limit is left out, so
    /// the result may be one column short). When `ellipsis` itself is wider
    /// than `width`, the text is cut without it. A `width` of 0 or less gives "".
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width {
            return text
        }
        let ellipsisWidth = of(ellipsis)
        let keepsEllipsis = ellipsisWidth <= width
        let budget = keepsEllipsis ? width - ellipsisWidth : width
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > budget {
                break
            }
            result.append(character)
            used += columns
        }
        return keepsEllipsis ? result + ellipsis : result
    }

    /// `text` fitted to exactly `width` columns: truncated with `ellipsis`
    /// when wider (see `truncate(_:to:ellipsis:)`), then padded with spaces
    /// on the side `alignment` says. A `width` of 0 or less gives "".
    public static func pad(
        _ text: String,
        to width: Int,
        alignment: Alignment = .leading,
        ellipsis: String = "…"
    ) -> String {
        guard width > 0 else { return "" }
        let fitted = truncate(text, to: width, ellipsis: ellipsis)
        let missing = max(0, width - of(fitted))
        switch alignment {
        case .leading:
            return fitted + String(repeating: " ", count: missing)
        case .trailing:
            return String(repeating: " ", count: missing) + fitted
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + fitted + String(repeating: " ", count: missing - before)
        }
    }

    /// `text` word-wrapped to lines of at most `width` columns.
    ///
    /// Line breaks in `text` (LF, CR, CRLF, U+2028, U+2029, …) always end a
    /// line, and an empty line stays an empty string. Lines break at spaces;
    /// the spaces at a break are dropped, leading spaces of a line are kept.
    /// A word wider than `width` is broken between grapheme clusters; a single
    /// cluster wider than `width` takes a line of its own. No grapheme
    /// cluster is ever split. `width` below 1 counts as 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for hardLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let characters = Array(hardLine)
            let segments = wrapSegments(of: characters, width: width)
            for (index, segment) in segments.enumerated() {
                var end = segment.upperBound
                if index < segments.count - 1 {
                    while end > segment.lowerBound, isBreakableSpace(characters[end - 1]) {
                        end -= 1
                    }
                }
                lines.append(String(characters[segment.lowerBound..<end]))
            }
        }
        return lines
    }

    /// The visual rows of one line (no line breaks in it) wrapped to `width`
    /// columns, as ranges of grapheme-cluster offsets into `characters`.
    ///
    /// The ranges are contiguous and cover every offset (an empty line gives
    /// one empty range), so an editor can map a cursor to a row. The spaces
    /// at a break stay at the end of the row before it and may reach past
    /// `width`; `wrap(_:width:)` drops them. Same breaking rule as `wrap`.
    public static func wrapSegments(of characters: [Character], width: Int) -> [Range<Int>] {
        let width = max(1, width)
        var segments: [Range<Int>] = []
        var start = 0
        var column = 0
        var index = 0
        while index < characters.count {
            if isBreakableSpace(characters[index]) {
                column += of(characters[index])
                index += 1
                continue
            }
            var wordEnd = index
            var wordWidth = 0
            while wordEnd < characters.count, !isBreakableSpace(characters[wordEnd]) {
                wordWidth += of(characters[wordEnd])
                wordEnd += 1
            }
            if column + wordWidth > width, index > start {
                segments.append(start..<index)
                start = index
                column = 0
            }
            if column + wordWidth <= width {
                column += wordWidth
            } else {
                for offset in index..<wordEnd {
                    let columns = of(characters[offset])
                    if column + columns > width, offset > start {
                        segments.append(start..<offset)
                        start = offset
                        column = 0
                    }
                    column += columns
                }
            }
            index = wordEnd
        }
        segments.append(start..<characters.count)
        return segments
    }

    /// Whether a line may break at `character`: a single whitespace scalar
    /// that is not a line break and not a no-break space.
    static func isBreakableSpace(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return false }
        if scalar == " " {
            return true
        }
        switch scalar.value {
        case 0x00A0, 0x2007, 0x202F:
            return false
        default:
            return scalar.properties.isWhitespace && !character.isNewline
        }
    }

    private static let textPresentationSelector: Unicode.Scalar = "\u{FE0E}"

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return false
        }
    }

    private static func isEmojiPresentationMaker(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || scalar.value == 0x20E3 || scalar.properties.isEmojiModifier
    }
}
