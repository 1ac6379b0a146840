/// Whether the terminal's background is dark or light; decides which colors
/// stay readable on it.
public enum BackgroundTone: Hashable, Sendable {
    /// Light text on a dark background.
    case dark
    /// Dark text on a light background.
    case light

    /// The tone the environment states, dark when it states none.
    ///
    /// `TILEDIT_BACKGROUND` (`dark` or `light`) wins; otherwise the last
    /// field of `COLORFGBG` (as rxvt, Konsole and others set it, e.g. `15;0`)
    /// is the background's ANSI number: 7 and 9–15 are light, 0–6 and 8 dark.
    public static func detect(in environment: [String: String]) -> BackgroundTone {
        switch environment["TILEDIT_BACKGROUND"]?.lowercased() {
        case "light": return .light
        case "dark": return .dark
        default: break
        }
        if let colorFGBG = environment["COLORFGBG"],
            let last = colorFGBG.split(separator: ";").last,
            let background = Int(last)
        {
            return background == 7 || (9...15).contains(background) ? .light : .dark
        }
        return .dark
    }
}
