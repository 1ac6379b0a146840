import TileditModel

/// The line starts of a text as the Language Server Protocol splits it
/// into lines: at `\n`, `\r\n` and a lone `\r` (LSP 3.17, "Text
/// Documents"). Converts between UTF-8 byte offsets, which the model uses,
/// and LSP positions in either encoding.
///
/// Kept up to date edit by edit (`replace(_:with:in:)`), so a keystroke on
/// a large file costs a scan of the edited bytes and a shift of the line
/// starts after it, not a scan of the file.
public struct LineTable: Sendable, Equatable {
    /// Byte offset of each line's first byte; `starts[0] == 0`.
    public private(set) var starts: [Int]

    /// The line starts of `storage`.
    public init(_ storage: TextStorage) {
        starts = [0]
        starts.reserveCapacity(storage.count / 40 + 1)
        starts += Self.breaks(in: storage, from: 0, to: storage.count)
    }

    /// The line starts of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.init(TextStorage(bytes))
    }

    /// Number of lines (a text ending with a line break has an empty last line).
    public var lineCount: Int { starts.count }

    /// Line starts produced by line breaks that begin at offsets in `lower..<upper`.
    private static func breaks(in storage: TextStorage, from lower: Int, to upper: Int) -> [Int] {
        var result: [Int] = []
        guard lower < upper else { return result }
        let count = storage.count
        storage.withContiguousBytes(in: lower..<Swift.min(upper + 1, count)) { buffer in
            var index = 0
            let limit = upper - lower
            while index < limit {
                let byte = buffer[index]
                if byte == 0x0A {
                    result.append(lower + index + 1)
                } else if byte == 0x0D {
                    let next = index + 1 < buffer.count ? buffer[index + 1] : 0
                    if next != 0x0A { result.append(lower + index + 1) }
                }
                index += 1
            }
        }
        return result
    }

    /// Updates the table for the bytes in `range` (old coordinates) having
    /// been replaced by `replacementCount` bytes; `storage` is the text after the edit.
    public mutating func replace(_ range: Range<Int>, replacementCount: Int, in storage: TextStorage) {
        let delta = replacementCount - range.count
        // Breaks whose bytes touch the edit: from the byte before it (a `\r`
        // that may now meet a `\n`) through the byte after it.
        let windowStart = Swift.max(0, range.lowerBound - 1)
        let windowEnd = Swift.min(storage.count, range.lowerBound + replacementCount + 1)
        // Old starts made by bytes before the window stay; starts made by
        // bytes in the old window go; later ones shift by `delta`.
        let keepBefore = firstIndex(greaterThan: windowStart)
        let dropUntil = firstIndex(greaterThan: range.upperBound + 1)
        let rescanned = Self.breaks(in: storage, from: windowStart, to: windowEnd)
        // In place: the tail moves at most once, and only when the number of lines changed.
        starts.replaceSubrange(keepBefore..<dropUntil, with: rescanned)
        guard delta != 0 else { return }
        starts.withUnsafeMutableBufferPointer { buffer in
            for index in (keepBefore + rescanned.count)..<buffer.count { buffer[index] += delta }
        }
    }

    /// Index of the first start greater than `offset`.
    private func firstIndex(greaterThan offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The line (from 0) holding byte `offset`.
    public func line(containing offset: Int) -> Int {
        Swift.max(0, firstIndex(greaterThan: offset) - 1)
    }

    /// The bytes of `line` without its terminator.
    public func contentRange(ofLine line: Int, in storage: TextStorage) -> Range<Int> {
        guard line >= 0 && line < starts.count else { return storage.count..<storage.count }
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : storage.count
        if end > start && storage[end - 1] == 0x0A { end -= 1 }
        if end > start && storage[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The byte offset of `position`: a line past the end is the end of the
    /// text, a character past the end of its line is the end of the line
    /// (LSP 3.17), and a UTF-16 offset inside a surrogate pair or a UTF-8
    /// offset inside a character is moved back to the character's start.
    public func offset(of position: LSPPosition, in storage: TextStorage, encoding: PositionEncoding) -> Int {
        guard position.line < starts.count else { return storage.count }
        let line = contentRange(ofLine: position.line, in: storage)
        guard position.character > 0, !line.isEmpty else { return line.lowerBound }
        return storage.withContiguousBytes(in: line) { buffer in
            var units = 0
            var index = 0
            while index < buffer.count {
                let lead = buffer[index]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let width = encoding == .utf8 ? length : (length == 4 ? 2 : 1)
                if units + width > position.character { break }
                units += width
                index = Swift.min(index + length, buffer.count)
                if units == position.character { break }
            }
            return line.lowerBound + index
        }
    }

    /// The position of byte `offset` (clamped to the text).
    public func position(of offset: Int, in storage: TextStorage, encoding: PositionEncoding) -> LSPPosition {
        let clamped = Swift.max(0, Swift.min(offset, storage.count))
        let line = line(containing: clamped)
        let start = starts[line]
        guard clamped > start else { return LSPPosition(line: line, character: 0) }
        if encoding == .utf8 { return LSPPosition(line: line, character: clamped - start) }
        let units = storage.withContiguousBytes(in: start..<clamped) { buffer in
            var count = 0
            for byte in buffer where byte & 0xC0 != 0x80 {
                count += byte >= 0xF0 ? 2 : 1
            }
            return count
        }
        return LSPPosition(line: line, character: units)
    }

    /// The byte range of `range`.
    public func byteRange(of range: LSPRange, in storage: TextStorage, encoding: PositionEncoding) -> Range<Int> {
        let start = offset(of: range.start, in: storage, encoding: encoding)
        let end = offset(of: range.end, in: storage, encoding: encoding)
        return Swift.min(start, end)..<Swift.max(start, end)
    }

    /// The LSP range of byte range `range`.
    public func range(of range: Range<Int>, in storage: TextStorage, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(of: range.lowerBound, in: storage, encoding: encoding), end: position(of: range.upperBound, in: storage, encoding: encoding))
    }
}
