import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditTerminal
@testable import TileditViewModels
import TileditTerminalToolkit

/// Keys of the YAML editor turned into its actions, and what the frame
/// shows of them: a value of several lines in a text area, a key renamed
/// with `m`, a mistake of `tiledown.yml` at its row with its fix (`x`) and
/// the choices of a closed set (`←` `→`).
@MainActor
@Suite("YAML keys")
struct YAMLKeysTests {
    static let data = "note: | # kept\n  first\n  second\nname: x\n"
    static let site = "title: Site\nthemee: system\nlayout: top-nav\n"

    func fixture(opening path: String) async throws -> EditorFixture {
        let fixture = try EditorFixture(copying: nil, files: ["data.yml": Self.data, "tiledown.yml": Self.site, "index.md": "# Home\n"])
        await fixture.appear()
        await fixture.open(path)
        await fixture.press(.character("2"))
        return fixture
    }

    @Test func aBlockScalarIsTypedInATextAreaWhereEnterBreaksTheLineAndEscapeApplies() async throws {
        let fixture = try await fixture(opening: "data.yml")
        let yaml = try #require(fixture.app.yamlEditor)
        await fixture.press(.enter)
        guard case .yamlText(let area)? = fixture.state.editing else {
            Issue.record("no text area: \(String(describing: fixture.state.editing))")
            return
        }
        #expect(area.lines == ["first", "second"])
        #expect(fixture.state.focus == .inspector)
        await fixture.press(.ctrl("e"), .enter)
        await fixture.type("third")
        #expect(yaml.field?.text == "first\nsecond\nthird")
        let frame = EditorFixture.lines(await fixture.frame())
        #expect(frame.last?.contains("Editing value (multi-line), line 3 of 3") == true)
        await fixture.press(.escape)
        #expect(fixture.state.editing == nil)
        await fixture.press(.ctrl("s"))
        #expect(try fixture.file("data.yml") == "note: | # kept\n  first\n  second\n  third\nname: x\n")
    }

    @Test func mRenamesTheSelectedKeyThroughAPrompt() async throws {
        let fixture = try await fixture(opening: "data.yml")
        await fixture.press(.down, .character("m"))
        let prompt = try #require(fixture.app.yamlEditor?.destination?.prompt)
        #expect(prompt.title == "Rename key" && prompt.text == "name")
        await fixture.press(.ctrl("u"))
        await fixture.type("title")
        await fixture.press(.enter)
        #expect(fixture.app.yamlEditor?.destination == nil)
        #expect(fixture.app.yamlEditor.map { String(decoding: $0.bytes, as: UTF8.self) } == Self.data.replacingOccurrences(of: "name:", with: "title:"))
    }

    @Test func aMistakeOfTiledownYMLShowsAtItsRowAndXAppliesItsFix() async throws {
        let fixture = try await fixture(opening: "tiledown.yml")
        await fixture.press(.down)
        var frame = EditorFixture.lines(await fixture.frame())
        #expect(frame.contains { $0.contains("themee: system") && $0.contains("✖ 2") })
        #expect(frame.contains { $0.contains("✖ line 2: unknown key `themee`; did you mean") })
        #expect(frame.contains { $0.contains("x: Use `theme`") })
        await fixture.press(.character("x"))
        frame = EditorFixture.lines(await fixture.frame())
        #expect(frame.contains { $0.contains("theme: system") && !$0.contains("✖") })
        #expect(fixture.app.yamlEditor?.diagnosticCounts.errors == 0)
    }

    @Test func arrowsInTheInspectorPickTheNextOfAClosedSetOfValues() async throws {
        let fixture = try await fixture(opening: "tiledown.yml")
        await fixture.press(.character("G"), .character("3"))
        let frame = EditorFixture.lines(await fixture.frame())
        #expect(frame.contains { $0.contains("accepts: one of `top-nav`, `left-sidebar`") })
        #expect(frame.contains { $0.contains("choices: top-nav, left-sidebar, leftSidebar,") })
        await fixture.press(.right)
        #expect(fixture.app.yamlEditor?.field?.text == "left-sidebar")
        await fixture.press(.left)
        #expect(fixture.app.yamlEditor.map { String(decoding: $0.bytes, as: UTF8.self) } == Self.site)
    }
}
