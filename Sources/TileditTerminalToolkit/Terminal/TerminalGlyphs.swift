/// What to hand ncurses for one cell so that ncurses' idea of its width
/// matches the `ScreenBuffer`'s.
///
/// ncurses stores one spacing character (plus up to four non-spacing ones)
/// per cell and sizes it with the C library's `wcwidth`, so a cluster such
/// as 👨‍👩‍👧 or 🇳🇴 cannot be stored whole, and a cluster the C library sizes
/// differently (❤️, 1️⃣, characters newer than its tables) would shift the
/// rest of the row. Such a cell is drawn with a stand-in of the same width:
/// a flag as its two region letters (🇳🇴 → `NO`), otherwise the cluster's
/// first scalar when ncurses gives it the cell's width (👨‍👩‍👧 → 👨), or that
/// scalar padded with a space, or U+FFFD (padded) as the last resort.
enum TerminalGlyphs {
    /// The glyphs to draw from the cell's column on, one per column they
    /// start at.
    /// - Parameters:
    ///   - grapheme: the cell's grapheme cluster.
    ///   - width: the cell's width in the buffer (1 or 2).
    ///   - measure: the columns ncurses gives a string stored whole in one
    ///     cell, or `nil` when it cannot store it whole.
    static func plan(for grapheme: String, width: Int, measure: (String) -> Int?) -> [String] {
        if measure(grapheme) == width {
            return [grapheme]
        }
        let scalars = Array(grapheme.unicodeScalars)
        if width == 2, scalars.count == 2, scalars.allSatisfy(isRegionalIndicator) {
            return scalars.map(regionLetter)
        }
        guard let base = scalars.first else { return [" "] }
        let baseGlyph = isRegionalIndicator(base) ? regionLetter(base) : String(base)
        let baseWidth = measure(baseGlyph)
        if baseWidth == width {
            return [baseGlyph]
        }
        if baseWidth == 1, width == 2 {
            return [baseGlyph, " "]
        }
        return width == 2 ? ["\u{FFFD}", " "] : ["\u{FFFD}"]
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func regionLetter(_ scalar: Unicode.Scalar) -> String {
        guard let letter = Unicode.Scalar(scalar.value - 0x1F1E6 + 0x41) else { return "?" }
        return String(letter)
    }
}
