import Testing
import TileditModel

@Suite("Replacing a block's text")
struct BlockTextReplacementTests {
    @Test func aBlockKeepsItsOwnLineEndingInAFileWithMixedOnes() throws {
        let document = MarkdownDocument("---\ntitle: Mixed\n---\n\r\n# Hi\r\n\r\nFirst line\r\nsecond line\r\n", dialect: .yaml)
        #expect(document.lineEnding == .lf)
        let blocks = document.blocks
        #expect(try document.text(after: .replaceBlockText(blocks[1].id, text: "# Hello"))
            == "---\ntitle: Mixed\n---\n\r\n# Hello\r\n\r\nFirst line\r\nsecond line\r\n")
        #expect(try document.text(after: .replaceBlockText(blocks[2].id, text: "One\nTwo\nThree"))
            == "---\ntitle: Mixed\n---\n\r\n# Hi\r\n\r\nOne\r\nTwo\r\nThree\r\n")
    }

    @Test func aBlockOfAnLFFileStaysLF() throws {
        let document = MarkdownDocument("# Hi\n\nBody\n", dialect: .yaml)
        #expect(try document.text(after: .replaceBlockText(document.blocks[1].id, text: "New\r\nbody")) == "# Hi\n\nNew\nbody\n")
    }
}
