import Foundation
import Testing
import TileditTestSupport

extension EndToEndTests {
    /// Text as the real editor draws it under tmux: grapheme clusters sent
    /// whole (read from the bytes that reach the terminal, `pipe-pane`),
    /// TABs as blank to the tab stop, every control character as a visible
    /// escape and never raw, and a bracketed paste taken as text (shared case 57).
    @Suite("Text drawing")
    struct TextDrawingFlowTests {
        /// A workspace of `files` and the editor on `open` in it.
        func start(_ files: [String: [UInt8]], open: String, width: Int = 120) async throws -> EditorSession {
            try #require(EditorSession.isBinaryBuilt, Comment(rawValue: EditorSession.missingBinaryMessage))
            let folder = try TestSupport.makeTemporaryFolder("e2e-text")
            for (path, bytes) in files {
                try Data(bytes).write(to: folder.appendingPathComponent(path))
            }
            let session = try EditorSession(fixture: folder, openPath: open, width: width, height: 40)
            try await session.waitUntilReady()
            try await session.waitUntil("\(open) to open") { $0.status.hasPrefix(" \(open)  ") && $0.status.contains("block ") }
            return session
        }

        static let controls = "bell \u{7} osc \u{1B}]0;PWNED\u{7} csi \u{9B}2J del \u{7F} nul \u{0} ls \u{2028} bidi \u{202E}dlrow\u{202C} iso \u{2066}x\u{2069} end"

        /// Every C0 control but TAB and the line breaks, DEL, every C1 control.
        static var everyControl: String {
            var text = ""
            for value in Array(0x00...0x1F) + Array(0x7F...0x9F) where value != 0x09 && value != 0x0A && value != 0x0D {
                text.unicodeScalars.append(Unicode.Scalar(value)!)
                text += "."
            }
            return text
        }

        /// The example text: clusters in the front matter, controls in a
        /// paragraph after the first 8 KB (where a NUL may be), in a tile
        /// value and every control in a second one.
        static var document: [UInt8] {
            let filler = String(repeating: "Filler text to pass the first eight kilobytes of the file. ", count: 150)
            return Array("""
                ---
                title: A 👍🏽 B 👨‍👩‍👧 C 🇳🇴 D ❤️ E
                ---

                \(filler)

                Tabbed:\tvalue \(controls)

                :::tile callout
                id: note
                title: before \(controls)
                body: \(everyControl)
                :::

                """.utf8)
        }

        @Test func clustersReachTheTerminalWholeAndControlCharactersOnlyAsEscapes() async throws {
            let session = try await start(["doc.md": Self.document], open: "doc.md", width: 200)
            let output = try session.recordOutput()
            // The preview, the blocks and the tile's form show each control as its escape.
            try session.press("4")
            try await session.waitUntil("the preview") { Self.shows("title: A 👍", $0) }
            try session.press("2", "G")
            try await session.waitUntil("the tile") { $0.status.contains("block 4/4") }
            try session.press("Enter", "j", "j")
            let form = try await session.waitUntil("the title field") { $0.status.contains("Field title") }
            #expect(Self.shows(#"before bell \u{07} osc \u{1B}]0;PWNED\u{07} csi \u{9B}2J del \u{7F} nul \u{00}"#, form))
            try session.press("j")
            let body = try await session.waitUntil("the body field") { $0.status.contains("Field body") }
            #expect(Self.shows(#"\u{00}.\u{01}.\u{02}.\u{03}.\u{04}.\u{05}.\u{06}.\u{07}.\u{08}.\u{0B}.\u{0C}.\u{0E}."#, body))
            // The paragraph past 8 KB, in its text area: the TAB is blank to the tab stop, the NUL an escape.
            try session.press("2", "k", "Enter")
            let area = try await session.waitUntil("the text area") { $0.status.contains("Editing text") }
            #expect(Self.shows(#"Tabbed: value bell \u{07}"#, area))
            #expect(Self.shows(#"nul \u{00}"#, area))
            #expect(Self.shows(#"\u{202E}dlrow\u{202C}"#, area))
            #expect(Self.shows(#"\u{2066}x\u{2069}"#, area))
            // No U+FFFD but in the preview, which follows the selected
            // block: it shows the NUL as CommonMark renders it, U+FFFD.
            let previewTitle = area.lines.firstIndex { $0.contains("┌ Preview") } ?? area.lines.count
            let previewColumn = area.lines.indices.contains(previewTitle)
                ? area.lines[previewTitle].distance(
                    from: area.lines[previewTitle].startIndex,
                    to: area.lines[previewTitle].range(of: "┌ Preview")?.lowerBound ?? area.lines[previewTitle].endIndex) : 0
            for (index, line) in area.lines.enumerated() {
                let outside = index < previewTitle ? line : String(line.prefix(previewColumn))
                #expect(!outside.contains("\u{FFFD}"), "row \(index) shows U+FFFD")
            }
            try await session.escape { !$0.status.contains("Editing ") }

            // The layout holds around clusters tmux sizes differently (👍🏽 is two cells to tmux 3.3).
            let preview = try await session.waitUntil("the preview again") { Self.shows("title: A 👍", $0) }
            #expect(Self.shows(" B 👨‍👩‍👧 C 🇳🇴 D ❤", preview))

            try session.press("q")
            #expect(try await session.waitForExit() == 0)
            let bytes = try TestSupport.readFile(output)
            func has(_ text: String) -> Bool { Self.find(Array(text.utf8), in: bytes) }
            #expect(has("👍🏽"), "the skin-toned cluster reached the terminal whole")
            #expect(has("👨‍👩‍👧"), "the ZWJ sequence reached the terminal whole")
            #expect(has("🇳🇴"))
            #expect(has("❤️"))
            #expect(has(#"\u{1B}]0;PWNED"#))
            #expect(!has("\u{1B}]0;PWNED"), "the document's escape sequence never reached the terminal raw")
            for scalar in ["\u{0}", "\u{7}", "\u{7F}", "\u{9B}", "\u{85}", "\u{2028}", "\u{202E}", "\u{2066}"] {
                #expect(!has(scalar), "U+\(String(scalar.unicodeScalars.first!.value, radix: 16)) reached the terminal raw")
            }
            #expect(try session.bytes("doc.md") == Self.document)
        }

