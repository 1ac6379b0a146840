/// An append-only sequence of values stored in fixed-size chunks, so it can
/// be emptied chunk by chunk while its values are turned into something
/// else (the parser's blocks into the document's table): the two never
/// hold every value at once. Past the first chunk, growing never copies
/// the values already held (a plain array doubling would briefly hold
/// them twice).
///
/// Indices are positions from 0, as in an array.
struct ChunkedArray<Element>: RandomAccessCollection, MutableCollection {
    /// Values per chunk: 2^12, so a chunk of 80-byte blocks (320 KB) is
    /// one allocation the C library maps on its own and gives back when freed.
    private static var chunkShift: Int { 12 }
    private static var chunkCapacity: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    /// An empty array.
    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The value at `position`.
    ///
    /// - Precondition: `0 <= position < count`.
    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "ChunkedArray index out of range")
            return chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)]
        }
        set {
            precondition(position >= 0 && position < count, "ChunkedArray index out of range")
            chunks[position >> Self.chunkShift][position & (Self.chunkCapacity - 1)] = newValue
        }
    }

    /// Adds `value` at the end.
    mutating func append(_ value: Element) {
        if count & (Self.chunkCapacity - 1) == 0 {
            var chunk: [Element] = []
            // The first chunk grows as an array does: an edit's re-parse of
            // a few blocks allocates a few, not a whole chunk.
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkCapacity) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(value)
        count += 1
    }

    /// Calls `body` with every value in order and the one after it (`nil`
    /// for the last), freeing each chunk once its values are passed (when
    /// this array is their only owner); leaves the array empty.
    mutating func drain(_ body: (_ value: Element, _ next: Element?) -> Void) {
        defer {
            chunks = []
            count = 0
        }
        var chunkIndex = 0
        while chunkIndex < chunks.count {
            // Taken out of the table, so the chunk is freed when it is done.
            let chunk = chunks[chunkIndex]
            chunks[chunkIndex] = []
            let following = chunkIndex + 1 < chunks.count ? chunks[chunkIndex + 1].first : nil
            for index in chunk.indices {
                body(chunk[index], index + 1 < chunk.count ? chunk[index + 1] : following)
            }
            chunkIndex += 1
        }
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}
