import Foundation

/// Writes a value into YAML source so that it reads back as exactly that
/// value, changing as little as possible (ARCHITECTURE.md, "The Tiledown format": "an edited
/// value keeps its quote style and trailing comment, and is quoted only when
/// the dialect needs it to read back the same value").
public enum YAMLScalarWriter {
    /// Which readers a written string must survive.
    public enum Readers: Sendable, Hashable {
        /// Any YAML reader: YAML 1.2 and the full YAML 1.1 type list, where
        /// even `y` and `n` are booleans (old js-yaml, spec-literal loaders).
        /// Used for standalone YAML files, read by all kinds of tools.
        case anyYAML
        /// Static site generators' front matter readers (YAML 1.2 loaders,
        /// PyYAML, Ruby's Psych): as `anyYAML`, but single-letter `y`/`n`
        /// stay plain, as none of them reads those as booleans.
        case frontMatter
    }

    /// What the writer is asked to write.
    public enum Intent: Sendable, Hashable {
        /// Text: written so that every common reader reads back this string.
        case text(String)
        /// A boolean, integer or number written plain (`true`, `20`, `2.5`):
        /// only when the text is that type's canonical spelling.
        case typed(String)

        /// The characters of the value.
        public var text: String {
            switch self {
            case .text(let value), .typed(let value): value
            }
        }
    }

    /// Decides the intent of text a user typed for a field. The one rule
    /// of every writer of scalars (`tiledit set`, the YAML editor's typed
    /// fields, front matter):
    ///
    /// - a plain value keeps its type when the new text reads as that type
    ///   written plain, to YAML 1.2's core schema and YAML 1.1 alike
    ///   (`keepsType`: every integer form both read as one, `0x1F` to
    ///   `0x20`, `10` to `0x20`; floats in their canonical spelling,
    ///   booleans, nulls, timestamps naming a real day);
    /// - a null (`~`, `null`, nothing) takes the type every reader reads
    ///   its new text as written plain (`3`, `0x20`, `2.5`, a date naming a
    ///   real day) when they read it as the value its characters say
    ///   (`readsAsWritten`: not `02134` nor `1.10`), else it is text as a new
    ///   value is;
    /// - an integer and a float are one kind, a number: a canonical float
    ///   in place of an integer stays a number (`10` to `12.5`);
    /// - `true` or `false` in place of a plain word YAML 1.1 reads as a
    ///   boolean (`no`, `On`) is that boolean, written plain;
    /// - a new value is a boolean for `true` and `false`, an integer for a
    ///   canonical one (`20`, not `020`); anything else is text, quoted
    ///   where a reader could take it for another type.
    ///
    /// Text shaped like a timestamp that names no real day, in place of a
    /// timestamp, is refused before (`timestampProblem`).
    ///
    /// - Parameters:
    ///   - typed: the characters the user entered.
    ///   - current: the scalar being replaced, `nil` for a new field.
    public static func intent(for typed: String, replacing current: YAMLScalar?) -> Intent {
        if let current, current.style == .plain, !typed.isEmpty, keepsType(current.value, typed) { return .typed(typed) }
        // A null takes the type every reader reads its new text as (a date naming a real day).
        if let current, current.style == .plain, !typed.isEmpty, YAMLScalarType.core(current) == .null, let type = agreedType(typed), type != .string,
           readsAsWritten(typed, type) {
            return .typed(typed)
        }
        let current = current.flatMap { $0.style == .plain && YAMLScalarType.core($0) == .null ? nil : $0 }
        let newType = YAMLScalarType.core(plain: typed)
        let currentType = current.map(YAMLScalarType.core)
        switch newType {
        case .boolean where typed == "true" || typed == "false":
            if currentType == nil || currentType == .boolean { return .typed(typed) }
            // In place of a word YAML 1.1 reads as a boolean (`no`, `on`),
            // `true` and `false` are the boolean every reader reads.
            if let current, current.style == .plain, YAMLScalarType.yaml11(plain: current.value) == .boolean { return .typed(typed) }
        case .integer where isCanonicalInteger(typed):
            if currentType == nil || currentType == .integer || currentType == .float { return .typed(typed) }
        case .float where isCanonicalFloat(typed):
            // An integer and a float are both a number (`YAMLValueType.number`): `10` to `12.5` stays one.
            if currentType == .float || currentType == .integer { return .typed(typed) }
        default:
            break
        }
        return .text(typed)
    }

