/// A block's text as a text area edits it, and back: the area holds lines
/// joined by LF without the block's final line break; what goes back to the
/// inspector has the block's own line ending (LF or CRLF) and final line
/// break again, so text the user did not change compares equal to the
/// block's and makes no edit.
enum EditableText {
    /// The text for the area: no final line break, CRLF read as LF.
    static func body(of original: String) -> String {
        var body = original.replacingOccurrences(of: "\r\n", with: "\n")
        if body.unicodeScalars.last == "\n" { body.unicodeScalars.removeLast() }
        return body
    }

    /// The area's `text` in the form of `original`.
    static func restore(_ text: String, like original: String) -> String {
        let usesCRLF = original.contains("\r\n")
        let ending = usesCRLF ? "\r\n" : "\n"
        // Scalars, not characters: CRLF is one Character, so hasSuffix("\n") misses it.
        let trailing = original.unicodeScalars.last == "\n" ? ending : ""
        return (usesCRLF ? text.replacingOccurrences(of: "\n", with: "\r\n") : text) + trailing
    }
}
