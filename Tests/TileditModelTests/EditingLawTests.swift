import Testing
import TileditFixtures
@testable import TileditModel

/// The five editing laws of DESIGN.md section 3 over generated documents and
/// random edit sequences (fixed seeds, so failures reproduce).
@Suite("Editing laws")
struct EditingLawTests {
    /// The shared law checks (TileditFixtures), also used by the fuzz targets.
    static func shapes(_ document: MarkdownDocument) -> [EditingLaws.Shape] { EditingLaws.shapes(document) }

    static func totalsAgree(_ document: MarkdownDocument) -> Bool { EditingLaws.totalsAgree(document) }

    static func generated(_ seed: UInt64) -> (String, FrontMatterDialect) {
        let styles = TiledownGenerator.FrontMatterStyle.allCases
        let style = styles[Int(seed % UInt64(styles.count))]
        var generator = TiledownGenerator(
            seed: seed, frontMatter: style, lineEnding: seed % 5 == 0 ? "\r\n" : "\n",
            tileEvery: 4, includesTrickyBlocks: true)
        let text = generator.document(blocks: 3 + Int(seed % 12))
        return (text, style == .flat ? .tiledown : .yaml)
    }

    @Test func openThenSaveGivesIdenticalBytes() {
        for seed in UInt64(0)..<300 {
            let (text, dialect) = Self.generated(seed)
            #expect(EditingLaws.roundTripViolation(Array(text.utf8), dialect: dialect) == nil, "seed \(seed)")
            let problem = EditingLaws.blockLayoutViolation(MarkdownDocument(text, dialect: dialect))
            #expect(problem == nil, "seed \(seed): \(problem ?? "")")
        }
    }

    /// Law 3 for raw edits: after any text edit, the incrementally re-parsed
    /// document equals a fresh parse of the same bytes.
    @Test func incrementalReparseEqualsAFullParse() {
        var random = SeededGenerator(seed: 42)
        for seed in UInt64(0)..<1500 {
            let (text, dialect) = Self.generated(seed)
            var document = MarkdownDocument(text, dialect: dialect)
            for step in 0..<8 {
                let bytes = document.bytes
                let start = scalarBoundary(bytes, Int.random(in: 0...bytes.count, using: &random))
                let length = Int.random(in: 0...Swift.min(40, bytes.count - start), using: &random)
                let end = scalarBoundary(bytes, start + length)
                let fragment = Int.random(in: 0..<4, using: &random) == 0
                    ? "" : TiledownGenerator.editFragments[Int.random(in: 0..<TiledownGenerator.editFragments.count, using: &random)]
                document.replace(start..<end, with: Array(fragment.utf8))
                let fresh = MarkdownDocument(bytes: document.bytes, dialect: dialect)
                let same = Self.shapes(document) == Self.shapes(fresh)
                #expect(same, "seed \(seed) step \(step): replaced \(start)..<\(end) with \(fragment.debugDescription)")
                #expect(Self.totalsAgree(document), "seed \(seed) step \(step): diagnostic totals")
                if !same {
                    let mine = Self.shapes(document)
                    let theirs = Self.shapes(fresh)
                    let firstDifference = Array(zip(mine, theirs)).firstIndex { $0.0 != $0.1 } ?? Swift.min(mine.count, theirs.count)
                    Issue.record("""
                        before: \(String(decoding: bytes, as: UTF8.self).debugDescription)
                        incremental[\(firstDifference)...]: \(mine.dropFirst(firstDifference).prefix(3))
                        fresh[\(firstDifference)...]: \(theirs.dropFirst(firstDifference).prefix(3))
                        """)
                    return
                }
                #expect(Set(document.blocks.map(\.id)).count == document.blockCount)
            }
        }
    }

    /// Laws 2, 3 and 4 for operations: bytes outside the edited block do not
    /// change, the re-parse equals a fresh parse and shows the edit, and
    /// undo restores the original bytes (redo the edited ones).
    @Test func operationsAreConfinedConsistentAndUndoable() throws {
        var random = SeededGenerator(seed: 7)
        var performed = 0
        for seed in UInt64(0)..<600 {
            let (text, dialect) = Self.generated(seed)
            var document = MarkdownDocument(text, dialect: dialect)
            for _ in 0..<6 {
                guard document.blockCount > 0 else { break }
                let index = Int.random(in: 0..<document.blockCount, using: &random)
                let block = document.block(at: index)
                let operation = randomOperation(for: block, in: document, using: &random)
                let outcome = EditingLaws.perform(operation, on: &document)
                if outcome.performed { performed += 1 }
                #expect(outcome.violations.isEmpty, "seed \(seed): \(outcome.violations)")
            }
        }
        #expect(performed > 1500)
    }

    func randomOperation(for block: Block, in document: MarkdownDocument, using random: inout SeededGenerator) -> DocumentOperation {
        let values: [TileValue] = [.text("New value"), .text("Part 1: x"), .literal("Line one\n\nLine three"), .list(["a", "b"]), .text(""), .text("é🚀")]
        let keys = ["title", "body", "label", "id", "color", "labels", "series.Extra"]
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
            if case .tile = block.kind {
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                let value = key == "id" ? TileValue.text(document.uniqueTileID(base: "renamed")) : values[Int.random(in: 0..<values.count, using: &random)]
                return .setTileProperty(block.id, key: key, value: value)
            }
            return .setFrontMatterField(key: ["title", "draft", "newKey"][Int.random(in: 0..<3, using: &random)], value: ["Hello", "true", "a: b", "12"][Int.random(in: 0..<4, using: &random)])
        case 2:
            if case .tile(let tile) = block.kind, let property = tile.properties.randomElement(using: &random) {
                return .removeTileProperty(block.id, key: property.key)
            }
            return .appendFrontMatterListItem(key: "tags", item: "gamma")
        case 3:
            return .moveBlock(block.id, to: Int.random(in: 0..<document.blockCount, using: &random))
        case 4:
            return .duplicateBlock(block.id)
        case 5:
            return .deleteBlock(block.id)
        case 6:
            let types = ["callout", "chart", "mermaid", "embed", "counter", "buttondown", "service-form"]
            return .insertTile(type: types[Int.random(in: 0..<types.count, using: &random)], at: Int.random(in: 0...document.blockCount, using: &random))
        case 7:
            return .replaceBlockText(block.id, text: ["Edited paragraph.", "# New heading", "- a\n- b", "Two\n\nparagraphs"][Int.random(in: 0..<4, using: &random)])
        default:
            return .insertText("Inserted paragraph.", at: Int.random(in: 0...document.blockCount, using: &random))
        }
    }

    private func scalarBoundary(_ bytes: [UInt8], _ offset: Int) -> Int {
        var position = Swift.min(offset, bytes.count)
        while position < bytes.count && bytes[position] & 0xC0 == 0x80 { position += 1 }
        // Keep CRLF pairs whole.
        if position > 0 && position < bytes.count && bytes[position - 1] == 0x0D && bytes[position] == 0x0A { position += 1 }
        return position
    }
}
