import Foundation
import Testing
import TileditTestSupport

/// Every command reads a document whose lists, block quotes, emphasis and
/// links nest 100,000 levels deep, without a trap (walks are iterative).
@Suite("Deep nesting")
struct DeepNestingTests {
    static let documents: [String: String] = [
        "quotes-and-lists.md": String(repeating: "> - ", count: 50_000) + "x\n",
        "quotes.md": String(repeating: "> ", count: 100_000) + "x\n",
        "lists.md": String(repeating: "- ", count: 100_000) + "x\n",
        // Each marker of a line asks whether the rest is a thematic break: once per line, not once per marker.
        "mixed-markers.md": String(repeating: "* - + 1. ", count: 25_000) + "x\n",
        "marker-runs-in-a-paragraph.md": "Text\n" + String(repeating: "- ", count: 100_000) + "- -\n",
        "emphasis.md": "# " + String(repeating: "*", count: 50_000) + "x" + String(repeating: "*", count: 50_000)
            + "\n\nText " + String(repeating: "_", count: 50_000) + "y" + String(repeating: "_", count: 50_000) + "\n",
        "brackets.md": String(repeating: "[", count: 100_000) + "x" + String(repeating: "]", count: 100_000) + "\n",
        "tile-in-quotes.md": String(repeating: "> ", count: 50_000) + ":::tile callout\ntitle: Deep\n:::\n",
    ]

    @Test(arguments: documents.keys.sorted())
    func everyCommandReadsIt(name: String) async throws {
        let folder = try makeFolder([name: try #require(Self.documents[name])])
        let check = await CommandRun.run(["check", name], in: folder)
        #expect(check.status == 0 || check.status == 1, "\(check)")
        let json = await CommandRun.run(["json", name], in: folder)
        #expect(json.status == 0 && json.standardOutput.hasPrefix("{"), "\(json.status) \(json.standardError)")
        let format = await CommandRun.run(["fmt", name], in: folder)
        #expect(format.status == 0 && !format.standardOutput.isEmpty, "\(format.status) \(format.standardError)")
        let render = await CommandRun.run(["render", name], in: folder)
        #expect(render.status == 0 && !render.standardOutput.isEmpty, "\(render.status) \(render.standardError)")
        let search = await CommandRun.run(["search", ".", "x"], in: folder)
        #expect(search.status == 0, "\(search.status) \(search.standardError)")
    }
}
