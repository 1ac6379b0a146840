import Foundation
import Testing
import TileditCLI
import TileditModel
import TileditTestSupport

@Suite("tiledit render")
struct RenderCommandTests {
    static let source = "---\ntitle: Hello\n---\n\n# Hi\n\nText.\n"

    @Test func fragmentPrintsTheBodyOnly() async throws {
        let folder = try makeFolder(["a.md": Self.source])
        #expect(await CommandRun.run(["render", "a.md", "--fragment"], in: folder) == CommandRun(
            status: 0, standardOutput: "<h1>Hi</h1>\n<p>Text.</p>\n"))
    }

    @Test func aPageIsWrittenToTheOutputFile() async throws {
        let folder = try makeFolder(["a.md": Self.source])
        let page = HTMLRenderer().renderPage(MarkdownDocument(Self.source, dialect: .yaml))
        #expect(await CommandRun.run(["render", "a.md", "-o", "a.html"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "a.html", in: folder) == page)
        // Again over the file written before.
        #expect(await CommandRun.run(["render", "--output=a.html", "a.md", "--fragment"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "a.html", in: folder) == "<h1>Hi</h1>\n<p>Text.</p>\n")
        #expect(TestSupport.listTree(folder) == ["a.html", "a.md"])
    }

    @Test func theInputIsNeverOverwritten() async throws {
        let folder = try makeFolder(["a.md": Self.source])
        #expect(await CommandRun.run(["render", "a.md", "-o", "./a.md"], in: folder) == CommandRun(
            status: 2, standardError: "./a.md: is the input file; choose another output\n"))
        #expect(try text(of: "a.md", in: folder) == Self.source)
    }

    @Test func aYAMLFileIsNotRendered() async throws {
        let folder = try makeFolder(["a.yaml": "a: 1\n"])
        #expect(await CommandRun.run(["render", "a.yaml"], in: folder) == CommandRun(
            status: 2, standardError: "a.yaml: not a Markdown file; render takes Markdown\n"))
    }
}
