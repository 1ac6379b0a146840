/// Checks the fields of `tiledown.yml`, as Tiledown's configuration reader
/// reads them (flat `key: value` lines, values raw strings), against
/// `SiteConfigurationSchema`: unknown keys, values of the wrong kind, and
/// `newsletter.username` missing when a `newsletter.*` key is set are
/// errors, with a fix when the intended text is obvious. Where plain YAML
/// would read a line differently (quotes, a `#`, `: ` in a value, a value
/// starting with a YAML indicator), a note says how.
enum SiteConfigurationValidator {
    /// Diagnostics for `fields` (spans in file bytes, as `FrontMatterReader.readFlatFields` gives them).
    static func diagnostics(for fields: [FrontMatterField], schema: SiteConfigurationSchema = .tiledown) -> [BlockDiagnostic] {
        var result: [BlockDiagnostic] = []
        for field in fields {
            if let key = schema.key(field.key) {
                if let (message, suggestion) = key.kind.problem(with: field.value, key: field.key) {
                    let fix = suggestion.map { DiagnosticFix(title: "Use `\($0)`", edits: [TextEdit(range: field.valueSpan, replacement: $0)]) }
                    result.append(BlockDiagnostic(.error, .siteConfigInvalidValue, message, range: valueRange(field), fix: fix))
                }
            } else if let suggestion = schema.suggestion(for: field.key) {
                let shown = YAMLChecks.shown(field.key)
                if let taken = fields.first(where: { $0.key.hasSameBytes(as: suggestion) }) {
                    // Renaming to a key already set would write it twice: no fix.
                    result.append(BlockDiagnostic(
                        .error, .siteConfigUnknownKey,
                        "unknown key `\(shown)`; the nearest known key, `\(suggestion)`, is already set on line \(BlockDiagnostic.line(taken.lineOffset)): remove this line or give it another key. Tiledown stops the build on an unknown key",
                        range: field.keySpan))
                } else {
                    result.append(BlockDiagnostic(
                        .error, .siteConfigUnknownKey, "unknown key `\(shown)`; did you mean `\(suggestion)`? Tiledown stops the build on an unknown key",
                        range: field.keySpan,
                        fix: DiagnosticFix(title: "Use `\(suggestion)`", edits: [TextEdit(range: field.keySpan, replacement: suggestion)])))
                }
            } else {
                result.append(BlockDiagnostic(
                    .error, .siteConfigUnknownKey, "unknown key `\(YAMLChecks.shown(field.key))`; Tiledown stops the build on an unknown key",
                    range: field.keySpan))
            }
            result += yamlDifferences(field)
        }
        let newsletter = fields.filter { $0.key.hasPrefix(SiteConfigurationSchema.newsletterPrefix) && schema.key($0.key) != nil }
        if let first = newsletter.first, !newsletter.contains(where: { $0.key == SiteConfigurationSchema.newsletterUsername && !$0.value.isEmpty }) {
            let empty = newsletter.last { $0.key == SiteConfigurationSchema.newsletterUsername }
            result.append(BlockDiagnostic(
                .error, .siteConfigMissingKey,
                "`newsletter.username` (the Buttondown username) is required when a `newsletter.*` key is set",
                range: empty?.keySpan ?? first.keySpan))
        }
        return result
    }

    private static func valueRange(_ field: FrontMatterField) -> Range<Int> {
        field.valueSpan.isEmpty ? field.keySpan : field.valueSpan
    }

    /// Notes where a YAML reader would read the field's line differently.
    static func yamlDifferences(_ field: FrontMatterField) -> [BlockDiagnostic] {
        let value = field.value
        guard let first = value.unicodeScalars.first else { return [] }
        let range = field.valueSpan
        if value.count >= 2, first == "\"" || first == "'", value.unicodeScalars.last == first {
            let inner = String(value.dropFirst().dropLast())
            return [BlockDiagnostic(
                .warning, .siteConfigYAMLDifference,
                "Tiledown keeps the quotes: the value is `\(value)`, quotes included; YAML would read `\(inner)`",
                range: range,
                fix: DiagnosticFix(title: "Remove the quotes", edits: [TextEdit(range: range, replacement: inner)]))]
        }
        if first == "#" {
            return [BlockDiagnostic(
                .info, .siteConfigYAMLDifference,
                "Tiledown reads `\(value)` as the value; YAML would read a comment and no value",
                range: range)]
        }
        if let comment = commentStart(in: value) {
            let before = String(value[..<comment]).trimmingSpaces()
            return [BlockDiagnostic(
                .warning, .siteConfigYAMLDifference,
                "Tiledown reads the whole `\(value)` as the value, `#` and all; YAML would end it at the comment and read `\(before)`",
                range: range)]
        }
        if value.contains(": ") || value.hasSuffix(":") {
            return [BlockDiagnostic(
                .info, .siteConfigYAMLDifference,
                "Tiledown reads `\(value)` as the value; YAML would take the `:` in it for a second key and reject the line",
                range: range)]
        }
        let indicators: [Unicode.Scalar: String] = [
            "[": "a list", "{": "a mapping", "&": "an anchor", "*": "an alias", "!": "a tag", "|": "a block scalar",
            ">": "a folded block scalar", "%": "an error (a directive)", "@": "an error (a reserved character)", "`": "an error (a reserved character)",
        ]
        if let meaning = indicators[first] {
            return [BlockDiagnostic(
                .info, .siteConfigYAMLDifference,
                "Tiledown reads `\(value)` as text; YAML would read \(meaning)",
                range: range)]
        }
        return []
    }

    /// Where a YAML comment would start: a `#` after a space or tab.
    private static func commentStart(in value: String) -> String.Index? {
        var previous: Character = "x"
        for index in value.indices {
            let character = value[index]
            if character == "#" && (previous == " " || previous == "\t") { return index }
            previous = character
        }
        return nil
    }
}
