/// What an explicit tag on a scalar lets a new value be (YAML 1.2 section
/// 10 and the YAML 1.1 type repository, yaml.org/type): an edit keeps the
/// tag only while the new value satisfies it, so the file stays loadable.
///
/// Standard tags are checked against the forms every common reader
/// constructs (YAML 1.1 and 1.2 loaders agree on them); local tags (`!foo`)
/// and other global tags belong to the application that reads the file,
/// so any value is kept with them.
public enum YAMLTagRule {
    static let prefix = "tag:yaml.org,2002:"

    /// The tag as a person writes it: `!!int` for a standard tag, `!foo`
    /// for a local one, `!<uri>` otherwise.
    public static func displayName(_ tag: String) -> String {
        if tag.hasPrefix(prefix) { return "!!" + tag.dropFirst(prefix.count) }
        if tag.hasPrefix("!") { return tag }
        return "!<\(tag)>"
    }

    /// Why `value` cannot be the value of a scalar tagged `tag`, or `nil`.
    ///
    /// - Parameters:
    ///   - value: the new value (its characters, as read back).
    ///   - tag: the tag as libyaml resolved it (`tag:yaml.org,2002:int`, `!foo`).
    ///   - name: how the node is named in the message (a path).
    static func problem(value: String, tag: String, name: String) -> String? {
        guard tag.hasPrefix(prefix) else { return nil }
        let kind = String(tag.dropFirst(prefix.count))
        let shown = displayName(tag)
        func refusal(_ expected: String) -> String {
            "`\(name)` is tagged `\(shown)`, so its value must be \(expected); `\(value)` is not (remove the tag in the file to store other text)"
        }
        let bytes = Array(value.utf8)
        switch kind {
        case "str":
            return nil
        case "int":
            return isInteger(bytes) ? nil : refusal("a whole number such as `42`, `-7` or `0x1F`")
        case "float":
            return isFloat(bytes) ? nil : refusal("a number such as `2.5`, `-1e3` or `.inf`")
        case "bool":
            return ["true", "True", "TRUE", "false", "False", "FALSE"].contains(value) ? nil : refusal("`true` or `false`")
        case "null":
            return ["", "~", "null", "Null", "NULL"].contains(value) ? nil : refusal("empty, `~` or `null`")
        case "binary":
            return isBase64(bytes) ? nil : refusal("base64 text such as `aGk=`")
        case "timestamp":
            return isTimestamp(bytes) ? nil : refusal("a date such as `2024-01-05` or a date and time such as `2024-01-05T10:00:00Z`")
        case "seq", "map", "set", "omap", "pairs":
            return "`\(name)` is tagged `\(shown)`, which a single value cannot satisfy; edit the file as text"
        default:
            return "`\(name)` is tagged `\(shown)`, and Tiledit does not know what values it allows; edit the file as text"
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `[-+]?(0|[1-9][0-9]*)` or `0x[0-9a-fA-F]+`: the forms YAML 1.1 and
    /// 1.2 readers construct as the same integer (a leading `0` is octal to
    /// YAML 1.1 only).
    private static func isInteger(_ bytes: [UInt8]) -> Bool {
        if bytes.count > 2 && bytes[0] == 0x30 && bytes[1] == 0x78 {
            return bytes[2...].allSatisfy { isDigit($0) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }
        }
        var digits = bytes[...]
        if let first = digits.first, first == 0x2B || first == 0x2D { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy(isDigit) else { return false }
        return first != 0x30 || digits.count == 1
    }

    /// The YAML 1.2 core float (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`,
    /// `.inf`, `.nan` in their three spellings) or an integer.
    private static func isFloat(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN"].contains(text) { return true }
        return YAMLScalarType.core(plain: text) == .float || YAMLScalarType.core(plain: text) == .integer && isInteger(bytes)
    }

    /// Base64 (RFC 4648) with line breaks and spaces allowed between characters.
    private static func isBase64(_ bytes: [UInt8]) -> Bool {
        var count = 0
        var padding = 0
        for byte in bytes {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case 0x3D: padding += 1
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F:
                if padding > 0 { return false }
            default: return false
            }
            count += 1
        }
        return count > 0 && count % 4 == 0 && padding <= 2
    }

    /// The YAML 1.1 timestamp (yaml.org/type/timestamp) with a real date
    /// and time: `YYYY-MM-DD`, or with a time `[Tt ]hh:mm:ss(.fraction)?`
    /// and an optional zone (`Z`, `±hh(:mm)?`).
    static func isTimestamp(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func number(_ minimum: Int, _ maximum: Int) -> Int? {
            var digits = 0
            var value = 0
            while index < bytes.count && isDigit(bytes[index]) && digits < maximum {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            return digits >= minimum ? value : nil
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4, 4), expect(0x2D), let month = number(1, 2), expect(0x2D), let day = number(1, 2) else { return false }
        guard CalendarDate.isValid(year: year, month: month, day: day) else { return false }
        // A date alone has two-digit months and days.
        if index == bytes.count { return bytes.count == 10 }
        // A time: `T`, `t` or spaces and tabs.
        if bytes[index] == 0x54 || bytes[index] == 0x74 {
            index += 1
        } else {
            guard bytes[index] == 0x20 || bytes[index] == 0x09 else { return false }
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        }
        guard let hour = number(1, 2), hour < 24, expect(0x3A), let minute = number(2, 2), minute < 60,
              expect(0x3A), let second = number(2, 2), second < 61 else { return false }
        if index < bytes.count && bytes[index] == 0x2E {
            index += 1
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        if index == bytes.count { return true }
        if bytes[index] == 0x5A { return index + 1 == bytes.count }
        guard bytes[index] == 0x2B || bytes[index] == 0x2D else { return false }
        index += 1
        guard let zoneHour = number(1, 2), zoneHour < 24 else { return false }
        if index < bytes.count {
            guard expect(0x3A), let zoneMinute = number(2, 2), zoneMinute < 60 else { return false }
        }
        return index == bytes.count
    }
}
