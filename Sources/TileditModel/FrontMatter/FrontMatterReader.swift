/// Finds and reads front matter at the start of a file (ARCHITECTURE.md, "The Tiledown format":
/// the first line is exactly `---`, closed by the next line that is exactly
/// `---`, or, in the YAML dialect, exactly `...` (YAML's document end
/// marker, which Jekyll and Hugo accept); only a byte order mark may precede it).
enum FrontMatterReader {
    /// What the start of a file holds.
    enum Scan {
        /// No front matter and nothing that looks like it.
        case none
        /// Front matter: the opening line, the closing line.
        case block(opening: LineSpan, closing: LineSpan)
        /// Something that looks like front matter but is not read as such;
        /// the diagnostic's range and fix are in buffer coordinates.
        case lookalike(BlockDiagnostic)
    }

    /// Looks for front matter starting at `start` (just after a byte order
    /// mark, if any). A `...` line closes `---` front matter in the YAML
    /// dialect only: flat Tiledown front matter ends at `---` alone. A
    /// delimiter line with other characters around its marker (trailing
    /// whitespace, a no-break or zero-width space, `--- # comment`:
    /// `FrontMatterDelimiter`) does not open or close front matter; when it
    /// is what keeps a block from being front matter, the block is a
    /// look-alike whose fix deletes those characters.
    static func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, dialect: FrontMatterDialect) -> Scan {
        guard start < buffer.count else { return .none }
        let first = buffer.line(startingAt: start)
        let closers: [StaticString] = dialect == .yaml ? ["---", "..."] : ["---"]
        for (isTOML, opener, closers) in [(false, "---", closers), (true, "+++", ["+++"])] as [(Bool, StaticString, [StaticString])] {
            guard let opening = FrontMatterDelimiter.extras(buffer, line: first, marker: opener) else { continue }
            if opening.isExact {
                var position = first.end
                var nearest: (line: LineSpan, offset: Int, marker: StaticString, extras: FrontMatterDelimiter.Extras)?
                var offset = 1
                while position < buffer.count {
                    let line = buffer.line(startingAt: position)
                    if let found = FrontMatterDelimiter.extras(buffer, line: line, markers: closers) {
                        if found.extras.isExact { return .block(opening: first, closing: line) }
                        if nearest == nil { nearest = (line, offset, found.marker, found.extras) }
                    }
                    position = line.end
                    offset += 1
                }
                if let nearest {
                    // The closing line the author meant is not exact: say which and how.
                    return .lookalike(lookalike(
                        opener: opener, opening: first, openingExtras: nil, closing: nearest.line, closingOffset: nearest.offset,
                        marker: nearest.marker, closingExtras: nearest.extras))
                }
                return .lookalike(BlockDiagnostic(
                    .warning, .frontMatterUnclosed,
                    isTOML
                        ? "TOML front matter `+++` is opened but never closed; it is read as a paragraph (add a closing `+++` line to make it front matter)"
                        : "front matter delimiter `---` is opened but never closed; it is read as a thematic break (add a closing `---` line to make it front matter)",
                    range: first.start..<first.contentEnd))
            }
            // An opening line with more than its marker.
            var position = first.end
            var offset = 1
            var sawKey = false
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                if let found = FrontMatterDelimiter.extras(buffer, line: line, markers: closers) {
                    // Trailing whitespace alone is the common slip (Jekyll
                    // accepts it); other characters must also have a
                    // `key:` line (TOML: `key =`) between, so a page that opens with a
                    // thematic break is no look-alike.
                    guard opening.isTrailingWhitespaceOnly || sawKey else { return .none }
                    return .lookalike(lookalike(
                        opener: opener, opening: first, openingExtras: opening, closing: line, closingOffset: offset,
                        marker: found.marker, closingExtras: found.extras))
                }
                let text = buffer[line.start..<line.contentEnd]
                if text.contains(Byte.colon) || (isTOML && text.contains(0x3D)) { sawKey = true }
                position = line.end
                offset += 1
            }
            return .none
        }
        if let dashes = FrontMatterDelimiter.dashCount(buffer, line: first), dashes > 3 {
            return extraDashes(buffer, opening: first, dashes: dashes)
        }
        if buffer.isBlank(first) {
            // Blank lines, then `---`, `key:` lines, `---`.
            var position = first.end
            var opening: LineSpan?
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                if buffer.isBlank(line) {
                    position = line.end
                    continue
                }
                if buffer.matches(buffer.trimmed(line), "---") { opening = line }
                break
            }
            guard let opening else { return .none }
            position = opening.end
            var sawKey = false
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                let trimmed = buffer.trimmed(line)
                if buffer.matches(trimmed, "---") {
                    guard sawKey else { return .none }
                    return .lookalike(BlockDiagnostic(
                        .warning, .frontMatterNotAtStart,
                        "this looks like front matter, but it does not start on line 1, so it is not read as front matter",
                        range: opening.start..<line.contentEnd,
                        fix: DiagnosticFix(title: "Delete the blank lines before `---`", edits: [TextEdit(range: start..<opening.start, replacement: [])])))
                }
                if buffer.isBlank(line) { return .none }
                if buffer[trimmed].contains(Byte.colon) { sawKey = true }
                position = line.end
            }
        }
        return .none
    }

    /// A first line of more than three dashes (`----`), `key:` lines with
    /// no blank line among them, and a line of three or more dashes: front
    /// matter written with the wrong count, which CommonMark reads as a
    /// thematic break and a setext heading, and no site generator as front
    /// matter. A look-alike whose fix leaves both lines exactly `---`;
    /// `.none` for anything else (a thematic break above a paragraph).
    private static func extraDashes(_ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, dashes: Int) -> Scan {
        var position = opening.end
        var offset = 1
        var sawKey = false
        while position < buffer.count {
            let line = buffer.line(startingAt: position)
            if buffer.isBlank(line) { return .none }
            if let closing = FrontMatterDelimiter.dashCount(buffer, line: line) {
                guard sawKey else { return .none }
                var parts = ["the opening line is `\(buffer.string(opening.start..<(opening.start + dashes)))` (\(dashes) dashes)"]
                if closing > 3 {
                    parts.append("the closing line \(BlockDiagnostic.line(offset)) has \(closing) dashes")
                }
                var edits = [TextEdit(range: (opening.start + 3)..<opening.contentEnd, replacement: [])]
                if line.contentEnd > line.start + 3 { edits.append(TextEdit(range: (line.start + 3)..<line.contentEnd, replacement: [])) }
                return .lookalike(BlockDiagnostic(
                    .warning, .frontMatterDelimiterLookalike,
                    "this looks like front matter, but \(parts.joined(separator: " and ")), so it is not read as front matter (a delimiter line is exactly `---`)",
                    range: opening.start..<line.contentEnd,
                    fix: DiagnosticFix(title: "Leave the delimiter lines exactly `---`", edits: edits)))
            }
            if buffer[line.start..<line.contentEnd].contains(Byte.colon) { sawKey = true }
            position = line.end
            offset += 1
        }
        return .none
    }

    /// The warning for front matter whose opening or closing line holds
    /// more than its marker, with the fix that deletes what is more; the
    /// range runs from the opening line to the closing one, so the
    /// formatter leaves the lines as written.
    private static func lookalike(
        opener: StaticString, opening: LineSpan, openingExtras: FrontMatterDelimiter.Extras?, closing: LineSpan, closingOffset: Int,
        marker: StaticString, closingExtras: FrontMatterDelimiter.Extras
    ) -> BlockDiagnostic {
        let edits = ((openingExtras?.ranges ?? []) + closingExtras.ranges).map { TextEdit(range: $0, replacement: []) }
        let whitespaceOnly = (openingExtras.map(\.isTrailingWhitespaceOnly) ?? true) && (closingExtras.isExact || closingExtras.isTrailingWhitespaceOnly)
        if whitespaceOnly, openingExtras != nil {
            // The wording of the common case, as before.
            return BlockDiagnostic(
                .warning, .frontMatterTrailingWhitespace,
                "this looks like front matter, but the `\(opener)` delimiter has trailing whitespace, so it is not read as front matter",
                range: opening.start..<closing.contentEnd,
                fix: DiagnosticFix(title: "Remove the trailing whitespace after `\(opener)`", edits: edits))
        }
        var parts: [String] = []
        if let openingExtras, !openingExtras.isExact { parts.append("the opening `\(opener)` holds \(openingExtras.description)") }
        if !closingExtras.isExact {
            parts.append("the closing `\(marker)` on line \(BlockDiagnostic.line(closingOffset)) holds \(closingExtras.description)")
        }
        let code: DiagnosticCode = whitespaceOnly ? .frontMatterTrailingWhitespace : .frontMatterDelimiterLookalike
        return BlockDiagnostic(
            .warning, code,
            "this looks like front matter, but \(parts.joined(separator: " and ")), so it is not read as front matter (a delimiter line is exactly `\(marker)`)",
            range: opening.start..<closing.contentEnd,
            fix: DiagnosticFix(title: "Leave the delimiter lines exactly `\(marker)`", edits: edits))
    }

    /// Reads the front matter between `opening` and `closing`.
    ///
    /// - Parameters:
    ///   - buffer: the text.
    ///   - opening: the opening `---` line; spans in the result are relative to its start.
    ///   - closing: the closing `---` line.
    ///   - dialect: how to read the fields.
    ///   - diagnoses: whether the diagnostics are found; without them
    ///     (`FrontMatter.leading`, which returns none) the flat dialect's
    ///     fields are read without the checks for duplicate keys, invisible
    ///     characters, inner fences and invalid values. The fields and the
    ///     problem are the same either way.
    static func read(
        _ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, closing: LineSpan, dialect: FrontMatterDialect, diagnoses: Bool = true
    ) -> (FrontMatter, [BlockDiagnostic]) {
        let base = opening.start
        let content = opening.end..<closing.start
        let contentSpan = (content.lowerBound - base)..<(content.upperBound - base)
        let closingSpan = (closing.start - base)..<(closing.end - base)
        var (frontMatter, diagnostics): (FrontMatter, [BlockDiagnostic])
        if buffer.matches(opening.start..<opening.contentEnd, "+++") {
            return toml(buffer, opening: opening, content: content, contentSpan: contentSpan, closingSpan: closingSpan, dialect: dialect, diagnoses: diagnoses)
        }
        switch dialect {
        case .tiledown:
            (frontMatter, diagnostics) = readFlat(
                buffer, base: base, content: content, contentSpan: contentSpan, closingSpan: closingSpan, diagnoses: diagnoses)
        case .yaml:
            (frontMatter, diagnostics) = readYAML(buffer, base: base, content: content, contentSpan: contentSpan, closingSpan: closingSpan)
        }
        guard diagnoses else { return (frontMatter, []) }
        return (frontMatter, innerFences(buffer, base: base, content: content) + diagnostics + invalidValues(frontMatter))
    }

    /// TOML front matter between `+++` lines: one block kept byte for byte
    /// (never formatted, never read as Markdown), whose fields cannot be
    /// edited, with a warning at its opening line that says so.
    private static func toml(
        _ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, content: Range<Int>, contentSpan: Range<Int>, closingSpan: Range<Int>,
        dialect: FrontMatterDialect, diagnoses: Bool
    ) -> (FrontMatter, [BlockDiagnostic]) {
        let problem = "this front matter is TOML (between `+++` lines); Tiledit keeps it as written and edits YAML front matter (between `---` lines) only"
        let frontMatter = FrontMatter(
            dialect: dialect, fields: [], contentSpan: contentSpan, closingSpan: closingSpan, problem: problem,
            source: String(decoding: buffer[content], as: UTF8.self))
        guard diagnoses else { return (frontMatter, []) }
        return (frontMatter, [BlockDiagnostic(.warning, .frontMatterTOML, problem, range: opening.start..<opening.contentEnd)])
    }

    /// An error for each known key whose value breaks its rule
    /// (`FrontMatterSchema.problem`, the rule the editor's fields check
    /// typed values with), on the value. A YAML value that is not one
    /// scalar (a list of tags, a mapping) is left to the YAML checks.
    private static func invalidValues(_ frontMatter: FrontMatter) -> [BlockDiagnostic] {
        let schema = FrontMatterSchema.tiledown
        return frontMatter.fields.compactMap { field in
            if frontMatter.dialect == .yaml && field.node?.scalar == nil { return nil }
            let style = frontMatter.dialect == .yaml ? field.node?.scalar?.style ?? .plain : nil
            guard let message = schema.problem(with: field.value, for: field.key, dialect: frontMatter.dialect, style: style) else { return nil }
            // A typed field written in quotes or as another word (`"true"`, `yes`) has an obvious plain value.
            var fix: DiagnosticFix?
            if frontMatter.dialect == .yaml, let node = field.node, node.tag == nil, node.anchor == nil,
               style == .plain || style == .singleQuoted || style == .doubleQuoted,
               let plain = schema.plainValue(for: field.value, key: field.key) {
                fix = DiagnosticFix(title: "Write `\(plain)`", edits: [TextEdit(range: field.valueSpan, replacement: Array(plain.utf8))])
            }
            return BlockDiagnostic(.error, .frontMatterInvalidValue, message, range: field.valueSpan, fix: fix)
        }
    }

    /// Warnings for lines inside the front matter that other tools read as
    /// its end: `---` or `...` with trailing whitespace (Jekyll's
    /// `---\s*$`, for one), and, in the flat dialect, `...` itself (the
    /// YAML dialect ends the block there). Tiledit reads on to the exact `---`, so such a
    /// tool would publish the lines between as text, and a formatter that
    /// trims the whitespace would do the same here.
    private static func innerFences(_ buffer: UnsafeBufferPointer<UInt8>, base: Int, content: Range<Int>) -> [BlockDiagnostic] {
        var result: [BlockDiagnostic] = []
        var position = content.lowerBound
        var lineOffset = 1
        while position < content.upperBound {
            let line = buffer.line(startingAt: position)
            let trimmed = buffer.trimmed(line)
            if trimmed.lowerBound == line.start && (buffer.matches(trimmed, "---") || buffer.matches(trimmed, "...")) {
                let marker = buffer.string(trimmed)
                let message = buffer.matches(trimmed, "...")
                    ? "`...` on line \(BlockDiagnostic.line(lineOffset)) ends the front matter for some tools; Tiledit reads on to the closing `---`, so those tools would publish the lines after it as text"
                    : "`\(marker)` on line \(BlockDiagnostic.line(lineOffset)) has trailing whitespace, so it does not end the front matter here; tools that allow the whitespace end it here and would publish the lines after it as text"
                result.append(BlockDiagnostic(.warning, .frontMatterInnerFence, message, range: (line.start - base)..<(line.contentEnd - base)))
            }
            position = line.end
            lineOffset += 1
        }
        return result
    }

    private static func readFlat(
        _ buffer: UnsafeBufferPointer<UInt8>, base: Int, content: Range<Int>,
        contentSpan: Range<Int>, closingSpan: Range<Int>, diagnoses: Bool
    ) -> (FrontMatter, [BlockDiagnostic]) {
        let (fields, diagnostics, problem) = readFlatFields(buffer, base: base, content: content, firstLineOffset: 1, diagnoses: diagnoses)
        let frontMatter = FrontMatter(
            dialect: .tiledown, fields: fields, contentSpan: contentSpan, closingSpan: closingSpan, problem: problem,
            source: problem == nil ? nil : buffer.string(content))
        return (frontMatter, diagnostics)
    }

    /// Reads Tiledown's flat `key: value` lines in `content` (split at the
    /// first `:`, key and value trimmed, blank lines and `#` comments
    /// skipped). A key written twice (same bytes) is an error naming both
    /// lines; invisible and non-ASCII space characters are reported
    /// (`YAMLInvisibleCharacters`). Linear in the content.
    ///
    /// - Parameters:
    ///   - base: offset the spans in the result are relative to.
    ///   - firstLineOffset: line offset (relative to `base`'s line) of the first content line.
    ///   - diagnoses: whether duplicate keys and invisible characters are
    ///     looked for (the fields and the problem are the same either way).
    /// - Returns: the fields, diagnostics (relative to `base`; none without
    ///   `diagnoses` but for lines that are not fields) and the first problem, if any.
    static func readFlatFields(
        _ buffer: UnsafeBufferPointer<UInt8>, base: Int, content: Range<Int>, firstLineOffset: Int, diagnoses: Bool = true
    ) -> ([FrontMatterField], [BlockDiagnostic], String?) {
        var fields: [FrontMatterField] = []
        var diagnostics: [BlockDiagnostic] = []
        var problem: String?
        var position = content.lowerBound
        var lineOffset = firstLineOffset
        var firstLineOfKey: [[UInt8]: Int] = [:]
        var places: [YAMLChecks.ScalarPlace] = []
        defer {
            if diagnoses {
                let text = UnsafeBufferPointer(rebasing: buffer[content])
                var invisible = YAMLInvisibleCharacters(bytes: text, places: places)
                diagnostics += invisible.diagnostics(before: text.count).map { $0.shifted(by: content.lowerBound - base) }
                ParseWorkCounter.current?.add(content.count + invisible.work)
            }
        }
        while position < content.upperBound {
            let line = buffer.line(startingAt: position)
            defer {
                position = line.end
                lineOffset += 1
            }
            let trimmed = buffer.trimmed(line)
            if trimmed.isEmpty || buffer[trimmed.lowerBound] == Byte.hash { continue }
            var colon = trimmed.lowerBound
            while colon < trimmed.upperBound && buffer[colon] != Byte.colon { colon += 1 }
            let keyRange = buffer.trimmed(LineSpan(start: trimmed.lowerBound, contentEnd: colon, end: colon))
            guard colon < trimmed.upperBound, !keyRange.isEmpty else {
                let message = "this line is not `key: value`"
                diagnostics.append(BlockDiagnostic(.error, .frontMatterInvalidLine, message, range: (line.start - base)..<(line.contentEnd - base)))
                problem = problem ?? message
                continue
            }
            var valueStart = colon + 1
            while valueStart < line.contentEnd && Byte.isSpaceOrTab(buffer[valueStart]) { valueStart += 1 }
            let valueRange = buffer.trimmed(LineSpan(start: valueStart, contentEnd: line.contentEnd, end: line.contentEnd))
            let key = buffer.string(keyRange)
            if diagnoses, Byte.isSpaceOrTab(buffer[line.start]) {
                diagnostics.append(BlockDiagnostic(
                    .warning, .frontMatterIndentedLine,
                    "this line is indented: Tiledown reads front matter as flat `key: value` lines, so `\(YAMLChecks.shown(key))` is a key of its own here, while YAML tools read it inside the key above",
                    range: (line.start - base)..<(line.contentEnd - base)))
            }
            if diagnoses {
                let keyBytes = Array(buffer[keyRange])
                if let first = firstLineOfKey[keyBytes] {
                    let shown = YAMLChecks.shown(key)
                    diagnostics.append(BlockDiagnostic(
                        .error, .frontMatterDuplicateKey,
                        "key `\(shown)` is written twice, on line \(BlockDiagnostic.line(first)) and line \(BlockDiagnostic.line(lineOffset)); the last one wins, so Tiledit does not edit it until one is removed",
                        range: (keyRange.lowerBound - base)..<(keyRange.upperBound - base)))
                } else {
                    firstLineOfKey[keyBytes] = lineOffset
                }
                places.append(YAMLChecks.ScalarPlace(range: (keyRange.lowerBound - content.lowerBound)..<(keyRange.upperBound - content.lowerBound), isKey: true, isPlain: true, keyName: nil))
                places.append(YAMLChecks.ScalarPlace(range: (valueRange.lowerBound - content.lowerBound)..<(valueRange.upperBound - content.lowerBound), isKey: false, isPlain: true, keyName: key))
            }
            fields.append(FrontMatterField(
                key: key, value: buffer.string(valueRange),
                keySpan: (keyRange.lowerBound - base)..<(keyRange.upperBound - base),
                valueSpan: (valueRange.lowerBound - base)..<(valueRange.upperBound - base),
                lineOffset: lineOffset))
        }
        return (fields, diagnostics, problem)
    }

    private static func readYAML(
        _ buffer: UnsafeBufferPointer<UInt8>, base: Int, content: Range<Int>,
        contentSpan: Range<Int>, closingSpan: Range<Int>
    ) -> (FrontMatter, [BlockDiagnostic]) {
        let text = UnsafeBufferPointer(rebasing: buffer[content])
        let parsed = YAMLParser.parse(text)
        let shift = content.lowerBound - base
        // Checks run on the content (its first line is the block's line 1);
        // their ranges move to block coordinates.
        let checked = YAMLChecks.diagnostics(
            documents: parsed.documents, error: parsed.error, bytes: text, lineBase: 1, duplicateCode: .frontMatterDuplicateKey,
            readPast: parsed.readPast)
        var diagnostics = checked.all.map { $0.shifted(by: shift) }
        /// The block for text that cannot be read as fields: its raw text
        /// kept, so the author sees what is wrong.
        func unreadable(_ problem: String, root: YAMLNode? = nil) -> (FrontMatter, [BlockDiagnostic]) {
            let frontMatter = FrontMatter(
                dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan, yamlRoot: root, problem: problem,
                source: String(decoding: text, as: UTF8.self))
            return (frontMatter, diagnostics)
        }
        if let error = checked.error {
            return unreadable(error.message)
        }
        if parsed.documents.count > 1 {
            let second = parsed.documents[1].range.lowerBound
            let message = "front matter holds more than one YAML document (a `...` or `---` line ends the first); only one can be read, so remove the line or the text after it"
            diagnostics.append(BlockDiagnostic(.error, .frontMatterSeveralDocuments, message, range: (second + shift)..<(second + shift)))
            return unreadable(message)
        }
        guard let root = parsed.documents.first?.root else {
            return (FrontMatter(dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan), diagnostics)
        }
        guard let pairs = root.pairs else {
            let found: String
            switch root.content {
            case .sequence: found = "a list"
            case .scalar(let scalar) where scalar.isEmptyPlain && root.anchor == nil && root.tag == nil:
                return (FrontMatter(dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan), diagnostics)
            default: found = root.kindDescription
            }
            let message = "front matter must be a mapping of keys to values; found \(found)"
            let shifted = root.shifted(by: shift)
            diagnostics.append(BlockDiagnostic(.error, .frontMatterNotMapping, message, range: shifted.range))
            return unreadable(message, root: shifted)
        }
        let lines = LineIndex(text)
        let shiftedRoot = root.shifted(by: shift)
        ParseWorkCounter.current?.add(pairs.count)
        var fields: [FrontMatterField] = []
        fields.reserveCapacity(pairs.count)
        for pair in shiftedRoot.pairs ?? [] {
            let key = pair.key.scalar?.value ?? buffer.string((pair.key.range.lowerBound + base)..<(pair.key.range.upperBound + base))
            let value = pair.value.scalar?.value ?? buffer.string((pair.value.range.lowerBound + base)..<(pair.value.range.upperBound + base))
            let valueSpan = pair.value.range.isEmpty ? (pair.key.range.upperBound + 1)..<(pair.key.range.upperBound + 1) : pair.value.range
            fields.append(FrontMatterField(
                key: key, value: value, keySpan: pair.key.range, valueSpan: valueSpan,
                lineOffset: 1 + lines.lineSlot(of: pair.key.range.lowerBound - shift), node: pair.value))
        }
        let frontMatter = FrontMatter(dialect: .yaml, fields: fields, contentSpan: contentSpan, closingSpan: closingSpan, yamlRoot: shiftedRoot)
        return (frontMatter, diagnostics)
    }
}
