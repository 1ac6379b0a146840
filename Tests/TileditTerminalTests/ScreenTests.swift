import Foundation
import Testing
import TileditModel
import TileditTestSupport
@testable import TileditTerminal
@testable import TileditViewModels
import TileditTerminalToolkit

/// Frames drawn off-screen from view models over a copy of the example
/// site (live services, manual clock), compared row by row.
@MainActor
@Suite("Screen frames")
struct ScreenTests {
    /// Compares whole rows, naming the first row that differs.
    func expectRows(_ buffer: ScreenBuffer, _ range: Range<Int>, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let actual = Array(EditorFixture.lines(buffer)[range])
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (offset, (got, want)) in zip(actual, expected).enumerated() where got != want {
            Issue.record("row \(range.lowerBound + offset):\n got: \(got)\nwant: \(want)", sourceLocation: sourceLocation)
            return
        }
    }

    func exampleSite(opening path: String = "index.md") async throws -> EditorFixture {
        let fixture = try EditorFixture()
        await fixture.appear()
        await fixture.open(path)
        return fixture
    }

    @Test func wideLayoutShowsDocumentsBlocksInspectorOverPreviewAndTheStatusLine() async throws {
        let fixture = try await exampleSite()
        let frame = await fixture.frame()
        #expect(frame.rows == 40 && frame.columns == 120)
        expectRows(frame, 0..<40, Self.wide)
        #expect(frame.cursor == nil)
    }

