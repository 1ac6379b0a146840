/// What a palette gives one role: a color (used as foreground or background,
/// depending on where the role appears) and attributes.
public struct RoleAppearance: Hashable, Sendable {
    /// The role's color.
    public var color: TerminalColor
    /// Attributes the role always carries (e.g. bold headings, or reverse
    /// selection under `NO_COLOR`).
    public var attributes: TextAttributes

    /// An appearance of `color` with `attributes`.
    public init(color: TerminalColor, attributes: TextAttributes = []) {
        self.color = color
        self.attributes = attributes
    }
}
