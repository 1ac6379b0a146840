import Foundation

/// Writes a value into YAML source so that it reads back as exactly that
/// value, changing as little as possible (DESIGN.md section 4: "an edited
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

    /// Decides the intent of text a user typed for a field: a boolean or a
    /// number stays typed when the field already holds that type (or is new),
    /// anything else is text.
    ///
    /// - Parameters:
    ///   - typed: the characters the user entered.
    ///   - current: the scalar being replaced, `nil` for a new field.
    public static func intent(for typed: String, replacing current: YAMLScalar?) -> Intent {
        let newType = YAMLScalarType.core(plain: typed)
        let currentType = current.map(YAMLScalarType.core)
        switch newType {
        case .boolean where typed == "true" || typed == "false":
            if currentType == nil || currentType == .boolean { return .typed(typed) }
        case .integer where isCanonicalInteger(typed):
            if currentType == nil || currentType == .integer || currentType == .float { return .typed(typed) }
        case .float where isCanonicalFloat(typed):
            if currentType == .float { return .typed(typed) }
        default:
            break
        }
        return .text(typed)
    }

    /// Whether `text` can be written as a plain scalar in block context and
    /// read back as the same string by YAML 1.1 and YAML 1.2 readers.
    ///
    /// - Parameter inFlow: whether the scalar sits inside `[…]` or `{…}`,
    ///   where `,[]{}` are indicators too.
    public static func isSafePlain(_ text: String, inFlow: Bool = false, readers: Readers = .anyYAML) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || first == "\t" || last == " " || last == "\t" { return false }
        if text.hasPrefix("---") || text.hasPrefix("...") { return false }
        let second = text.unicodeScalars.dropFirst().first
        switch first {
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
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" || (scalar.value >= 0x80 && scalar.value < 0xA0) { return false }
            if scalar == "#" && (previous == " " || previous == "\t") { return false }
            if previous == ":" && (scalar == " " || scalar == "\t") { return false }
            if inFlow && (scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}") { return false }
            previous = scalar
        }
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
    public static func singleLine(_ intent: Intent, style: YAMLScalar.Style, inFlow: Bool = false, readers: Readers = .anyYAML) -> String? {
        let text = intent.text
        if text.contains("\n") || text.contains("\r") { return nil }
        switch style {
        case .doubleQuoted:
            return doubleQuoted(text)
        case .singleQuoted:
            return canSingleQuote(text) ? singleQuoted(text) : doubleQuoted(text)
        case .plain, .literal, .folded:
            if case .typed(let value) = intent, !inFlow || !value.contains(",") { return value }
            if isSafePlain(text, inFlow: inFlow, readers: readers) { return text }
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
        var body = text.replacingCRLF()
        var chomping = "-"
        if body.hasSuffix("\n") {
            body.removeLast()
            chomping = body.hasSuffix("\n") ? "+" : ""
        }
        if chomping == "+" {
            // Keep chomping would need trailing blank lines; write them as such.
            while body.hasSuffix("\n") { body.removeLast() }
            return nil
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first(where: { !$0.isEmpty }), first.first == " " || first.first == "\t" { return nil }
        for scalar in body.unicodeScalars where (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar == "\u{FEFF}" { return nil }
        var result = "|" + chomping
        for line in lines {
            result += lineEnding.string
            if !line.isEmpty { result += indent + line }
        }
        return result
    }

    /// `text` in double quotes with YAML escapes (`\"`, `\\`, `\n`, `\t`,
    /// `\xNN` for other control characters). Other characters, emoji
    /// included, are written as UTF-8, never as escapes.
    public static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `text` in single quotes (`'` doubled).
    public static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func canSingleQuote(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func isCanonicalInteger(_ text: String) -> Bool {
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
