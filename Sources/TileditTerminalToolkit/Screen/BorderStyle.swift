/// Unicode box-drawing sets for `ScreenBuffer.box`.
public enum BorderStyle: Hashable, Sendable {
    /// ┌─┐ │ └─┘
    case light
    /// ╭─╮ │ ╰─╯
    case rounded
    /// ┏━┓ ┃ ┗━┛
    case heavy
    /// ╔═╗ ║ ╚═╝
    case double

    /// The glyphs in the order top-left, top-right, bottom-left,
    /// bottom-right, horizontal, vertical.
    var glyphs: (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character, horizontal: Character, vertical: Character) {
        switch self {
        case .light: ("┌", "┐", "└", "┘", "─", "│")
        case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
        case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
        case .double: ("╔", "╗", "╚", "╝", "═", "║")
        }
    }
}
