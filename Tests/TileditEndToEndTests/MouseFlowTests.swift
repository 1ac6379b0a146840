import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// The mouse with the real editor under tmux (120 × 40: documents in
    /// columns 0–25, blocks in 26–68, the inspector over the preview from
    /// column 69): the reports tmux passes on are what a terminal in SGR
    /// mode sends.
    @Suite("Mouse")
    struct MouseFlowTests {
        /// Where `text` starts on the screen (row, column), for a row of
        /// one-column characters before it.
        func place(of text: String, in screen: Capture) throws -> (row: Int, column: Int) {
            for (row, line) in screen.lines.enumerated() {
                if let range = line.range(of: text) { return (row, line.distance(from: line.startIndex, to: range.lowerBound)) }
            }
            throw EditorSession.Failure(description: "\(text) is not on the screen:\n\(screen)")
        }

        @Test func clicksSelectAndOpenTheWheelMovesTheListAlertsTakeClicksAndTheSettingGivesTheMouseBack() async throws {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let session = try EditorSession(fixture: TestSupport.exampleSite)
            try await session.waitUntilReady()
            try await session.waitUntil("mouse reports to be asked for") { _ in (try? session.reportsMouse()) == true }

            // A click selects a document; a click on the selected one opens it.
            try session.click(row: 3, column: 5)
            try await session.waitUntil("docs/index.md selected") { $0.status.contains("Documents (by path): docs/index.md (") }
            try session.click(row: 3, column: 5)
            try await session.waitUntil("docs/index.md open") { $0.status.hasPrefix(" docs/index.md  ") && $0.status.contains("Blocks: ") }
            try session.click(row: 4, column: 5)
            try session.click(row: 4, column: 5)
            try await session.waitUntil("index.md open") { $0.status.hasPrefix(" index.md  clean  block 1/9") }

            // The wheel moves the list under the pointer; a click selects a block.
            try session.wheel(down: true, row: 10, column: 40)
            try await session.waitUntil("the wheel") { $0.status.contains("block 4/9") }
            try session.click(row: 2, column: 40)
            try await session.waitUntil("the clicked block") { $0.status.contains("block 2/9  Blocks: heading 1: Welcome") }

            // An alert's buttons take clicks; a click beside them does nothing.
            try session.press("d")
            let alert = try await session.waitUntil("the delete question") { $0.hasOverlay("Delete block") }
            try session.click(row: 30, column: 5)
            let cancel = try place(of: "[ Cancel ]", in: alert)
            try session.click(row: cancel.row, column: cancel.column + 3)
            try await session.waitUntil("the question answered") { !$0.hasOverlay("Delete block") && $0.status.contains("  clean  block 2/9") }

            // The settings' Mouse row turns it off: the terminal is asked to keep the mouse.
            try session.press(",")
            let settings = try await session.waitUntil("the settings") { $0.hasOverlay("Settings") && $0.contains("Mouse") }
            let mouseRow = try place(of: "Mouse", in: settings)
            try session.click(row: mouseRow.row, column: mouseRow.column)
            try await session.waitUntil("the Mouse row") { $0.status.contains("Settings: Mouse: on") }
            try session.click(row: mouseRow.row, column: mouseRow.column)
            try await session.waitUntil("the mouse off") { $0.status.contains("Settings: Mouse: off") && (try? session.reportsMouse()) == false }
            #expect(try session.text("../config/tiledit/settings.yml").contains("mouse: false"))
            try await session.escape { !$0.hasOverlay("Settings") }
            // Reports that still arrive do nothing.
            try session.click(row: 4, column: 40)
            try session.press("?")
            try await session.waitUntil("the help") { $0.contains("┌ Keys (") }
            try await session.escape { !$0.contains("┌ Keys (") }
            #expect(try session.capture().status.contains("block 2/9"))

            try session.press("q")
            #expect(try await session.waitForExit() == 0)
            #expect(try session.text("index.md") == String(decoding: try TestSupport.readFile(TestSupport.exampleSite.appendingPathComponent("index.md")), as: UTF8.self))
        }
    }
}
