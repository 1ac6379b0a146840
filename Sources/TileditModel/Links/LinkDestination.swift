/// Where a link's destination is written in a Markdown file, and what it
/// says: an inline link's or image's `(destination "title")`, or a link
/// reference definition's `[label]: destination`.
public struct LinkDestination: Sendable, Hashable {
    /// What the destination belongs to.
    public enum Form: Sendable, Hashable {
        /// `[text](destination)`.
        case inlineLink
        /// `![alt](destination)`.
        case inlineImage
        /// `[label]: destination`; the label as written between the brackets.
        case definition(label: String)
    }

    /// What the destination belongs to.
    public var form: Form
    /// The destination's bytes in the file (UTF-8 offsets from the start of
    /// the file, without the angle brackets of `<destination>`); an empty
    /// range where the destination is empty (`[a]()`).
    public var range: Range<Int>
    /// Whether it is written in angle brackets (`<my page.md>`).
    public var isAngleBracketed: Bool
    /// The destination as CommonMark reads it (backslash escapes and
    /// character references resolved), as cmark gives it as the URL.
    public var url: String
    /// The line it is on, from 1.
    public var line: Int

    public init(form: Form, range: Range<Int>, isAngleBracketed: Bool, url: String, line: Int) {
        self.form = form
        self.range = range
        self.isAngleBracketed = isAngleBracketed
        self.url = url
        self.line = line
    }
}
