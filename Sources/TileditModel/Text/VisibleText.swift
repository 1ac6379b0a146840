/// The one visible form of characters that a terminal would act on
/// instead of showing, used by every text output of the commands for
/// whatever comes from a file (its name included): a line break in a file
/// name cannot fake an output line, an escape sequence in a tile type
/// cannot recolor or clear the terminal.
///
/// Escaped, as the test cases spell bytes: LF as `\n`, CR as `\r`, TAB as
/// `\t`; every other C0 control (U+0000–U+001F), DEL (U+007F), every C1
/// control (U+0080–U+009F), the line and paragraph separators (U+2028,
/// U+2029) and the bidirectional embedding, override and isolate controls
/// (U+202A–U+202E, U+2066–U+2069), which reorder what is shown, as
/// `\u{XXXX}` (hexadecimal, uppercase, at least two digits). Everything
/// else, a backslash included, is kept as it is.
public enum VisibleText {
    /// `text` with the characters above escaped; with `keepingTabs`, a TAB
    /// stays a TAB (in a diff's lines, where it is the file's own spacing).
    public static func escaped(_ text: String, keepingTabs: Bool = false) -> String {
        let escapes = { (scalar: Unicode.Scalar) in needsEscaping(scalar) && !(keepingTabs && scalar == "\t") }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += keepingTabs ? "\t" : "\\t"
            case _ where needsEscaping(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is shown escaped.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
