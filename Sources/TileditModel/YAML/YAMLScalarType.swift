/// What a plain scalar means to a reader, before any conversion.
///
/// Tiledit never converts values; these types only decide whether a value
/// must be quoted when the editor writes it, and when to warn that readers
/// disagree about a value.
public enum YAMLScalarType: String, Sendable, Hashable, Codable {
    case null
    case boolean
    case integer
    case float
    /// A YAML 1.1 timestamp (`2024-01-05`); a string in YAML 1.2.
    case timestamp
    case string

    /// The type under the YAML 1.2 core schema (YAML 1.2 section 10.3.2).
    /// Quoted and block scalars are always strings.
    public static func core(_ scalar: YAMLScalar) -> YAMLScalarType {
        scalar.style == .plain ? core(plain: scalar.value) : .string
    }

    /// Whether `text` is a YAML 1.1 timestamp (yaml.org/type/timestamp)
    /// that names a real day and time: `YYYY-MM-DD` (a day of the calendar,
    /// `CalendarDate`), or with a time `[Tt ]hh:mm:ss(.fraction)?` and an
    /// optional zone. Stricter than `yaml11(plain:)`, which resolves the
    /// shape alone as loaders do; the rule for values Tiledit writes or
    /// reports as dates (tags, the YAML editor's date field, front matter).
    public static func isCalendarTimestamp(_ text: String) -> Bool {
        YAMLTagRule.isTimestamp(Array(text.utf8))
    }

