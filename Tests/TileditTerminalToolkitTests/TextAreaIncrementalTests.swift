import Testing
import TileditTextLayout
@testable import TileditTerminalToolkit

/// Random edits against a whole recomputation: after every edit the area's
/// drawn rows, cursor row and column must be what a fresh wrap of the same
/// text gives, so the lazily kept rows can never drift.
@Suite struct TextAreaIncrementalTests {
    /// A small deterministic generator (SplitMix64), so a failure repeats.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Clusters the texts are made of: words, spaces, a wide character, a
    /// combining mark (joins the cluster before it), a TAB.
    static let pieces: [String] = ["a", "b", "word", "longerword", " ", " ", "  ", "日", "e\u{301}", "\u{301}", "\t", "x"]

    static func randomText(length: Int, using generator: inout Generator) -> String {
        var text = ""
        for _ in 0..<length {
            text += pieces[Int(generator.next() % UInt64(pieces.count))]
        }
        return text
    }

    /// The rows a whole wrap of `lines` gives at `width`, as strings.
    static func wholeRows(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { line -> [String] in
            let characters = Array(line)
            return DisplayWidth.wrapSegments(of: characters, width: width).map { String(characters[$0]) }
        }
    }

    static func drawn(_ area: inout TextArea, rows: Int, columns: Int) -> (rows: [String], cursor: ScreenPosition?) {
        var buffer = ScreenBuffer(rows: rows, columns: columns)
        area.draw(into: &buffer, rect: buffer.bounds, focused: true)
        return ((0..<rows).map { buffer.text(row: $0) }, buffer.cursor)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomEditsDrawWhatAWholeWrapOfTheSameTextDraws(seed: UInt64) {
        var generator = Generator(state: seed)
        let width = 8 + Int(generator.next() % 20)
        let height = 3 + Int(generator.next() % 6)
        // Long lines: a few hundred clusters each, some lines short.
        let text = (0..<3).map { _ in Self.randomText(length: Int(generator.next() % 400), using: &generator) }.joined(separator: "\n")
        var area = TextArea(text: text, cursor: TextArea.Position(line: 0, offset: 0), width: width, height: height)
        _ = Self.drawn(&area, rows: height, columns: width)
        for step in 0..<300 {
            let line = Int(generator.next() % UInt64(area.lineCount))
            let length = area.line(line).count
            let offset = Int(generator.next() % UInt64(length + 1))
            area.cursor = TextArea.Position(line: line, offset: offset)
            area.goalColumn = nil
            area.scrollToCursor()
            let key: KeyEvent
            switch generator.next() % 8 {
            case 0: key = .enter
            case 1: key = .backspace
            case 2: key = .delete
            case 3: key = .paste(Self.randomText(length: Int(generator.next() % 30), using: &generator) + "\n" + Self.randomText(length: 3, using: &generator))
            case 4: key = .ctrl("k")
            case 5: key = .down
            default: key = .character(Character(Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))].prefix(1).description))
            }
            area.handle(key)
            let (rows, cursor) = Self.drawn(&area, rows: height, columns: width)
            var fresh = TextArea(text: area.text, cursor: area.cursor, width: width, height: height)
            let whole = Self.wholeRows(area.lines, width: width - 1)
            let scrollRow = area.scrollRow
            var reference = ScreenBuffer(rows: height, columns: width)
            reference.fill(reference.bounds, style: .plain)
            for index in 0..<height where scrollRow + index < whole.count {
                reference.put(whole[scrollRow + index], row: index, column: 0, style: .plain, clip: reference.bounds)
            }
            let expected = (0..<height).map { reference.text(row: $0) }
            #expect(rows == expected, "seed \(seed) step \(step) key \(key)")
            #expect(area.cursorRowAndColumn == fresh.cursorRowAndColumn, "seed \(seed) step \(step) key \(key)")
            #expect(area.visualRows == fresh.visualRows, "seed \(seed) step \(step) key \(key)")
            let (row, column) = area.cursorRowAndColumn
            #expect(cursor == ScreenPosition(row: row - scrollRow, column: min(column, width - 1)), "seed \(seed) step \(step) key \(key)")
            _ = Self.drawn(&fresh, rows: height, columns: width)
        }
    }
}
