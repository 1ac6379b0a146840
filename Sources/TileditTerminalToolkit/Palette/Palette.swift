/// The one semantic palette: maps each `PaletteRole` to terminal colors and
/// attributes.
///
/// Three mappings:
/// - dark and light background tones, keeping the terminal's default
///   background (-1) for ordinary cells. With 256 colors, foreground roles
///   use palette entries chosen for at least 3:1 contrast (4.5:1 for text)
///   against black or white; with 16 or 8 colors they use the ANSI colors,
///   which the user's theme tunes to its own background (bright variants
///   fold to normal ones with 8 colors). Background roles (`selection`,
///   `statusBar`) always come with their own text role color, so those pairs
///   are readable whatever the theme.
/// - monochrome, when `NO_COLOR` is set to a non-empty value (see
///   https://no-color.org) or the terminal has fewer than 8 colors: every
///   color is the default and roles differ by bold, dim, underline and
///   reverse only.
public struct Palette: Hashable, Sendable {
    /// Which mapping is in use.
    public enum Mode: Hashable, Sendable {
        /// Colors for a background of this tone.
        case color(BackgroundTone)
        /// Attributes only.
        case monochrome
    }

    /// The mapping in use.
    public let mode: Mode
    /// How many colors the terminal has (8, 16, 256, …).
    public let colorCount: Int

    /// A palette with an explicit mode; fewer than 8 colors forces
    /// monochrome.
    public init(mode: Mode, colorCount: Int = 256) {
        self.mode = colorCount < 8 ? .monochrome : mode
        self.colorCount = colorCount
    }

