/// Finds and reads front matter at the start of a file (DESIGN.md section 4:
/// the first line is exactly `---`, closed by the next line that is exactly
/// `---`; only a byte order mark may precede it).
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

    /// Looks for front matter starting at `start` (just after a byte order mark, if any).
    static func scan(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Scan {
        guard start < buffer.count else { return .none }
        let first = buffer.line(startingAt: start)
        let firstTrimmed = buffer.trimmed(first)
        if buffer.matches(first.start..<first.contentEnd, "---") {
            var position = first.end
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                if buffer.matches(line.start..<line.contentEnd, "---") {
                    return .block(opening: first, closing: line)
                }
                position = line.end
            }
            return .lookalike(BlockDiagnostic(
                .warning, .frontMatterUnclosed,
                "front matter delimiter `---` is opened but never closed; it is read as a thematic break (add a closing `---` line to make it front matter)",
                range: first.start..<first.contentEnd))
        }
        if buffer.matches(firstTrimmed, "---") && firstTrimmed.lowerBound == first.start {
            // `--- ` with trailing whitespace.
            var position = first.end
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                let trimmed = buffer.trimmed(line)
                if buffer.matches(trimmed, "---") && trimmed.lowerBound == line.start {
                    var edits = [TextEdit(range: firstTrimmed.upperBound..<first.contentEnd, replacement: [])]
                    if trimmed.upperBound < line.contentEnd {
                        edits.append(TextEdit(range: trimmed.upperBound..<line.contentEnd, replacement: []))
                    }
                    return .lookalike(BlockDiagnostic(
                        .warning, .frontMatterTrailingWhitespace,
                        "this looks like front matter, but the `---` delimiter has trailing whitespace, so it is not read as front matter",
                        range: first.start..<line.contentEnd,
                        fix: DiagnosticFix(title: "Remove the trailing whitespace after `---`", edits: edits)))
                }
                position = line.end
            }
            return .none
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

    /// Reads the front matter between `opening` and `closing`.
    ///
    /// - Parameters:
    ///   - buffer: the text.
    ///   - opening: the opening `---` line; spans in the result are relative to its start.
    ///   - closing: the closing `---` line.
    ///   - dialect: how to read the fields.
    static func read(
        _ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, closing: LineSpan, dialect: FrontMatterDialect
    ) -> (FrontMatter, [BlockDiagnostic]) {
        let base = opening.start
        let content = opening.end..<closing.start
        let contentSpan = (content.lowerBound - base)..<(content.upperBound - base)
        let closingSpan = (closing.start - base)..<(closing.end - base)
        var (frontMatter, diagnostics): (FrontMatter, [BlockDiagnostic])
        switch dialect {
        case .tiledown:
            (frontMatter, diagnostics) = readFlat(buffer, base: base, content: content, contentSpan: contentSpan, closingSpan: closingSpan)
        case .yaml:
            (frontMatter, diagnostics) = readYAML(buffer, base: base, content: content, contentSpan: contentSpan, closingSpan: closingSpan)
        }
        return (frontMatter, innerFences(buffer, base: base, content: content) + diagnostics)
    }

    /// Warnings for lines inside the front matter that other tools read as
    /// its end: `---` or `...` with trailing whitespace (Jekyll's
    /// `---\s*$`, for one). Tiledit reads on to the exact `---`, so such a
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
        contentSpan: Range<Int>, closingSpan: Range<Int>
    ) -> (FrontMatter, [BlockDiagnostic]) {
        let (fields, diagnostics, problem) = readFlatFields(buffer, base: base, content: content, firstLineOffset: 1)
        let frontMatter = FrontMatter(dialect: .tiledown, fields: fields, contentSpan: contentSpan, closingSpan: closingSpan, problem: problem)
        return (frontMatter, diagnostics)
    }

    /// Reads Tiledown's flat `key: value` lines in `content` (split at the
    /// first `:`, key and value trimmed, blank lines and `#` comments skipped).
    ///
    /// - Parameters:
    ///   - base: offset the spans in the result are relative to.
    ///   - firstLineOffset: line offset (relative to `base`'s line) of the first content line.
    /// - Returns: the fields, diagnostics (relative to `base`) and the first problem, if any.
    static func readFlatFields(
        _ buffer: UnsafeBufferPointer<UInt8>, base: Int, content: Range<Int>, firstLineOffset: Int
    ) -> ([FrontMatterField], [BlockDiagnostic], String?) {
        var fields: [FrontMatterField] = []
        var diagnostics: [BlockDiagnostic] = []
        var problem: String?
        var position = content.lowerBound
        var lineOffset = firstLineOffset
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
            if fields.contains(where: { $0.key == key }) {
                diagnostics.append(BlockDiagnostic(
                    .warning, .frontMatterDuplicateKey, "key `\(key)` appears more than once; the last one wins",
                    range: (keyRange.lowerBound - base)..<(keyRange.upperBound - base)))
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
        if let error = parsed.error {
            let offset = error.offset + shift
            let diagnostic = BlockDiagnostic(
                .error, error.code, error.message, range: offset..<Swift.min(offset + 1, contentSpan.upperBound),
                fix: error.fix.map { fix in
                    DiagnosticFix(title: fix.title, edits: fix.edits.map {
                        TextEdit(range: ($0.range.lowerBound + shift)..<($0.range.upperBound + shift), replacement: $0.replacement)
                    })
                })
            let frontMatter = FrontMatter(dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan, problem: error.message)
            return (frontMatter, [diagnostic])
        }
        guard let root = parsed.documents.first?.root?.shifted(by: shift) else {
            return (FrontMatter(dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan), [])
        }
        guard let pairs = root.pairs else {
            let found: String
            switch root.content {
            case .sequence: found = "a list"
            case .scalar(let scalar) where scalar.isEmptyPlain:
                return (FrontMatter(dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan), [])
            default: found = root.kindDescription
            }
            let message = "front matter must be a mapping of keys to values; found \(found)"
            let frontMatter = FrontMatter(dialect: .yaml, fields: [], contentSpan: contentSpan, closingSpan: closingSpan, yamlRoot: root, problem: message)
            return (frontMatter, [BlockDiagnostic(.error, .frontMatterNotMapping, message, range: root.range)])
        }
        var fields: [FrontMatterField] = []
        var diagnostics = YAMLHints.diagnostics(for: root)
        var seen: Set<String> = []
        for pair in pairs {
            let key = pair.key.scalar?.value ?? sourceText(buffer, base: base, pair.key.range)
            if !seen.insert(key).inserted {
                diagnostics.append(BlockDiagnostic(
                    .warning, .frontMatterDuplicateKey, "front matter key `\(key)` appears more than once",
                    range: pair.key.range))
            }
            let value = pair.value.scalar?.value ?? sourceText(buffer, base: base, pair.value.range)
            let valueSpan = pair.value.range.isEmpty ? (pair.key.range.upperBound + 1)..<(pair.key.range.upperBound + 1) : pair.value.range
            fields.append(FrontMatterField(
                key: key, value: value, keySpan: pair.key.range, valueSpan: valueSpan,
                lineOffset: lineOffset(buffer, base: base, pair.key.range.lowerBound), node: pair.value))
        }
        let frontMatter = FrontMatter(dialect: .yaml, fields: fields, contentSpan: contentSpan, closingSpan: closingSpan, yamlRoot: root)
        return (frontMatter, diagnostics)
    }

    private static func sourceText(_ buffer: UnsafeBufferPointer<UInt8>, base: Int, _ range: Range<Int>) -> String {
        buffer.string((range.lowerBound + base)..<(range.upperBound + base))
    }

    private static func lineOffset(_ buffer: UnsafeBufferPointer<UInt8>, base: Int, _ relative: Int) -> Int {
        LineEnding.lineBreakCount(in: buffer[base..<(base + relative)])
    }
}
