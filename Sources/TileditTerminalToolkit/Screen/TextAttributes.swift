/// Character attributes a terminal can show without colors; the ones that
/// stay meaningful under `NO_COLOR`.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Dim (half-bright) text.
    public static let dim = TextAttributes(rawValue: 1 << 3)
}
