import TileditModel

/// Display width of text in terminal columns, measured grapheme cluster by
/// grapheme cluster (a Swift `Character`, UAX #29's extended grapheme
/// cluster), and the layout helpers built on it.
///
/// The rule for one grapheme cluster, decided from its scalars' Unicode
/// properties (never from libc's `wcwidth`, whose tables differ by platform):
/// - a TAB is blank up to the next tab stop (every `tabStop` columns from
///   where the text starts): 1 to `tabStop` columns (see `advance(of:at:)`);
/// - a character a terminal would act on instead of showing (every other
///   C0 control, DEL, the C1 controls, U+2028/U+2029 and the bidirectional
///   embedding, override and isolate controls; `VisibleText`) is shown as
///   its visible escape, `\n`, `\r`, `\u{1B}`, `\u{202E}`: as many columns
///   as the escape has characters. U+FFFD stays for bytes that really were
///   invalid;
/// - a cluster starting with a combining mark (Mn, Me) or another format
///   character (Cf: U+200B–U+200F, U+2060–U+2064, …) or a variation
///   selector: 0 columns, drawn as nothing;
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
    /// Columns between tab stops: CommonMark's tab stop, so a TAB lines
    /// up as Markdown reads it.
    public static let tabStop = 4

    /// How one grapheme cluster is drawn (see the type's rule).
    public enum Glyph: Hashable, Sendable {
        /// Nothing is drawn (zero width).
        case hidden
        /// The cluster itself, whole, in `width` columns (1 or 2).
        case cluster(Character, width: Int)
        /// A visible escape (ASCII, one column per character) in place of
        /// a character the terminal would act on.
        case escape(String)
        /// A TAB: blank to the next tab stop.
        case tab
    }

    /// How `pad(_:to:alignment:ellipsis:)` places text in its field.
    public enum Alignment: Sendable, Equatable {
        /// Text first, spaces after.
        case leading
        /// Spaces first, text after.
        case trailing
        /// Spaces split around the text; the odd column goes after.
        case center
    }

    /// The number of terminal columns one grapheme cluster takes: 0, 1 or
    /// 2, the length of its escape for a control character, `tabStop` for
    /// a TAB (its width at a tab stop; see `advance(of:at:)`).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.utf8.count == 1, first.value >= 0x20, first.value < 0x7F {
            return 1
        }
        if first == "\t", scalars.count == 1 {
            return tabStop
        }
        if let escape = escape(of: character) {
            return escape.utf8.count
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

    /// The columns `character` takes when it starts at `column` (counted
    /// from where its text starts): a TAB reaches the next tab stop, any
    /// other cluster takes `of(_:)`.
    public static func advance(of character: Character, at column: Int) -> Int {
        guard character == "\t" else { return of(character) }
        return tabStop - ((column % tabStop) + tabStop) % tabStop
    }

    /// The number of terminal columns `text` takes from its start: the sum
    /// of its grapheme clusters' advances (see the type's rule; tab stops
    /// count from the start of `text`). Line breaks count as control
    /// characters (their escapes).
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text.utf8.count
        }
        var columns = 0
        for character in text {
            columns += advance(of: character, at: columns)
        }
        return columns
    }

    /// How `character` is drawn: hidden (zero width, so zero-width spaces
    /// and marks never disturb the layout), as itself, as its visible
    /// escape (a control character, a bidirectional control), or as the
    /// blank of a TAB. No control character is ever drawn as itself.
    public static func glyph(of character: Character) -> Glyph {
        guard let first = character.unicodeScalars.first else { return .hidden }
        if character == "\t" {
            return .tab
        }
        if let escape = escape(of: character) {
            return .escape(escape)
        }
        if isZeroWidth(first) {
            return .hidden
        }
        return .cluster(character, width: of(character))
    }

    /// The visible escape of `character` when a terminal would act on it
    /// (`VisibleText`: `\n`, `\r`, `\u{1B}`, `\u{202E}`, …), else `nil`.
    /// A TAB has one too (`\t`), for one-line labels; text fields and the
    /// screen draw it as blank to the next tab stop.
    public static func escape(of character: Character) -> String? {
        guard character.unicodeScalars.contains(where: VisibleText.needsEscaping) else { return nil }
        return VisibleText.escaped(String(character))
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when it was
    /// cut. Returns `text` unchanged when it fits, and never splits a grapheme
    /// cluster (a wide character that would straddle the limit is left out, so
    /// the result may be one column short). When `ellipsis` itself is wider
    /// than `width`, the text is cut without it. A `width` of 0 or less gives "".
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        // One pass that stops past `width`: a huge text costs what fits.
        let ellipsisWidth = of(ellipsis)
        let keepsEllipsis = ellipsisWidth <= width
        let budget = keepsEllipsis ? width - ellipsisWidth : width
        var cut = ""
        var cutComplete = false
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let columns = advance(of: character, at: used)
            if !cutComplete, used + columns > budget {
                cutComplete = true
            }
            if used + columns > width {
                return keepsEllipsis ? cut + ellipsis : cut
            }
            if !cutComplete {
                cut.append(character)
            }
            used += columns
            index = text.index(after: index)
        }
        return text
    }

    /// Display columns of `text`, counting no further than `limit`: the
    /// width when it is at most `limit`, else some value above `limit`.
    /// Stops reading past the limit, so a huge text costs what fits.
    public static func of(_ text: some StringProtocol, limit: Int) -> Int {
        var total = 0
        for character in text {
            total += advance(of: character, at: total)
            if total > limit {
                return total
            }
        }
        return total
    }

    /// The first `maxLines` lines of `wrap(text, width:)`, wrapping only as
    /// much of `text` as they need (a window of clusters, widened when it
    /// falls short), so a huge paragraph costs what is shown.
    public static func wrap(_ text: String, width: Int, maxLines: Int) -> [String] {
        guard maxLines > 0 else { return [] }
        var window = (maxLines + 1) * (max(1, width) + 1) + 64
        while true {
            let head = text.prefix(window)
            if head.endIndex == text.endIndex {
                return Array(wrap(text, width: width).prefix(maxLines))
            }
            // The last line of a cut window may be wrong (its word may go on): keep the ones before it.
            let lines = wrap(String(head), width: width).dropLast()
            if lines.count >= maxLines {
                return Array(lines.prefix(maxLines))
            }
            window *= 2
        }
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
    /// Line breaks in `text` (LF, CR, CRLF) always end a line, and an empty
    /// line stays an empty string; other characters Unicode counts as line
    /// breaks (VT, FF, NEL, U+2028, U+2029) show as their escapes. Lines break at spaces;
    /// the spaces at a break are dropped, leading spaces of a line are kept.
    /// A word wider than `width` is broken between grapheme clusters; a single
    /// cluster wider than `width` takes a line of its own. No grapheme
    /// cluster is ever split. `width` below 1 counts as 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for hardLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
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
                column += advance(of: characters[index], at: column)
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
                    let columns = advance(of: characters[offset], at: column)
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
    public static func isBreakableSpace(_ character: Character) -> Bool {
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
