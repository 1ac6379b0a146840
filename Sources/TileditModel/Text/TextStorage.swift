/// A file's bytes, kept in chunks so that an edit costs time in proportion to
/// the edit and the number of chunks, not to the size of the file.
///
/// Offsets are UTF-8 bytes from the start of the file. The storage is a value:
/// copies share chunks until one of them is edited. A fresh storage's chunks
/// are slices of the bytes it was made from, so opening a file holds its
/// bytes once (not once read and once in chunks); an edited chunk gets
/// bytes of its own.
public struct TextStorage: Sendable, Equatable {
    /// Chunks are split when they grow past this size, in bytes.
    static let maximumChunkSize = 32 * 1024
    /// Size of the chunks a fresh storage is cut into, in bytes.
    static let preferredChunkSize = 16 * 1024

    /// The chunks; a slice keeps its indices into the buffer it shares, so
    /// an offset in a chunk is `startIndex` plus the offset from its start.
    private var chunks: [ArraySlice<UInt8>]
    /// `starts[i]` is the offset of `chunks[i]`; `starts.last` is `count`.
    private var starts: [Int]
    /// The bytes the storage was made from, until the first edit: the
    /// buffer the chunks share, handed out whole by `bytes` without a copy.
    private var original: [UInt8]?

    /// Creates storage holding `bytes` (sharing their buffer, no copy).
    public init(_ bytes: [UInt8]) {
        if bytes.count <= Self.maximumChunkSize {
            chunks = [bytes[...]]
        } else {
            chunks = []
            chunks.reserveCapacity(bytes.count / Self.preferredChunkSize + 1)
            var offset = 0
            while offset < bytes.count {
                let end = Swift.min(offset + Self.preferredChunkSize, bytes.count)
                chunks.append(bytes[offset..<end])
                offset = end
            }
        }
        starts = []
        original = bytes
        rebuildStarts(from: 0)
    }

    /// Total length in bytes.
    public var count: Int { starts[starts.count - 1] }

    /// All bytes, contiguous.
    public var bytes: [UInt8] {
        if let original { return original }
        if chunks.count == 1 { return Array(chunks[0]) }
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for chunk in chunks { result.append(contentsOf: chunk) }
        return result
    }

    /// The byte at `offset`.
    ///
    /// - Precondition: `0 <= offset < count`.
    public subscript(offset: Int) -> UInt8 {
        let chunk = chunkIndex(containing: offset)
        return chunks[chunk][chunks[chunk].startIndex + offset - starts[chunk]]
    }

    /// A copy of the bytes in `range`.
    ///
    /// - Precondition: `range` lies inside `0..<count`.
    public subscript(range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        guard !range.isEmpty else { return result }
        var chunk = chunkIndex(containing: range.lowerBound)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let base = starts[chunk]
            let chunkEnd = base + chunks[chunk].count
            let end = Swift.min(chunkEnd, range.upperBound)
            let origin = chunks[chunk].startIndex - base
            result.append(contentsOf: chunks[chunk][(offset + origin)..<(end + origin)])
            offset = end
            chunk += 1
        }
        return result
    }

    /// The bytes in `range` decoded as UTF-8 (invalid sequences become U+FFFD).
    public func string(_ range: Range<Int>) -> String {
        String(decoding: self[range], as: UTF8.self)
    }

    /// Replaces the bytes in `range` with `replacement`.
    ///
    /// - Precondition: `range` lies inside `0..<count`.
    public mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        original = nil
        let first = chunkIndex(containing: Swift.min(range.lowerBound, Swift.max(count - 1, 0)))
        var last = first
        while last + 1 < chunks.count && starts[last + 1] < range.upperBound { last += 1 }
        let base = starts[first]
        if first == last {
            let origin = chunks[first].startIndex - base
            chunks[first].replaceSubrange((range.lowerBound + origin)..<(range.upperBound + origin), with: replacement)
        } else {
            var merged = Array(chunks[first].prefix(range.lowerBound - base))
            merged.append(contentsOf: replacement)
            let lastBase = starts[last]
            merged.append(contentsOf: chunks[last].dropFirst(range.upperBound - lastBase))
            chunks.replaceSubrange(first...last, with: [merged[...]])
        }
        if chunks[first].count > Self.maximumChunkSize {
            let big = Array(chunks[first])
            var pieces: [ArraySlice<UInt8>] = []
            var offset = 0
            while offset < big.count {
                let end = Swift.min(offset + Self.preferredChunkSize, big.count)
                pieces.append(big[offset..<end])
                offset = end
            }
            chunks.replaceSubrange(first...first, with: pieces)
        } else if chunks[first].isEmpty && chunks.count > 1 {
            chunks.remove(at: first)
        }
        rebuildStarts(from: first)
    }

    /// Calls `body` with the bytes of `range` in one contiguous buffer.
    /// No copy is made when the range lies inside one chunk.
    public func withContiguousBytes<Result>(
        in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        if !range.isEmpty {
            let chunk = chunkIndex(containing: range.lowerBound)
            let base = starts[chunk]
            if range.upperBound <= base + chunks[chunk].count {
                return try chunks[chunk].withUnsafeBufferPointer { buffer in
                    try body(UnsafeBufferPointer(rebasing: buffer[(range.lowerBound - base)..<(range.upperBound - base)]))
                }
            }
        }
        let copy = self[range]
        return try copy.withUnsafeBufferPointer(body)
    }

    private func chunkIndex(containing offset: Int) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func rebuildStarts(from chunk: Int) {
        if starts.count != chunks.count + 1 {
            starts = [Int](repeating: 0, count: chunks.count + 1)
            var offset = 0
            for index in chunks.indices {
                starts[index] = offset
                offset += chunks[index].count
            }
            starts[chunks.count] = offset
            return
        }
        var offset = starts[chunk]
        for index in chunk..<chunks.count {
            starts[index] = offset
            offset += chunks[index].count
        }
        starts[chunks.count] = offset
    }

    public static func == (lhs: TextStorage, rhs: TextStorage) -> Bool {
        lhs.count == rhs.count && lhs.bytes == rhs.bytes
    }
}
