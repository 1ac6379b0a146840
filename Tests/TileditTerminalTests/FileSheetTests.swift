import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport
@testable import TileditTerminal
@testable import TileditViewModels

/// The sheets for files and conflicts drawn off-screen and driven by keys:
/// the rename prompt with its message as typed, the preview of a rename's
/// changes, applying and undoing it; a conflict's comparison and merge.
@MainActor
@Suite("File and conflict sheets")
struct FileSheetTests {
    func rows(_ fixture: EditorFixture) async -> [String] { EditorFixture.lines(await fixture.frame()) }

    @Test func renamingFromTheDocumentsPaneShowsTheChangesMakesThemAndUndoesThem() async throws {
        let fixture = try EditorFixture()
        await fixture.appear("about/index.md")
        #expect(fixture.app.editor?.displayPath == "about/index.md")
        await fixture.press(.character("1"), .character("g"), .character("m"))
        var lines = await rows(fixture)
        #expect(lines.contains { $0.contains("┌ Rename or move") })
        #expect(lines.contains { $0.contains("Now:  about/index.md") })
        #expect(lines.contains { $0.contains("That is the document's path now") })

        await fixture.press(.ctrl("u"))
        await fixture.type("team/index.md")
        lines = await rows(fixture)
        #expect(lines.contains { $0.contains("New:  team/index.md") })
        #expect(lines.contains { $0.contains("The folder about/ moves with everything in it; links to it follow.") })
        #expect(lines.last?.contains("Enter show changes  Esc cancel") == true)

        await fixture.press(.enter)
        lines = await rows(fixture)
        #expect(lines.contains { $0.contains("┌ Rename · 2 files") })
        #expect(lines.contains { $0.contains("about/ moves to team/; 1 link in 1 other file follow.") })
        #expect(lines.contains { $0.contains("about/index.md → team/index.md  (moved, text unchanged)") })
        #expect(lines.contains { $0.contains("-- **Pages**: this one, [About](page:about) and [Docs](page:docs).") })
        #expect(lines.contains { $0.contains("+- **Pages**: this one, [About](page:team) and [Docs](page:docs).") })
        #expect(lines.contains { $0.contains("[ Rename ]  [ Cancel ]") })
        #expect(lines.last?.contains("Rename · 2 files: button Rename") == true)

        await fixture.press(.enter)
        #expect(fixture.app.documents?.destination == nil)
        #expect(FileManager.default.fileExists(atPath: fixture.workspace.appendingPathComponent("team/index.md").path))
        #expect(!FileManager.default.fileExists(atPath: fixture.workspace.appendingPathComponent("about").path))
        #expect(try fixture.file("index.md") == EditorFixture.original("index.md").replacingOccurrences(of: "(page:about)", with: "(page:team)"))
        // The editor of the moved page follows it.
        #expect(fixture.app.editor?.displayPath == "team/index.md")
        #expect(fixture.app.documents?.selection == "team/index.md")
        lines = await rows(fixture)
        #expect(lines.last?.contains("Renamed about/index.md to team/index.md; 1 link in 1 file followed.") == true)

        await fixture.press(.character("1"), .character("U"))
        #expect(try fixture.file("about/index.md") == EditorFixture.original("about/index.md"))
        #expect(try fixture.file("index.md") == EditorFixture.original("index.md"))
        #expect(!FileManager.default.fileExists(atPath: fixture.workspace.appendingPathComponent("team").path))
        #expect(fixture.app.editor?.displayPath == "about/index.md")
    }

    static let page = "# Title\n\nFirst.\n\nSecond.\n\nThird.\n"

    /// A conflict: the second paragraph edited here and on disk.
    func conflict() async throws -> EditorFixture {
        let fixture = try EditorFixture(copying: nil, files: ["page.md": Self.page])
        await fixture.appear("page.md")
        let editor = try #require(fixture.app.editor)
        editor.onSelectedLine(5)
        editor.onInspector(.changedText("My second."))
        editor.onInspector(.leftText)
        try "# Title\n\nFirst.\n\nTheir second.\n\nThird.\n".write(to: fixture.workspace.appendingPathComponent("page.md"), atomically: true, encoding: .utf8)
        await fixture.press(.ctrl("s"))
        #expect(editor.destination == .conflict)
        return fixture
    }

    @Test func mergeShowsTheOverlappingChangeAndALetterTakesItsButton() async throws {
        let fixture = try await conflict()
        // From Keep both, → selects Merge.
        await fixture.press(.right, .enter)
        let lines = await rows(fixture)
        #expect(lines.contains { $0.contains("┌ Merge · change 1 of 1") })
        #expect(lines.contains { $0.contains("Both changed these lines. 0 other changes from the disk and 0 changes of yours are taken as") })
        let body = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        for text in ["As both started (line 5):", "Disk's (line 5):", "Yours (line 5):"] {
            #expect(lines.contains { $0.contains(text) }, "\(text)")
        }
        #expect(body.contains { $0.contains("│   Their second.") })
        #expect(body.contains { $0.contains("│   My second.") })
        #expect(lines.contains { $0.contains("[ Disk's ]  [ Yours ]  [ Both ]  [ Cancel ]") })
        #expect(lines.last?.contains("Merge · change 1 of 1: button Yours") == true)

        await fixture.press(.character("b"))
        #expect(fixture.app.editor?.destination == nil)
        #expect(fixture.app.editor?.document.value?.text == "# Title\n\nFirst.\n\nMy second.\nTheir second.\n\nThird.\n")
        #expect(fixture.app.editor?.saveState == .dirty)
        #expect(try fixture.file("page.md") == "# Title\n\nFirst.\n\nTheir second.\n\nThird.\n")
    }

    @Test func compareShowsTheDifferencesAndEscapeGoesBackToTheQuestion() async throws {
        let fixture = try await conflict()
        await fixture.press(.right, .right, .enter)
        var lines = await rows(fixture)
        #expect(lines.contains { $0.contains("┌ Compare with disk") })
        #expect(lines.contains { $0.contains("page.md: - lines are the disk's, + lines yours.") })
        #expect(lines.contains { $0.contains("│ -Their second.") })
        #expect(lines.contains { $0.contains("│ +My second.") })
        #expect(lines.contains { $0.contains("[ Merge ]  [ Back ]") })

        await fixture.press(.character("m"))
        lines = await rows(fixture)
        #expect(lines.contains { $0.contains("┌ Merge · change 1 of 1") })
        await fixture.press(.escape)
        lines = await rows(fixture)
        #expect(lines.contains { $0.contains("┌ Changed on disk") })
        #expect(fixture.app.editor?.document.value?.text == "# Title\n\nFirst.\n\nMy second.\n\nThird.\n")
    }
}
