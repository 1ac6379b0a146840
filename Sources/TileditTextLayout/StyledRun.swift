/// A stretch of preview text in one style.
public struct StyledRun: Sendable, Hashable, CustomStringConvertible {
    /// The text (no line breaks).
    public var text: String
    /// What the text is.
    public var style: TextStyle

    /// A run of `text` (no line breaks) in `style`.
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// `text` followed by the style, e.g. `"Title"[heading(1)]`.
    public var description: String { "\(text.debugDescription)\(style)" }
}
