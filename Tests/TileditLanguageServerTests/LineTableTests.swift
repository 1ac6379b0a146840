import Testing
import TileditModel
@testable import TileditLanguageServer

@Suite("Positions (UTF-16 and UTF-8, CRLF, lone CR)")
struct LineTableTests {
    // "a😀b" CRLF "c" CR "d" LF: lines start at 0, 8, 10 and 12 (an empty last line).
    let text = "a😀b\r\nc\rd\n"

    @Test func linesEndAtLFCRLFAndALoneCR() {
        let table = LineTable(Array(text.utf8))
        #expect(table.starts == [0, 8, 10, 12])
    }

    @Test func positionsCountUTF16UnitsOrUTF8Bytes() {
        let storage = TextStorage(Array(text.utf8))
        let table = LineTable(storage)
        // After the emoji: 3 UTF-16 units (a, two for 😀), 5 bytes.
        #expect(table.position(of: 5, in: storage, encoding: .utf16) == LSPPosition(line: 0, character: 3))
        #expect(table.position(of: 5, in: storage, encoding: .utf8) == LSPPosition(line: 0, character: 5))
        #expect(table.position(of: 9, in: storage, encoding: .utf16) == LSPPosition(line: 1, character: 1))
        #expect(table.position(of: 12, in: storage, encoding: .utf16) == LSPPosition(line: 3, character: 0))
        #expect(table.offset(of: LSPPosition(line: 0, character: 3), in: storage, encoding: .utf16) == 5)
        #expect(table.offset(of: LSPPosition(line: 0, character: 5), in: storage, encoding: .utf8) == 5)
        // Inside the surrogate pair, or inside the emoji's bytes: its start.
        #expect(table.offset(of: LSPPosition(line: 0, character: 2), in: storage, encoding: .utf16) == 1)
        #expect(table.offset(of: LSPPosition(line: 0, character: 3), in: storage, encoding: .utf8) == 1)
        // Past the end of a line: the line's end, before CRLF; past the last line: the end.
        #expect(table.offset(of: LSPPosition(line: 0, character: 99), in: storage, encoding: .utf16) == 6)
        #expect(table.offset(of: LSPPosition(line: 1, character: 99), in: storage, encoding: .utf16) == 9)
        #expect(table.offset(of: LSPPosition(line: 9, character: 0), in: storage, encoding: .utf16) == 12)
    }

    @Test func incrementalUpdatesMatchAFreshTableForRandomEdits() {
        var generator = SplitMix(seed: 7)
        let pieces = ["\r", "\n", "\r\n", "a", "😀", "é", "x\ry", ""]
        var bytes = Array("start\r\nline\rtwo\n".utf8)
        var storage = TextStorage(bytes)
        var table = LineTable(storage)
        for _ in 0..<2000 {
            let lower = Int(generator.next() % UInt64(bytes.count + 1))
            let upper = lower + Int(generator.next() % UInt64(Swift.min(4, bytes.count - lower) + 1))
            let replacement = Array((0..<Int(generator.next() % 3)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined().utf8)
            bytes.replaceSubrange(lower..<upper, with: replacement)
            storage.replace(lower..<upper, with: replacement)
            table.replace(lower..<upper, replacementCount: replacement.count, in: storage)
            #expect(table == LineTable(bytes), "after replacing \(lower)..<\(upper) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if table != LineTable(bytes) { return }
        }
    }
}

/// A small seeded generator (SplitMix64) for repeatable random edits.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