    /// Whether `typed` written plain reads as the type `old` (plain) reads
    /// as, to every reader (the type YAML 1.2 and 1.1 agree on, not text):
    /// every integer form both read as the same value (`0x20`, `+7`; one
    /// with a leading zero only in place of one, `0755` to `0644`, as
    /// readers disagree on its value), a float in its
    /// canonical spelling (`1.20` would read as 1.2: a version number is
    /// text, shared case 11), a boolean, a null, a timestamp naming a real
    /// day. A value they disagree about (`yes`, `1e3`, `0o17`) is text.
    static func keepsType(_ old: String, _ typed: String) -> Bool {
        guard let kept = agreedType(old), kept != .string, agreedType(typed) == kept else { return false }
        // A leading zero in place of one is the file's own convention (`0755` to `0644`).
        if kept == .integer && hasLeadingZero(old) && hasLeadingZero(typed) { return true }
        return readsAsWritten(typed, kept)
    }

    /// Whether every reader reads `text` written plain, of the agreed type
    /// `type`, as the one value its characters say: not an integer with a
    /// leading zero (`0755`, `007`, a zip code `02134`: octal to YAML 1.1,
    /// decimal to 1.2, and the zero lost either way), not a float spelled
    /// otherwise than its canonical form (`1.10` reads as 1.1: a version
    /// number is text, shared case 11), and a timestamp naming a real day.
    static func readsAsWritten(_ text: String, _ type: YAMLScalarType) -> Bool {
        switch type {
        case .integer: return !hasLeadingZero(text)
        case .float: return isCanonicalFloat(text) || YAMLScalarType.core(plain: text) == .float && !text.contains(where: \.isNumber)
        case .timestamp: return YAMLTagRule.isTimestamp(Array(text.utf8))
        default: return true
        }
    }