        /// Whether the screen holds `text`'s bytes (a cluster tmux stored
        /// in part still matches its part, unlike `String.contains`).
        static func shows(_ text: String, _ screen: Capture) -> Bool {
            find(Array(text.utf8), in: Array(screen.description.utf8))
        }

        static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
            guard !needle.isEmpty, haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
                if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
            }
            return false
        }

        /// Shared case 57: a paste with a line break, indentation and a TAB
        /// into a CRLF file is text, one undo step, written with CRLF; a
        /// paste in the blocks pane acts as no key; a paste in a one-line
        /// field joins its lines and its `q` is text.
        @Test func case57BracketedPasteIsTextInTheFilesLineEndingsAndOneUndoStep() async throws {
            guard let cases = TestSupport.casesFolder else {
                print("skipped: ../shared/cases is absent (shared case 57)")
                return
            }
            let crlf = try TestSupport.readFile(cases.appendingPathComponent("57-bracketed-paste/input.md"))
            #expect(crlf == Array("---\r\ntitle: Paste test\r\n---\r\n\r\nFirst paragraph.\r\n\r\n:::tile callout\r\nid: note-1\r\ntitle: Hello\r\n:::\r\n".utf8))
            let session = try await start(["doc.md": crlf], open: "doc.md")

            // 1–2. Into the paragraph's text area: the TAB shows as blank, not U+FFFD.
            try session.press("2", "j")
            try await session.waitUntil("the paragraph") { $0.status.contains("block 2/3  Blocks: paragraph: First paragraph.") }
            try session.press("Enter")
            try await session.waitUntil("the text area") { $0.status.contains("Editing text") }
            try session.press("End")
            try session.paste("\nalpha\n  beta\n\tgamma")
            let pasted = try await session.waitUntil("the pasted lines") { $0.contains("    gamma") && $0.status.contains("line 4 of 4") }
            let rows = try #require(pasted.paneRows("Inspector · paragraph"))
            #expect(rows.contains { $0.hasPrefix(" First paragraph.") })
            #expect(rows.contains { $0.hasPrefix(" alpha") })
            #expect(rows.contains { $0.hasPrefix("   beta") })
            #expect(rows.contains { $0.hasPrefix("     gamma") })
            #expect(!pasted.contains("\u{FFFD}"))
            try await session.escape { !$0.status.contains("Editing ") }
            try await session.waitUntil("the applied paste") { $0.status.contains("modified") }

            // 3. One undo gives back the paragraph alone; redo brings the paste back.
            try session.press("2", "u")
            try await session.waitUntil("the undone paste") { $0.status.contains("clean") && $0.contains("First paragraph.") && !$0.contains("alpha") }
            try session.press("C-r")
            try await session.waitUntil("the redone paste") { $0.status.contains("modified") }
            try session.press("C-s")
            try await session.waitUntil("the save") { $0.status.contains("  saved  ") }
            let expected = Array("---\r\ntitle: Paste test\r\n---\r\n\r\nFirst paragraph.\r\nalpha\r\n  beta\r\n\tgamma\r\n\r\n:::tile callout\r\nid: note-1\r\ntitle: Hello\r\n:::\r\n".utf8)
            #expect(try session.bytes("doc.md") == expected)

            // 4. A paste in the blocks pane is no key: nothing is deleted, nothing quits.
            try session.press("2")
            try session.paste("dq")
            try await session.waitUntil("the hint") { $0.status.contains("Paste goes into a field") }
            let after = try session.capture()
            #expect(!after.hasOverlay("Delete block"))
            #expect(!session.hasExited())

            // 5. Into the tile's title: the line break becomes a space, the `q` is text.
            try session.press("G", "Enter", "j", "j")
            try await session.waitUntil("the title field") { $0.status.contains("Field title: Hello") }
            try session.press("Enter", "End")
            try session.paste("Hi\nq")
            try await session.waitUntil("the pasted title") { $0.status.contains("Editing field title") && $0.contains("HelloHi q") }
            #expect(!session.hasExited())
            // Tiledit's Esc keeps typing (it never throws any away without asking):
            // the case's "Esc reverts" is Ctrl-G here, which asks first.
            try session.press("C-g")
            try await session.waitUntil("the question") { $0.hasOverlay("Discard typing") }
            try session.press("Right", "Enter")
            try await session.waitUntil("the discarded typing") { !$0.hasOverlay("Discard typing") && !$0.status.contains("modified") && $0.status.contains("Field title: Hello") }
            try session.press("q")
            #expect(try await session.waitForExit() == 0)
            #expect(try session.bytes("doc.md") == expected)
        }
    }
}
