/// A terminal color as ncurses numbers it.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background (ncurses -1,
    /// available after `use_default_colors`).
    case terminalDefault
    /// One of the 16 ANSI colors, 0–15 (8–15 are the bright variants).
    case ansi(UInt8)
    /// One of the 256-color palette entries 16–255 (6×6×6 cube and grays).
    case indexed(UInt8)

    /// The ncurses color number: -1 for the default, else 0–255.
    public var colorNumber: Int {
        switch self {
        case .terminalDefault: -1
        case .ansi(let number): Int(number)
        case .indexed(let number): Int(number)
        }
    }
}
