import TileditModel

/// A run of text drawn in one style: the unit of status bars, breadcrumbs
/// and list rows.
public struct TextSegment: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: CellStyle

    /// `text` in `style`.
    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// `text` in the foreground `role`, with `attributes`.
    public init(_ text: String, role: PaletteRole, attributes: TextAttributes = []) {
        self.init(text, style: CellStyle(foreground: role, attributes: attributes))
    }

    /// Display columns of the text (see `DisplayWidth`).
    public var width: Int { DisplayWidth.of(text) }
}
