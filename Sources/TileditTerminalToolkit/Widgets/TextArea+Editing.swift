/// Editing and horizontal moves, each touching only the cursor's line (and
/// the one it joins), and dropping only the rows the edit may have changed.
extension TextArea {
    /// Clusters looked at around the cursor for a word move, doubled as needed.
    private static let wordWindow = 256

    /// Applies a key within or across lines and says what it did and what
    /// it deleted (for the kill keys).
    mutating func handleWithinLines(_ key: KeyEvent) -> (outcome: EditOutcome, removed: String) {
        let lineEnd = storage[cursor.line].count
        switch key {
        case .character(let character):
            return (insert(String(character)), "")
        case .paste(let pasted):
            return (insert(pasted), "")
        case .enter:
            return (insert("\n"), "")
        case .backspace, .ctrl("h"):
            return deleteBackward(count: 1)
        case .delete, .ctrl("d"):
            return deleteForward(to: cursor.offset + 1)
        case .left, .ctrl("b"):
            if cursor.offset > 0 {
                return (move(to: Position(line: cursor.line, offset: cursor.offset - 1)), "")
            }
            return (move(to: endOfLine(cursor.line - 1)), "")
        case .right, .ctrl("f"):
            if cursor.offset < lineEnd {
                return (move(to: Position(line: cursor.line, offset: cursor.offset + 1)), "")
            }
            return (move(to: Position(line: cursor.line + 1, offset: 0)), "")
        case .modified(.left, .ctrl), .modified(.left, .alt), .alt("b"):
            if cursor.offset == 0 {
                return (move(to: endOfLine(cursor.line - 1)), "")
            }
            return (move(to: Position(line: cursor.line, offset: wordStart(before: cursor.offset))), "")
        case .modified(.right, .ctrl), .modified(.right, .alt), .alt("f"):
            if cursor.offset == lineEnd {
                return (move(to: Position(line: cursor.line + 1, offset: 0)), "")
            }
            return (move(to: Position(line: cursor.line, offset: wordEnd(after: cursor.offset))), "")
        case .home, .ctrl("a"):
            return (move(to: Position(line: cursor.line, offset: 0)), "")
        case .end, .ctrl("e"):
            return (move(to: Position(line: cursor.line, offset: lineEnd)), "")
        case .modified(.home, .ctrl):
            return (move(to: Position(line: 0, offset: 0)), "")
        case .modified(.end, .ctrl):
            return (move(to: endOfText), "")
        case .ctrl("k"):
            return deleteForward(to: cursor.offset < lineEnd ? lineEnd : cursor.offset + 1)
        case .ctrl("u"):
            return deleteBackward(count: cursor.offset)
        case .ctrl("w"), .modified(.backspace, .alt):
            if cursor.offset == 0 {
                return deleteBackward(count: 1)
            }
            return deleteBackward(count: cursor.offset - wordStart(before: cursor.offset))
        case .alt("d"):
            if cursor.offset == lineEnd {
                return deleteForward(to: cursor.offset + 1)
            }
            return deleteForward(to: wordEnd(after: cursor.offset))
        default:
            return (.ignored, "")
        }
    }

    /// The start of the word before `offset` in the cursor's line, reading
    /// a window of clusters before it (wider until the word starts inside it).
    private func wordStart(before offset: Int) -> Int {
        var window = Self.wordWindow
        while true {
            let start = max(0, offset - window)
            let characters = storage[cursor.line].characters(in: start..<offset)
            let found = LineEditing.wordStart(before: characters.count, in: characters)
            if found > 0 || start == 0 { return start + found }
            window *= 2
        }
    }

    /// The end of the word after `offset` in the cursor's line.
    private func wordEnd(after offset: Int) -> Int {
        let count = storage[cursor.line].count
        var window = Self.wordWindow
        while true {
            let end = min(count, offset + window)
            let characters = storage[cursor.line].characters(in: offset..<end)
            let found = LineEditing.wordEnd(after: 0, in: characters)
            if found < characters.count || end == count { return offset + found }
            window *= 2
        }
    }

