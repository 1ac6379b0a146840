extension MarkdownDocument {
    /// The text of `block` as a text area edits it: line breaks as LF and
    /// no final line break. `DocumentOperation.replaceBlockText` takes text
    /// in this form and writes it back with the block's own line ending
    /// (LF or CRLF) and final line break, so an unchanged text is no edit.
    public func editableText(of block: Block) -> String {
        Self.editableForm(text(of: block))
    }

    /// `text` with every line ending (CRLF, and a lone CR: CommonMark 2.1)
    /// read as LF, and without one final line break.
    static func editableForm(_ text: String) -> String {
        var body = LineEnding.normalizedToLF(text)
        // Scalars, not characters: CRLF is one Character, so hasSuffix("\n") misses it.
        if body.unicodeScalars.last == "\n" { body.unicodeScalars.removeLast() }
        return body
    }
}
