/// One line of a byte buffer: `start..<contentEnd` is its text without the
/// terminator, `start..<end` includes the terminator (`\n`, `\r\n`, or a
/// `\r` not followed by `\n`, as CommonMark section 2.1 reads lines).
/// Offsets are UTF-8 bytes into the scanned buffer.
struct LineSpan: Sendable, Equatable {
    var start: Int
    var contentEnd: Int
    var end: Int

    var hasTerminator: Bool { end > contentEnd }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The line that starts at `start`: it ends at the first `\n`, `\r\n`
    /// or lone `\r`, or at the end of the buffer.
    @inline(__always)
    func line(startingAt start: Int) -> LineSpan {
        var index = start
        let limit = count
        while index < limit {
            let byte = self[index]
            if byte <= Byte.carriageReturn && (byte == Byte.newline || byte == Byte.carriageReturn) { break }
            index += 1
        }
        guard index < limit else { return LineSpan(start: start, contentEnd: limit, end: limit) }
        if self[index] == Byte.carriageReturn && index + 1 < limit && self[index + 1] == Byte.newline {
            return LineSpan(start: start, contentEnd: index, end: index + 2)
        }
        return LineSpan(start: start, contentEnd: index, end: index + 1)
    }

    /// The line's text without leading and trailing spaces and tabs.
    @inline(__always)
    func trimmed(_ line: LineSpan) -> Range<Int> {
        var lower = line.start
        var upper = line.contentEnd
        while lower < upper && Byte.isSpaceOrTab(self[lower]) { lower += 1 }
        while upper > lower && Byte.isSpaceOrTab(self[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether the line holds only spaces and tabs.
    @inline(__always)
    func isBlank(_ line: LineSpan) -> Bool {
        var index = line.start
        while index < line.contentEnd {
            if !Byte.isSpaceOrTab(self[index]) { return false }
            index += 1
        }
        return true
    }

    /// Number of leading spaces (a tab counts as reaching the next multiple of 4).
    @inline(__always)
    func indentation(_ line: LineSpan) -> Int {
        var index = line.start
        var width = 0
        while index < line.contentEnd {
            let byte = self[index]
            if byte == Byte.space { width += 1 } else if byte == Byte.tab { width += 4 - width % 4 } else { break }
            index += 1
        }
        return width
    }

    /// Whether `range` holds exactly the ASCII bytes of `literal`.
    @inline(__always)
    func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count == literal.utf8CodeUnitCount else { return false }
        let pointer = literal.utf8Start
        var offset = 0
        while offset < range.count {
            if self[range.lowerBound + offset] != pointer[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Whether `range` starts with the ASCII bytes of `literal`.
    @inline(__always)
    func hasPrefix(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        guard range.count >= literal.utf8CodeUnitCount else { return false }
        return matches(range.lowerBound..<(range.lowerBound + literal.utf8CodeUnitCount), literal)
    }

    /// Decodes `range` as UTF-8 (invalid sequences become U+FFFD).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}
