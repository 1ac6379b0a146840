import Testing
@testable import TileditTerminalToolkit

/// `TextLine` against a plain `String` under random edits on lines longer
/// than a chunk, so chunk seams (marks joining the cluster before them,
/// chunks emptied or merged) never change the text or its cluster count.
@Suite struct TextLineTests {
    static let pieces: [String] = ["a", "word", " ", "日", "e\u{301}", "\u{301}", "🇳", "🇴", "\u{200D}", "👩"]

    @Test(arguments: [11, 12, 13, 14])
    func randomEditsKeepTheTextAndItsClusterCount(seed: UInt64) {
        var generator = TextAreaIncrementalTests.Generator(state: seed)
        func piece() -> String { Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
        var reference = (0..<1500).map { _ in piece() }.joined()
        var line = TextLine(reference)
        #expect(line.string == reference)
        #expect(line.count == reference.count)
        for step in 0..<400 {
            let offset = Int(generator.next() % UInt64(reference.count + 1))
            switch generator.next() % 4 {
            case 0, 1:
                let inserted = (0..<Int(generator.next() % 4 + 1)).map { _ in piece() }.joined()
                let (expected, expectedCursor) = LineEditing.insert(inserted, into: reference, at: offset)
                let cursor = line.insert(inserted, at: offset)
                reference = expected
                #expect(cursor == expectedCursor, "seed \(seed) step \(step)")
            case 2:
                let end = min(reference.count, offset + Int(generator.next() % 700))
                reference = LineEditing.remove(offset..<end, from: reference)
                line.remove(offset..<end)
            default:
                let tail = line.split(at: offset)
                #expect(line.string + tail.string == reference, "seed \(seed) step \(step)")
                #expect(line.count == offset, "seed \(seed) step \(step)")
                line.append(tail)
            }
            #expect(line.string == reference, "seed \(seed) step \(step)")
            #expect(line.count == reference.count, "seed \(seed) step \(step)")
            let lower = Int(generator.next() % UInt64(reference.count + 1))
            let upper = min(reference.count, lower + 40)
            #expect(line.characters(in: lower..<upper) == Array(Array(reference)[lower..<upper]), "seed \(seed) step \(step)")
        }
    }
}
