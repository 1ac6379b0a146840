import TileditTextLayout

/// A multi-line text editor with soft wrap: the text as lines, a cursor
/// (line index from 0, offset in grapheme clusters), the goal column kept by
/// vertical moves, and a vertical scroll in visual rows. View-local state
/// only; the renderer forwards the text when `handle` says `.edited`.
///
/// Lines wrap at word boundaries (see `DisplayWidth.wrapSegments`) to the
/// viewport width minus one column, kept free for the cursor at a row's end.
/// Line breaks are LF inside the widget (CR and CRLF read as LF; no other
/// character breaks a line); mapping back to a file's CRLF is the caller's
/// business.
///
/// Scale: a line is held in chunks (`TextLine`), so an edit copies one
/// chunk of its line; rows are wrapped lazily (`TextAreaRows`), only as far
/// as the viewport and the cursor need, and an edit drops only the row
/// starts after the last space before it. A keystroke and a draw cost what
/// is visible plus what changed, not the size of the text. `lines`, `text`,
/// `visualRows`, `scrollRow` and `cursorRowAndColumn` walk the whole text
/// and are for callers that need it (tests, the final text).
///
/// Keys: everything `TextField` reads (characters, backspace, delete, left,
/// right, word moves, home/end of the line, ctrl+a/e/k/u/w, alt+b/f/d,
/// alt+backspace), crossing line ends where that makes sense (backspace at a
/// line start joins it to the line above; ctrl+k at a line end joins the
/// next line); plus enter (split the line), paste (line breaks kept, CRLF
/// and CR read as LF), up/down and ctrl+p/ctrl+n by visual row keeping the
/// goal column, page up/down by a viewport, ctrl+home/ctrl+end to the ends
/// of the text; ctrl+y inserts what the last ctrl+k, ctrl+u, ctrl+w,
/// alt+backspace or alt+d deleted. Tab and escape are left to the screen.
public struct TextArea: Hashable, Sendable {
    /// A place in the text.
    public struct Position: Hashable, Sendable, Comparable {
        /// The line index, from 0.
        public var line: Int
        /// Grapheme clusters before the position in its line.
        public var offset: Int

        /// The position `offset` clusters into line `line`.
        public init(line: Int, offset: Int) {
            self.line = line
            self.offset = offset
        }

