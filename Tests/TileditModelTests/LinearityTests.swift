import Testing
@testable import TileditModel

/// Parsing, re-parsing and checking are linear in the input: the lines
/// read double, no more, when the input doubles (an operation count, not
/// a clock; `tiledit-bench` times the same inputs).
@Suite("Linearity")
struct LinearityTests {
    static let inputs: [(name: String, text: @Sendable (Int) -> String)] = [
        ("unclosed tiles", { String(repeating: ":::tile callout\n", count: $0) }),
        ("unclosed mermaid", { String(repeating: ":::mermaid\n", count: $0) }),
        ("unclosed tiles between paragraphs", { String(repeating: "Text\n\n:::tile callout\ntitle: x\n\n", count: $0) }),
        ("indented openings in unclosed literals", { ":::tile a\nk: |\n" + String(repeating: "  :::tile b\n  k: |\n", count: $0) }),
        ("openings inside one tile", { ":::tile callout\nid: x\n" + String(repeating: ":::tile callout\n", count: $0) + ":::\n" }),
        ("list items in one tile", { ":::tile callout\nitems:\n" + String(repeating: "- item\n", count: $0) + ":::\n" }),
        ("unclosed list tiles", { String(repeating: ":::tile callout\nitems:\n- a\n  :::\n", count: $0) }),
        ("unclosed directives", { String(repeating: ":::note\ntext\n\n", count: $0) }),
        ("unclosed directives of more colons", { String(repeating: "::::warning[x]{.y}\n", count: $0) }),
        ("directives closed inside an unclosed one", { ":::note\n" + String(repeating: ":::tip\nx\n:::\n", count: $0) }),
        ("unclosed directives between fences", { String(repeating: ":::note\n```\n:::\n```\n", count: $0) }),
        ("unclosed directives closed by fewer colons", { String(repeating: "::::note\n:::\n", count: $0) }),
    ]

    @Test(arguments: inputs.map(\.name))
    func parsingReadsEachLineAConstantNumberOfTimes(name: String) throws {
        let text = try #require(Self.inputs.first { $0.name == name }).text
        let small = DocumentParser.parse(Array(text(2_000).utf8), dialect: .yaml).linesRead
        let large = DocumentParser.parse(Array(text(4_000).utf8), dialect: .yaml).linesRead
        #expect(large <= 2 * small + 16, "\(name): \(small) lines read for 2,000, \(large) for 4,000")
        #expect(small <= 8 * 2_000 * Self.linesPerRepetition(text), "\(name): \(small) lines read for 2,000")
    }

    @Test func anEditAfterUnclosedTilesReadsTheFileOnce() {
        func linesRead(_ count: Int) -> (lines: Int, read: Int) {
            var document = MarkdownDocument(String(repeating: ":::tile callout\n", count: count), dialect: .yaml)
            let end = document.storage.count
            document.replace(end..<end, with: Array("x".utf8))
            return (count, document.linesReadByLastReplace)
        }
        let small = linesRead(4_150)
        let large = linesRead(8_300)
        #expect(small.read <= 3 * small.lines, "\(small.read) lines read for one edit of \(small.lines) lines")
        #expect(large.read <= 2 * small.read + 16)
    }

    @Test func anEditAfterUnclosedDirectivesReadsTheFileOnce() {
        func linesRead(_ count: Int) -> (lines: Int, read: Int) {
            var document = MarkdownDocument(String(repeating: ":::note\ntext\n\n", count: count), dialect: .yaml)
            let end = document.storage.count
            document.replace(end..<end, with: Array("x".utf8))
            return (3 * count, document.linesReadByLastReplace)
        }
        let small = linesRead(2_000)
        let large = linesRead(4_000)
        #expect(small.read <= 3 * small.lines, "\(small.read) lines read for one edit of \(small.lines) lines")
        #expect(large.read <= 2 * small.read + 16)
    }

    @Test func manyTilesSharingAnIdAreEachReportedOnce() {
        let document = MarkdownDocument(String(repeating: ":::tile callout\nid: same\n:::\n\n", count: 3_000), dialect: .yaml)
        let duplicates = document.diagnostics.filter { $0.code == .tileDuplicateID }
        #expect(duplicates.count == 2_999)
        #expect(duplicates.first?.message == "tile id `same` is already used by the tile at line 1; ids must be unique in a document")
        #expect(document.blocks.count == 3_000)
    }

    private static func linesPerRepetition(_ text: (Int) -> String) -> Int {
        Swift.max(1, text(1).utf8.filter { $0 == 0x0A }.count)
    }
}
