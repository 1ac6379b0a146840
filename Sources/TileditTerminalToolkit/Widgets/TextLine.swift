/// One line of a `TextArea` (no line breaks), held as chunks of at most
/// `chunkSize` grapheme clusters with their counts kept, so an edit copies
/// one chunk and finding an offset walks counts, not the text. Chunk
/// boundaries are always grapheme-cluster boundaries of the whole line.
/// Offsets count grapheme clusters from 0.
struct TextLine: Hashable, Sendable {
    /// Clusters per chunk when a line is cut into chunks.
    static let chunkSize = 512

    /// The chunks, none empty (an empty line has none).
    private(set) var chunks: [String] = []
    /// Clusters in each chunk.
    private(set) var counts: [Int] = []
    /// Clusters in the line.
    private(set) var count = 0

    /// The line holding `text` (no line breaks).
    init<Text: StringProtocol>(_ text: Text) {
        var chunk = ""
        var inChunk = 0
        for character in text {
            chunk.append(character)
            inChunk += 1
            if inChunk == Self.chunkSize {
                chunks.append(chunk)
                counts.append(inChunk)
                chunk = ""
                inChunk = 0
            }
        }
        if inChunk > 0 {
            chunks.append(chunk)
            counts.append(inChunk)
        }
        count = counts.reduce(0, +)
    }

    /// The line as one string.
    var string: String { chunks.joined() }

    /// The clusters in `range` (clamped to the line).
    func characters(in range: Range<Int>) -> [Character] {
        let lower = min(max(0, range.lowerBound), count)
        let upper = min(max(lower, range.upperBound), count)
        guard lower < upper else { return [] }
        var result: [Character] = []
        result.reserveCapacity(upper - lower)
        var start = 0
        for (index, chunk) in chunks.enumerated() {
            let end = start + counts[index]
            defer { start = end }
            if end <= lower { continue }
            if start >= upper { break }
            var offset = start
            for character in chunk {
                if offset >= upper { break }
                if offset >= lower { result.append(character) }
                offset += 1
            }
        }
        return result
    }

    /// The chunk holding `offset` and the offset inside it; an offset at a
    /// chunk boundary goes to the end of the chunk before it (so typed marks
    /// join the cluster before them). `nil` for an empty line.
    private func locate(_ offset: Int) -> (chunk: Int, inner: Int)? {
        guard !chunks.isEmpty else { return nil }
        var remaining = min(max(0, offset), count)
        for (index, chunkCount) in counts.enumerated() {
            if remaining <= chunkCount, remaining > 0 || index == 0 {
                return (index, remaining)
            }
            remaining -= chunkCount
        }
        return (chunks.count - 1, counts[counts.count - 1])
    }

    /// Inserts `inserted` (no line breaks) at `offset` and returns the
    /// cursor after it, as `LineEditing.insert` does for a whole line.
    mutating func insert(_ inserted: String, at offset: Int) -> Int {
        guard let found = locate(offset) else {
            self = TextLine(inserted)
            return count
        }
        let (chunk, inner) = found
        let before = counts[..<chunk].reduce(0, +)
        let (line, cursor) = LineEditing.insert(inserted, into: chunks[chunk], at: inner)
        chunks[chunk] = line
        counts[chunk] = line.count
        normalize(around: chunk)
        return min(before + cursor, count)
    }

    /// Removes the clusters in `range` (clamped).
    mutating func remove(_ range: Range<Int>) {
        let lower = min(max(0, range.lowerBound), count)
        let upper = min(max(lower, range.upperBound), count)
        guard lower < upper, let low = locate(lower), let high = locate(upper) else { return }
        let (first, firstInner) = low
        let (last, lastInner) = high
        if first == last {
            let line = LineEditing.remove(firstInner..<lastInner, from: chunks[first])
            chunks[first] = line
            counts[first] = line.count
        } else {
            let head = String(Array(chunks[first])[..<firstInner])
            let tail = String(Array(chunks[last])[lastInner...])
            chunks[first] = head
            counts[first] = head.count
            chunks[last] = tail
            counts[last] = tail.count
            chunks.removeSubrange((first + 1)..<last)
            counts.removeSubrange((first + 1)..<last)
        }
        normalize(around: first)
    }

    /// Cuts the line at `offset`: keeps what is before it and returns the rest.
    mutating func split(at offset: Int) -> TextLine {
        guard let found = locate(offset) else { return TextLine("") }
        let (chunk, inner) = found
        let characters = Array(chunks[chunk])
        var tail = TextLine("")
        let tailHead = String(characters[inner...])
        tail.chunks = (tailHead.isEmpty ? [] : [tailHead]) + chunks[(chunk + 1)...]
        tail.counts = (tailHead.isEmpty ? [] : [characters.count - inner]) + counts[(chunk + 1)...]
        tail.dropEmptyChunks()
        let head = String(characters[..<inner])
        chunks.removeSubrange(chunk...)
        counts.removeSubrange(chunk...)
        if !head.isEmpty {
            chunks.append(head)
            counts.append(inner)
        }
        count = counts.reduce(0, +)
        tail.count = tail.counts.reduce(0, +)
        return tail
    }

    /// Appends `other` at the end of the line (joining two lines).
    mutating func append(_ other: TextLine) {
        let seam = chunks.count - 1
        chunks += other.chunks
        counts += other.counts
        normalize(around: max(0, seam))
    }

    /// Drops empty chunks, merges chunks whose boundary would join two
    /// clusters (a mark left after a deleted base), and recounts.
    private mutating func normalize(around chunk: Int) {
        dropEmptyChunks()
        var index = max(0, min(chunk, chunks.count - 1) - 1)
        var checked = 0
        while index + 1 < chunks.count, checked < 3 {
            if Self.joins(chunks[index], chunks[index + 1]) {
                chunks[index] += chunks[index + 1]
                counts[index] = chunks[index].count
                chunks.remove(at: index + 1)
                counts.remove(at: index + 1)
            } else {
                index += 1
                checked += 1
            }
        }
        count = counts.reduce(0, +)
    }

    private mutating func dropEmptyChunks() {
        var index = 0
        while index < chunks.count {
            if counts[index] == 0 || chunks[index].isEmpty {
                chunks.remove(at: index)
                counts.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Whether the last cluster of `left` and the first of `right` form one
    /// cluster when put together.
    private static func joins(_ left: String, _ right: String) -> Bool {
        guard let last = left.last, let first = right.first else { return false }
        return (String(last) + String(first)).count < 2
    }
}
