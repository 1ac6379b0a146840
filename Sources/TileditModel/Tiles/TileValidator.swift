import Foundation

/// Checks a tile against its schema (ARCHITECTURE.md, "The Tiledown format"): required
/// properties, allowed values, ids, chart series, secret-like names,
/// unknown types and properties.
enum TileValidator {
    /// Diagnostics for `tile`; ranges relative to the tile's block.
    ///
    /// - Parameter openingIndent: bytes of indentation before the opening
    ///   `:::` (a tile in a list item); diagnostics on the opening line start after it.
    static func diagnostics(for tile: Tile, catalog: TileCatalog, openingIndent: Int = 0) -> [BlockDiagnostic] {
        var result: [BlockDiagnostic] = []
        let openingEnd = Swift.max(tile.openingSpan.count - 1, 0)
        let opening = Swift.min(Swift.max(openingIndent, 0), openingEnd)..<openingEnd
        for property in tile.properties where isSecretLike(property.key) {
            result.append(BlockDiagnostic(
                .error, .tileSecretProperty,
                "property `\(property.key)` looks like a secret; secrets never belong in Markdown — use `mode: proxy` and `publicKey`",
                range: keyRange(property)))
        }
        if let id = tile.property("id") {
            result += check(id, against: TileCatalog.idProperty, tileType: tile.type)
        }
        if let mode = tile.property("mode") {
            result += check(mode, against: TileCatalog.modeProperty, tileType: tile.type)
        }
        guard let schema = catalog.schema(for: tile.type) else {
            result.append(BlockDiagnostic(
                .warning, .tileUnknownType, "unknown tile type `\(tile.type)`; it is kept as written",
                range: opening))
            return result
        }
        for requirement in schema.properties where requirement.isRequired {
            if let property = tile.property(requirement.key), !property.value.isEmpty { continue }
            result.append(BlockDiagnostic(
                .error, .tileMissingProperty, "tile `\(tile.type)` needs `\(requirement.key)` (\(requirement.kind.hint))",
                range: tile.property(requirement.key).map(keyRange) ?? opening))
        }
        for property in tile.properties where property.key != "id" && property.key != "mode" && !isSecretLike(property.key) {
            if let known = schema.property(property.key) {
                if !property.value.isEmpty { result += check(property, against: known, tileType: tile.type) }
            } else if !schema.knows(property.key) {
                result.append(BlockDiagnostic(
                    .warning, .tileUnknownProperty, "tile `\(tile.type)` has no property `\(property.key)`; it is kept as written",
                    range: keyRange(property)))
            }
        }
        if tile.type == "chart" { result += chartDiagnostics(tile, opening: opening) }
        return result
    }

    /// The message for `value` as a value of `kind`, or `nil` when it is valid.
    static func problem(with value: TileValue, kind: TilePropertyKind, key: String) -> String? {
        let text = value.text
        switch kind {
        case .text, .multilineText, .list:
            return nil
        case .identifier:
            return isKebabCase(text) ? nil : "`\(key)` must be lowercase kebab-case (letters, digits and single hyphens), e.g. `intro-note`; found `\(text)`"
        case .choice(let words):
            return words.contains(text) ? nil : "`\(key)` must be one of \(words.map { "`\($0)`" }.joined(separator: ", ")); found `\(text)`"
        case .integer(let range):
            guard let number = Int(text), range.contains(number) else {
                return "`\(key)` must be \(TilePropertyKind.integer(range).hint); found `\(text)`"
            }
            return nil
        case .boolean:
            return BooleanWord.isBoolean(text) ? nil : "`\(key)` must be true or false (yes/no, on/off, 1/0); found `\(text)`"
        case .videoURL:
            return isVideoURL(text) ? nil : "`\(key)` must be a YouTube or Vimeo page, or an https link to an .mp4, .webm or .ogg file; found `\(text)`"
        case .aspectRatio:
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, let width = Int(parts[0].trimmingSpaces()), let height = Int(parts[1].trimmingSpaces()), width > 0, height > 0 {
                return nil
            }
            return "`\(key)` must be W/H with two positive whole numbers, e.g. 16/9; found `\(text)`"
        case .numberList:
            let bad = value.items.first { Double($0) == nil }
            return bad.map { "`\(key)` must be numbers separated by commas; `\($0)` is not a number" }
        }
    }

