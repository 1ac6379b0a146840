/// The UTF-8 offsets where the lines of a YAML file start (the first is 0;
/// a line ends at LF, CRLF or a lone CR), kept in chunks so that an
/// incremental read (ARCHITECTURE.md, "Scale") replaces the starts of the
/// lines it read and moves those after them by a pending shift per chunk,
/// instead of making again a table of every line (a 10 MB file has half a
/// million). Copies share the chunks they did not change.
///
/// Slots count lines from 0 (slot 0 is line 1). Every position asked for is
/// kept within the table; nothing traps.
public struct YAMLLineStarts: Sendable, Equatable {
    /// A run of line starts as stored, with the bytes they are yet to move by.
    private struct Chunk: Sendable {
        var starts: [Int]
        var shift = 0

        /// The first start, shift included (a chunk is never empty).
        var first: Int { (starts.first ?? 0) + shift }
    }

    /// How many starts a chunk holds when the table is made (one grown past
    /// twice this is split).
    static let chunkSize = 2048

    private var chunks: [Chunk]
    /// `firstSlots[i]` is the slot of `chunks[i]`'s first start; the last
    /// element is `count`.
    private var firstSlots: [Int]

    /// The table of `starts` (ascending; a table without 0 first gets it).
    public init(_ starts: [Int] = [0]) {
        let all = starts.first == 0 ? starts : [0] + starts
        chunks = []
        chunks.reserveCapacity(all.count / Self.chunkSize + 1)
        var start = 0
        while start < all.count {
            let end = Swift.min(all.count, start + Self.chunkSize)
            chunks.append(Chunk(starts: Array(all[start..<end])))
            start = end
        }
        firstSlots = []
        rebuildSlots(from: 0)
    }

    /// Number of lines (an empty file has one).
    public var count: Int { firstSlots[firstSlots.count - 1] }

    /// The offset where the line in `slot` (from 0) starts, `slot` kept
    /// within the table.
    public subscript(slot: Int) -> Int {
        let clamped = Swift.min(Swift.max(slot, 0), count - 1)
        let chunk = chunkIndex(holdingSlot: clamped)
        return chunks[chunk].starts[clamped - firstSlots[chunk]] + chunks[chunk].shift
    }

    /// The slot (from 0) of the line holding `offset`: the last line
    /// starting at or before it (0 for offsets before the file).
    /// O(log count).
    public func slot(of offset: Int) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle].first <= offset { low = middle } else { high = middle - 1 }
        }
        let chunk = chunks[low]
        let target = offset - chunk.shift
        var first = 0
        var last = chunk.starts.count - 1
        while first < last {
            let middle = (first + last + 1) / 2
            if chunk.starts[middle] <= target { first = middle } else { last = middle - 1 }
        }
        return firstSlots[low] + first
    }

    /// Every start, in order (O(count): for comparisons and tests).
    public var array: [Int] {
        var all: [Int] = []
        all.reserveCapacity(count)
        for chunk in chunks { all.append(contentsOf: chunk.shift == 0 ? chunk.starts : chunk.starts.map { $0 + chunk.shift }) }
        return all
    }

    /// Replaces the starts in `slots` with `starts` (offsets after the
    /// edit, between the start before `slots` and the one after them) and
    /// moves every start after `slots` by `delta` bytes. Slot 0 stays, so
    /// `slots` must start at 1 or later; one that does not is kept within
    /// the table. Only the chunks holding `slots` are written again.
    mutating func replace(_ slots: Range<Int>, with starts: [Int], movingLaterBy delta: Int) {
        let lower = Swift.min(Swift.max(slots.lowerBound, 1), count)
        let upper = Swift.min(Swift.max(slots.upperBound, lower), count)
        // From the chunk holding the start before the slots (there always is
        // one) to the one holding their last.
        let low = chunkIndex(holdingSlot: lower - 1)
        let high = chunkIndex(holdingSlot: Swift.max(upper - 1, lower - 1))
        let base = firstSlots[low]
        var merged: [Int] = []
        merged.reserveCapacity(firstSlots[high + 1] - base + starts.count)
        for index in low...high {
            let chunk = chunks[index]
            merged.append(contentsOf: chunk.shift == 0 ? chunk.starts : chunk.starts.map { $0 + chunk.shift })
        }
        let after = merged[(upper - base)...].map { $0 + delta }
        merged.replaceSubrange((lower - base)..., with: starts)
        merged.append(contentsOf: after)
        if delta != 0 {
            for index in (high + 1)..<chunks.count { chunks[index].shift += delta }
        }
        var pieces: [Chunk] = []
        var start = 0
        let limit = 2 * Self.chunkSize
        while start < merged.count {
            let end = merged.count - start > limit ? start + Self.chunkSize : merged.count
            pieces.append(Chunk(starts: Array(merged[start..<end])))
            start = end
        }
        chunks.replaceSubrange(low...high, with: pieces)
        rebuildSlots(from: low)
    }

    public static func == (left: YAMLLineStarts, right: YAMLLineStarts) -> Bool {
        left.count == right.count && left.array == right.array
    }

    // MARK: Helpers

    /// The chunk holding `slot` (within `0..<count`).
    private func chunkIndex(holdingSlot slot: Int) -> Int {
        var low = 0
        var high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstSlots[middle] <= slot { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func rebuildSlots(from chunk: Int) {
        if firstSlots.count != chunks.count + 1 {
            firstSlots = [Int](repeating: 0, count: chunks.count + 1)
            var slot = 0
            for index in chunks.indices {
                firstSlots[index] = slot
                slot += chunks[index].starts.count
            }
            firstSlots[chunks.count] = slot
            return
        }
        var slot = firstSlots[chunk]
        for index in chunk..<chunks.count {
            firstSlots[index] = slot
            slot += chunks[index].starts.count
        }
        firstSlots[chunks.count] = slot
    }
}
