/// Changes YAML text in small, seeded steps into text nobody wrote by hand:
/// YAML's indicators and properties inserted where they do not belong
/// (`? `, `&a`, `!!int`, `*a`, `[`, `#`, `---`), quotes and brackets left
/// open, lines deleted, repeated or indented, tabs, CRLF, and characters
/// that do not show or look like spaces (U+00A0, U+200B, a byte order
/// mark, a combining mark). Most results are still YAML; many are not. The
/// same seed gives the same result on every run. Used by property tests
/// (no input traps; edits change only their value) and as seeds for fuzzing.
public struct YAMLMutator: Sendable {
    private var random: SeededGenerator

    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Pieces inserted at random places.
    public static let fragments: [String] = [
        ": ", "- ", "? ", ":", "-", "?", "&a ", "&b", "*a", "*b ", "!!int ", "!!str ", "!!bool ", "!!null ", "!t ", "! ",
        "[", "]", "{", "}", ", ", "\"", "'", "# ", " #x", "|", ">-", "|+\n", "---\n", "...\n", "--- ", "\n", "\n  ", "\t",
        "\r\n", "%YAML 1.2\n", "<<: *a\n", "\u{A0}", "\u{200B}", "\u{FEFF}", "\u{301}", "é", "日本", "🚀", "\\", "~", "0x1F",
        "2024-01-05", "yes", "1.10", "10:00", "key: value\n", "- item\n", "a: &a x\nb: *a\n",
    ]

    /// `text` after `count` mutations.
    public mutating func mutate(_ text: String, count: Int) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<count {
            let position = Int.random(in: 0...scalars.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0...4:
                let fragment = Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &random)]
                scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
            case 5, 6:
                let length = Int.random(in: 1...8, using: &random)
                scalars.removeSubrange(position..<Swift.min(scalars.count, position + length))
            case 7:
                // Repeat the line holding `position`.
                let (start, end) = Self.line(of: position, in: scalars)
                scalars.insert(contentsOf: scalars[start..<end], at: start)
            case 8:
                // Indent or dedent the line by one or two spaces.
                let (start, _) = Self.line(of: position, in: scalars)
                if Bool.random(using: &random) {
                    scalars.insert(contentsOf: Array(repeating: " ", count: Int.random(in: 1...2, using: &random)), at: start)
                } else if start < scalars.count && scalars[start] == " " {
                    scalars.remove(at: start)
                }
            default:
                // Delete the line.
                let (start, end) = Self.line(of: position, in: scalars)
                scalars.removeSubrange(start..<end)
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// The line holding `position`, its line break included.
    private static func line(of position: Int, in scalars: [Unicode.Scalar]) -> (Int, Int) {
        var start = Swift.min(position, scalars.count)
        while start > 0 && scalars[start - 1] != "\n" { start -= 1 }
        var end = Swift.min(position, scalars.count)
        while end < scalars.count && scalars[end] != "\n" { end += 1 }
        if end < scalars.count { end += 1 }
        return (start, end)
    }

    /// A value to set: plain words, text that needs quotes, several lines,
    /// numbers, dates, booleans, empty, invisible characters, emoji.
    public mutating func value() -> String {
        let values = [
            "tiledit", "two words", "a: b", "x #y", "#fff", "\"quoted\"", "it's", "line one\nline two", "trailing\n", "\nleading",
            "", " padded ", "42", "-7", "2.5", "1.20", "2024-02-03", "true", "no", "~", "null", "10:00", "0x1F", "é\u{301}", "🚀 launch",
            "tab\there", "a\u{A0}b", "zero\u{200B}width", "- dash", "[not, a, list]", "{a: b}", "&anchor", "*alias", "!tag", "%percent",
            "@at", "`tick", "---", "...", "back\\slash", "cr\rhere", "|", ">", "? q",
        ]
        return values[Int.random(in: 0..<values.count, using: &random)]
    }
}
