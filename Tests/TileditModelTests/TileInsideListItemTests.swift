import CCmarkGFM
import Testing
import TileditFixtures
@testable import TileditModel

/// A `:::tile` indented under a list item: Tiledown reads a tile (its lines
/// trim to the directive), CommonMark reads the lines as part of the item
/// (5.2). The warning is checked against cmark-gfm's own reading of
/// generated lists: markers, spacing after them, nesting, indentation by
/// spaces and tabs, and each line ending.
@Suite("Tile inside a list item")
struct TileInsideListItemTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aTileIsWarnedAboutExactlyWhenCommonMarkReadsItInsideAListItem(ending: String) throws {
        var random = SeededGenerator(seed: 29)
        let markers = ["-", "*", "+", "1.", "2)", "10."]
        let indents = ["", " ", "  ", "   ", "    ", "     ", "      ", "       ", "\t", "  \t", "\t  "]
        var inside = 0
        var outside = 0
        for _ in 0..<600 {
            let outer = markers[Int.random(in: 0..<markers.count, using: &random)]
            let outerSpaces = String(repeating: " ", count: Int.random(in: 1...5, using: &random))
            var lines = ["\(outer)\(outerSpaces)item"]
            if Bool.random(using: &random) {
                // A nested item at the outer item's content column.
                let column = outer.count + (outerSpaces.count >= 5 ? 1 : outerSpaces.count)
                let nested = markers[Int.random(in: 0..<markers.count, using: &random)]
                lines.append(String(repeating: " ", count: column) + nested + " nested")
            }
            if Bool.random(using: &random) { lines.append("") }
            let indent = indents[Int.random(in: 0..<indents.count, using: &random)]
            let tileLine = lines.count + 1
            lines += ["\(indent):::tile callout", "\(indent)id: note", "\(indent):::", ""]
            let text = lines.joined(separator: ending)
            let document = MarkdownDocument(text, dialect: .tiledown)
            try #require(document.blocks.contains { if case .tile = $0.kind { true } else { false } }, "\(text.debugDescription)")

            let commonMarkInside = Self.listEndLine(text).map { $0 >= tileLine } ?? false
            let column = Self.columns(of: indent)
            // A line with no blank one before it and shallower than the item's
            // content is a lazy continuation (5.1): left to the paragraph rule.
            let lazy = lines[tileLine - 2] != "" && commonMarkInside
                && !document.diagnostics.contains { $0.code == .tileInsideListItem }
            if lazy { continue }
            let expected: [DiagnosticCode] = commonMarkInside ? [.tileInsideListItem] : column >= 4 ? [.tileIndentedAsCode] : []
            let found = document.diagnostics.map(\.code).filter { $0 == .tileInsideListItem || $0 == .tileIndentedAsCode }
            #expect(found == expected, "\(text.debugDescription)")
            if commonMarkInside {
                inside += 1
                #expect(document.diagnostics.first { $0.code == .tileInsideListItem }?.location == SourceLocation(line: tileLine, column: indent.unicodeScalars.count + 1))
            } else {
                outside += 1
            }
        }
        // The generator reaches both readings.
        #expect(inside > 100 && outside > 100, "inside \(inside), outside \(outside)")
    }

    @Test func theWarningSaysWhatEachReaderDoes() throws {
        let document = MarkdownDocument("- item\n\n  :::tile callout\n  id: x\n  :::\n\n- next\n", dialect: .tiledown)
        let warning = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.message == "this tile is indented under a list item, where CommonMark reads its lines as part of the item; Tiledown reads a tile here, which ends the list")
        // At the colons, where the tile's text starts (columns count characters, from 1).
        #expect(warning.location == SourceLocation(line: 3, column: 3))
        // Unindented after a blank line, the list has ended for both readers.
        #expect(MarkdownDocument("- item\n\n:::tile callout\nid: x\n:::\n", dialect: .tiledown).diagnostics.isEmpty)
    }

    /// The last line (from 1) of cmark-gfm's first top-level node when it
    /// is a list, else `nil`.
    static func listEndLine(_ text: String) -> Int? {
        CommonMarkTree.withDocument(parsing: text) { document, _ -> Int? in
            guard let first = CommonMarkTree.children(of: document).first, cmark_node_get_type(first) == CMARK_NODE_LIST else { return nil }
            return Int(cmark_node_get_end_line(first))
        } ?? nil
    }

    /// Columns of leading spaces and tabs (a tab reaches the next multiple of 4).
    static func columns(of indent: String) -> Int {
        indent.reduce(0) { width, character in character == "\t" ? width + 4 - width % 4 : width + 1 }
    }
}
