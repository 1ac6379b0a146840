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

    @Test func movingTheBlockAfterFrontMatterDownAndBackGivesTheBytesBack() throws {
        let text = "---\ntitle: About\n---\n# About\n\nWe write.\n\n## More\n"
        var document = MarkdownDocument(text, dialect: .yaml)
        let heading = document.blocks[1].id
        try document.perform(.moveBlock(heading, to: 2))
        #expect(document.text == "---\ntitle: About\n---\nWe write.\n\n# About\n\n## More\n")
        try document.perform(.moveBlock(heading, to: 1))
        #expect(document.text == text)
    }
}