    /// The palette the environment asks for: monochrome when `NO_COLOR` is
    /// non-empty, else colors for `BackgroundTone.detect(in:)`.
    /// - Parameters:
    ///   - environment: the process environment, passed in (never read here).
    ///   - colorCount: the terminal's color count (ncurses `COLORS`).
    public init(environment: [String: String], colorCount: Int) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            self.init(mode: .monochrome, colorCount: colorCount)
        } else {
            self.init(mode: .color(BackgroundTone.detect(in: environment)), colorCount: colorCount)
        }
    }

    /// The color and attributes of `role` in this palette.
    public func appearance(of role: PaletteRole) -> RoleAppearance {
        switch mode {
        case .monochrome:
            return RoleAppearance(color: .terminalDefault, attributes: Self.monochromeAttributes(of: role))
        case .color(let tone):
            let entry = tone == .dark ? Self.darkEntry(of: role) : Self.lightEntry(of: role)
            if colorCount >= 256, let extended = entry.extended {
                return extended
            }
            var basic = entry.basic
            if colorCount < 16, case .ansi(let number) = basic.color, number >= 8 {
                basic.color = .ansi(number - 8)
            }
            return basic
        }
    }

    /// `style` in concrete colors: the foreground role's color, the
    /// background role's color (the default when there is none), and the
    /// union of the style's attributes with both roles' attributes.
    public func resolve(_ style: CellStyle) -> ResolvedStyle {
        let foreground = appearance(of: style.foreground)
        let background = style.background.map(appearance(of:))
        var attributes = style.attributes.union(foreground.attributes)
        if let background {
            attributes.formUnion(background.attributes)
        }
        return ResolvedStyle(
            foreground: foreground.color,
            background: background?.color ?? .terminalDefault,
            attributes: attributes
        )
    }

    /// A role's look with 8/16 colors and, when it differs, with 256.
    private struct Entry {
        var basic: RoleAppearance
        var extended: RoleAppearance?
    }

    private static func entry(
        _ basic: TerminalColor,
        _ attributes: TextAttributes = [],
        extended: UInt8? = nil,
        extendedAttributes: TextAttributes? = nil
    ) -> Entry {
        Entry(
            basic: RoleAppearance(color: basic, attributes: attributes),
            extended: extended.map { RoleAppearance(color: .indexed($0), attributes: extendedAttributes ?? attributes) }
        )
    }

    private static func darkEntry(of role: PaletteRole) -> Entry {
        switch role {
        case .text: entry(.terminalDefault)
        case .muted: entry(.terminalDefault, .dim, extended: 245, extendedAttributes: [])
        case .accent: entry(.ansi(6), extended: 81)
        case .selection: entry(.ansi(4), extended: 24)
        case .selectionText: entry(.ansi(15), extended: 255)
        case .border: entry(.terminalDefault, .dim, extended: 242, extendedAttributes: [])
        case .focusBorder: entry(.ansi(6), .bold, extended: 81)
        case .heading: entry(.ansi(11), .bold, extended: 221)
        case .code: entry(.ansi(10), extended: 114)
        case .link: entry(.ansi(12), .underline, extended: 75)
        case .error: entry(.ansi(9), .bold, extended: 203)
        case .warning: entry(.ansi(11), extended: 214)
        case .info: entry(.ansi(14), extended: 117)
        case .success: entry(.ansi(10), extended: 114)
        case .statusBar: entry(.ansi(7), extended: 236)
        case .statusBarText: entry(.ansi(0), extended: 252)
        case .overlay: entry(.terminalDefault)
        case .dirty: entry(.ansi(11), .bold, extended: 214)
        case .tileFrame: entry(.ansi(13), extended: 140)
        case .tileLabel: entry(.ansi(13), .bold, extended: 177)
        case .emphasis: entry(.terminalDefault, .underline)
        case .strong: entry(.terminalDefault, .bold)
        case .quote: entry(.terminalDefault, .dim, extended: 246, extendedAttributes: [])
        case .math: entry(.ansi(13), extended: 177)
        case .listMarker: entry(.ansi(6), .bold, extended: 81)
        }
    }

    private static func lightEntry(of role: PaletteRole) -> Entry {
        switch role {
        case .text: entry(.terminalDefault)
        case .muted: entry(.terminalDefault, .dim, extended: 242, extendedAttributes: [])
        case .accent: entry(.ansi(4), extended: 25)
        case .selection: entry(.ansi(6), extended: 153)
        case .selectionText: entry(.ansi(0), extended: 16)
        case .border: entry(.terminalDefault, .dim, extended: 245, extendedAttributes: [])
        case .focusBorder: entry(.ansi(4), .bold, extended: 25)
        case .heading: entry(.ansi(4), .bold, extended: 25)
        case .code: entry(.ansi(2), extended: 28)
        case .link: entry(.ansi(4), .underline, extended: 26)
        case .error: entry(.ansi(1), .bold, extended: 160)
        case .warning: entry(.ansi(3), .bold, extended: 130)
        case .info: entry(.ansi(6), extended: 24)
        case .success: entry(.ansi(2), extended: 28)
        case .statusBar: entry(.ansi(4), extended: 252)
        case .statusBarText: entry(.ansi(15), extended: 235)
        case .overlay: entry(.terminalDefault)
        case .dirty: entry(.ansi(1), .bold, extended: 160)
        case .tileFrame: entry(.ansi(5), extended: 96)
        case .tileLabel: entry(.ansi(5), .bold, extended: 90)
        case .emphasis: entry(.terminalDefault, .underline)
        case .strong: entry(.terminalDefault, .bold)
        case .quote: entry(.terminalDefault, .dim, extended: 242, extendedAttributes: [])
        case .math: entry(.ansi(5), extended: 90)
        case .listMarker: entry(.ansi(4), .bold, extended: 25)
        }
    }

    private static func monochromeAttributes(of role: PaletteRole) -> TextAttributes {
        switch role {
        case .text, .selectionText, .border, .code, .info, .success, .statusBarText, .overlay, .tileFrame, .math:
            []
        case .muted, .quote:
            .dim
        case .accent, .focusBorder, .heading, .error, .warning, .dirty, .tileLabel, .strong, .listMarker:
            .bold
        case .link, .emphasis:
            .underline
        case .selection, .statusBar:
            .reverse
        }
    }
}