        public static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.offset) < (rhs.line, rhs.offset)
        }
    }

    /// One row on screen: a range of clusters of one line.
    public struct VisualRow: Hashable, Sendable {
        /// The line index, from 0.
        public var line: Int
        /// The clusters of the line on this row.
        public var range: Range<Int>
        /// Whether this is the line's last row.
        public var endsLine: Bool
    }

    /// A visual row named by its line and its row in that line, both from 0.
    struct RowAnchor: Hashable, Sendable, Comparable {
        var line: Int
        var row: Int

        static func < (lhs: RowAnchor, rhs: RowAnchor) -> Bool {
            (lhs.line, lhs.row) < (rhs.line, rhs.row)
        }
    }

    /// The lines, in chunks (at least one, maybe empty).
    var storage: [TextLine]
    /// The rows found so far (a cache, outside equality).
    var rowCache: TextAreaRows
    /// The cursor.
    public internal(set) var cursor: Position
    /// The display column vertical moves aim for, kept from the first of a
    /// run of up/down moves; `nil` after any other key.
    public internal(set) var goalColumn: Int?
    /// The first visual row shown, as its line and row in the line.
    var scroll = RowAnchor(line: 0, row: 0)
    /// Columns of the viewport (set by `draw` or `setViewport`).
    public private(set) var viewportWidth: Int
    /// Rows of the viewport (set by `draw` or `setViewport`).
    public private(set) var viewportHeight: Int
    /// What the area is for, as the help overlay and status line say it.
    public var accessibilityLabel: String
    /// What the last ctrl+k, ctrl+u, ctrl+w, alt+backspace or alt+d
    /// deleted; ctrl+y inserts it at the cursor.
    public internal(set) var killed = ""

    /// An area holding `text`, the cursor at `cursor` (clamped; the end of
    /// the text when `nil`), laid out for a `width` × `height` viewport until
    /// it is drawn.
    public init(
        text: String = "",
        cursor: Position? = nil,
        width: Int = 80,
        height: Int = 24,
        accessibilityLabel: String = ""
    ) {
        storage = Self.splitLines(text)
        self.cursor = Position(line: 0, offset: 0)
        viewportWidth = max(1, width)
        viewportHeight = max(1, height)
        rowCache = TextAreaRows(lineCount: storage.count, width: max(1, max(1, width) - 1))
        self.accessibilityLabel = accessibilityLabel
        self.cursor = clamped(cursor ?? endOfText)
    }

    /// The lines, without line breaks (at least one, maybe empty). Builds
    /// every line's string: O(text).
    public var lines: [String] { storage.map(\.string) }

    /// How many lines the text has (at least one).
    public var lineCount: Int { storage.count }

    /// Line `index` (from 0) as a string; empty when out of range.
    public func line(_ index: Int) -> String {
        storage.indices.contains(index) ? storage[index].string : ""
    }

    /// The text, lines joined with LF. O(text).
    public var text: String { lines.joined(separator: "\n") }

    /// Replaces the text (e.g. from the view model), keeping the cursor where
    /// it still fits.
    public mutating func setText(_ newText: String) {
        storage = Self.splitLines(newText)
        rowCache.reset(width: wrapWidth, lineCount: storage.count)
        cursor = clamped(cursor)
        goalColumn = nil
        scrollToCursor()
    }

    /// Sets the viewport size used for wrapping and paging, and keeps the
    /// cursor visible.
    public mutating func setViewport(width: Int, height: Int) {
        viewportWidth = max(1, width)
        viewportHeight = max(1, height)
        scrollToCursor()
    }

    /// Columns a visual row may take: the viewport less one for the cursor.
    public var wrapWidth: Int { max(1, viewportWidth - 1) }

    /// Every visual row of the text at the current `wrapWidth`. Wraps the
    /// whole text: O(text).
    public var visualRows: [VisualRow] {
        var copy = self
        var rows: [VisualRow] = []
        for line in storage.indices {
            let count = copy.rowCount(of: line)
            for row in 0..<count {
                rows.append(VisualRow(line: line, range: copy.rowRange(RowAnchor(line: line, row: row)), endsLine: row == count - 1))
            }
        }
        return rows
    }

    /// The first visual row shown, from 0 (counts the rows above it: O(text before it)).
    public var scrollRow: Int {
        var copy = self
        return copy.globalRow(of: scroll)
    }

    /// The cursor's visual row index (from 0, counting every row above it:
    /// O(text before it)) and display column in that row.
    public var cursorRowAndColumn: (row: Int, column: Int) {
        var copy = self
        let anchor = copy.cursorAnchor()
        return (copy.globalRow(of: anchor), copy.cursorColumn(in: anchor))
    }

    /// Applies `key` and says what it did (see the type's key list).
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> EditOutcome {
        let outcome: EditOutcome
        switch key {
        case .up, .ctrl("p"):
            outcome = moveVertically(by: -1)
        case .down, .ctrl("n"):
            outcome = moveVertically(by: 1)
        case .pageUp:
            outcome = moveVertically(by: -viewportHeight)
        case .pageDown:
            outcome = moveVertically(by: viewportHeight)
        case .ctrl("y"):
            goalColumn = nil
            outcome = killed.isEmpty ? .ignored : insert(killed)
        case .ctrl("k"), .ctrl("u"), .ctrl("w"), .modified(.backspace, .alt), .alt("d"):
            goalColumn = nil
            let (kill, removed) = handleWithinLines(key)
            if kill == .edited, !removed.isEmpty { killed = removed }
            outcome = kill
        default:
            goalColumn = nil
            outcome = handleWithinLines(key).outcome
        }
        scrollToCursor()
        return outcome
    }

    /// Draws the visible rows into `rect` (which also becomes the viewport)
    /// and places the terminal cursor when `focused`. Rows past the end of
    /// the text are left blank in `style`. Wraps only the rows drawn.
    public mutating func draw(into buffer: inout ScreenBuffer, rect: Rect, style: CellStyle = .plain, focused: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        setViewport(width: rect.width, height: rect.height)
        buffer.fill(rect, style: style)
        let cursorRow = cursorAnchor()
        var anchor: RowAnchor? = scroll
        var screenCursor: ScreenPosition?
        for index in 0..<rect.height {
            guard let current = anchor else { break }
            let range = rowRange(current)
            let text = String(storage[current.line].characters(in: range))
            buffer.put(text, row: rect.row + index, column: rect.column, style: style, clip: rect)
            if current == cursorRow {
                let column = cursorColumn(in: current)
                screenCursor = ScreenPosition(row: rect.row + index, column: rect.column + min(column, rect.width - 1))
            }
            anchor = offsetAnchor(current, by: 1)
        }
        if focused, let screenCursor {
            buffer.cursor = screenCursor
        }
    }

    var endOfText: Position {
        Position(line: storage.count - 1, offset: storage[storage.count - 1].count)
    }

    func endOfLine(_ line: Int) -> Position {
        guard line >= 0, line < storage.count else { return Position(line: line, offset: 0) }
        return Position(line: line, offset: storage[line].count)
    }

    func clamped(_ position: Position) -> Position {
        let line = min(max(0, position.line), storage.count - 1)
        return Position(line: line, offset: min(max(0, position.offset), storage[line].count))
    }

    /// The lines of `text`, split at LF, CR and CRLF only (a VT, FF, NEL
    /// or U+2028 stays in its line, shown as its escape, so the text comes
    /// back with it).
    static func splitLines(_ text: String) -> [TextLine] {
        text.split(omittingEmptySubsequences: false, whereSeparator: LineEditing.isLineBreak).map { TextLine($0) }
    }
}
