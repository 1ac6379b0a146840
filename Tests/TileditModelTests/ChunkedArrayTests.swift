import Testing
@testable import TileditModel

/// The parser's blocks are kept in chunks and turned into the document's
/// table chunk by chunk (the two are never whole at once): the values, and
/// a document of many blocks, come out exactly as written.
@Suite("Chunked array")
struct ChunkedArrayTests {
    @Test func valuesAcrossChunkBoundariesReadAndWriteAsInAnArray() {
        var chunked = ChunkedArray<Int>()
        for value in 0..<10_000 { chunked.append(value * 3) }
        chunked[4095] = -1
        chunked[4096] = -2
        var expected = (0..<10_000).map { $0 * 3 }
        expected[4095] = -1
        expected[4096] = -2
        #expect(chunked.count == 10_000)
        #expect(Array(chunked) == expected)
        #expect(chunked.last == 29_997)
    }

    @Test func drainGivesEachValueWithTheNextAndEmptiesTheArray() {
        var chunked = ChunkedArray<Int>()
        for value in 0..<8193 { chunked.append(value) }
        var pairs: [(Int, Int?)] = []
        chunked.drain { value, next in pairs.append((value, next)) }
        #expect(pairs.map(\.0) == Array(0..<8193))
        #expect(pairs.map(\.1) == Array(1..<8193).map(Optional.some) + [nil])
        #expect(chunked.isEmpty)
    }

    @Test func drainOfAnEmptyArrayCallsNothing() {
        var chunked = ChunkedArray<Int>()
        var calls = 0
        chunked.drain { _, _ in calls += 1 }
        #expect(calls == 0)
    }

    /// 10,000 paragraphs (blocks in three chunks): every block's range and
    /// lines as written, and the line of each offset.
    @Test func aDocumentOfManyBlocksHasEveryBlockWhereItIsWritten() {
        let paragraphs = (0..<10_000).map { "Paragraph \($0)\nline two\n" }
        let document = MarkdownDocument(paragraphs.joined(separator: "\n"), dialect: .yaml)
        #expect(document.blockCount == 10_000)
        var offset = 0
        var line = 1
        var mismatches = 0
        for (index, paragraph) in paragraphs.enumerated() {
            let block = document.block(at: index)
            if block.kind != .paragraph || block.range != offset..<(offset + paragraph.utf8.count) || block.lines != line...(line + 1) {
                mismatches += 1
            }
            offset += paragraph.utf8.count + 1
            line += 3
        }
        #expect(mismatches == 0)
        #expect(document.location(of: document.range(at: 9_999).lowerBound) == SourceLocation(line: 29_998, column: 1))
    }
}
