import Testing
@testable import TileditTerminal

@Suite struct EditableTextTests {
    @Test(arguments: [
        ("# Title\n", "# Title"),
        ("one\r\ntwo\r\n", "one\ntwo"),
        ("last line", "last line"),
    ])
    func theAreaGetsTheTextWithoutItsFinalLineBreak(original: String, body: String) {
        #expect(EditableText.body(of: original) == body)
        #expect(EditableText.restore(body, like: original) == original)
    }

    @Test func typedLinesTakeTheBlocksLineEnding() {
        #expect(EditableText.restore("a\nb", like: "x\r\n") == "a\r\nb\r\n")
        #expect(EditableText.restore("a\nb", like: "x\n") == "a\nb\n")
    }
}
