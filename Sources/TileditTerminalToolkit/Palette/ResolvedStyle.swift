/// A `CellStyle` resolved by a `Palette`: the concrete colors and attributes
/// a terminal draws with.
public struct ResolvedStyle: Hashable, Sendable {
    /// The glyph color.
    public var foreground: TerminalColor
    /// The cell background.
    public var background: TerminalColor
    /// The attributes: the style's own plus those of its roles.
    public var attributes: TextAttributes

    /// A resolved style.
    public init(foreground: TerminalColor, background: TerminalColor, attributes: TextAttributes) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}
