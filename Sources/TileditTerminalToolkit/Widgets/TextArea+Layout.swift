import TileditTextLayout

/// Rows, scrolling and vertical moves, wrapping only the rows they reach.
extension TextArea {
    /// Starts over the row cache when the wrap width changed.
    mutating func matchRowWidth() {
        if rowCache.width != wrapWidth || rowCache.lines.count != storage.count {
            rowCache.reset(width: wrapWidth, lineCount: storage.count)
        }
    }

    /// The row of its line holding `position` (an offset at a row's end
    /// belongs to the next row).
    mutating func rowIndex(of position: Position) -> Int {
        matchRowWidth()
        let line = min(max(0, position.line), storage.count - 1)
        rowCache.extend(line, of: storage[line], through: position.offset)
        let starts = rowCache.lines[line].starts
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position.offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// The cursor's row.
    mutating func cursorAnchor() -> RowAnchor {
        RowAnchor(line: cursor.line, row: rowIndex(of: cursor))
    }

    /// Rows in line `line`: wraps it to its end.
    mutating func rowCount(of line: Int) -> Int {
        matchRowWidth()
        rowCache.extend(line, of: storage[line], rowCount: Int.max - 1)
        return rowCache.lines[line].starts.count
    }

    /// The clusters of the row `anchor` (which must exist).
    mutating func rowRange(_ anchor: RowAnchor) -> Range<Int> {
        matchRowWidth()
        rowCache.extend(anchor.line, of: storage[anchor.line], rowCount: anchor.row + 1)
        let starts = rowCache.lines[anchor.line].starts
        let row = min(anchor.row, starts.count - 1)
        let end = row + 1 < starts.count ? starts[row + 1] : storage[anchor.line].count
        return starts[row]..<max(starts[row], end)
    }

    /// Whether `anchor` is the last row of its line.
    mutating func endsLine(_ anchor: RowAnchor) -> Bool {
        matchRowWidth()
        rowCache.extend(anchor.line, of: storage[anchor.line], rowCount: anchor.row + 1)
        return rowCache.lines[anchor.line].complete && anchor.row + 1 >= rowCache.lines[anchor.line].starts.count
    }

    /// The row `delta` rows after (or before, when negative) `anchor`;
    /// `nil` past either end of the text. Wraps only the rows it crosses
    /// (and, going back into a line, that line).
    mutating func offsetAnchor(_ anchor: RowAnchor, by delta: Int) -> RowAnchor? {
        matchRowWidth()
        var line = anchor.line
        var row = anchor.row
        var remaining = abs(delta)
        if delta >= 0 {
            while true {
                rowCache.extend(line, of: storage[line], rowCount: row + remaining + 1)
                let known = rowCache.lines[line].starts.count
                if row + remaining < known {
                    return RowAnchor(line: line, row: row + remaining)
                }
                remaining -= known - row
                line += 1
                row = 0
                guard line < storage.count else { return nil }
            }
        }
        while remaining > row {
            remaining -= row + 1
            line -= 1
            guard line >= 0 else { return nil }
            row = rowCount(of: line) - 1
        }
        return RowAnchor(line: line, row: row - remaining)
    }

    /// The index of `anchor` among every visual row (wraps every line before it).
    mutating func globalRow(of anchor: RowAnchor) -> Int {
        var total = 0
        for line in 0..<min(anchor.line, storage.count) {
            total += rowCount(of: line)
        }
        return total + anchor.row
    }

    /// The cursor's display column in its row `anchor`.
    mutating func cursorColumn(in anchor: RowAnchor) -> Int {
        let start = rowRange(anchor).lowerBound
        let characters = storage[cursor.line].characters(in: start..<cursor.offset)
        return LineEditing.columns(of: characters, in: 0..<characters.count)
    }

    /// Moves by `delta` visual rows toward the goal column; past the first
    /// or last row, to the start or end of the text.
    mutating func moveVertically(by delta: Int) -> EditOutcome {
        let current = cursorAnchor()
        let goal = goalColumn ?? cursorColumn(in: current)
        goalColumn = goal
        let newCursor: Position
        if let target = offsetAnchor(current, by: delta) {
            let range = rowRange(target)
            let limit = endsLine(target) ? range.upperBound : range.upperBound - 1
            let characters = storage[target.line].characters(in: range)
            let offset = LineEditing.offset(
                atColumn: goal, in: characters, range: 0..<characters.count, limit: max(0, limit - range.lowerBound))
            newCursor = Position(line: target.line, offset: range.lowerBound + offset)
        } else {
            newCursor = delta < 0 ? Position(line: 0, offset: 0) : endOfText
        }
        guard newCursor != cursor else { return .ignored }
        cursor = newCursor
        return .moved
    }

    /// Scrolls no more than needed to bring the cursor's row into view, and
    /// no further down than the last row at the bottom.
    mutating func scrollToCursor() {
        matchRowWidth()
        scroll.line = min(max(0, scroll.line), storage.count - 1)
        rowCache.extend(scroll.line, of: storage[scroll.line], rowCount: scroll.row + 1)
        scroll.row = min(max(0, scroll.row), rowCache.lines[scroll.line].starts.count - 1)
        let cursorRow = cursorAnchor()
        if cursorRow < scroll {
            scroll = cursorRow
        } else if let last = offsetAnchor(scroll, by: viewportHeight - 1), last < cursorRow {
            scroll = offsetAnchor(cursorRow, by: -(viewportHeight - 1)) ?? RowAnchor(line: 0, row: 0)
        }
        if offsetAnchor(scroll, by: viewportHeight - 1) == nil {
            let lastLine = storage.count - 1
            let lastRow = RowAnchor(line: lastLine, row: rowCount(of: lastLine) - 1)
            scroll = offsetAnchor(lastRow, by: -(viewportHeight - 1)) ?? RowAnchor(line: 0, row: 0)
        }
    }
}
