import Foundation
import Testing
import TileditFixtures
import TileditTestSupport

/// `tiledit set --tile ID` on a tile whose body breaks the tile grammar:
/// the id its body declares still names it, and the refusal gives the
/// tile's own errors at their lines, as `--tile #N` does.
@Suite("tiledit set, unreadable tiles")
struct SetCommandUnreadableTileTests {
    static let twice = ":::tile callout\nid: c\ntitle: A\ntitle: B\n:::\n"

    @Test(arguments: ["c", "#1"])
    func aTileWithAPropertyWrittenTwiceIsRefusedWithItsErrorByIdOrPosition(_ reference: String) async throws {
        let folder = try makeFolder(["p.md": Self.twice])
        let before = try snapshot(of: folder)
        let run = await CommandRun.run(["set", "p.md", "--tile", reference, "title=Z"], in: folder)
        #expect(run == CommandRun(status: 1, standardError: """
            p.md:4:1: error: property `title` is already set above; remove one of them
            p.md: tile `\(reference)` cannot be edited until the errors above are fixed; nothing was written

            """))
        #expect(try snapshot(of: folder) == before)
    }

    @Test func anIdThatNoTileDeclaresIsStillNotFound() async throws {
        let folder = try makeFolder(["p.md": Self.twice])
        #expect(await CommandRun.run(["set", "p.md", "--tile", "d", "title=Z"], in: folder) == CommandRun(
            status: 1, standardError: "p.md: no tile has the id `d`\n"))
    }

    /// Generated: an unreadable tile (a repeated property or a stray line)
    /// among readable ones, its id quoted or not: by id it is refused with
    /// the same errors `check` gives for it, never "no tile has the id".
    @Test func generatedUnreadableTilesAreRefusedWithTheirOwnErrors() async throws {
        var random = SeededGenerator(seed: 77)
        for round in 0..<20 {
            let faults = ["title: A\ntitle: B\n", "title: A\n  stray continuation\n", "title: A\nno colon here\n"]
            let fault = faults[Int.random(in: 0..<faults.count, using: &random)]
            let written = ["u\(round)", "\"u\(round)\"", "'u\(round)'"][Int.random(in: 0..<3, using: &random)]
            let before = Int.random(in: 0...2, using: &random)
            var text = ""
            for index in 0..<before { text += ":::tile callout\nid: ok\(index)\ntitle: T\n:::\n\n" }
            text += ":::tile callout\nid: \(written)\n" + fault + ":::\n"
            let folder = try makeFolder(["p.md": text])
            let check = await CommandRun.run(["check", "p.md"], in: folder)
            let run = await CommandRun.run(["set", "p.md", "--tile", "u\(round)", "title=Z"], in: folder)
            let errors = check.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0 + "\n" }.joined()
            #expect(!errors.isEmpty, "\(text)")
            #expect(run == CommandRun(
                status: 1, standardError: errors + "p.md: tile `u\(round)` cannot be edited until the errors above are fixed; nothing was written\n"),
                "\(text)")
        }
    }
}