    /// The core-schema type of `text` written as a plain scalar.
    public static func core(plain text: String) -> YAMLScalarType {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "false", "False", "FALSE": return .boolean
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN": return .float
        default: break
        }
        let bytes = Array(text.utf8)
        if isCoreInteger(bytes) { return .integer }
        if isCoreFloat(bytes) { return .float }
        return .string
    }

    /// The type a YAML 1.1 reader (PyYAML, libyaml-based loaders, older
    /// js-yaml) gives `text` written as a plain scalar (YAML 1.1 type repository).
    public static func yaml11(plain text: String) -> YAMLScalarType {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
             "true", "True", "TRUE", "false", "False", "FALSE",
             "on", "On", "ON", "off", "Off", "OFF": return .boolean
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN": return .float
        default: break
        }
        let bytes = Array(text.utf8)
        if isYAML11Integer(bytes) { return .integer }
        if isYAML11Float(bytes) { return .float }
        if isTimestamp(bytes) { return .timestamp }
        return .string
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    private static func isCoreInteger(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        if bytes.count > 2 && bytes[0] == 0x30 && bytes[1] == 0x6F { return bytes[2...].allSatisfy { $0 >= 0x30 && $0 <= 0x37 } }
        if bytes.count > 2 && bytes[0] == 0x30 && bytes[1] == 0x78 { return bytes[2...].allSatisfy(isHexDigit) }
        var digits = bytes[...]
        if let first = digits.first, first == 0x2B || first == 0x2D { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(isDigit)
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isCoreFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
        var integerDigits = 0
        while index < bytes.count && isDigit(bytes[index]) { index += 1; integerDigits += 1 }
        var fractionDigits = 0
        if index < bytes.count && bytes[index] == 0x2E {
            index += 1
            while index < bytes.count && isDigit(bytes[index]) { index += 1; fractionDigits += 1 }
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return false }
        if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
            index += 1
            if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
            var exponentDigits = 0
            while index < bytes.count && isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return index == bytes.count
    }

    private static func isYAML11Integer(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if let first = body.first, first == 0x2B || first == 0x2D { body = body.dropFirst() }
        guard let first = body.first else { return false }
        if body.count > 2 && first == 0x30 && body[body.startIndex + 1] == 0x62 {
            return body.dropFirst(2).allSatisfy { $0 == 0x30 || $0 == 0x31 || $0 == 0x5F }
        }
        if body.count > 2 && first == 0x30 && body[body.startIndex + 1] == 0x78 {
            return body.dropFirst(2).allSatisfy { isHexDigit($0) || $0 == 0x5F }
        }
        if body.allSatisfy({ isDigit($0) || $0 == 0x5F }) { return isDigit(first) }
        // Sexagesimal: [1-9][0-9_]*(:[0-5]?[0-9])+
        return isSexagesimal(body, allowFraction: false)
    }

    private static func isSexagesimal(_ body: ArraySlice<UInt8>, allowFraction: Bool) -> Bool {
        guard let first = body.first, isDigit(first) else { return false }
        var parts = body.split(separator: 0x3A, omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        var last = parts.removeLast()
        if allowFraction {
            guard let dot = last.firstIndex(of: 0x2E) else { return false }
            guard last[last.index(after: dot)...].allSatisfy({ isDigit($0) || $0 == 0x5F }) else { return false }
            last = last[..<dot]
        }
        let head = parts.removeFirst()
        guard !head.isEmpty, head.allSatisfy({ isDigit($0) || $0 == 0x5F }) else { return false }
        if !allowFraction && head.first == 0x30 { return false }
        for part in parts + [last] {
            guard (1...2).contains(part.count), part.allSatisfy(isDigit) else { return false }
            if part.count == 2 && part[part.startIndex] > 0x35 { return false }
        }
        return true
    }

    /// YAML 1.1 float: `[-+]?([0-9][0-9_]*)?\.[0-9._]*([eE][-+][0-9]+)?` (the type
    /// repository's `[0-9.]*` and PyYAML's `[0-9_]*` together), or sexagesimal with a fraction.
    private static func isYAML11Float(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if let first = body.first, first == 0x2B || first == 0x2D { body = body.dropFirst() }
        if isSexagesimal(body, allowFraction: true) { return true }
        var index = body.startIndex
        while index < body.endIndex && (isDigit(body[index]) || body[index] == 0x5F) { index += 1 }
        guard index < body.endIndex, body[index] == 0x2E else { return false }
        index += 1
        // PyYAML also takes `_` in the fraction (`1.0_0` is 1.0 to it).
        while index < body.endIndex && (isDigit(body[index]) || body[index] == 0x2E || body[index] == 0x5F) { index += 1 }
        if index < body.endIndex && (body[index] == 0x65 || body[index] == 0x45) {
            index += 1
            guard index < body.endIndex, body[index] == 0x2B || body[index] == 0x2D else { return false }
            index += 1
            var digits = 0
            while index < body.endIndex && isDigit(body[index]) { index += 1; digits += 1 }
            guard digits > 0 else { return false }
        }
        return index == body.endIndex && body.count > 1
    }

    /// The shape of a YAML 1.1 timestamp (yaml.org/type/timestamp), as
    /// loaders resolve it, the whole text matched: `YYYY-MM-DD`, or
    /// `YYYY-M-D` with a time `([Tt]|[ \t]+)h:mm:ss(.fraction)?` and an
    /// optional zone (`[ \t]*` then `Z` or `±h(:mm)?`). Text after a date
    /// that is not such a time (`2024-01-05 Launch`) makes a string.
    private static func isTimestamp(_ bytes: [UInt8]) -> Bool {
        var index = 0
        func digits(_ minimum: Int, _ maximum: Int) -> Int? {
            var count = 0
            while index < bytes.count && isDigit(bytes[index]) && count < maximum { index += 1; count += 1 }
            return count >= minimum ? count : nil
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard digits(4, 4) != nil, expect(0x2D), let month = digits(1, 2), expect(0x2D), let day = digits(1, 2) else { return false }
        if index == bytes.count { return month == 2 && day == 2 }
        if bytes[index] == 0x54 || bytes[index] == 0x74 {
            index += 1
        } else {
            guard bytes[index] == 0x20 || bytes[index] == 0x09 else { return false }
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        }
        guard digits(1, 2) != nil, expect(0x3A), digits(2, 2) != nil, expect(0x3A), digits(2, 2) != nil else { return false }
        if expect(0x2E) { _ = digits(0, Int.max) }
        let beforeSpaces = index
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        // Spaces lead to a zone only.
        if index == bytes.count { return index == beforeSpaces }
        if bytes[index] == 0x5A { return index + 1 == bytes.count }
        guard expect(0x2B) || expect(0x2D), digits(1, 2) != nil else { return false }
        if index < bytes.count { guard expect(0x3A), digits(2, 2) != nil else { return false } }
        return index == bytes.count
    }
}
