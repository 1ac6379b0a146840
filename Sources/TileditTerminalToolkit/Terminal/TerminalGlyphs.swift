/// How one cell's grapheme cluster reaches the terminal, whole.
///
/// ncurses stores one spacing character (plus up to four non-spacing ones)
/// per cell and sizes it with the C library's `wcwidth`, so a cluster such
/// as 👨‍👩‍👧, 👍🏽 or 🇳🇴 cannot be stored whole, and a cluster the C library
/// sizes differently (❤️, 1️⃣, characters newer than its tables) would shift
/// the rest of the row. Such a cell is `direct`: ncurses draws a blank
/// placeholder of the cell's width there (a no-break space or an
/// ideographic space: not a space, so ncurses never clears it with an
/// erase-to-end-of-line), then the cluster is written straight to the
/// terminal, whole, at its place, and the rest of its row after it, each
/// run from its own column (`directOutput`): a terminal that gives the
/// cluster more columns than the frame (tmux 3.3 draws 👍🏽 as 👍 and 🏽)
/// has its overflow written over, one that gives it fewer keeps a blank.
/// Every other cluster goes through ncurses as it is.
enum TerminalGlyphs {
    /// What to do for one cell.
    enum Plan: Hashable, Sendable {
        /// ncurses stores `grapheme` whole and gives it the cell's width.
        case ncurses(String)
        /// ncurses draws `placeholders` (one per column they start at);
        /// the cluster is then written to the terminal directly.
        case direct(placeholders: [String])
    }

    /// A cluster written directly: its place (rows and columns from 0), the
    /// columns it takes in the frame, its look, and the cells after it on
    /// its row up to the next direct one (`tail`), written after it.
    struct DirectCell: Hashable, Sendable {
        var row: Int
        var column: Int
        var width: Int
        var grapheme: String
        var style: ResolvedStyle
        var tail: [TailCell] = []
    }

    /// A cell of a direct cell's row, as the frame has it (never a control).
    struct TailCell: Hashable, Sendable {
        var grapheme: String
        var style: ResolvedStyle
    }

    /// The plan for one cell.
    /// - Parameters:
    ///   - grapheme: the cell's grapheme cluster (never a control character).
    ///   - width: the cell's width in the buffer (1 or 2).
    ///   - measure: the columns ncurses gives a string stored whole in one
    ///     cell, or `nil` when it cannot store it whole.
    static func plan(for grapheme: String, width: Int, measure: (String) -> Int?) -> Plan {
        if grapheme.utf8.count == 1 || measure(grapheme) == width {
            return .ncurses(grapheme)
        }
        if width == 2, measure(ideographicSpace) == 2 {
            return .direct(placeholders: [ideographicSpace])
        }
        return .direct(placeholders: Array(repeating: measure(noBreakSpace) == 1 ? noBreakSpace : "?", count: max(1, width)))
    }

    /// The bytes that write `cells` whole at their places, each in its own
    /// colors and attributes, then its tail from the column after it (then
    /// back to the normal attributes, as ncurses leaves the terminal after
    /// an update), the cursor hidden meanwhile when it is shown, and left at
    /// `cursor` (row, column from 0), where ncurses believes it is.
    static func directOutput(_ cells: [DirectCell], cursor: (row: Int, column: Int), cursorVisible: Bool) -> [UInt8] {
        guard !cells.isEmpty else { return [] }
        var bytes: [UInt8] = []
        if cursorVisible { bytes += Array("\u{1B}[?25l".utf8) }
        for cell in cells {
            bytes += Array("\u{1B}[\(cell.row + 1);\(cell.column + 1)H".utf8)
            bytes += selectGraphicRendition(cell.style)
            bytes += Array(cell.grapheme.utf8)
            guard !cell.tail.isEmpty else { continue }
            bytes += Array("\u{1B}[\(cell.row + 1);\(cell.column + cell.width + 1)H".utf8)
            var style: ResolvedStyle?
            for tail in cell.tail {
                if tail.style != style {
                    bytes += selectGraphicRendition(tail.style)
                    style = tail.style
                }
                bytes += Array(tail.grapheme.utf8)
            }
        }
        bytes += Array("\u{1B}[0m".utf8)
        bytes += Array("\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H".utf8)
        if cursorVisible { bytes += Array("\u{1B}[?25h".utf8) }
        return bytes
    }

    /// The SGR sequence for `style`: reset, then its attributes and colors
    /// (ANSI 0–7 as `3N`/`4N`, 8–15 as `9N`/`10N`, others as `38;5;N`).
    static func selectGraphicRendition(_ style: ResolvedStyle) -> [UInt8] {
        var parameters = ["0"]
        if style.attributes.contains(.bold) { parameters.append("1") }
        if style.attributes.contains(.dim) { parameters.append("2") }
        if style.attributes.contains(.underline) { parameters.append("4") }
        if style.attributes.contains(.reverse) { parameters.append("7") }
        parameters += colorParameters(style.foreground.colorNumber, base: 30, bright: 90, extended: 38)
        parameters += colorParameters(style.background.colorNumber, base: 40, bright: 100, extended: 48)
        return Array("\u{1B}[\(parameters.joined(separator: ";"))m".utf8)
    }

    private static func colorParameters(_ number: Int, base: Int, bright: Int, extended: Int) -> [String] {
        switch number {
        case 0...7: ["\(base + number)"]
        case 8...15: ["\(bright + number - 8)"]
        case 16...255: ["\(extended)", "5", "\(number)"]
        default: []
        }
    }

    private static let noBreakSpace = "\u{00A0}"
    private static let ideographicSpace = "\u{3000}"
}
