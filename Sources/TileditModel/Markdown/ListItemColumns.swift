/// The list items open at a line, as their content columns (CommonMark
/// 5.2: a line belongs to an item when indented to its content), so the
/// tile scanner finds a fenced code block that starts after a list marker
/// (`- ` and three backticks) or indented to an item's content (four columns under `10. `),
/// and ends it with its item, as cmark does.
///
/// Kept simple on purpose: a line indented less than an item closes it
/// (a lazy paragraph line too, which CommonMark keeps in the item), and
/// block quotes are not followed (a `:::` line in a quote starts with `>`,
/// so it is never a tile anyway).
struct ListItemColumns {
    /// Content columns (from 0) of the open items, innermost last, ascending.
    private(set) var columns: [Int] = []
    /// Whether the line before was paragraph text, which an ordered item
    /// not starting at 1, or an empty item, cannot interrupt (CommonMark 5.2).
    private var paragraphOpen = false

    /// Notes a line that ends a paragraph without being read: a blank
    /// line, a fence's opening or closing line.
    mutating func closeParagraph() { paragraphOpen = false }

    /// Where a line's content starts once the list markers on it are read.
    struct Content {
        /// Byte offset of the content (the line's content end when there is none).
        var start: Int
        /// Column (from 0) of `start`.
        var column: Int
        /// Content column of the innermost item holding the line (0 at the top level).
        var container: Int
    }

    /// Takes in a line that is not blank and not inside a fence: closes the
    /// items it is indented less than, opens those its markers start, and
    /// says where its content starts. Linear in the line.
    mutating func read(_ buffer: UnsafeBufferPointer<UInt8>, line: LineSpan) -> Content {
        let indentation = buffer.indentation(line)
        while let last = columns.last, last > indentation { columns.removeLast() }
        var container = columns.last ?? 0
        var index = line.start
        var column = 0
        skipSpaces(buffer, &index, &column, end: line.contentEnd)
        // A list marker starts an item only within three columns of its container's content.
        let interrupts = paragraphOpen
        var first = true
        var breaks = RestOfLine(start: line.start, end: line.contentEnd)
        defer { paragraphOpen = true }
        while index < line.contentEnd, column - container <= 3, !breaks.isThematicBreak(buffer, from: index),
              let markerEnd = markerEnd(buffer, at: index, end: line.contentEnd) {
            let markerColumn = column + (markerEnd - index)
            var after = markerEnd
            var afterColumn = markerColumn
            skipSpaces(buffer, &after, &afterColumn, end: line.contentEnd)
            let spaces = afterColumn - markerColumn
            if first && interrupts {
                // Paragraph text goes on unless the item may interrupt it.
                let isOne = markerEnd - index == 1 || (markerEnd - index == 2 && buffer[index] == 0x31)
                guard isOne, after < line.contentEnd else { break }
            }
            first = false
            if after == line.contentEnd || spaces >= 5 {
                // An empty item, or one starting with indented code: its content is one column after the marker.
                columns.append(markerColumn + 1)
                return Content(start: after, column: afterColumn, container: markerColumn + 1)
            }
            columns.append(afterColumn)
            container = afterColumn
            index = after
            column = afterColumn
        }
        return Content(start: index, column: column, container: container)
    }

    /// The end of a list marker at `index` (`-`, `+`, `*`, or one to nine
    /// digits and `.` or `)`), when a space, a tab or the line's end follows it.
    private func markerEnd(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int? {
        let byte = buffer[index]
        var markerEnd: Int
        if byte == Byte.hyphen || byte == 0x2B || byte == 0x2A {
            markerEnd = index + 1
        } else {
            var digit = index
            while digit < end && digit - index < 9 && buffer[digit] >= 0x30 && buffer[digit] <= 0x39 { digit += 1 }
            guard digit > index, digit < end, buffer[digit] == 0x2E || buffer[digit] == 0x29 else { return nil }
            markerEnd = digit + 1
        }
        guard markerEnd == end || Byte.isSpaceOrTab(buffer[markerEnd]) else { return nil }
        return markerEnd
    }

    /// Whether the rest of a line from one of its list markers on is a
    /// thematic break (`- - -`, `***`), which CommonMark reads before a list
    /// item. Asked at every marker of a line (`- - - … x`): the last byte
    /// that rules out each break character is found once per line, so a
    /// line of 100,000 markers costs a pass, not a pass per marker.
    private struct RestOfLine {
        let start: Int
        let end: Int
        /// Per break character (`-`, `*`, `_`): the last position holding
        /// a byte that is neither it nor a space or tab; before `start` for none,
        /// `nil` until asked.
        private var lastOtherThanHyphen: Int?
        private var lastOtherThanAsterisk: Int?
        private var lastOtherThanUnderscore: Int?

        init(start: Int, end: Int) {
            self.start = start
            self.end = end
        }

        mutating func isThematicBreak(_ buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Bool {
            guard index < end else { return false }
            let character = buffer[index]
            let known: Int?
            switch character {
            case Byte.hyphen: known = lastOtherThanHyphen
            case 0x2A: known = lastOtherThanAsterisk
            case 0x5F: known = lastOtherThanUnderscore
            default: return false
            }
            let last: Int
            if let known {
                last = known
            } else {
                var position = end - 1
                while position >= start, buffer[position] == character || Byte.isSpaceOrTab(buffer[position]) { position -= 1 }
                last = position
                switch character {
                case Byte.hyphen: lastOtherThanHyphen = position
                case 0x2A: lastOtherThanAsterisk = position
                default: lastOtherThanUnderscore = position
                }
            }
            guard last < index else { return false }
            var count = 0
            for offset in index..<end where buffer[offset] == character {
                count += 1
                if count == 3 { return true }
            }
            return false
        }
    }

    /// Moves past spaces and tabs, counting columns (a tab to the next multiple of 4).
    private func skipSpaces(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ column: inout Int, end: Int) {
        while index < end {
            if buffer[index] == Byte.space { column += 1 } else if buffer[index] == Byte.tab { column += 4 - column % 4 } else { break }
            index += 1
        }
    }
}
