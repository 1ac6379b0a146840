import Foundation

/// Reads what a YAML parse does not give: the comments next to a node,
/// where a sequence item's `-` and a key's `:` are, and the lines around an
/// offset. Offsets are UTF-8 bytes of `bytes`; every index is checked, so
/// any offset (also outside the text) is safe.
public struct YAMLSourceScanner: Sendable {
    /// The text scanned.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Comments

    /// The comments next to a node starting at `start` (a key or a dash):
    /// the comment lines right above its line, then the comment after
    /// `end` on the same line when only blanks come between; each without
    /// its `#` and surrounding spaces, in file order.
    public func comments(start: Int, end: Int?) -> [String] {
        var found: [String] = []
        var lineBegin = lineStart(of: start)
        var above: [String] = []
        while lineBegin > 0 {
            var previousEnd = lineBegin - 1
            if previousEnd > 0 && bytes[previousEnd] == Byte.newline && bytes[previousEnd - 1] == Byte.carriageReturn { previousEnd -= 1 }
            let previousStart = lineStart(of: previousEnd)
            var index = previousStart
            while index < previousEnd && Byte.isSpaceOrTab(bytes[index]) { index += 1 }
            guard index < previousEnd, bytes[index] == Byte.hash else { break }
            above.append(commentText(from: index, to: previousEnd))
            lineBegin = previousStart
        }
        found += above.reversed()
        if let end, end >= 0, end <= bytes.count {
            var index = end
            while index < bytes.count && Byte.isSpaceOrTab(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == Byte.hash, index > end || index == 0 || Byte.isSpaceOrTab(bytes[index - 1]) {
                found.append(commentText(from: index, to: lineEnd(of: index)))
            }
        }
        return found
    }

    /// The start of the comment lines right above the line starting at
    /// `lineStart` (no blank line between), which belong to the entry on
    /// that line and go wherever it goes; `lineStart` when there are none.
    /// Lines starting before `lowerBound` (the end of the node before the
    /// entry: a block scalar's `#` lines are its text) are not comments. A
    /// block reaching the start of the text or a `---` line is the file's
    /// (or the document's) header comment and stays: then `lineStart`.
    public func leadingCommentStart(ofLineAt lineStart: Int, after lowerBound: Int) -> Int {
        var start = self.lineStart(of: lineStart)
        let entryLine = start
        while start > 0 {
            let previousStart = self.lineStart(of: start - 1)
            guard previousStart >= lowerBound else { break }
            var index = previousStart
            while index < start && Byte.isSpaceOrTab(bytes[index]) { index += 1 }
            guard index < start, bytes[index] == Byte.hash else {
                let line = bytes[previousStart..<lineEnd(of: previousStart)]
                return line.starts(with: Self.documentStart) && line.dropFirst(3).allSatisfy(Byte.isSpaceOrTab) ? entryLine : start
            }
            start = previousStart
        }
        return start == 0 ? entryLine : start
    }

    /// Where comment lines may start after `node`, for
    /// `leadingCommentStart(ofLineAt:after:)`: the end of its last written
    /// scalar (a block or quoted scalar's `#` lines are its text), else its
    /// start (a collection's range may reach the next entry).
    public func commentBound(after node: YAMLNode) -> Int {
        guard let scalar = node.lastWrittenScalar, !scalar.isEmptyPlain, !scalar.range.isEmpty else { return node.range.lowerBound }
        return scalar.range.upperBound
    }

    private static let documentStart: [UInt8] = Array("---".utf8)

    private func commentText(from hash: Int, to end: Int) -> String {
        String(decoding: bytes[(hash + 1)..<Swift.max(hash + 1, end)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Indicators

    /// The offset of `indicator` after `offset` on the same line, past
    /// blanks (and one closing quote of a quoted key) only; `nil` when
    /// another byte comes first.
    public func indicator(_ indicator: UInt8, after offset: Int) -> Int? {
        var index = Swift.max(0, offset)
        while index < bytes.count && Byte.isSpaceOrTab(bytes[index]) { index += 1 }
        if index < bytes.count && (bytes[index] == Byte.quote || bytes[index] == Byte.apostrophe) { index += 1 }
        while index < bytes.count && Byte.isSpaceOrTab(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == indicator ? index : nil
    }

    /// The `-` of the sequence item starting at `offset`, on its line,
    /// before any anchor or tag; `nil` when there is none.
    public func dashBefore(_ offset: Int) -> Int? {
        var index = Swift.min(offset, bytes.count) - 1
        while index >= 0 && !LineEnding.isLineBreak(bytes[index]) {
            if bytes[index] == Byte.hyphen
                && (index + 1 == bytes.count || Byte.isSpaceOrTab(bytes[index + 1]) || LineEnding.isLineBreak(bytes[index + 1])) {
                return index
            }
            index -= 1
        }
        return nil
    }

    // MARK: Lines

    /// The start of the line holding `offset`.
    public func lineStart(of offset: Int) -> Int {
        var index = Swift.min(Swift.max(offset, 0), bytes.count)
        while index > 0 && !LineEnding.isLineBreak(bytes[index - 1]) { index -= 1 }
        return index
    }

    /// The end of the line holding `offset`, before its line break.
    public func lineEnd(of offset: Int) -> Int {
        var index = Swift.min(Swift.max(offset, 0), bytes.count)
        while index < bytes.count && !LineEnding.isLineBreak(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the line holding `offset`, after its line break (LF, CRLF or CR).
    public func lineEndIncludingBreak(of offset: Int) -> Int {
        var index = lineEnd(of: offset)
        if index < bytes.count && bytes[index] == Byte.carriageReturn { index += 1 }
        if index < bytes.count && bytes[index] == Byte.newline { index += 1 }
        return index
    }

    /// The column of `offset` on its line, in Unicode scalars (a key's or
    /// a dash's column, as the indentation of the lines under it).
    public func column(of offset: Int) -> Int {
        let start = lineStart(of: offset)
        var count = 0
        for index in start..<Swift.min(Swift.max(offset, start), bytes.count) where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    // MARK: Kept lines

    /// Whether the node's last written scalar is a block scalar with the
    /// keep indicator (`|+`, `>+`): the blank lines after its text are part
    /// of its value (YAML 1.2 §8.1.1.2), so they go wherever the node goes
    /// and nothing may be written between them. libyaml's range for such a
    /// scalar ends with its last line of text.
    public func keepsTrailingLines(_ node: YAMLNode) -> Bool {
        guard let scalar = node.lastWrittenScalar, scalar.style == .literal || scalar.style == .folded,
              let header = YAMLBlockScalarHeader(reading: bytes, at: scalar.range.lowerBound) else { return false }
        return header.chomping == .keep
    }

    /// The end (line break excluded) of the last of the lines of spaces
    /// alone that follow the line ending at `lineEnd`; `lineEnd` when the
    /// next line holds anything else or there is none.
    public func endOfBlankLines(after lineEnd: Int) -> Int {
        var end = lineEnd
        while true {
            let next = lineEndIncludingBreak(of: end)
            guard next > end, next < bytes.count else { return end }
            let nextEnd = self.lineEnd(of: next)
            guard bytes[next..<nextEnd].allSatisfy({ $0 == Byte.space }) else { return end }
            end = nextEnd
        }
    }

    /// The end of the line ending at `lineEnd`, or of the blank lines after
    /// it when `node` keeps them in its value (`keepsTrailingLines`): where
    /// a line can be written after `node` without changing its value.
    public func endKeepingLines(of node: YAMLNode, lineEnd: Int) -> Int {
        keepsTrailingLines(node) ? endOfBlankLines(after: lineEnd) : lineEnd
    }
}
