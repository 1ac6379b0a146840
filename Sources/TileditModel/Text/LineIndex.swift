/// Line starts of a piece of text, for turning byte offsets into
/// line and column numbers. Lines end at `\n`, `\r\n` or a lone `\r`.
///
/// Offsets are UTF-8 bytes into the indexed text. Lines count from
/// `firstLine`; columns count Unicode scalars from 1, skipping a byte order
/// mark at offset 0 when `skipsByteOrderMark` is set.
struct LineIndex {
    private(set) var lineStarts: [Int]
    let firstLine: Int
    let skipsByteOrderMark: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1, skipsByteOrderMark: Bool = false) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.newline {
                starts.append(index + 1)
            } else if byte == Byte.carriageReturn && !(index + 1 < bytes.count && bytes[index + 1] == Byte.newline) {
                // A lone CR ends a line (CommonMark 2.1); in CRLF the LF does.
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
        self.firstLine = firstLine
        self.skipsByteOrderMark = skipsByteOrderMark
    }

    /// Zero-based line slot containing `offset`.
    func lineSlot(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Line (from `firstLine`) and column (Unicode scalars from 1) of `offset`.
    func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let slot = lineSlot(of: offset)
        var start = lineStarts[slot]
        if slot == 0 && skipsByteOrderMark && bytes.count >= 3
            && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF && offset >= 3 {
            start = 3
        }
        return SourceLocation(line: firstLine + slot, column: 1 + Self.scalarCount(bytes, start..<Swift.min(offset, bytes.count)))
    }

    /// Number of Unicode scalars in `range` (counts non-continuation bytes).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