    @Test func narrowLayoutShowsTheFocusedPaneUnderABreadcrumb() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("2"), .down, .down, .down)
        let frame = await fixture.frame(rows: 24, columns: 80)
        expectRows(frame, 0..<24, Self.narrow)
        await fixture.press(.tab)
        let inspector = await fixture.frame(rows: 24, columns: 80)
        expectRows(inspector, 0..<4, Self.narrowInspector)
    }

    @Test func helpOverlayListsEachActionWithItsKeys() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("2"), .down, .down, .down, .character("?"))
        let frame = await fixture.frame(rows: 24, columns: 80)
        expectRows(frame, 0..<24, Self.help)
        #expect(HelpOverlay.text.contains("  K, Alt-↑          Move the block up"))
        #expect(HelpOverlay.text.contains("  e                 Edit the prose block in $EDITOR"))
        // Escape means the same in a field and in a text area: leave, keeping the typing.
        let typing = HelpOverlay.text.drop { $0 != "Editing a field" }.prefix(13).joined(separator: "\n")
        #expect(typing == """
            Editing a field
              Enter             Apply the value (stays while it is not valid)
              Esc, Tab, Ctrl-C  Leave: applied if valid, else kept with its message
              ↑, ↓              Leave: applied if valid, else kept with its message
              Ctrl-G            Discard the typing (asks first)
              Ctrl-S            Leave and save

            Editing text
              Esc, Tab, Ctrl-C  Leave: applied if valid, else kept with its message
              Ctrl-G            Discard the typing (asks first)
              Ctrl-S            Leave and save

            Typing
            """)
        await fixture.press(.escape)
        #expect(!fixture.state.isHelpShown)
    }

    /// The help ends by saying where the keys differ from micro, nano and
    /// helix, Ctrl-G first among them.
    @Test func helpEndsWithWhereTheKeysDifferFromMicroNanoAndHelix() {
        let section = Array(HelpOverlay.text.drop { $0 != "Unlike micro, nano and helix" })
        #expect(section.count == 9)
        #expect(section.last == HelpOverlay.text.last)
        #expect(section.contains("  Ctrl-G            Discards what was typed into a field or text, after asking (in micro and nano the help)"))
        #expect(HelpOverlay.text.contains("  Ctrl-Y            Put back what the last of those deleted"))
    }

    @Test func tileCatalogSheetListsTheTypesAndFiltersAsTheUserTypes() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("2"), .down, .down, .down, .character("i"))
        let frame = await fixture.frame()
        expectRows(frame, 13..<26, Self.catalog)
        expectRows(frame, 39..<40, [" index.md  clean  block 4/9  Insert tile: callout                                 type filter  Enter insert  Esc cancel"])
        await fixture.type("ch")
        let filtered = await fixture.frame()
        expectRows(filtered, 14..<18, Self.catalogCh)
    }

    @Test func theStatusLineSaysTheDocumentsOrderWhenAFilterCutsItFromThePaneTitleAndRowsShowTheirDates() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("1"), .character("f"))
        await fixture.type("post")
        await fixture.press(.enter, .character("s"), .character("s"))
        #expect(fixture.app.documents?.sortOrder == .date)
        let frame = await fixture.frame()
        let lines = EditorFixture.lines(frame)
        #expect(lines[0].hasPrefix("┏ Documents · 4 of 9 · … ┓"))
        // Ordered by date, each row shows its date.
        #expect(lines[2].hasPrefix("┃ 2026-11-20  A newslett…┃"))
        #expect(lines[3].hasPrefix("┃ 2026-11-09  Charts and…┃"))
        expectRows(frame, 39..<40, [" index.md  clean  block 1/9  Documents (by date): posts/charts-and-diagrams/index.md (Charts and diagra… ? keys  q quit"])
        await fixture.press(.character("f"), .ctrl("g"))
        let unfiltered = await fixture.frame()
        #expect(EditorFixture.lines(unfiltered)[0].hasPrefix("┏ Documents · 9 · date ━━┓"))
    }

    /// Issue: a document nesting quotes and lists a hundred thousand deep
    /// must open, preview and draw without exhausting the stack.
    @Test(arguments: ["> ", "- ", "> 1. "])
    func aDocumentNestedAHundredThousandDeepOpensAndDraws(opener: String) async throws {
        let fixture = try EditorFixture(copying: nil, files: ["deep.md": "# Deep\n\n" + String(repeating: opener, count: 100_000) + "bottom\n"])
        await fixture.appear()
        await fixture.open("deep.md")
        #expect(fixture.app.editor?.document.value?.blockCount == 2)
        let items = try #require(fixture.app.preview.document.value?.items)
        #expect(items.count == 2)
        let lines = EditorFixture.lines(await fixture.frame())
        #expect(lines.contains { $0.contains("bottom") })
    }

    @Test func aConflictWithTheFileOnDiskOffersReloadOverwriteKeepBothMergeAndCompare() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("2"), .down, .down, .down, .character("K"))
        try "changed outside\n".write(to: fixture.workspace.appendingPathComponent("index.md"), atomically: true, encoding: .utf8)
        await fixture.press(.ctrl("s"))
        let frame = await fixture.frame()
        expectRows(frame, 15..<24, Self.conflict)
        expectRows(frame, 39..<40, [" index.md  changed on disk  block 3/9  Changed on disk: button Keep both                        Enter choose  Esc close"])
        await fixture.press(.enter)
        #expect(fixture.app.editor?.destination == nil)
        #expect(try fixture.file("index.md") == "changed outside\n")
        // The copy goes where the site does not publish it.
        let copies = try FileManager.default.contentsOfDirectory(atPath: fixture.workspace.appendingPathComponent(".tiledit/conflicts").path)
        #expect(copies.count == 1)
        #expect(copies.first?.hasPrefix("index (conflict ") == true)
        #expect(fixture.app.editor?.notes == ["Your edits were saved as .tiledit/conflicts/\(copies.first ?? "") (in a hidden folder the site does not publish)."])
    }

    @Test func anUnreadableDocumentIsReportedInAnAlert() async throws {
        let fixture = try EditorFixture(copying: nil, files: ["notes.md": "# Notes\n"])
        try Data([0x66, 0xFF, 0xFE, 0x00, 0x41]).write(to: fixture.workspace.appendingPathComponent("bad.md"))
        await fixture.appear()
        await fixture.press(.up, .enter)
        let frame = await fixture.frame(rows: 16, columns: 100)
        expectRows(frame, 0..<16, Self.binary)
        await fixture.press(.enter)
        #expect(fixture.app.destination == nil)
    }

    @Test func aWorkspaceThatCannotOpenShowsItsErrorInEveryPane() async throws {
        let fixture = try EditorFixture(copying: nil)
        await fixture.appear("no-such-folder")
        let frame = await fixture.frame(rows: 12, columns: 100)
        let lines = EditorFixture.lines(frame)
        #expect(lines[0] == "┏ Documents ━━━━━━━━━━━┓┌ Blocks ──────────────────────────┐┌ Inspector ───────────────────────────┐")
        #expect(lines[1].hasSuffix("┃│ No document open                 ││ Nothing to inspect                   │"))
        #expect(lines[7].hasSuffix("┃│                                  ││ No document open                     │"))
        #expect(lines.joined(separator: " ").contains("exist; check the"))
        #expect(lines[11] == " Could not open the workspace  Documents                                             ? keys  q quit")
    }

    @Test func theBlocksPaneWidthIsMeasuredAgainWhenTheDocumentChangesOnly() async throws {
        let fixture = try await exampleSite()
        await fixture.press(.character("2"))
        _ = await fixture.frame(rows: 40, columns: 240)
        let editor = try #require(fixture.app.editor)
        var widths = [try #require(fixture.state.blocksWidth?.width)]
        #expect(widths[0] == BlocksPane.wantedWidth(fixture.app))
        // Moving the selection keeps the measure (the same document).
        let changes = editor.documentChanges
        await fixture.press(.down)
        _ = await fixture.frame(rows: 40, columns: 240)
        #expect(editor.documentChanges == changes)
        // Each deletion is a new document: measured again, as a fresh measure gives.
        while editor.blockCount > 1 {
            editor.onSelectedEdge(last: false)
            editor.onTappedDelete()
            editor.onConfirmedDelete()
            _ = await fixture.frame(rows: 40, columns: 240)
            let cached = try #require(fixture.state.blocksWidth)
            #expect(cached.documentChanges == editor.documentChanges)
            #expect(cached.width == BlocksPane.wantedWidth(fixture.app))
            widths.append(cached.width)
        }
        #expect(Set(widths).count > 1, "the example's rows should differ in width: \(widths)")
    }

    @Test func anEmptyFolderSaysSoAndHowToStart() async throws {
        let fixture = try EditorFixture(copying: nil)
        await fixture.appear()
        let frame = await fixture.frame(rows: 12, columns: 100)
        expectRows(frame, 0..<12, Self.empty)
    }

    // Expected frames, reviewed by eye; `// frame:` names the capture they came from.

    static let wide: [String] =
        // frame: wide 0..40
        [
            "┏ Documents · 9 · path ━━┓┌ Blocks · 9 · index.md ──────────────────┐┌ Inspector · front matter ───────────────────────┐",
            "┃ About  about/index.md  ┃│1 front matter   title: Tiledit Example …││ front matter: title: Tiledit Exampl…  lines 1–6 │",
            "┃ authors  data/authors.…┃│2 heading 1      Welcome                 ││ title        Tiledit Example Site               │",
            "┃ Docs  docs/index.md    ┃│3 paragraph      This site is written fo…││ description  Pages, posts and every built-in til│",
            "┃›Tiledit Example Site  …┃│4 tile callout   welcome-note · Nothing …││ image        /assets/preview.svg                │",
            "┃ Charts and diagrams  p…┃│5 heading 2      What is here            ││ latest       [x] true                           │",
            "┃ Hello, Tiledit  posts/…┃│6 bullet list    **Pages**: this one, [A…││ date         not set                            │",
            "┃ Posts  posts/index.md  ┃│7 tile counter   welcome-counter · Click…││ tags         not set                            │",
            "┃ A newsletter sign-up d…┃│8 recent posts   recent posts            ││ draft        [ ] not set                        │",
            "┃ Tiledit Example Site  …┃│9 table          | Tile | Where |        ││ slug         not set                            │",
            "┃                        ┃│                                         ││ imageDark    not set                            │",
            "┃                        ┃│                                         ││ weight       not set                            │",
            "┃                        ┃│                                         ││ type         not set                            │",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││ title: Title of the page                        │",
            "┃                        ┃│                                         ││ accepts text                                    │",
            "┃                        ┃│                                         │└─────────────────────────────────────────────────┘",
            "┃                        ┃│                                         │┌ Preview ────────────────────────────────────────┐",
            "┃                        ┃│                                         ││ ┌─ front matter ───────────────────────────────┐│",
            "┃                        ┃│                                         ││ │ title: Tiledit Example Site                  ││",
            "┃                        ┃│                                         ││ │ description: Pages, posts and every built-in ││",
            "┃                        ┃│                                         ││ │   tile, to try Tiledit on.                   ││",
            "┃                        ┃│                                         ││ │ image: /assets/preview.svg                   ││",
            "┃                        ┃│                                         ││ │ latest: true                                 ││",
            "┃                        ┃│                                         ││ └──────────────────────────────────────────────┘│",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││ # Welcome                                       │",
            "┃                        ┃│                                         ││                                                 │",
            "┃                        ┃│                                         ││ This site is written for Tiledit. Open it with  │",
            "┃                        ┃│                                         ││ tiledit Examples/site, move between the         │",
            "┃                        ┃│                                         ││ documents on the left, and edit the blocks of a │",
            "┃                        ┃│                                         ││ page: prose in a text area, tiles through typed │",
            "┃                        ┃│                                         ││ forms that check what you type.                 │",
            "┃                        ┃│                                         ││                                                 │",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━┛└─────────────────────────────────────────┘└─────────────────────────────────────────────────┘",
            " index.md  clean  block 1/9  Documents (by path): index.md (Tiledit Example Site)                        ? keys  q quit",
        ]

    static let narrow: [String] =
        // frame: narrow 0..24
        [
            " site › index.md › Blocks › 4 tile callout",
            "┏ Blocks · 9 · index.md ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "┃1 front matter     title: Tiledit Example Site                                ┃",
            "┃2 heading 1        Welcome                                                    ┃",
            "┃3 paragraph        This site is written for Tiledit. Open it with `tiledit Ex…┃",
            "┃4 tile callout     welcome-note · Nothing you did not touch changes           ┃",
            "┃5 heading 2        What is here                                               ┃",
            "┃6 bullet list      **Pages**: this one, [About](page:about) and [Docs](page:d…┃",
            "┃7 tile counter     welcome-counter · Clicks on this page                      ┃",
            "┃8 recent posts     recent posts                                               ┃",
            "┃9 table            | Tile | Where |                                           ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┃                                                                              ┃",
            "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
            " index.md  clean  block 4/9  Blocks: tile callout: welcome-note… ? keys  q quit",
        ]

    static let narrowInspector: [String] =
        // frame: narrow inspector 0..4
        [
            " site › index.md › Inspector › 4 tile callout",
            "┏ Inspector · tile callout ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓",
            "┃ tile callout: welcome-note · Nothing you did not touch changes   lines 13–17 ┃",
            "┃ id     welcome-note                                                          ┃",
        ]

    static let help: [String] =
        // frame: help 0..24
        [
            " site › index.md › Blocks › 4 tile callout",
            "┌ Bl┌ Keys (↑↓ scroll, Esc closes) ────────────────────────────────────────┐───┐",
            "│1 f│ Everywhere                                                           │   │",
            "│2 h│   ?                 Show these keys                                  │   │",
            "│3 p│   /                 Search the workspace                             │Ex…│",
            "│4 t│   Ctrl-S            Save the document                                │   │",
            "│5 h│   u, Ctrl-Z         Undo                                             │   │",
            "│6 b│   Ctrl-R, Ctrl-Y    Redo                                             │:d…│",
            "│7 t│   q, Ctrl-C         Quit                                             │   │",
            "│8 r│   Tab               Next pane                                        │   │",
            "│9 t│   Shift-Tab         Previous pane                                    │   │",
            "│   │   1                 Go to the documents                              │   │",
            "│   │   2                 Go to the blocks                                 │   │",
            "│   │   3                 Go to the inspector                              │   │",
            "│   │   4                 Go to the preview                                │   │",
            "│   │   ,                 Settings                                         │   │",
            "│   │   n                 New document                                     │   │",
            "│   │   R                 Reload the list and check the file on disk       │   │",
            "│   │   F                 Format the document (canonical form)             │   │",
            "│   │   :                 Go to a line                                     │   │",
            "│   │                                                                      │   │",
            "│   └──────────────────────────────────────────────────────────────────────┘   │",
            "└──────────────────────────────────────────────────────────────────────────────┘",
            " index.md  clean  block 4/9  Keys                                     Esc close",
        ]

    static let catalog: [String] =
        // frame: catalog 13..26
        [
            "│                        ││┌ Insert tile ───────────────────────────────────────────────────┐                          │",
            "│                        │││ Filter: type to filter                                         │                          │",
            "│                        │││                                                                │                          │",
            "│                        │││ callout       A highlighted note with a title and a body       │                          │",
            "│                        │││ counter       A button that counts clicks in the browser       │                          │",
            "│                        │││ embed         A video from YouTube, Vimeo or an https media f… │e in the page; lowercase… │",
            "│                        │││ chart         A bar, line, pie, doughnut or scatter chart      │b-case id, unique in the… │",
            "│                        │││ mermaid       A Mermaid diagram                                │──────────────────────────┘",
            "│                        │││ service-form  A form bound to a service contract               │──────────────────────────┐",
            "│                        │││ buttondown    A Buttondown newsletter sign-up form             │─────────────────────────┐│",
            "│                        │││                                                                │                         ││",
            "│                        │││                                                                │id not touch changes     ││",
            "│                        ││└────────────────────────────────────────────────────────────────┘edit and compare the     ││",
        ]

    static let catalogCh: [String] =
        // frame: catalog ch 14..18
        [
            "│                        │││ Filter: ch                                                     │                          │",
            "│                        │││                                                                │                          │",
            "│                        │││ chart  A bar, line, pie, doughnut or scatter chart             │                          │",
            "│                        │││                                                                │                          │",
        ]

    static let conflict: [String] =
        // frame: conflict 15..24
        [
            "│                   ┌ Changed on disk ─────────────────────────────────────────────────────────────┐                   │",
            "│                   │ index.md changed on disk since it was loaded.                                │                   │",
            "│                   │ Reload drops your edits; Overwrite writes yours over the file; Keep both     │                   │",
            "│                   │ saves yours as a copy in .tiledit/conflicts/ and loads the file; Merge takes │e page; lowercase… │",
            "│                   │ the changes of both, asking where they overlap; Compare shows the            │id, unique in the… │",
            "│                   │ differences.                                                                 │───────────────────┘",
            "│                   │                                                                              │───────────────────┐",
            "│                   │ [ Reload ]  [ Overwrite ]  [ Keep both ]  [ Merge ]  [ Compare ]  [ Cancel ] │──────────────────┐│",
            "│                   └──────────────────────────────────────────────────────────────────────────────┘                  ││",
        ]

    static let binary: [String] =
        // frame: binary 0..16
        [
            "┌ Documents · 2 · path ┐┌ Blocks · 1 · notes.md ───────────┐┌ Inspector · heading 1 ───────────────┐",
            "│ bad unreadable  bad.…││1 heading 1   Notes               ││ heading 1: Notes           lines 1–1 │",
            "│›Notes  notes.md      ││                                  ││ # Notes                              │",
            "│                      ││                                  ││                                      │",
            "│                 ┌ Error ───────────────────────────────────────────────────────┐                 │",
            "│                 │ bad.md looks like a binary file (a NUL byte at line 1,       │                 │",
            "│                 │ column 4, byte 3); Tiledit edits only text files.            │                 │",
            "│                 │                                                              │─────────────────┘",
            "│                 │                            [ OK ]                            │─────────────────┐",
            "│                 └──────────────────────────────────────────────────────────────┘                 │",
            "│                      ││                                  ││                                      │",
            "│                      ││                                  ││                                      │",
            "│                      ││                                  ││                                      │",
            "│                      ││                                  ││                                      │",
            "└──────────────────────┘└──────────────────────────────────┘└──────────────────────────────────────┘",
            " notes.md  clean  block 1/1  Error: button OK                               Enter choose  Esc close",
        ]

    static let empty: [String] =
        // frame: empty 0..12
        [
            "┏ Documents · 0 · path ┓┌ Blocks ──────────────────────────┐┌ Inspector ───────────────────────────┐",
            "┃ No documents here    ┃│ No document open                 ││ Nothing to inspect                   │",
            "┃ n creates one        ┃│ Enter on a document opens it     ││ Open a document and select a block   │",
            "┃                      ┃│                                  ││                                      │",
            "┃                      ┃│                                  ││                                      │",
            "┃                      ┃│                                  │└──────────────────────────────────────┘",
            "┃                      ┃│                                  │┌ Preview ─────────────────────────────┐",
            "┃                      ┃│                                  ││ No document open                     │",
            "┃                      ┃│                                  ││                                      │",
            "┃                      ┃│                                  ││                                      │",
            "┗━━━━━━━━━━━━━━━━━━━━━━┛└──────────────────────────────────┘└──────────────────────────────────────┘",
            " site  Documents                                                                     ? keys  q quit",
        ]
}
