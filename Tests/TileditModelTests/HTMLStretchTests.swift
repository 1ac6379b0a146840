import Foundation
import Testing
import TileditFixtures
import TileditTestSupport
@testable import TileditModel

/// The body's HTML made in stretches (what `tiledit render` writes as it
/// goes) is byte for byte the HTML of all the prose as one document.
@Suite struct HTMLStretchTests {
    /// The body rendered in pieces with stretches of `stretchLength` bytes of prose.
    static func pieces(_ document: MarkdownDocument, stretchLength: Int) -> [String] {
        Array(HTMLRenderer().bodyPieces(document, stretchLength: stretchLength))
    }

    /// Generated documents: every block kind, tiles, links and, with tricky
    /// blocks, footnotes, HTML constructs and definitions inside paragraphs.
    static let generated: [MarkdownDocument] = (1...24).map { seed in
        var generator = TiledownGenerator(seed: UInt64(seed), tileEvery: 5, includesTrickyBlocks: seed % 3 == 0)
        return MarkdownDocument(generator.document(blocks: 120), dialect: seed % 2 == 0 ? .yaml : .tiledown)
    }

    /// The example site's Markdown documents.
    static func exampleDocuments() throws -> [MarkdownDocument] {
        let site = TestSupport.exampleSite
        let paths = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".md") }.sorted()
        return try paths.map { MarkdownDocument(bytes: Array(try Data(contentsOf: site.appendingPathComponent($0))), dialect: .tiledown) }
    }

    @Test func stretchesOfAnyLengthGiveTheBytesOfOneDocument() throws {
        var split = 0
        for document in Self.generated + (try Self.exampleDocuments()) {
            let whole = Self.pieces(document, stretchLength: .max).joined()
            for length in [1, 200, 4096, Int.max] {
                let pieces = Self.pieces(document, stretchLength: length)
                #expect(pieces.joined() == whole)
                if length == 1 && pieces.count > Self.pieces(document, stretchLength: .max).count { split += 1 }
            }
            #expect(HTMLRenderer().renderBody(document) == whole)
        }
        // Most generated documents split; those with footnotes or HTML across blocks do not.
        #expect(split >= 10)
    }

    @Test func stretchesGiveTheBytesOfAllTheProseAsOneDocument() throws {
        var checked = 0
        for document in Self.generated + (try Self.exampleDocuments()) where HTMLRenderer.splitsSafely(document) {
            let oneDocument = Array(HTMLRenderer().bodyPieces(document, stretchLength: .max, splitting: false)).joined()
            #expect(Self.pieces(document, stretchLength: 1).joined() == oneDocument)
            checked += 1
        }
        #expect(checked >= 10)
    }

    @Test func aLongGeneratedDocumentInStretchesOfTheShippedLengthIsOneDocumentsBytes() {
        // As the benchmark's documents: definitions after HTML blocks, a tile every 20 blocks.
        var generator = TiledownGenerator(seed: 42, frontMatter: .yaml, tileEvery: 20)
        let document = MarkdownDocument(generator.document(bytes: 3 * HTMLRenderer.BodyPieces.stretchLength), dialect: .yaml)
        let pieces = Array(HTMLRenderer().bodyPieces(document))
        #expect(pieces.count >= 3)
        #expect(pieces.joined() == Array(HTMLRenderer().bodyPieces(document, stretchLength: .max, splitting: false)).joined())
    }

    @Test func definitionsAfterOtherBlocksAreReadByEveryStretch() {
        // cmark leaves `[later]: …` out of the comment's block; a stretch
        // before it still resolves the reference.
        let text = "See [the page][later].\n\n" + String(repeating: "Filler paragraph.\n\n", count: 20)
            + "<!--\na comment\n-->\n\n[later]: /target \"Title\"\n\nEnd.\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(HTMLRenderer.splitsSafely(document))
        let pieces = Self.pieces(document, stretchLength: 1)
        #expect(pieces.count > 10)
        #expect(pieces.first == "<p>See <a href=\"/target\" title=\"Title\">the page</a>.</p>\n")
        #expect(pieces.joined() == Array(HTMLRenderer().bodyPieces(document, stretchLength: .max, splitting: false)).joined())
    }

    @Test func aDefinitionLookAlikeAtTheEndOfAnHTMLBlockKeepsItInOneDocument() {
        let text = String(repeating: "Paragraph [a].\n\n", count: 5) + "<!--\n\n[a]: /x -->\n\nEnd.\n"
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(!HTMLRenderer.splitsSafely(document))
        #expect(Self.pieces(document, stretchLength: 1).joined() == Array(HTMLRenderer().bodyPieces(document, stretchLength: .max, splitting: false)).joined())
    }

    @Test func aDocumentWithFootnotesIsOnePiece() {
        let text = (0..<50).map { "Paragraph \($0) with a note[^n\($0)].\n\n[^n\($0)]: Note \($0).\n" }.joined(separator: "\n")
        let document = MarkdownDocument(text, dialect: .yaml)
        let pieces = Self.pieces(document, stretchLength: 1)
        #expect(pieces.count == 1)
        #expect(pieces.joined().contains("<section class=\"footnotes\""))
    }
}
