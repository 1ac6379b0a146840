import TileditTextLayout

/// The soft-wrapped rows of a `TextArea`'s lines, found lazily: for each
/// logical line, the cluster offsets where its rows start, known from the
/// line start up to some row (all of them once `complete`). Wrapping goes
/// on from the last known row start, a window of clusters at a time, so a
/// huge line is wrapped only as far as the viewport and the cursor need,
/// and an edit drops only the row starts it may have changed.
///
/// A cache: it never takes part in equality or hashing.
struct TextAreaRows: Hashable, Sendable {
    /// The known row starts of one line.
    struct Line: Sendable {
        /// Cluster offsets of the row starts, from 0 (never empty).
        var starts: [Int] = [0]
        /// Whether `starts` holds every row of the line.
        var complete = false
    }

    /// The wrap width, in columns, the starts were found for.
    private(set) var width: Int
    /// One entry per logical line.
    var lines: [Line]

    init(lineCount: Int, width: Int) {
        self.width = width
        lines = Array(repeating: Line(), count: max(1, lineCount))
    }

    static func == (lhs: TextAreaRows, rhs: TextAreaRows) -> Bool { true }
    func hash(into hasher: inout Hasher) {}

    /// Forgets every row when the wrap width changes.
    mutating func reset(width newWidth: Int, lineCount: Int) {
        width = newWidth
        lines = Array(repeating: Line(), count: max(1, lineCount))
    }

    /// Wraps `line` (index `index`) on until a row starts past `offset`
    /// or the line is complete.
    mutating func extend(_ index: Int, of line: TextLine, through offset: Int) {
        while !lines[index].complete, lines[index].starts[lines[index].starts.count - 1] <= offset {
            step(index, of: line)
        }
    }

    /// Wraps `line` on until it has more than `rowCount` rows known or is complete.
    mutating func extend(_ index: Int, of line: TextLine, rowCount: Int) {
        while !lines[index].complete, lines[index].starts.count <= rowCount {
            step(index, of: line)
        }
    }

    /// Wraps one window of clusters after the last known row start. Every
    /// row of a window but its last is final (the greedy wrap restarts
    /// cleanly at a row start); the window doubles until it gives one.
    private mutating func step(_ index: Int, of line: TextLine) {
        let start = lines[index].starts[lines[index].starts.count - 1]
        var window = max(256, width * 4)
        while true {
            let end = min(line.count, start + window)
            let characters = line.characters(in: start..<end)
            let segments = DisplayWidth.wrapSegments(of: characters, width: width)
            if end == line.count {
                lines[index].starts += segments.dropFirst().map { $0.lowerBound + start }
                lines[index].complete = true
                return
            }
            if segments.count >= 2 {
                lines[index].starts += segments.dropFirst().map { $0.lowerBound + start }
                return
            }
            window *= 2
        }
    }

    /// Drops the row starts of line `index` an edit from cluster `offset`
    /// on may have changed: a row's start depends on the text from the row
    /// before it up to the end of the word it starts, so only starts at or
    /// before the last breakable space ahead of the cluster before `offset`
    /// are kept.
    mutating func invalidate(_ index: Int, of line: TextLine, from offset: Int) {
        let changed = max(0, offset - 1)
        guard lines[index].starts.count > 1 || lines[index].complete else { return }
        let keep = line.lastBreakableSpace(before: changed) ?? 0
        lines[index].starts.removeAll { $0 > keep }
        if lines[index].starts.isEmpty { lines[index].starts = [0] }
        lines[index].complete = false
    }
}

extension TextLine {
    /// The offset of the last breakable space before `offset`, if any.
    func lastBreakableSpace(before offset: Int) -> Int? {
        var end = min(max(0, offset), count)
        while end > 0 {
            let start = max(0, end - 1024)
            let window = characters(in: start..<end)
            if let index = window.lastIndex(where: DisplayWidth.isBreakableSpace) {
                return start + index
            }
            end = start
        }
        return nil
    }
}
