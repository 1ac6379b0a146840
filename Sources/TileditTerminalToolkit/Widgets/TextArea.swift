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

    /// The lines, without line breaks (at least one, maybe empty).
    public private(set) var lines: [String]
    /// The cursor.
    public private(set) var cursor: Position
    /// The display column vertical moves aim for, kept from the first of a
    /// run of up/down moves; `nil` after any other key.
    public private(set) var goalColumn: Int?
    /// The first visual row shown, from 0.
    public private(set) var scrollRow: Int = 0
    /// Columns of the viewport (set by `draw` or `setViewport`).
    public private(set) var viewportWidth: Int
    /// Rows of the viewport (set by `draw` or `setViewport`).
    public private(set) var viewportHeight: Int
    /// What the area is for, as the help overlay and status line say it.
    public var accessibilityLabel: String
    /// What the last ctrl+k, ctrl+u, ctrl+w, alt+backspace or alt+d
    /// deleted; ctrl+y inserts it at the cursor.
    public private(set) var killed = ""

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
        lines = Self.splitLines(text)
        self.cursor = Position(line: 0, offset: 0)
        viewportWidth = max(1, width)
        viewportHeight = max(1, height)
        self.accessibilityLabel = accessibilityLabel
        self.cursor = clamped(cursor ?? endOfText)
    }

    /// The text, lines joined with LF.
    public var text: String { lines.joined(separator: "\n") }

    /// Replaces the text (e.g. from the view model), keeping the cursor where
    /// it still fits.
    public mutating func setText(_ newText: String) {
        lines = Self.splitLines(newText)
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

    /// Every visual row of the text at the current `wrapWidth`.
    public var visualRows: [VisualRow] {
        var rows: [VisualRow] = []
        for (index, line) in lines.enumerated() {
            let segments = DisplayWidth.wrapSegments(of: Array(line), width: wrapWidth)
            for (number, segment) in segments.enumerated() {
                rows.append(VisualRow(line: index, range: segment, endsLine: number == segments.count - 1))
            }
        }
        return rows
    }

    /// The cursor's visual row index and display column in that row.
    public var cursorRowAndColumn: (row: Int, column: Int) {
        let rows = visualRows
        let index = rowIndex(of: cursor, in: rows)
        let characters = Array(lines[cursor.line])
        return (index, LineEditing.columns(of: characters, in: rows[index].range.lowerBound..<cursor.offset))
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
            outcome = killing(key)
        default:
            goalColumn = nil
            outcome = handleWithinLines(key)
        }
        scrollToCursor()
        return outcome
    }

    /// Deletes with a kill key and keeps what went in `killed` (ctrl+y
    /// puts it back, so no key throws typing away for good). The deletion
    /// is one stretch at the cursor: it starts where the cursor ends up
    /// (deleting backward) or stays (forward).
    private mutating func killing(_ key: KeyEvent) -> EditOutcome {
        let before = Array(text)
        let outcome = handleWithinLines(key)
        guard outcome == .edited else { return outcome }
        let start = min(before.count, characterOffset(of: cursor))
        // Clusters can join across a deletion (a mark after a base): bounded, never trapping.
        let removed = max(0, min(before.count - start, before.count - Array(text).count))
        if removed > 0 { killed = String(before[start..<(start + removed)]) }
        return outcome
    }

    /// Clusters of the text before `position` (line breaks counted as one).
    private func characterOffset(of position: Position) -> Int {
        var offset = 0
        for line in lines.prefix(max(0, min(position.line, lines.count))) { offset += line.count + 1 }
        return offset + position.offset
    }

    /// Draws the visible rows into `rect` (which also becomes the viewport)
    /// and places the terminal cursor when `focused`. Rows past the end of
    /// the text are left blank in `style`.
    public mutating func draw(into buffer: inout ScreenBuffer, rect: Rect, style: CellStyle = .plain, focused: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        setViewport(width: rect.width, height: rect.height)
        buffer.fill(rect, style: style)
        let rows = visualRows
        let visible = scrollRow..<min(rows.count, scrollRow + rect.height)
        var cachedLine = -1
        var characters: [Character] = []
        for index in visible {
            let row = rows[index]
            if row.line != cachedLine {
                characters = Array(lines[row.line])
                cachedLine = row.line
            }
            let text = String(characters[row.range])
            buffer.put(text, row: rect.row + index - scrollRow, column: rect.column, style: style, clip: rect)
        }
        if focused {
            let (row, column) = cursorRowAndColumn
            buffer.cursor = ScreenPosition(row: rect.row + row - scrollRow, column: rect.column + min(column, rect.width - 1))
        }
    }

    // MARK: - Editing

    private mutating func handleWithinLines(_ key: KeyEvent) -> EditOutcome {
        let characters = Array(lines[cursor.line])
        let lineEnd = characters.count
        switch key {
        case .character(let character):
            return insert(String(character))
        case .paste(let pasted):
            return insert(pasted)
        case .enter:
            return insert("\n")
        case .backspace, .ctrl("h"):
            return deleteBackward(count: 1)
        case .delete, .ctrl("d"):
            return deleteForward(to: cursor.offset + 1)
        case .left, .ctrl("b"):
            if cursor.offset > 0 {
                return move(to: Position(line: cursor.line, offset: cursor.offset - 1))
            }
            return move(to: endOfLine(cursor.line - 1))
        case .right, .ctrl("f"):
            if cursor.offset < lineEnd {
                return move(to: Position(line: cursor.line, offset: cursor.offset + 1))
            }
            return move(to: Position(line: cursor.line + 1, offset: 0))
        case .modified(.left, .ctrl), .modified(.left, .alt), .alt("b"):
            if cursor.offset == 0 {
                return move(to: endOfLine(cursor.line - 1))
            }
            return move(to: Position(line: cursor.line, offset: LineEditing.wordStart(before: cursor.offset, in: characters)))
        case .modified(.right, .ctrl), .modified(.right, .alt), .alt("f"):
            if cursor.offset == lineEnd {
                return move(to: Position(line: cursor.line + 1, offset: 0))
            }
            return move(to: Position(line: cursor.line, offset: LineEditing.wordEnd(after: cursor.offset, in: characters)))
        case .home, .ctrl("a"):
            return move(to: Position(line: cursor.line, offset: 0))
        case .end, .ctrl("e"):
            return move(to: Position(line: cursor.line, offset: lineEnd))
        case .modified(.home, .ctrl):
            return move(to: Position(line: 0, offset: 0))
        case .modified(.end, .ctrl):
            return move(to: endOfText)
        case .ctrl("k"):
            return deleteForward(to: cursor.offset < lineEnd ? lineEnd : cursor.offset + 1)
        case .ctrl("u"):
            return deleteBackward(count: cursor.offset)
        case .ctrl("w"), .modified(.backspace, .alt):
            if cursor.offset == 0 {
                return deleteBackward(count: 1)
            }
            return deleteBackward(count: cursor.offset - LineEditing.wordStart(before: cursor.offset, in: characters))
        case .alt("d"):
            if cursor.offset == lineEnd {
                return deleteForward(to: cursor.offset + 1)
            }
            return deleteForward(to: LineEditing.wordEnd(after: cursor.offset, in: characters))
        default:
            return .ignored
        }
    }

    /// Inserts `inserted` at the cursor; its line breaks split the line.
    private mutating func insert(_ inserted: String) -> EditOutcome {
        guard !inserted.isEmpty else { return .ignored }
        let parts = Self.splitLines(inserted)
        let characters = Array(lines[cursor.line])
        let before = String(characters[..<cursor.offset])
        let after = String(characters[cursor.offset...])
        if parts.count == 1 {
            let (line, offset) = LineEditing.insert(parts[0], into: lines[cursor.line], at: cursor.offset)
            lines[cursor.line] = line
            cursor.offset = offset
            return .edited
        }
        let last = parts[parts.count - 1]
        let (lastLine, offset) = LineEditing.insert(last, into: after, at: 0)
        let replacement = [before + parts[0]] + parts[1..<(parts.count - 1)] + [lastLine]
        lines.replaceSubrange(cursor.line...cursor.line, with: replacement)
        cursor = Position(line: cursor.line + parts.count - 1, offset: offset)
        return .edited
    }

    /// Deletes `count` clusters before the cursor within its line, or, at a
    /// line start with `count` 1, the line break before it.
    private mutating func deleteBackward(count: Int) -> EditOutcome {
        if cursor.offset == 0 {
            guard count == 1, cursor.line > 0 else { return .ignored }
            let previousLength = lines[cursor.line - 1].count
            lines[cursor.line - 1] += lines[cursor.line]
            lines.remove(at: cursor.line)
            cursor = clamped(Position(line: cursor.line - 1, offset: previousLength))
            return .edited
        }
        guard count > 0 else { return .ignored }
        let start = max(0, cursor.offset - count)
        lines[cursor.line] = LineEditing.remove(start..<cursor.offset, from: lines[cursor.line])
        cursor = clamped(Position(line: cursor.line, offset: start))
        return .edited
    }

    /// Deletes from the cursor to `end` within its line; an `end` past the
    /// line's end deletes the line break after it.
    private mutating func deleteForward(to end: Int) -> EditOutcome {
        let lineEnd = lines[cursor.line].count
        if end > lineEnd {
            guard cursor.offset == lineEnd, cursor.line + 1 < lines.count else { return .ignored }
            lines[cursor.line] += lines[cursor.line + 1]
            lines.remove(at: cursor.line + 1)
            cursor = clamped(cursor)
            return .edited
        }
        guard end > cursor.offset else { return .ignored }
        lines[cursor.line] = LineEditing.remove(cursor.offset..<end, from: lines[cursor.line])
        cursor = clamped(cursor)
        return .edited
    }

    // MARK: - Moving

    private mutating func move(to position: Position) -> EditOutcome {
        guard position.line >= 0, position.line < lines.count else { return .ignored }
        let target = clamped(position)
        guard target != cursor else { return .ignored }
        cursor = target
        return .moved
    }

    /// Moves by `delta` visual rows toward the goal column; past the first
    /// or last row, to the start or end of the text.
    private mutating func moveVertically(by delta: Int) -> EditOutcome {
        let rows = visualRows
        let current = rowIndex(of: cursor, in: rows)
        let characters = Array(lines[cursor.line])
        let goal = goalColumn ?? LineEditing.columns(of: characters, in: rows[current].range.lowerBound..<cursor.offset)
        goalColumn = goal
        let target = current + delta
        let newCursor: Position
        if target < 0 {
            newCursor = Position(line: 0, offset: 0)
        } else if target >= rows.count {
            newCursor = endOfText
        } else {
            let row = rows[target]
            let rowCharacters = row.line == cursor.line ? characters : Array(lines[row.line])
            let limit = row.endsLine ? row.range.upperBound : row.range.upperBound - 1
            let offset = LineEditing.offset(atColumn: goal, in: rowCharacters, range: row.range, limit: limit)
            newCursor = Position(line: row.line, offset: offset)
        }
        guard newCursor != cursor else { return .ignored }
        cursor = newCursor
        return .moved
    }

    /// Scrolls no more than needed to bring the cursor's row into view.
    private mutating func scrollToCursor() {
        let rows = visualRows
        let row = rowIndex(of: cursor, in: rows)
        if row < scrollRow {
            scrollRow = row
        } else if row >= scrollRow + viewportHeight {
            scrollRow = row - viewportHeight + 1
        }
        scrollRow = max(0, min(scrollRow, rows.count - viewportHeight))
    }

    private func rowIndex(of position: Position, in rows: [VisualRow]) -> Int {
        var index = 0
        for (number, row) in rows.enumerated() where row.line == position.line {
            index = number
            if position.offset < row.range.upperBound || row.endsLine {
                break
            }
        }
        return index
    }

    private var endOfText: Position {
        Position(line: lines.count - 1, offset: lines[lines.count - 1].count)
    }

    private func endOfLine(_ line: Int) -> Position {
        guard line >= 0, line < lines.count else { return Position(line: line, offset: 0) }
        return Position(line: line, offset: lines[line].count)
    }

    private func clamped(_ position: Position) -> Position {
        let line = min(max(0, position.line), lines.count - 1)
        return Position(line: line, offset: min(max(0, position.offset), lines[line].count))
    }

    /// The lines of `text`, split at LF, CR and CRLF only (a VT, FF, NEL
    /// or U+2028 stays in its line, shown as its escape, so the text comes
    /// back with it).
    private static func splitLines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: LineEditing.isLineBreak).map(String.init)
    }
}
