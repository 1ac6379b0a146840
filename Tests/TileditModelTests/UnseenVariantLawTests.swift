import Testing
import TileditFixtures
@testable import TileditModel

/// The editing laws over variants of the shared cases' shapes that the
/// other law tests do not make: a byte order mark, LF, CRLF or lone CR
/// line endings, no final line break, and values readers disagree on
/// (`on`, `~`, `0o17`, `1_000`, `.inf`, `12:30:45`, `0x1F`, `+12`, a
/// lowercase-`t` timestamp…) set as text in front matter and tiles. Each
/// edit reads back as the text given, leaves the bytes after its block and
/// the byte order mark as they were, and undoes to the original bytes;
/// refused edits write nothing.
@Suite("Edits on unseen variants")
struct UnseenVariantLawTests {
    static let values = [
        "on", "y", "N", "~", "null", "True", "0o17", "1_000", ".inf", "-.NaN", "2001-12-14t21:59:43.10-05:00", "12:30:45",
        "0x1F", "+12", "1.10", "1e3", "007", "Part 1: x", "see #7", "- x", "? x", "|", ">-", "é🚀", "\"Hi\" there", "x:",
        "--- x", ":::", ":::tile callout", "a\tb", "",
    ]

    /// A generated document in a variant, and whether it has a byte order mark.
    static func variant(_ seed: UInt64) -> (text: String, bom: Bool) {
        var random = SeededGenerator(seed: seed &* 31 &+ 5)
        let eol = ["\n", "\r\n", "\r"][Int(seed % 3)]
        var generator = TiledownGenerator(seed: seed, frontMatter: .yaml, lineEnding: eol, tileEvery: 3, includesTrickyBlocks: seed % 2 == 0)
        var text = generator.document(blocks: 2 + Int(seed % 6))
        if Bool.random(using: &random) { while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() } }
        let bom = Bool.random(using: &random)
        return ((bom ? "\u{FEFF}" : "") + text, bom)
    }

    static func isFrontMatter(_ block: Block) -> Bool {
        if case .frontMatter = block.kind { true } else { false }
    }

    @Test func frontMatterValuesReadBackAsTypedAndUndo() {
        var random = SeededGenerator(seed: 3116)
        var performed = 0
        for seed in UInt64(0)..<240 {
            let (text, bom) = Self.variant(seed)
            var document = MarkdownDocument(text, dialect: .yaml)
            guard let header = document.blocks.first(where: Self.isFrontMatter) else { continue }
            let key = ["title", "newKey", "summary"][Int.random(in: 0..<3, using: &random)]
            let value = Self.values[Int.random(in: 0..<Self.values.count, using: &random)]
            let before = document
            let outcome = EditingLaws.perform(.setFrontMatterField(key: key, value: value), on: &document)
            let label = "seed \(seed) \(key)=\(value.debugDescription) in \(text.debugDescription)"
            #expect(outcome.violations.isEmpty, "\(label): \(outcome.violations)")
            guard outcome.performed else {
                #expect(document.bytes == before.bytes, "\(label)")
                continue
            }
            performed += 1
            #expect(document.frontMatter?[key] == value, "\(label): reads back \(document.frontMatter?[key].debugDescription ?? "nothing")")
            #expect(document.hasByteOrderMark == bom, "\(label)")
            if let after = document.blocks.first(where: Self.isFrontMatter) {
                #expect(document.bytes[after.range.upperBound...] == before.bytes[header.range.upperBound...], "\(label)")
            } else {
                Issue.record("\(label): the front matter is gone")
            }
        }
        #expect(performed > 150)
    }

    @Test func tileValuesReadBackAsTypedOrAreRefused() {
        var random = SeededGenerator(seed: 1917)
        var performed = 0
        for seed in UInt64(0)..<240 {
            let (text, bom) = Self.variant(seed)
            var document = MarkdownDocument(text, dialect: .yaml)
            let tiles = document.blocks.filter { $0.kind.tile != nil }
            guard !tiles.isEmpty else { continue }
            let block = tiles[Int.random(in: 0..<tiles.count, using: &random)]
            let key = ["title", "body", "label"][Int.random(in: 0..<3, using: &random)]
            let value = Self.values[Int.random(in: 0..<Self.values.count, using: &random)]
            let before = document
            let outcome = EditingLaws.perform(.setTileProperty(block.id, key: key, value: .text(value)), on: &document)
            let label = "seed \(seed) \(key)=\(value.debugDescription) in \(text.debugDescription)"
            #expect(outcome.violations.isEmpty, "\(label): \(outcome.violations)")
            guard outcome.performed else {
                #expect(document.bytes == before.bytes, "\(label)")
                continue
            }
            performed += 1
            let tile = document.block(id: block.id)?.kind.tile
            #expect(tile?.value(key)?.text == value, "\(label): reads back \(tile?.value(key).debugDescription ?? "nothing")")
            #expect(document.hasByteOrderMark == bom, "\(label)")
        }
        #expect(performed > 100)
    }

    /// Generated: documents that open with `----` front matter look-alikes
    /// or hold `::::tile` openings, under random raw edits that add and
    /// remove dashes, colons and `key:` lines: the incremental re-read
    /// equals a fresh read (the look-alikes depend on lines far below).
    @Test func lookalikesFollowRawEditsAsAFreshReadDoes() {
        let fragments = ["-", "----\n", "---\n", ":", "::::tile callout\n", ":::tile callout\n", ":::\n", "::::\n", "k: v\n", "\n", "x"]
        var random = SeededGenerator(seed: 8056)
        for seed in 0..<200 {
            let eol = ["\n", "\r\n"][Int.random(in: 0..<2, using: &random)]
            let opening = String(repeating: "-", count: Int.random(in: 3...5, using: &random))
            let lines = [opening, "title: A", opening, "", "::::tile callout", "id: a", "::::", "", "Body."]
            var document = MarkdownDocument(lines.joined(separator: eol) + eol, dialect: .yaml)
            for step in 0..<6 {
                let bytes = document.bytes
                let start = Int.random(in: 0...bytes.count, using: &random)
                let end = Swift.min(bytes.count, start + Int.random(in: 0...6, using: &random))
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &random)]
                document.replace(start..<end, with: Array(fragment.utf8))
                let problem = EditingLaws.reparseViolation(document)
                #expect(problem == nil, "seed \(seed) step \(step): \(problem ?? "")")
                if problem != nil { break }
            }
        }
    }
}
