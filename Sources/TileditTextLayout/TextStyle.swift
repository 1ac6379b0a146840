/// The semantic roles of a run of preview text, as a set (a run can be
/// both `strong` and a `link`). A renderer maps roles to its palette
/// (colors, bold, underline); the model says only what the text is.
///
/// Heading levels are roles of their own: `heading(1)` … `heading(6)`.
public struct TextStyle: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32

    /// A style from its bits (bits 0–5 are heading levels 1–6; the other
    /// roles are the static members).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// No role: body text.
    public static let plain: TextStyle = []
    /// Emphasis (`*text*`).
    public static let emphasis = TextStyle(rawValue: 1 << 6)
    /// Strong emphasis (`**text**`), and a table's header row.
    public static let strong = TextStyle(rawValue: 1 << 7)
    /// Code: code spans, code blocks, raw HTML.
    public static let code = TextStyle(rawValue: 1 << 8)
    /// A link's text or an image's description.
    public static let link = TextStyle(rawValue: 1 << 9)
    /// Text in a block quote, and the quote bar.
    public static let quote = TextStyle(rawValue: 1 << 10)
    /// A list item's bullet, number or task box.
    public static let listMarker = TextStyle(rawValue: 1 << 11)
    /// The frame drawn around a tile (box-drawing characters).
    public static let tileFrame = TextStyle(rawValue: 1 << 12)
    /// A tile's type in its frame, and property keys.
    public static let tileLabel = TextStyle(rawValue: 1 << 13)
    /// Secondary text: link targets, notices, table rules, thematic breaks.
    public static let muted = TextStyle(rawValue: 1 << 14)
    /// Something wrong: unknown tile types, raw blocks, their messages.
    public static let error = TextStyle(rawValue: 1 << 15)
    /// TeX of display math.
    public static let math = TextStyle(rawValue: 1 << 16)
    /// Struck-through text (`~~text~~`).
    public static let strikethrough = TextStyle(rawValue: 1 << 17)

    private static let headingMask: UInt32 = 0b11_1111

    /// A heading of `level` (clamped to 1…6).
    public static func heading(_ level: Int) -> TextStyle {
        TextStyle(rawValue: 1 << UInt32(Swift.min(Swift.max(level, 1), 6) - 1))
    }

    /// The heading level (1…6) when the style includes a heading role; the
    /// lowest level when it includes several.
    public var headingLevel: Int? {
        let bits = rawValue & Self.headingMask
        return bits == 0 ? nil : bits.trailingZeroBitCount + 1
    }

    private static let names: [(TextStyle, String)] = [
        (.emphasis, "emphasis"), (.strong, "strong"), (.code, "code"), (.link, "link"), (.quote, "quote"),
        (.listMarker, "listMarker"), (.tileFrame, "tileFrame"), (.tileLabel, "tileLabel"), (.muted, "muted"),
        (.error, "error"), (.math, "math"), (.strikethrough, "strikethrough"),
    ]

    /// The roles, e.g. `[heading(2), strong]`, or `[]` for plain text.
    public var description: String {
        var parts: [String] = []
        for level in 1...6 where contains(.heading(level)) { parts.append("heading(\(level))") }
        for (style, name) in Self.names where contains(style) { parts.append(name) }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
