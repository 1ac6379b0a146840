import Foundation
import Testing
import TileditFixtures
import TileditTestSupport

/// Every command names a file whose bytes it refuses (invalid UTF-8, a NUL
/// byte) in the `path:line:column: error:` form of every other diagnostic,
/// exits 2 and changes nothing.
@Suite("CLI content problems")
struct ContentProblemOutputTests {
    /// `ok\nbad \xFF here\n`: the bad byte is byte 7, line 2, column 5.
    static let latin1: [UInt8] = Array("ok\nbad ".utf8) + [0xFF] + Array(" here\n".utf8)
    static let latin1Line = "bad.md:2:5: error: invalid UTF-8 at byte 7; the file was not changed\n"

    static let commands: [[String]] = [
        ["check", "bad.md"],
        ["set", "bad.md", "--front-matter", "title=Z"],
        ["fmt", "--write", "bad.md"],
        ["json", "bad.md"],
        ["render", "bad.md", "-o", "bad.html"],
        ["search", ".", "here"],
    ]

    @Test(arguments: commands)
    func invalidUTF8IsNamedAtItsLineAndColumnByEveryCommand(_ arguments: [String]) async throws {
        let folder = try makeFolder()
        try TestSupport.writeFile(Self.latin1, at: "bad.md", in: folder)
        let before = try snapshot(of: folder)
        let run = await CommandRun.run(arguments, in: folder)
        #expect(run == CommandRun(status: 2, standardError: Self.latin1Line))
        #expect(try snapshot(of: folder) == before)
    }

    @Test(arguments: commands)
    func aNULByteIsNamedAtItsLineAndColumnByEveryCommand(_ arguments: [String]) async throws {
        let folder = try makeFolder()
        try TestSupport.writeFile(Array("# A\nx".utf8) + [0x00] + Array("here\n".utf8), at: "bad.md", in: folder)
        let before = try snapshot(of: folder)
        let run = await CommandRun.run(arguments, in: folder)
        #expect(run == CommandRun(
            status: 2, standardError: "bad.md:2:2: error: binary file (a NUL byte at byte 5); the file was not changed\n"))
        #expect(try snapshot(of: folder) == before)
    }

    /// Generated: one bad byte anywhere among lines of ASCII; the line and
    /// column printed are those of that byte (from 1, columns in bytes).
    @Test func generatedBadBytesAreNamedAtTheirOwnLineAndColumn() async throws {
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<40 {
            let lineCount = Int.random(in: 1...5, using: &generator)
            var lines = (0..<lineCount).map { _ in
                [UInt8]((0..<Int.random(in: 0...8, using: &generator)).map { _ in UInt8.random(in: 0x61...0x7A, using: &generator) })
            }
            let line = Int.random(in: 0..<lineCount, using: &generator)
            let column = Int.random(in: 0...lines[line].count, using: &generator)
            let bad: UInt8 = Bool.random(using: &generator) ? 0xFF : 0x00
            lines[line].insert(bad, at: column)
            let bytes = Array(lines.joined(separator: [0x0A]))
            let offset = lines[..<line].reduce(0) { $0 + $1.count + 1 } + column
            let folder = try makeFolder()
            try TestSupport.writeFile(bytes, at: "g.md", in: folder)
            let reason = bad == 0 ? "binary file (a NUL byte at byte \(offset))" : "invalid UTF-8 at byte \(offset)"
            let run = await CommandRun.run(["check", "g.md"], in: folder)
            #expect(run == CommandRun(
                status: 2, standardError: "g.md:\(line + 1):\(column + 1): error: \(reason); the file was not changed\n"))
        }
    }
}
