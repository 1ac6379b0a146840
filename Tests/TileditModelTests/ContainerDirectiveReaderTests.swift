import Testing
import TileditFixtures
@testable import TileditModel

/// `ContainerDirectiveReader.end`: the ends a scan records for the
/// directives opened inside it are the ends a scan of their own finds, so
/// asking them first changes no answer (it only keeps many unclosed
/// directives linear; `LinearityTests` counts the lines).
@Suite("Container directive reader")
struct ContainerDirectiveReaderTests {
    static let lines = [":::note", "::::tip Title", ":::warning[x]{.y}", ":::", "::::", ":::::", "```", "~~~~", "text", "", "  :::note", ":::tile callout"]

    /// Every opening's end, each asked of a fresh scan, and then all asked in
    /// document order sharing what earlier scans found.
    static func ends(_ bytes: [UInt8]) -> (fresh: [Int?], shared: [Int?]) {
        bytes.withUnsafeBufferPointer { buffer in
            var fresh: [Int?] = []
            var shared: [Int?] = []
            var known = ContainerDirectiveReader.KnownEnds()
            var position = 0
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                let trimmed = buffer.trimmed(line)
                if !trimmed.isEmpty, let opening = ContainerDirectiveReader.opening(buffer, trimmed: trimmed) {
                    var alone = ContainerDirectiveReader.KnownEnds()
                    fresh.append(ContainerDirectiveReader.end(buffer, openingLine: line, opening: opening, known: &alone).end)
                    shared.append(ContainerDirectiveReader.end(buffer, openingLine: line, opening: opening, known: &known).end)
                }
                position = Swift.max(line.end, position + 1)
            }
            return (fresh, shared)
        }
    }

    @Test(arguments: 0..<300)
    func endsFoundByAnEnclosingScanAreTheEndsOfTheirOwnScan(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 0x2545 &+ 3)
        let count = Int.random(in: 1...40, using: &generator)
        let text = (0..<count).map { _ in Self.lines[Int.random(in: 0..<Self.lines.count, using: &generator)] }.joined(separator: "\n")
        let ends = Self.ends(Array(text.utf8))
        #expect(ends.shared == ends.fresh, "seed \(seed):\n\(text)")
    }

    @Test func nestedUnclosedOpeningsAreAnsweredByTheFirstScan() {
        let text = ":::note\n::::tip\n:::warning\nx\n:::\n"
        let ends = Self.ends(Array(text.utf8))
        // `:::` closes the warning (three colons), never the tip (four) nor the note below it.
        #expect(ends.fresh == [nil, nil, 33])
        #expect(ends.shared == ends.fresh)
    }
}
