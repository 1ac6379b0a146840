/// How a cell is drawn, in semantic terms: a foreground role, an optional
/// background role (`nil` is the terminal's default background) and
/// attributes. A `Palette` resolves it to terminal colors.
public struct CellStyle: Hashable, Sendable {
    /// The role of the glyph's color.
    public var foreground: PaletteRole
    /// The role of the cell's background; `nil` keeps the terminal's own.
    public var background: PaletteRole?
    /// Attributes added to those the palette gives the roles.
    public var attributes: TextAttributes

    /// A style from roles and attributes; the default is plain text.
    public init(foreground: PaletteRole = .text, background: PaletteRole? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Text in the `text` role on the default background, no attributes.
    public static let plain = CellStyle()

    /// This style with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> CellStyle {
        var style = self
        style.attributes.formUnion(attributes)
        return style
    }
}
