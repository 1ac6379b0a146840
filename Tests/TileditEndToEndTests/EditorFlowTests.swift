import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// Whole editing sessions on a copy of the bundled example site,
    /// asserting what the screen shows and the bytes on disk at the end.
    @Suite("Editor flows")
    struct EditorFlowTests {
        static let site = TestSupport.exampleSite

        func start(width: Int = 120, height: Int = 40, editor: String = "vi") async throws -> EditorSession {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let session = try EditorSession(fixture: Self.site, width: width, height: height, editor: editor)
            try await session.waitUntilReady()
            return session
        }

        @Test func aPathThatDoesNotExistIsAnErrorBeforeTheScreenIsTaken() throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let process = Process()
            process.executableURL = EditorSession.binary
            process.arguments = ["/nonexistent/tiledit-content"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(message == "tiledit: /nonexistent/tiledit-content does not exist (tiledit help lists the commands)\n")
        }

        /// Highlights `path` in the documents pane (reading the status line
        /// after each step down) and opens it.
        func open(_ path: String, in session: EditorSession) async throws {
            try session.press("1", "g")
            // The help overlay opening and closing proves the keys were handled.
            try session.press("?")
            try await session.waitUntil("the help") { $0.contains("┌ Keys (") }
            try await session.escape { !$0.contains("┌ Keys (") }
            var screen = try await session.waitUntil("the first document") { $0.status.contains("Documents (by ") }
            for _ in 0..<20 {
                if screen.status.contains("Documents (by ") && screen.status.contains("): \(path) (") {
                    try session.press("Enter")
                    try await session.waitUntil("\(path) to open") { $0.status.hasPrefix(" \(path)  ") && $0.status.contains("block ") }
                    return
                }
                try session.press("j")
                let before = screen.status
                screen = try await session.waitUntil("the next document") { $0.status != before }
            }
            Issue.record("\(path) is not in the documents pane")
        }

        /// Every file of the example site except `changed` has its original bytes.
        func expectOthersUnchanged(_ session: EditorSession, except changed: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let original = TestSupport.listTree(Self.site)
            #expect(TestSupport.listTree(session.workspace) == original, sourceLocation: sourceLocation)
            for path in original where !changed.contains(path) {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: Self.site.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                #expect(try session.bytes(path) == TestSupport.readFile(Self.site.appendingPathComponent(path)), "\(path) changed", sourceLocation: sourceLocation)
            }
        }

        @Test func editTitleMoveTileInsertChartFixUndoSaveQuit() async throws {
            let session = try await start()
            try await open("index.md", in: session)

            // Edit the callout's title through its form.
            try session.press("2", "g", "j", "j", "j")
            try await session.waitUntil("the callout") { $0.status.contains("block 4/9  Blocks: tile callout: welcome-note") }
            try session.press("Enter", "j", "j")
            try await session.waitUntil("the title field") { $0.status.contains("Field title: Nothing you did not touch changes") }
            try session.press("Enter", "C-u")
            try session.type("Only your edit changes")
            try await session.waitUntil("the typed title") { $0.status.contains("Editing field title") && $0.contains("•title  Only your edit changes") }
            try session.press("Enter")
            try await session.waitUntil("the applied title") { $0.status.contains("modified") && $0.status.contains("Field title: Only your edit changes") }

            // Move the tile up, above the paragraph.
            try session.press("2", "K")
            try await session.waitUntil("the moved tile") { $0.status.contains("block 3/9  Blocks: tile callout: welcome-note · Only your edit changes") }

            // Insert a chart from the catalog.
            try session.press("i")
            try await session.waitUntil("the catalog") { $0.hasOverlay("Insert tile") }
            try session.type("chart")
            try await session.waitUntil("chart to be chosen") { $0.status.contains("Insert tile: chart") }
            try session.press("Enter")
            // Its form opens on its first field; leaving it changes nothing.
            try await session.waitUntil("the chart's form") { $0.status.contains("block 4/10  Editing field id") }
            try await session.escape { !$0.status.contains("Editing ") }

            // Type a tile with an invalid id into a new paragraph, then fix it.
            try session.press("o")
            try await session.waitUntil("the new paragraph") { $0.status.contains("block 4/10  Editing a new paragraph") }
            try session.type(":::tile callout\nid: My Note\n:::")
            try await session.escape { !$0.status.contains("Editing ") }
            try await session.waitUntil("the error") { $0.status.contains("✖ 1 error") && $0.contains("tile callout: My Note") }
            try session.press("2", "x")
            try await session.waitUntil("the fix") { !$0.status.contains("error") && $0.contains("tile callout: my-note") }

            // Undo the fix, then redo it.
            try session.press("u")
            try await session.waitUntil("the undone fix") { $0.status.contains("✖ 1 error") }
            try session.press("C-r")
            try await session.waitUntil("the redone fix") { !$0.status.contains("error") && $0.contains("tile callout: my-note") }

            // Save and quit.
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            try session.press("q")
            let status = try await session.waitForExit()
            #expect(status == 0)

            let original = try String(decoding: TestSupport.readFile(Self.site.appendingPathComponent("index.md")), as: UTF8.self)
            let paragraph = "This site is written for Tiledit. Open it with `tiledit Examples/site`, move\nbetween the documents on the left, and edit the blocks of a page: prose in a\ntext area, tiles through typed forms that check what you type.\n\n"
            let callout = ":::tile callout\nid: welcome-note\ntitle: Nothing you did not touch changes\nbody: Save after an edit and compare the file: only the bytes of your edit differ.\n:::\n\n"
            let expected = original
                .replacingOccurrences(of: paragraph + callout, with: callout.replacingOccurrences(of: "Nothing you did not touch changes", with: "Only your edit changes")
                    + Self.chartTemplate + ":::tile callout\nid: my-note\n:::\n\n" + paragraph)
            #expect(try session.text("index.md") == expected)
            try expectOthersUnchanged(session, except: ["index.md"])
        }

        /// A chart as the catalog inserts it, with the blank line after it.
        static let chartTemplate = ":::tile chart\nid: chart-1\ntype: bar\nlabels: A, B, C\nseries.Values: 1, 2, 3\n:::\n\n"

        @Test func anOutsideChangeRaisesAConflictAndKeepBothKeepsTheirsAndOurs() async throws {
            let session = try await start()
            try await open("index.md", in: session)
            try session.press("2", "G", "K")
            try await session.waitUntil("the edit") { $0.status.contains("modified") }
            let outside = "---\ntitle: Changed elsewhere\n---\n# Elsewhere\n"
            try Data(outside.utf8).write(to: session.workspace.appendingPathComponent("index.md"))
            try session.press("C-s")
            let screen = try await session.waitUntil("the conflict") { $0.hasOverlay("Changed on disk") }
            #expect(screen.overlayText("Changed on disk")?.hasPrefix("index.md changed on disk since it was loaded.") == true)
            #expect(screen.contains("[ Reload ]  [ Overwrite ]  [ Keep both ]  [ Merge ]  [ Compare ]  [ Cancel ]"))
            // Letters do not answer this alert; Keep both is selected.
            try session.press("o")
            try await session.waitUntil("the conflict to stay") { $0.hasOverlay("Changed on disk") }
            try session.press("Enter")
            try await session.waitUntil("the reloaded file") { !$0.hasOverlay("Changed on disk") && $0.status.contains("  clean  ") && $0.contains("# Elsewhere") }
            #expect(try session.text("index.md") == outside)
            // The copy is where the site does not publish it.
            let copies = try FileManager.default.contentsOfDirectory(atPath: session.workspace.appendingPathComponent(".tiledit/conflicts").path)
                .filter { $0.hasPrefix("index (conflict ") }
            #expect(copies.count == 1)
            let ours = try copies.first.map { try session.text(".tiledit/conflicts/" + $0) }
            #expect(ours?.contains("| buttondown | Newsletter |\n\n:::recent:::\n") == true)
            try session.press("q")
            let status = try await session.waitForExit()
            #expect(status == 0)
        }

        @Test func quittingWithUnsavedChangesAsksFirst() async throws {
            let session = try await start()
            try await open("index.md", in: session)
            try session.press("2", "G", "K")
            try await session.waitUntil("the edit") { $0.status.contains("modified") }
            try session.press("q")
            var screen = try await session.waitUntil("the question") { $0.hasOverlay("Unsaved changes") }
            #expect(screen.overlayText("Unsaved changes") == "These documents have unsaved edits: index.md [ Save and quit ] [ Discard and quit ] [ Cancel ]")
            try session.press("c")
            screen = try await session.waitUntil("the editor again") { !$0.hasOverlay("Unsaved changes") }
            #expect(!session.hasExited())
            #expect(screen.status.contains("modified"))
            try session.press("C-c")
            try await session.waitUntil("the question again") { $0.hasOverlay("Unsaved changes") }
            try session.press("d")
            let status = try await session.waitForExit()
            #expect(status == 0)
            try expectOthersUnchanged(session)
        }

        @Test func openingAndQuittingWithoutAnEditChangesNoByte() async throws {
            let session = try await start()
            try await open("posts/charts-and-diagrams/index.md", in: session)
            try session.press("2", "j", "j", "j", "Tab")
            try await session.waitUntil("the chart's fields") { $0.status.contains("Field id: visits-chart") }
            try session.press("q")
            let status = try await session.waitForExit()
            #expect(status == 0)
            try expectOthersUnchanged(session)
        }

        @Test func aNarrowTerminalShowsOnePaneUnderABreadcrumb() async throws {
            let session = try await start(width: 80, height: 24)
            // Each screen is waited for whole: the document list loads after
            // the breadcrumb shows, later on a busy machine.
            try await session.waitUntil("the breadcrumb over the loaded document list") {
                $0.lines[0] == " workspace › about/index.md › Documents" && $0.lines[1].hasPrefix("┏ Documents · 9 · path ")
            }
            try session.press("2", "j")
            try await session.waitUntil("the blocks") {
                $0.lines[0] == " workspace › about/index.md › Blocks › 2 heading 1" && $0.lines[1].hasPrefix("┏ Blocks · 8 · about/index.md ")
            }
            try session.press("Tab")
            try await session.waitUntil("the inspector") {
                $0.lines[0] == " workspace › about/index.md › Inspector › 2 heading 1" && $0.lines[2].hasPrefix("┃ heading 1: About")
            }
            try session.press("?")
            try await session.waitUntil("the help") { $0.contains("┌ Keys (↑↓ scroll, Esc closes) ─") }
            try await session.escape { !$0.contains("┌ Keys (") }
            try session.press("q")
            let status = try await session.waitForExit()
            #expect(status == 0)
            try expectOthersUnchanged(session)
        }

        @Test func eEditsTheSelectedProseBlockInTheExternalEditor() async throws {
            let session = try await start(editor: "sed -i s/Welcome/Hello/")
            try await open("index.md", in: session)
            try session.press("2", "j")
            try await session.waitUntil("the heading") { $0.status.contains("Blocks: heading 1: Welcome") }
            try session.press("e")
            try await session.waitUntil("the edited heading") { $0.status.contains("modified") && $0.status.contains("heading 1: Hello") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            try session.press("q")
            let status = try await session.waitForExit()
            #expect(status == 0)
            let original = try String(decoding: TestSupport.readFile(Self.site.appendingPathComponent("index.md")), as: UTF8.self)
            #expect(try session.text("index.md") == original.replacingOccurrences(of: "# Welcome\n", with: "# Hello\n"))
            try expectOthersUnchanged(session, except: ["index.md"])
        }

        @Test func aHangUpWhileTypingInATextAreaKeepsTheTypingForTheNextStart() async throws {
            let session = try await start()
            try await open("index.md", in: session)
            try session.press("2", "j", "Enter")
            try await session.waitUntil("the text area") { $0.status.contains("Editing text") }
            try session.press("End")
            try session.type(" and goodbye")
            try await session.waitUntil("the typing") { $0.contains("Welcome and goodbye") }
            try session.send(signal: SIGHUP)
            #expect(try await session.waitForExit() == 128 + SIGHUP)
            // The file is as it was; the typing waits in the journal.
            #expect(try session.bytes("index.md") == TestSupport.readFile(Self.site.appendingPathComponent("index.md")))
            try await session.restart()
            try await session.waitUntil("the list of recoverable edits") { $0.hasOverlay("Recover unsaved edits") && $0.contains("│ › index.md ") }
            try session.press("Enter")
            try await session.waitUntil("the restored document") { $0.status.hasPrefix(" index.md  modified") }
            try session.press("2", "j")
            try await session.waitUntil("the typed text, pending") { $0.status.contains("Blocks: heading 1: Welcome") }
            try session.press("Enter")
            try await session.waitUntil("the text area with the typing") { $0.status.contains("Editing text") && $0.contains("# Welcome and goodbye") }
            try await session.escape { !$0.status.contains("Editing ") }
            try await session.waitUntil("the applied text") { $0.contains("2 heading 1      Welcome and goodbye") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
            #expect(try session.text("index.md").contains("# Welcome and goodbye\n"))
            try expectOthersUnchanged(session, except: ["index.md"])
        }
    }
}
