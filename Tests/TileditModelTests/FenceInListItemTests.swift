import CCmarkGFM
import Testing
import TileditFixtures
@testable import TileditModel

/// A `:::tile` line inside a fenced code block that a list item holds is
/// code (ARCHITECTURE.md, "The Tiledown format"): the fence starting after
/// a list marker (`- ` and a fence) or indented to the item's content (four
/// columns under `10. `), ending with its closing line or with the item.
/// Checked against cmark-gfm's own reading of generated lists.
@Suite("Fence inside a list item")
struct FenceInListItemTests {
    @Test func aTileLineInAFenceAfterAListMarkerIsCode() {
        let text = "- item\n- ```\n  :::tile callout\n  id: a\n  :::\n  ```\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.outline == ["bullet list@1-6"])
        #expect(document.diagnostics.isEmpty)
        // It once became a tile, and `fmt` moved its lines out of the item.
        #expect(CanonicalFormatter().format(document) == Array(text.utf8))
    }

    @Test func aTileLineInAFenceIndentedToAWideItemIsCode() {
        let text = "10. item\n    ```\n    :::tile callout\n    id: a\n    :::\n    ```\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.outline == ["ordered list@1-6"])
        #expect(CanonicalFormatter().format(document) == Array(text.utf8))
    }

    @Test func aFenceEndsWithItsListItem() {
        let document = MarkdownDocument("- ```\n  code\n:::tile callout\nid: a\n:::\n", dialect: .yaml)
        #expect(document.outline == ["bullet list@1-2", "tile callout@3-5"])
    }

    @Test func aFenceLineIndentedFourColumnsDoesNotCloseIt() {
        let document = MarkdownDocument("```\ncode\n    ```\n:::tile callout\nid: a\n:::\n```\n", dialect: .yaml)
        #expect(document.outline == ["fenced code@1-7"])
    }

    /// Generated: markers and spacing, a nested item, the fence on the
    /// marker's line or below it (indented 0-4 columns past the content),
    /// backticks or tildes, a closing line at 0-4 columns or none, then a
    /// line that ends the item and a tile. A `:::tile` line is a tile
    /// exactly when cmark-gfm does not put it in a fenced code block.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aTileLineIsCodeExactlyWhenCommonMarkPutsItInAFence(ending: String) throws {
        var random = SeededGenerator(seed: 53)
        let markers = ["-", "*", "+", "1.", "2)", "10."]
        var inFence = 0
        var outside = 0
        for seed in 0..<400 {
            let marker = markers[Int.random(in: 0..<markers.count, using: &random)]
            let spaces = String(repeating: " ", count: Int.random(in: 1...4, using: &random))
            var column = marker.count + spaces.count
            var lines: [String] = []
            let fence = [String(repeating: "`", count: Int.random(in: 3...4, using: &random)), String(repeating: "~", count: 3)][Int.random(in: 0...1, using: &random)]
            var prefix = ""
            if Bool.random(using: &random) {
                lines.append("\(marker)\(spaces)item")
                if Bool.random(using: &random) {
                    let nested = markers[Int.random(in: 0..<markers.count, using: &random)]
                    lines.append(String(repeating: " ", count: column) + nested + " nested")
                    column += nested.count + 1
                }
                if Bool.random(using: &random) { lines.append("") }
                prefix = String(repeating: " ", count: column + Int.random(in: 0...4, using: &random))
                lines.append(prefix + fence + "md")
            } else {
                lines.append("\(marker)\(spaces)\(fence)md")
                prefix = String(repeating: " ", count: column)
            }
            let inner = String(repeating: " ", count: column)
            lines += [inner + ":::tile callout", inner + "id: inside", inner + ":::"]
            if Bool.random(using: &random) {
                lines.append(String(repeating: " ", count: column + Int.random(in: 0...4, using: &random)) + fence)
            }
            if Bool.random(using: &random) { lines.append("") }
            lines += ["After.", "", ":::tile callout", "id: after", ":::", ""]
            let text = lines.joined(separator: ending)
            let label = "seed \(seed): \(text.debugDescription)"
            var document = MarkdownDocument(text, dialect: .yaml)
            let tileLines = Set(document.blocks.compactMap { $0.kind.tile == nil ? nil : $0.lines.lowerBound })
            let fenced = Self.fencedLines(text)
            for (index, line) in lines.enumerated() where line.hasSuffix(":::tile callout") {
                let number = index + 1
                #expect(tileLines.contains(number) == !fenced.contains(number), "\(label): line \(number)")
                if fenced.contains(number) { inFence += 1 } else { outside += 1 }
            }
            #expect(LineEndingTests.coversEveryNonBlankByte(document), "\(label)")
            #expect(document.text == text, "\(label)")
            let last = try #require(document.blocks.last)
            let (performed, violations) = EditingLaws.perform(.replaceBlockText(last.id, text: ":::tile callout\nid: changed\n:::"), on: &document)
            #expect(performed && violations.isEmpty, "\(label): \(violations)")
        }
        #expect(inFence > 150 && outside > 400, "in a fence \(inFence), outside \(outside)")
    }

    /// The lines (from 1) cmark-gfm puts inside a fenced code block, its fences included.
    static func fencedLines(_ text: String) -> Set<Int> {
        CommonMarkTree.withDocument(parsing: text) { document, _ -> Set<Int> in
            var lines: Set<Int> = []
            guard let iterator = cmark_iter_new(document) else { return lines }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK else { continue }
                var length: Int32 = 0
                var offset: Int32 = 0
                var character: CChar = 0
                guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { continue }
                let start = Int(cmark_node_get_start_line(node))
                let end = Swift.max(start, Int(cmark_node_get_end_line(node)))
                lines.formUnion(start...end)
            }
            return lines
        } ?? []
    }
}