    /// Inserts `inserted` at the cursor; its line breaks split the line.
    mutating func insert(_ inserted: String) -> EditOutcome {
        guard !inserted.isEmpty else { return .ignored }
        matchRowWidth()
        let parts = inserted.split(omittingEmptySubsequences: false, whereSeparator: LineEditing.isLineBreak).map(String.init)
        let line = cursor.line
        let at = cursor.offset
        if parts.count == 1 {
            cursor.offset = storage[line].insert(parts[0], at: at)
            rowCache.invalidate(line, of: storage[line], from: at)
            return .edited
        }
        var last = storage[line].split(at: at)
        _ = storage[line].insert(parts[0], at: at)
        let offset = last.insert(parts[parts.count - 1], at: 0)
        let middle = parts[1..<(parts.count - 1)].map { TextLine($0) }
        storage.insert(contentsOf: middle + [last], at: line + 1)
        rowCache.invalidate(line, of: storage[line], from: at)
        rowCache.lines.insert(contentsOf: Array(repeating: TextAreaRows.Line(), count: parts.count - 1), at: line + 1)
        cursor = Position(line: line + parts.count - 1, offset: offset)
        return .edited
    }

    /// Deletes `count` clusters before the cursor within its line, or, at a
    /// line start with `count` 1, the line break before it; returns what it deleted.
    private mutating func deleteBackward(count: Int) -> (EditOutcome, String) {
        matchRowWidth()
        if cursor.offset == 0 {
            guard count == 1, cursor.line > 0 else { return (.ignored, "") }
            let previous = cursor.line - 1
            let previousLength = storage[previous].count
            storage[previous].append(storage[cursor.line])
            storage.remove(at: cursor.line)
            rowCache.lines.remove(at: cursor.line)
            rowCache.invalidate(previous, of: storage[previous], from: previousLength)
            cursor = clamped(Position(line: previous, offset: previousLength))
            return (.edited, "\n")
        }
        guard count > 0 else { return (.ignored, "") }
        let start = max(0, cursor.offset - count)
        let removed = String(storage[cursor.line].characters(in: start..<cursor.offset))
        storage[cursor.line].remove(start..<cursor.offset)
        rowCache.invalidate(cursor.line, of: storage[cursor.line], from: start)
        cursor = clamped(Position(line: cursor.line, offset: start))
        return (.edited, removed)
    }

    /// Deletes from the cursor to `end` within its line; an `end` past the
    /// line's end deletes the line break after it. Returns what it deleted.
    private mutating func deleteForward(to end: Int) -> (EditOutcome, String) {
        matchRowWidth()
        let lineEnd = storage[cursor.line].count
        if end > lineEnd {
            guard cursor.offset == lineEnd, cursor.line + 1 < storage.count else { return (.ignored, "") }
            storage[cursor.line].append(storage[cursor.line + 1])
            storage.remove(at: cursor.line + 1)
            rowCache.lines.remove(at: cursor.line + 1)
            rowCache.invalidate(cursor.line, of: storage[cursor.line], from: lineEnd)
            cursor = clamped(cursor)
            return (.edited, "\n")
        }
        guard end > cursor.offset else { return (.ignored, "") }
        let removed = String(storage[cursor.line].characters(in: cursor.offset..<end))
        storage[cursor.line].remove(cursor.offset..<end)
        rowCache.invalidate(cursor.line, of: storage[cursor.line], from: cursor.offset)
        cursor = clamped(cursor)
        return (.edited, removed)
    }

    private mutating func move(to position: Position) -> EditOutcome {
        guard position.line >= 0, position.line < storage.count else { return .ignored }
        let target = clamped(position)
        guard target != cursor else { return .ignored }
        cursor = target
        return .moved
    }
}
