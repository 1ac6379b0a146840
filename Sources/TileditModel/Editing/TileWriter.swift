/// Writes tile properties in the Tiledown tile body grammar (ARCHITECTURE.md,
/// "The Tiledown format") so that they read back as the value given, or refuses.
///
/// Forms: `key: value` for one line; `key: |` plus indented lines for a
/// multi-line value; `key:` plus `- item` lines for a list. Values are raw
/// strings: nothing is quoted (quotes would become part of the value).
public enum TileWriter {
    /// The value as the grammar will read it back: CRLF normalized, a
    /// literal's trailing blank lines and whitespace-only lines emptied.
    public static func normalized(_ value: TileValue) -> TileValue {
        switch value {
        case .text(let text) where text.utf8.contains(Byte.newline) || text.utf8.contains(Byte.carriageReturn):
            return normalized(.literal(text))
        case .text:
            return value
        case .literal(let text):
            var lines = text.replacingCRLF().split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                line.allSatisfy { $0 == " " || $0 == "\t" } ? "" : line
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            while lines.first?.isEmpty == true { lines.removeFirst() }
            return .literal(lines.joined(separator: "\n"))
        case .list(let items):
            return .list(items)
        }
    }

    /// Why `value` would not read back exactly as given, so a scripted
    /// edit can refuse it rather than write something else: a carriage
    /// return (a tile body has no way to hold one), a line break at the start
    /// or end, or a line of only spaces (the grammar trims them); `nil`
    /// when it reads back as given.
    ///
    /// - Parameters:
    ///   - value: the value as given.
    ///   - key: the property, for the message.
    public static func exactnessProblem(_ value: TileValue, key: String) -> String? {
        let text: String
        switch value {
        case .text(let value), .literal(let value): text = value
        case .list(let items):
            return items.contains { $0.utf8.contains(Byte.carriageReturn) } ? "an item of `\(key)` holds a carriage return (CR), which a tile cannot hold" : nil
        }
        if text.unicodeScalars.contains("\r") {
            return "the value of `\(key)` holds a carriage return (CR), which a tile cannot hold (Tiledown reads it as a line break)"
        }
        guard text.unicodeScalars.contains("\n") else { return nil }
        if text.unicodeScalars.first == "\n" {
            return "the value of `\(key)` starts with a line break, which Tiledown drops; remove it"
        }
        if text.unicodeScalars.last == "\n" {
            return "the value of `\(key)` ends with a line break, which Tiledown drops; remove it"
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let index = lines.firstIndex(where: { !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }) {
            return "line \(index + 1) of the value of `\(key)` holds only spaces, which Tiledown reads as an empty line; remove them"
        }
        return nil
    }

    /// The property's lines.
    ///
    /// - Parameters:
    ///   - key: the property key.
    ///   - value: the value (normalized first).
    ///   - indent: text before the key (the existing property's, usually empty).
    ///   - continuationIndent: indentation of literal lines (default two
    ///     spaces) or the text before `-` of list items (default none).
    ///   - preferLiteral: write a one-line value as `key: |` (keeps an
    ///     existing literal's form).
    ///   - lineEnding: the tile's own line ending (its first line break;
    ///     the file's for a new tile); every line ends with it.
    /// - Throws: `EditError.invalidValue` when the grammar cannot read the
    ///   value back (leading or trailing spaces, a line break in a list item,
    ///   a multi-line value whose every line is indented).
    public static func propertyText(
        key: String, value: TileValue, indent: String = "", continuationIndent: String? = nil,
        preferLiteral: Bool = false, lineEnding: LineEnding
    ) throws(EditError) -> String {
        let eol = lineEnding.string
        try checkKey(key)
        switch normalized(value) {
        case .text(let text):
            if text != text.trimmingSpaces() {
                throw .invalidValue(message: "a tile value cannot start or end with spaces; Tiledown trims them, so `\(key)` would read back as `\(text.trimmingSpaces())`")
            }
            let isIndicator = ["|", ">", ">-", ">+", "|-", "|+"].contains(text)
            if preferLiteral || isIndicator {
                return try literalText(key: key, text: text, indent: indent, continuationIndent: continuationIndent ?? "  ", eol: eol)
            }
            return text.isEmpty ? "\(indent)\(key):\(eol)" : "\(indent)\(key): \(text)\(eol)"
        case .literal(let text):
            if !text.utf8.contains(Byte.newline) && !preferLiteral && text == text.trimmingSpaces() && !text.isEmpty
                && !["|", ">", ">-", ">+", "|-", "|+"].contains(text) {
                return "\(indent)\(key): \(text)\(eol)"
            }
            return try literalText(key: key, text: text, indent: indent, continuationIndent: continuationIndent ?? "  ", eol: eol)
        case .list(let items):
            var result = "\(indent)\(key):\(eol)"
            let prefix = continuationIndent ?? indent
            for item in items {
                if item.utf8.contains(Byte.newline) || item.utf8.contains(Byte.carriageReturn) {
                    throw .invalidValue(message: "a list item of `\(key)` cannot span lines")
                }
                if item != item.trimmingSpaces() {
                    throw .invalidValue(message: "a list item of `\(key)` cannot start or end with spaces; Tiledown trims them")
                }
                result += item.isEmpty ? "\(prefix)-\(eol)" : "\(prefix)- \(item)\(eol)"
            }
            return result
        }
    }

    private static func literalText(key: String, text: String, indent: String, continuationIndent: String, eol: String) throws(EditError) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let contentLines = lines.filter { !$0.isEmpty }
        if !contentLines.isEmpty && contentLines.allSatisfy({ $0.utf8.first == Byte.space || $0.utf8.first == Byte.tab }) {
            throw .invalidValue(message: "every line of `\(key)` starts with spaces; Tiledown removes the common indentation, so it would read back without it")
        }
        let lineIndent = indent + (continuationIndent.isEmpty ? "  " : continuationIndent)
        var result = "\(indent)\(key): |\(eol)"
        for line in lines {
            result += line.isEmpty ? eol : "\(lineIndent)\(line)\(eol)"
        }
        return result
    }