    /// Whether `text` is a decimal integer written with a leading zero (`007`, `-012`).
    static func hasLeadingZero(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.utf8.dropFirst() : text.utf8[...]
        return digits.count > 1 && digits.first == UInt8(ascii: "0") && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Why `typed` cannot replace `current`, a plain timestamp: it is shaped
    /// like one (to YAML 1.1) but names no day of the calendar (a date
    /// stays a date, `CalendarDate`); `nil` when it can.
    public static func timestampProblem(for typed: String, replacing current: YAMLScalar?, name: String) -> String? {
        guard let current, current.style == .plain, agreedType(current.value) == .timestamp,
              YAMLScalarType.yaml11(plain: typed) == .timestamp, !YAMLScalarType.isCalendarTimestamp(typed) else { return nil }
        return "`\(name)` holds a date, and `\(typed)` names no day of the calendar; nothing was changed"
    }

    /// The type every common reader gives `text` written plain: the YAML
    /// 1.2 core schema's and YAML 1.1's when they agree, and a timestamp
    /// for a date (YAML 1.1 readers read it so, and YAML 1.2 loaders'
    /// default schemas add the timestamp type); `nil` when readers disagree.
    static func agreedType(_ text: String) -> YAMLScalarType? {
        let core = YAMLScalarType.core(plain: text)
        let yaml11 = YAMLScalarType.yaml11(plain: text)
        if core == yaml11 { return core }
        if core == .string && yaml11 == .timestamp { return .timestamp }
        return nil
    }

    /// Whether `text` can be written as a plain scalar in block context and
    /// read back as the same string by YAML 1.1 and YAML 1.2 readers.
    ///
    /// - Parameter inFlow: whether the scalar sits inside `[…]` or `{…}`,
    ///   where `,[]{}` are indicators too.
    /// - Parameter typeFixed: whether a tag on the scalar fixes its type, so
    ///   only YAML's syntax decides (`!!str true` is text as written).
    public static func isSafePlain(_ text: String, inFlow: Bool = false, readers: Readers = .anyYAML, typeFixed: Bool = false) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || first == "\t" || last == " " || last == "\t" { return false }
        if text.hasPrefix("---") || text.hasPrefix("...") { return false }
        let second = text.unicodeScalars.dropFirst().first
        switch first {
        case "?" where inFlow, ":" where inFlow:
            // There libyaml and PyYAML read them first as indicators (`{?a: 1}`, `[:a]`).
            return false
        case "-", "?", ":":
            if second == nil || second == " " || second == "\t" { return false }
        case ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`":
            return false
        default:
            break
        }
        if last == ":" { return false }
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { return false }
            if scalar == "#" && (previous == " " || previous == "\t") { return false }
            if previous == ":" && (scalar == " " || scalar == "\t") { return false }
            // In a flow collection PyYAML ends a plain scalar at `?`.
            if inFlow && (scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}" || scalar == "?") { return false }
            previous = scalar
        }
        if typeFixed { return true }
        // YAML 1.1's value and merge types: PyYAML's safe loader cannot construct a plain `=` or `<<` value.
        if text == "=" || text == "<<" { return false }
        if YAMLScalarType.core(plain: text) != .string { return false }
        if readers == .frontMatter && ["y", "Y", "n", "N"].contains(text) { return true }
        return YAMLScalarType.yaml11(plain: text) == .string
    }

    /// Source text for a single-line value, keeping `style` when it can hold
    /// the value.
    ///
    /// - Parameters:
    ///   - intent: what to write.
    ///   - style: the style of the scalar being replaced (`.plain` for a new one).
    ///   - inFlow: whether the scalar sits inside a flow collection.
    /// - Returns: the scalar's source text, or `nil` when the value has a line
    ///   break (block scalars are written by `blockLiteral`).
    ///   - readers: which readers the value must survive.
    ///   - typeFixed: whether a tag on the scalar fixes its type (see `isSafePlain`).
    public static func singleLine(
        _ intent: Intent, style: YAMLScalar.Style, inFlow: Bool = false, readers: Readers = .anyYAML, typeFixed: Bool = false
    ) -> String? {
        let text = intent.text
        if text.utf8.contains(Byte.newline) || text.utf8.contains(Byte.carriageReturn) { return nil }
        switch style {
        case .doubleQuoted:
            return doubleQuoted(text)
        case .singleQuoted:
            return canSingleQuote(text) ? singleQuoted(text) : doubleQuoted(text)
        case .plain, .literal, .folded:
            if case .typed(let value) = intent, !inFlow || !value.contains(",") { return value }
            if isSafePlain(text, inFlow: inFlow, readers: readers, typeFixed: typeFixed) { return text }
            if text.contains("\"") && canSingleQuote(text) { return singleQuoted(text) }
            return doubleQuoted(text)
        }
    }

    /// A literal block scalar (`|`, `|-` or `|+`) for a multi-line value.
    ///
    /// - Parameters:
    ///   - text: the value.
    ///   - indent: the indentation of the content lines.
    ///   - lineEnding: the file's line ending.
    /// - Returns: the text from the `|` indicator through the last content
    ///   line, without a final line break, or `nil` when a literal cannot
    ///   hold the value (leading spaces on the first line, control characters).
    public static func blockLiteral(_ text: String, indent: String, lineEnding: LineEnding) -> String? {
        // A carriage return would be read as a line break; an empty literal
        // would take the lines below it as its content.
        guard !text.isEmpty, !text.utf8.contains(Byte.carriageReturn) else { return nil }
        var body = text
        var chomping = "-"
        if body.utf8.last == Byte.newline {
            body.unicodeScalars.removeLast()
            chomping = body.utf8.last == Byte.newline ? "+" : ""
        }
        if chomping == "+" {
            // Keep chomping would need trailing blank lines; write them as such.
            while body.utf8.last == Byte.newline { body.unicodeScalars.removeLast() }
            return nil
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first(where: { !$0.isEmpty }), first.utf8.first == Byte.space || first.utf8.first == Byte.tab { return nil }
        for scalar in body.unicodeScalars where (scalar != "\n" && scalar != "\t" && needsEscape(scalar)) { return nil }
        var result = "|" + chomping
        for line in lines {
            result += lineEnding.string
            if !line.isEmpty { result += indent + line }
        }
        return result
    }

    /// A folded block scalar (`>` or `>-`) for a value of one line (with at
    /// most a final line break), so a folded value stays folded.
    ///
    /// - Returns: the text from the `>` indicator through the content line,
    ///   without a final line break, or `nil` when a folded scalar would not
    ///   read back as `text` (a line break inside it, spaces at either end,
    ///   control characters).
    public static func blockFolded(_ text: String, indent: String, lineEnding: LineEnding) -> String? {
        var body = text
        var chomping = "-"
        if body.utf8.last == Byte.newline {
            body.unicodeScalars.removeLast()
            chomping = ""
        }
        guard let first = body.unicodeScalars.first, let last = body.unicodeScalars.last,
              first != " ", first != "\t", last != " ", last != "\t" else { return nil }
        for scalar in body.unicodeScalars where needsEscape(scalar) { return nil }
        return ">" + chomping + lineEnding.string + indent + body
    }

    /// A quoted scalar holding `text`, which has line breaks, on several
    /// lines where that reads back the same (YAML 1.2 §7.3, line folding):
    /// single quoted, each line break written as an empty line, when no
    /// space or tab touches a line break and nothing needs an escape;
    /// double quoted with `\n` escapes, each followed by an escaped line
    /// break and `indent` when `keepsLines` (the old scalar was written
    /// over several lines; a continuation line's first space or tab is
    /// escaped, as folding would drop it), else on one line.
    ///
    /// - Returns: the scalar's text, or `nil` when `style` is not quoted or
    ///   single quotes cannot hold `text` (the caller writes double quotes).
    public static func quotedLines(_ text: String, style: YAMLScalar.Style, indent: String, lineEnding: LineEnding, keepsLines: Bool) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        switch style {
        case .singleQuoted:
            for (index, line) in lines.enumerated() {
                guard canSingleQuote(String(line)) else { return nil }
                if index > 0, let first = line.utf8.first, Byte.isSpaceOrTab(first) { return nil }
                if index < lines.count - 1, let last = line.utf8.last, Byte.isSpaceOrTab(last) { return nil }
            }
            let newline = lineEnding.string
            var result = "'" + String(lines[0]).replacingOccurrences(of: "'", with: "''")
            for line in lines.dropFirst() {
                // One empty line per line break; folding reads it back as `\n`.
                result += newline
                if !line.isEmpty { result += newline + indent + line.replacingOccurrences(of: "'", with: "''") }
            }
            return result + (lines.last?.isEmpty == true && lines.count > 1 ? newline + indent + "'" : "'")
        case .doubleQuoted:
            guard keepsLines else { return doubleQuoted(text) }
            func escaped(_ line: Substring) -> String { String(doubleQuoted(String(line)).dropFirst().dropLast()) }
            var result = "\"" + escaped(lines[0])
            for line in lines.dropFirst() {
                var written = escaped(line)
                if written.hasPrefix(" ") { written = "\\ " + written.dropFirst() }
                result += "\\n\\" + lineEnding.string + indent + written
            }
            return result + "\""
        default:
            return nil
        }
    }

    /// `text` in double quotes with YAML escapes (`\"`, `\\`, `\n`, `\t`,
    /// `\r`, `\N`, `\L`, `\P` for YAML's other line breaks, `\xNN` or
    /// `\uNNNN` for other characters YAML does not allow as written).
    /// Other characters, emoji included, are written as UTF-8, never as
    /// escapes.
    public static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += scalar.value <= 0xFF
                        ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `scalar` cannot be written as itself in a YAML scalar: C0
    /// and C1 control characters and DEL (YAML 1.2 `c-printable` excludes
    /// them), the line breaks YAML 1.1 readers know besides `\n` and `\r`
    /// (U+0085, U+2028, U+2029), a byte order mark and the non-characters
    /// U+FFFE and U+FFFF.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || value == 0x7F || (value >= 0x80 && value < 0xA0)
            || value == 0x2028 || value == 0x2029 || value == 0xFEFF || value == 0xFFFE || value == 0xFFFF
    }

    /// `text` in single quotes (`'` doubled).
    public static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func canSingleQuote(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: needsEscape)
    }

    static func isCanonicalInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return digits == "0" || digits.first != "0"
    }

    private static func isCanonicalFloat(_ text: String) -> Bool {
        guard let value = Double(text), value.isFinite else { return false }
        return value.description == text
    }
}

extension String {
    /// The text with `\r\n` and lone `\r` turned into `\n`.
    func replacingCRLF() -> String {
        guard contains("\r") else { return self }
        return replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
