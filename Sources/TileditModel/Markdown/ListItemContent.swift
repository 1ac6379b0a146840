extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether a line indented `indentation` columns, right after the list
    /// block at `list` (UTF-8 byte offsets), is inside one of its items as
    /// CommonMark reads it (5.2: a line indented to an item's content
    /// column continues the item, after blank lines too). Walks the list's
    /// lines from its end upwards, through the markers of the items that
    /// could hold the line, so the work is bounded by the list's own size.
    func continuesListItem(_ list: Range<Int>, indentation: Int) -> Bool {
        guard indentation > 0, list.lowerBound >= 0, list.upperBound <= count, !list.isEmpty else { return false }
        var lineEnd = list.upperBound
        // Items that could hold the line are marked left of it, and left of every item passed.
        var bound = indentation
        while lineEnd > list.lowerBound {
            // Step over the terminator (`\n`, `\r\n` or `\r`) of the line
            // before `lineEnd`, then back to that line's start.
            var start = lineEnd
            if self[start - 1] == Byte.newline {
                start -= 1
                if start > list.lowerBound && self[start - 1] == Byte.carriageReturn { start -= 1 }
            } else if self[start - 1] == Byte.carriageReturn {
                start -= 1
            }
            while start > list.lowerBound && self[start - 1] != Byte.newline && self[start - 1] != Byte.carriageReturn { start -= 1 }
            let line = self.line(startingAt: start)
            let lineIndentation = self.indentation(line)
            if lineIndentation < bound, let column = listItemContentColumn(line, markerColumn: lineIndentation) {
                if column <= indentation { return true }
                // Not inside this item: perhaps inside one it is nested in.
                bound = lineIndentation
                if bound == 0 { return false }
            }
            lineEnd = start
        }
        return false
    }

    /// The content column of a list item starting on `line` (CommonMark
    /// 5.2: the marker `-`, `+`, `*` or one to nine digits and `.` or `)`,
    /// then one to four spaces; five or more, or none before the line's
    /// end, count as one), or `nil` when the line starts no item.
    private func listItemContentColumn(_ line: LineSpan, markerColumn: Int) -> Int? {
        let trimmed = self.trimmed(line)
        guard !trimmed.isEmpty else { return nil }
        var index = trimmed.lowerBound
        let first = self[index]
        if first == Byte.hyphen || first == Byte.plus || first == Byte.asterisk {
            index += 1
        } else {
            while index < trimmed.upperBound && index - trimmed.lowerBound < 9 && Byte.isDigit(self[index]) { index += 1 }
            guard index > trimmed.lowerBound, index < trimmed.upperBound,
                  self[index] == Byte.period || self[index] == Byte.closeParenthesis else { return nil }
            index += 1
        }
        let markerWidth = index - trimmed.lowerBound
        guard index == trimmed.upperBound || Byte.isSpaceOrTab(self[index]) else { return nil }
        var spaces = 0
        while index < trimmed.upperBound && self[index] == Byte.space && spaces < 5 {
            spaces += 1
            index += 1
        }
        if spaces == 0 || spaces >= 5 || index == trimmed.upperBound { spaces = 1 }
        return markerColumn + markerWidth + spaces
    }
}