    /// Keys are split at the first `:`, trimmed, and may not start a list item or a comment.
    static func checkKey(_ key: String) throws(EditError) {
        // Bytes, as the tile parser reads them: `-` + a combining mark still starts a list item.
        let bytes = Array(key.utf8)
        if bytes.isEmpty || key != key.trimmingSpaces() || bytes.contains(Byte.colon) || bytes.contains(Byte.newline) || bytes.contains(Byte.carriageReturn)
            || bytes.first == Byte.hyphen || bytes.first == Byte.hash {
            throw .invalidValue(message: "`\(key)` cannot be a tile property key; keys are words like `title` or `series.Visits`")
        }
    }

    /// A whole tile in canonical form (ARCHITECTURE.md, "The Tiledown format"): `:::tile
    /// <type>`, then `id`, `mode`, required, optional known, unknown
    /// properties (source order), then `:::`.
    public static func canonicalText(type: String, properties: [(key: String, value: TileValue)], schema: TileSchema?, lineEnding: LineEnding) throws(EditError) -> String {
        let eol = lineEnding.string
        let ordered = properties.enumerated().sorted { lhs, rhs in
            let left = schema?.canonicalRank(of: lhs.element.key) ?? rank(lhs.element.key)
            let right = schema?.canonicalRank(of: rhs.element.key) ?? rank(rhs.element.key)
            return left == right ? lhs.offset < rhs.offset : left < right
        }
        var result = ":::tile \(type)\(eol)"
        for (_, property) in ordered {
            let literal = schema?.property(property.key)?.kind == .multilineText && property.value.text.contains("\n")
            result += try propertyText(key: property.key, value: property.value, preferLiteral: literal, lineEnding: lineEnding)
        }
        return result + ":::\(eol)"
    }

    private static func rank(_ key: String) -> Int {
        key == "id" ? 0 : key == "mode" ? 1 : Int.max
    }
}
