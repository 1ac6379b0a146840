import Testing
import TileditModel

/// A block's text as a text area edits it, and back through
/// `replaceBlockText`: the line ending and the final line break are the
/// block's own, so text given back unchanged makes no edit.
@Suite struct EditableTextTests {
    @Test(arguments: [
        ("# Title\n\nBody\n", 0, "# Title"),
        ("one\r\ntwo\r\n\r\nthree\r\n", 0, "one\ntwo"),
        ("first\n\nlast line", 1, "last line"),
    ])
    func theEditableTextHasLFAndNoFinalLineBreak(text: String, index: Int, editable: String) {
        let document = MarkdownDocument(text, dialect: .yaml)
        #expect(document.editableText(of: document.block(at: index)) == editable)
    }

    @Test(arguments: ["# Title\n\nBody\n", "one\r\ntwo\r\n\r\nthree\r\n", "first\n\nlast line", "mixed\r\nends\n\nhere\n"])
    func theEditableTextGivenBackUnchangedIsNoEdit(text: String) throws {
        for index in 0..<MarkdownDocument(text, dialect: .yaml).blockCount {
            var document = MarkdownDocument(text, dialect: .yaml)
            let block = document.block(at: index)
            let change = try document.perform(.replaceBlockText(block.id, text: document.editableText(of: block)))
            #expect(change.edits.isEmpty)
            #expect(document.text == text)
        }
    }

    @Test func typedLinesTakeTheBlocksLineEndingAndFinalLineBreak() throws {
        var document = MarkdownDocument("x\r\ny\r\n\r\nz\r\n", dialect: .yaml)
        try document.perform(.replaceBlockText(document.block(at: 0).id, text: "a\nb"))
        #expect(document.text == "a\r\nb\r\n\r\nz\r\n")
    }
}
