import Testing
@testable import TileditModel

/// The document finds a block by its identity after edits that keep,
/// move or trade identities within the re-parsed window.
@Suite("Block identity index")
struct BlockIdentityIndexTests {
    @Test func tilesTradingPlacesInOneEditAreBothFoundByIdentity() throws {
        let first = ":::tile callout\nid: a\n:::\n"
        let second = ":::tile callout\nid: b\n:::\n"
        var document = MarkdownDocument(first + "\n" + second, dialect: .yaml)
        let idA = document.id(at: 0)
        let idB = document.id(at: 1)

        let result = document.replace(0..<document.bytes.count, with: Array((second + "\n" + first).utf8))

        #expect(document.bytes == Array((second + "\n" + first).utf8))
        #expect(document.index(of: idB) == 0)
        #expect(document.index(of: idA) == 1)
        #expect(document.block(id: idB)?.kind.tile?.id == "b")
        #expect(document.block(id: idA)?.kind.tile?.id == "a")
        #expect(Set(result.updated) == [idA, idB])
        #expect(result.removed.isEmpty)
        #expect(result.inserted.isEmpty)
    }

    @Test func applyReportsOnlyBlocksThatStillExist() throws {
        var document = MarkdownDocument("# One\n\nTwo\n\nThree\n", dialect: .yaml)
        let two = document.id(at: 1)
        let result = document.apply([TextEdit(range: 7..<12, replacement: [])])

        #expect(document.text == "# One\n\nThree\n")
        #expect(result.removed == [two])
        #expect(document.index(of: two) == nil)
        #expect(!result.updated.contains(two))
    }
}
