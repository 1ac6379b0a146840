/// Reads container directives that are not Tiledown tiles: Docusaurus
/// admonitions and remark-directive containers (`:::note`, `:::tip Title`,
/// `::::warning[label]{.class}`), closed by a line of at least as many
/// colons. Tiledown keeps them as one opaque block (`BlockKind.directive`).
///
/// Nesting follows micromark's directive extension: inside a container
/// every `:::name` line opens a nested one and a line of only colons closes
/// the innermost open one when it has at least as many colons; lines inside
/// a fenced code block are code. The reading is iterative (no recursion);
/// a document's directives are read in time linear in its lines, however
/// many are left unclosed (`KnownEnds`).
enum ContainerDirectiveReader {
    /// An opening line: its colon count (3 or more) and the directive's name.
    struct Opening: Equatable {
        var colons: Int
        var name: String
    }

    /// The opening `trimmed` holds, if it is one: three or more colons, a
    /// name (an ASCII letter, then letters, digits, `-` and `_`), then the end
    /// of the line, a space or tab, `[` or `{`. Tile openings are not
    /// recognized here (`TileParser.opening` is asked first).
    static func opening(_ buffer: UnsafeBufferPointer<UInt8>, trimmed: Range<Int>) -> Opening? {
        var index = trimmed.lowerBound
        while index < trimmed.upperBound && buffer[index] == Byte.colon { index += 1 }
        let colons = index - trimmed.lowerBound
        guard colons >= 3, index < trimmed.upperBound, isLetter(buffer[index]) else { return nil }
        let nameStart = index
        while index < trimmed.upperBound, isLetter(buffer[index]) || isDigit(buffer[index]) || buffer[index] == Byte.hyphen || buffer[index] == 0x5F {
            index += 1
        }
        if index < trimmed.upperBound {
            let next = buffer[index]
            guard Byte.isSpaceOrTab(next) || next == Byte.openBracket || next == 0x7B else { return nil }
        }
        return Opening(colons: colons, name: buffer.string(nameStart..<index))
    }

    /// The number of colons when `trimmed` is only colons (three or more), else `nil`.
    static func closingColons(_ buffer: UnsafeBufferPointer<UInt8>, trimmed: Range<Int>) -> Int? {
        guard trimmed.count >= 3, buffer[trimmed].allSatisfy({ $0 == Byte.colon }) else { return nil }
        return trimmed.count
    }

    /// What scans found about directives opened inside the lines they read,
    /// by the offset of the opening line's start: a scan from an opening
    /// follows, from that line on, exactly what the enclosing scan did with
    /// that opening on its stack (the same lines, the same fences, the same
    /// innermost entries), so the enclosing scan's answer is the nested
    /// one's. Asking first keeps a document of many unclosed directives
    /// linear (each would otherwise read to the end of the buffer).
    struct KnownEnds {
        private var closed: [Int: Int] = [:]
        private var unclosed: Set<Int> = []

        /// Whether a scan already answered for the opening line at `start`,
        /// and its answer (`nil`: no line closes it).
        func answer(forOpeningAt start: Int) -> (known: Bool, end: Int?) {
            if let end = closed[start] { return (true, end) }
            return (unclosed.contains(start), nil)
        }

        mutating func record(_ start: Int, end: Int?) {
            if let end { closed[start] = end } else { unclosed.insert(start) }
        }
    }

    /// The end (just past the closing line's terminator) of the directive
    /// opened by `line` with `opening.colons` colons, or `nil` when no line
    /// of the buffer closes it. The ends of the directives opened inside it
    /// are added to `known`, and asked there first.
    ///
    /// - Returns: the end offset and the number of lines read.
    static func end(
        _ buffer: UnsafeBufferPointer<UInt8>, openingLine line: LineSpan, opening: Opening, known: inout KnownEnds
    ) -> (end: Int?, linesRead: Int) {
        let asked = known.answer(forOpeningAt: line.start)
        if asked.known { return (asked.end, 1) }
        // The colons of each open directive and its opening line's start.
        var open = [(colons: opening.colons, start: line.start)]
        var fence: (character: UInt8, length: Int)?
        var position = line.end
        var linesRead = 1
        while position < buffer.count {
            let current = buffer.line(startingAt: position)
            linesRead += 1
            // A line always moves the scan on, even a malformed empty one.
            position = Swift.max(current.end, position + 1)
            let trimmed = buffer.trimmed(current)
            guard !trimmed.isEmpty else { continue }
            let first = buffer[trimmed.lowerBound]
            if let openFence = fence {
                var index = trimmed.lowerBound
                while index < trimmed.upperBound && buffer[index] == openFence.character { index += 1 }
                if index == trimmed.upperBound && trimmed.count >= openFence.length { fence = nil }
                continue
            }
            if (first == Byte.backtick || first == Byte.tilde) && buffer.indentation(current) <= 3 {
                var index = trimmed.lowerBound
                while index < trimmed.upperBound && buffer[index] == first { index += 1 }
                if index - trimmed.lowerBound >= 3 { fence = (first, index - trimmed.lowerBound) }
                continue
            }
            guard first == Byte.colon else { continue }
            if let colons = closingColons(buffer, trimmed: trimmed) {
                guard let innermost = open.last, colons >= innermost.colons else { continue }
                let end = Swift.min(position, buffer.count)
                known.record(innermost.start, end: end)
                open.removeLast()
                if open.isEmpty { return (end, linesRead) }
            } else if let inner = self.opening(buffer, trimmed: trimmed) {
                // Tiles (`:::tile x`, `:::chart`) inside open here too: each is closed by its own `:::`.
                open.append((inner.colons, current.start))
            }
        }
        for directive in open { known.record(directive.start, end: nil) }
        return (nil, linesRead)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