    /// Lowercase kebab-case: `[a-z0-9]+(-[a-z0-9]+)*`.
    static func isKebabCase(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Whether a key names a secret (ARCHITECTURE.md, "The Tiledown format"): its last dotted
    /// segment, lowercased without `_` and `-`, contains one of
    /// `secretWords` (and is not `publickey`). Works on UTF-8 bytes: it runs
    /// for every property of every tile a document opens with.
    static func isSecretLike(_ key: String) -> Bool {
        let count = key.utf8.count
        // On the stack: this runs for every property of every tile.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(count, 1)) { name in
            var length = 0
            for byte in key.utf8 {
                switch byte {
                case UInt8(ascii: "."): length = 0
                case UInt8(ascii: "_"), UInt8(ascii: "-"): continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): name[length] = byte | 0x20; length += 1
                default: name[length] = byte; length += 1
                }
            }
            let lowered = UnsafeBufferPointer(rebasing: name[0..<length])
            if lowered.elementsEqual("publickey".utf8) { return false }
            return secretWords.contains { ASCIICaseFoldSearch.contains($0, in: lowered) }
        }
    }

    /// Fragments of key names that hold secrets, lowercase.
    static let secretWords: [[UInt8]] = ["apikey", "secret", "token", "password", "passwd", "privatekey", "accesskey", "credential"].map { Array($0.utf8) }

    /// One rule for what an embed accepts, shared with the HTML renderer.
    private static func isVideoURL(_ text: String) -> Bool {
        VideoSource(url: text) != nil
    }

    private static func keyRange(_ property: TileProperty) -> Range<Int> {
        property.keySpan.isEmpty ? property.span : property.keySpan
    }

    private static func valueRange(_ property: TileProperty) -> Range<Int> {
        property.valueSpan.isEmpty ? keyRange(property) : property.valueSpan
    }

    private static func check(_ property: TileProperty, against schema: TilePropertySchema, tileType: String) -> [BlockDiagnostic] {
        guard let message = problem(with: property.value, kind: schema.kind, key: property.key) else { return [] }
        let code: DiagnosticCode = schema.kind == .identifier ? .tileInvalidID : .tileInvalidValue
        var fix: DiagnosticFix?
        if schema.kind == .identifier {
            let suggestion = kebabCased(property.value.text)
            if !suggestion.isEmpty {
                fix = DiagnosticFix(title: "Use `\(suggestion)`", edits: [TextEdit(range: property.valueSpan, replacement: suggestion)])
            }
        }
        return [BlockDiagnostic(.error, code, message, range: valueRange(property), fix: fix)]
    }

    /// `My Note_1` → `my-note-1`.
    static func kebabCased(_ text: String) -> String {
        var result = ""
        var previous: Character = "-"
        for character in text {
            var next: Character
            if character.isUppercase && previous != "-" && previous.isLowercase {
                result.append("-")
            }
            next = Character(character.lowercased())
            if !(next.isASCII && (next.isLetter || next.isNumber)) { next = "-" }
            if next == "-" && previous == "-" { continue }
            result.append(next)
            previous = next
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    private static func chartDiagnostics(_ tile: Tile, opening: Range<Int>) -> [BlockDiagnostic] {
        var result: [BlockDiagnostic] = []
        let series = tile.properties.filter { $0.key.hasPrefix("series.") }
        let labels = tile.value("labels")?.items ?? []
        if series.isEmpty {
            result.append(BlockDiagnostic(
                .error, .tileMissingProperty, "tile `chart` needs at least one series, e.g. `series.Visits: 3, 5, 8`",
                range: opening))
        }
        let chartType = tile.value("type")?.text ?? ""
        if (chartType == "pie" || chartType == "doughnut") && series.count > 1 {
            result.append(BlockDiagnostic(
                .error, .tileInvalidValue, "a \(chartType) chart takes exactly one series; found \(series.count)",
                range: keyRange(series[1])))
        }
        for property in series {
            let values = property.value.items
            if let bad = values.first(where: { Double($0) == nil }) {
                result.append(BlockDiagnostic(
                    .error, .tileInvalidValue, "series `\(property.key.dropFirst(7))` must be numbers separated by commas; `\(bad)` is not a number",
                    range: valueRange(property)))
                continue
            }
            if !labels.isEmpty && values.count != labels.count {
                result.append(BlockDiagnostic(
                    .error, .tileSeriesLength,
                    "series `\(property.key.dropFirst(7))` has \(values.count) value\(values.count == 1 ? "" : "s") but there \(labels.count == 1 ? "is 1 label" : "are \(labels.count) labels")",
                    range: valueRange(property)))
            }
            if (chartType == "pie" || chartType == "doughnut"), let bad = values.first(where: { (Double($0) ?? 0) <= 0 }) {
                result.append(BlockDiagnostic(
                    .error, .tileInvalidValue, "a \(chartType) chart takes positive values; found `\(bad)`",
                    range: valueRange(property)))
            }
        }
        return result
    }
}
