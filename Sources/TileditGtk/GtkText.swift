/// Text as GTK takes it. GTK's functions take C strings, which end at the
/// first U+0000: a value holding one (a file may, after the first few
/// kilobytes) would show cut short, and text read back from the widget
/// would be the cut value. Every string a wrapper hands to GTK goes
/// through `shown(_:)`, so it is shown whole; a control whose value does
/// not show exactly (`showsExactly(_:)` is false) must not send back what
/// it shows as the value.
public enum GtkText {
    /// What stands for U+0000 on screen: U+FFFD REPLACEMENT CHARACTER.
    public static let nulStandIn: Character = "\u{FFFD}"

    /// `text` as GTK can show it whole: each U+0000 as U+FFFD.
    public static func shown(_ text: String) -> String {
        guard !showsExactly(text) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 }))
    }

    /// Whether GTK shows `text` exactly as it is (it holds no U+0000).
    public static func showsExactly(_ text: String) -> Bool {
        !text.utf8.contains(0)
    }

    /// `text` for Pango markup (`Label.setMarkup`): shown whole, with `&`,
    /// `<`, `>`, `"` and `'` written as entities.
    public static func markupEscaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{0}": result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
