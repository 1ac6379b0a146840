/// The words a true/false value is written with (tiles' `legend`,
/// `draft`, `latest`: `true/false/yes/no/on/off/1/0`, any case), read and
/// flipped keeping the pair the value uses.
public enum BooleanWord {
    /// The pairs, true word first.
    public static let pairs = [("true", "false"), ("yes", "no"), ("on", "off"), ("1", "0")]

    /// Whether `text` is one of the words (any case).
    public static func isBoolean(_ text: String) -> Bool {
        let lower = text.lowercased()
        return pairs.contains { $0.0 == lower || $0.1 == lower }
    }

    /// Whether `text` reads as true (`true`, `yes`, `on`, `1`, any case).
    public static func isTrue(_ text: String) -> Bool {
        let lower = text.lowercased()
        return pairs.contains { $0.0 == lower }
    }

    /// The other word of `text`'s pair, in lowercase (`yes` → `no`); `true`
    /// for text that is not a boolean word (an empty field turns on).
    public static func toggled(_ text: String) -> String {
        let lower = text.lowercased()
        for (on, off) in pairs {
            if lower == on { return off }
            if lower == off { return on }
        }
        return "true"
    }
}
