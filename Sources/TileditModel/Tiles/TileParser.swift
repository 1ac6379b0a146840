/// Reads one tile directive from its opening line to its closing `:::`
/// following the Tiledown tile body grammar (DESIGN.md section 4):
///
/// - blank lines are ignored;
/// - `key: value` splits at the first `:`; key and value are trimmed;
/// - `key: |` followed by indented lines is a multi-line literal (the common
///   indentation removed, blank lines kept); an indented line that trims to
///   `:::` belongs to the literal, only an unindented one closes the tile;
/// - `key:` followed by `- item` lines is a list; `key:` alone is empty;
/// - any other line is an error with its line number; a `:::tile` line
///   inside a tile is an error (tiles do not nest); a directive without a
///   closing `:::` is an error naming its opening line.
///
/// Byte offsets in the result are relative to the opening line's start.
struct TileParser {
    /// What reading a directive found.
    struct Result {
        /// The tile, when the body follows the grammar.
        var tile: Tile?
        /// The declared type (also for a tile kept raw), `nil` when missing.
        var type: String?
        /// Where the directive ends: just past the closing line, relative.
        var length: Int
        /// Whether a closing `:::` was found.
        var isClosed: Bool
        /// Problems, relative to the opening line.
        var diagnostics: [BlockDiagnostic]
        /// Whether the body broke the grammar, so the block is kept raw.
        var isRaw: Bool { tile == nil }
    }

    enum Opening: Equatable {
        case directive(type: String)
        case chart
        case mermaid
        case recent
    }

    /// Classifies a trimmed line as a directive opening, if it is one.
    static func opening(_ buffer: UnsafeBufferPointer<UInt8>, trimmed: Range<Int>) -> Opening? {
        guard trimmed.count >= 3, buffer.hasPrefix(trimmed, ":::") else { return nil }
        if buffer.matches(trimmed, ":::tile") { return .directive(type: "") }
        if buffer.hasPrefix(trimmed, ":::tile ") || buffer.hasPrefix(trimmed, ":::tile\t") {
            let rest = LineSpan(start: trimmed.lowerBound + 7, contentEnd: trimmed.upperBound, end: trimmed.upperBound)
            return .directive(type: buffer.string(buffer.trimmed(rest)))
        }
        if buffer.matches(trimmed, ":::chart") { return .chart }
        if buffer.matches(trimmed, ":::mermaid") { return .mermaid }
        if buffer.matches(trimmed, ":::recent:::") { return .recent }
        return nil
    }

    /// Whether a trimmed line is a closing `:::`.
    @inline(__always)
    static func isClosing(_ buffer: UnsafeBufferPointer<UInt8>, trimmed: Range<Int>) -> Bool {
        buffer.matches(trimmed, ":::")
    }

    /// Reads the directive whose opening line is `opening`.
    ///
    /// - Parameters:
    ///   - buffer: the text being parsed.
    ///   - opening: the opening line.
    ///   - kind: the opening's classification (not `.recent`).
    ///
    /// Messages name lines with `BlockDiagnostic.line(_:)` placeholders,
    /// relative to the opening line.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, kind: Opening) -> Result {
        var parser = TileParser(buffer: buffer, base: opening.start)
        return parser.run(opening: opening, kind: kind)
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private let base: Int
    private var diagnostics: [BlockDiagnostic] = []
    private var properties: [TileProperty] = []
    private var broken = false

    private init(buffer: UnsafeBufferPointer<UInt8>, base: Int) {
        self.buffer = buffer
        self.base = base
    }

    private func relative(_ range: Range<Int>) -> Range<Int> { (range.lowerBound - base)..<(range.upperBound - base) }

    private mutating func error(_ code: DiagnosticCode, _ message: String, _ range: Range<Int>, fix: DiagnosticFix? = nil) {
        diagnostics.append(BlockDiagnostic(.error, code, message, range: relative(range), fix: fix))
        broken = true
    }

    /// A pending multi-line value while its continuation lines are read.
    private enum Pending {
        case none
        case list(key: String, keySpan: Range<Int>, keyLine: LineSpan, lineOffset: Int, valueStart: Int, items: [String], indent: String?, end: Int)
        case literal(key: String, keySpan: Range<Int>, keyLine: LineSpan, lineOffset: Int, valueStart: Int, lines: [LineSpan], end: Int)
        /// An unsupported block indicator (`>`, `|-`, …): its indented lines are skipped.
        case skipping
    }

    private mutating func run(opening: LineSpan, kind: Opening) -> Result {
        let type: String?
        let form: TileForm
        switch kind {
        case .directive(let declared):
            type = declared.isEmpty ? nil : declared
            form = .directive
        case .chart:
            type = "chart"
            form = .chartShorthand
        case .mermaid:
            type = "mermaid"
            form = .mermaidShorthand
        case .recent:
            type = nil
            form = .directive
        }
        if type == nil {
            error(.tileMissingType, "the tile has no type; write `:::tile <type>`, e.g. `:::tile callout`", opening.start..<opening.contentEnd)
        }
        if form == .mermaidShorthand { return runMermaid(opening: opening) }

        var pending = Pending.none
        var position = opening.end
        var lineOffset = 1
        while position < buffer.count {
            let line = buffer.line(startingAt: position)
            let trimmed = buffer.trimmed(line)
            let blank = trimmed.isEmpty
            let indented = !blank && Byte.isSpaceOrTab(buffer[line.start])

            // Continuation lines of a pending literal or list.
            switch pending {
            case .literal(let key, let keySpan, let keyLine, let offset, let valueStart, var lines, _):
                if blank || indented {
                    lines.append(line)
                    pending = .literal(key: key, keySpan: keySpan, keyLine: keyLine, lineOffset: offset, valueStart: valueStart, lines: lines, end: line.end)
                    position = line.end
                    lineOffset += 1
                    continue
                }
                finish(&pending)
            case .list(let key, let keySpan, let keyLine, let offset, let valueStart, var items, let indent, let end):
                if !blank && (buffer.matches(trimmed, "-") || buffer.hasPrefix(trimmed, "- ") || buffer.hasPrefix(trimmed, "-\t")) {
                    let itemRange = buffer.trimmed(LineSpan(start: trimmed.lowerBound + 1, contentEnd: trimmed.upperBound, end: trimmed.upperBound))
                    items.append(buffer.string(itemRange))
                    let prefix = indent ?? buffer.string(line.start..<trimmed.lowerBound)
                    pending = .list(key: key, keySpan: keySpan, keyLine: keyLine, lineOffset: offset, valueStart: valueStart, items: items, indent: prefix, end: line.end)
                    position = line.end
                    lineOffset += 1
                    continue
                }
                if blank {
                    // Blank lines are ignored; a list may continue after one.
                    pending = .list(key: key, keySpan: keySpan, keyLine: keyLine, lineOffset: offset, valueStart: valueStart, items: items, indent: indent, end: end)
                    position = line.end
                    lineOffset += 1
                    continue
                }
                finish(&pending)
            case .skipping:
                if blank || indented {
                    position = line.end
                    lineOffset += 1
                    continue
                }
                pending = .none
            case .none:
                break
            }

            if blank {
                position = line.end
                lineOffset += 1
                continue
            }
            if Self.isClosing(buffer, trimmed: trimmed) {
                finish(&pending)
                return result(type: type, form: form, opening: opening, closing: line, closed: true)
            }
            if let nested = Self.opening(buffer, trimmed: trimmed), nested != .recent {
                let owner = properties.first { $0.key == "id" }.map { "tile `\($0.value.text)`" } ?? "this tile"
                error(.tileNested, "a tile cannot start inside \(owner) (opened at line \(BlockDiagnostic.line(0))); tiles do not nest", line.start..<line.contentEnd)
                position = line.end
                lineOffset += 1
                continue
            }
            readProperty(line, trimmed: trimmed, lineOffset: lineOffset, pending: &pending)
            position = line.end
            lineOffset += 1
        }
        finish(&pending)
        let label = type.map { "`:::tile \($0)`" } ?? "tile directive"
        diagnostics.append(BlockDiagnostic(
            .error, .tileUnclosed,
            "\(label) is never closed; add a line `:::` after its properties",
            range: relative(opening.start..<opening.contentEnd)))
        return Result(tile: nil, type: type, length: buffer.count - base, isClosed: false, diagnostics: diagnostics)
    }

    private mutating func readProperty(_ line: LineSpan, trimmed: Range<Int>, lineOffset: Int, pending: inout Pending) {
        var colon = trimmed.lowerBound
        while colon < trimmed.upperBound && buffer[colon] != Byte.colon { colon += 1 }
        guard colon < trimmed.upperBound else {
            let hint = buffer.hasPrefix(trimmed, "-") ? "a list item must follow a `key:` line" : "expected `key: value` in the tile body"
            error(.tileInvalidLine, hint, line.start..<line.contentEnd)
            return
        }
        let keyRange = buffer.trimmed(LineSpan(start: trimmed.lowerBound, contentEnd: colon, end: colon))
        guard !keyRange.isEmpty, buffer[keyRange.lowerBound] != Byte.hyphen, buffer[keyRange.lowerBound] != Byte.hash else {
            error(.tileInvalidLine, "expected `key: value` in the tile body", line.start..<line.contentEnd)
            return
        }
        var valueStart = colon + 1
        while valueStart < line.contentEnd && Byte.isSpaceOrTab(buffer[valueStart]) { valueStart += 1 }
        let valueRange = buffer.trimmed(LineSpan(start: valueStart, contentEnd: line.contentEnd, end: line.contentEnd))
        let key = buffer.string(keyRange)
        if properties.contains(where: { $0.key == key }) {
            error(.tileDuplicateProperty, "property `\(key)` is already set above; remove one of them", line.start..<line.contentEnd)
        }
        if buffer.matches(valueRange, "|") {
            pending = .literal(key: key, keySpan: relative(keyRange), keyLine: line, lineOffset: lineOffset, valueStart: valueRange.upperBound, lines: [], end: line.end)
            return
        }
        if buffer.matches(valueRange, ">") || buffer.matches(valueRange, ">-") || buffer.matches(valueRange, ">+")
            || buffer.matches(valueRange, "|-") || buffer.matches(valueRange, "|+") {
            let indicator = buffer.string(valueRange)
            error(.tileUnsupportedMultiline, "`\(indicator)` is not a supported multi-line form; use `|`", valueRange)
            pending = .skipping
            return
        }
        if valueRange.isEmpty {
            pending = .list(key: key, keySpan: relative(keyRange), keyLine: line, lineOffset: lineOffset, valueStart: line.contentEnd, items: [], indent: nil, end: line.end)
            return
        }
        properties.append(TileProperty(
            key: key, value: .text(buffer.string(valueRange)),
            span: relative(line.start..<line.end), keySpan: relative(keyRange), valueSpan: relative(valueRange), lineOffset: lineOffset))
    }

    private mutating func finish(_ pending: inout Pending) {
        switch pending {
        case .none, .skipping:
            break
        case .list(let key, let keySpan, let keyLine, let lineOffset, let valueStart, let items, let indent, let end):
            let value: TileValue = items.isEmpty ? .text("") : .list(items)
            let spanEnd = items.isEmpty ? keyLine.end : end
            properties.append(TileProperty(
                key: key, value: value, span: relative(keyLine.start..<spanEnd), keySpan: keySpan,
                valueSpan: relative(valueStart..<valueStart), lineOffset: lineOffset, continuationIndent: indent ?? ""))
        case .literal(let key, let keySpan, let keyLine, let lineOffset, let valueStart, var lines, let end):
            // Trailing blank lines are not part of the value (nor of the property's span).
            var spanEnd = end
            while let last = lines.last, buffer.isBlank(last) {
                lines.removeLast()
                spanEnd = lines.last?.end ?? keyLine.end
            }
            var common = Int.max
            var firstIndent = ""
            for line in lines where !buffer.isBlank(line) {
                var width = 0
                while line.start + width < line.contentEnd && Byte.isSpaceOrTab(buffer[line.start + width]) { width += 1 }
                if firstIndent.isEmpty { firstIndent = buffer.string(line.start..<(line.start + width)) }
                common = Swift.min(common, width)
            }
            if common == Int.max { common = 0 }
            var text: [UInt8] = []
            for (index, line) in lines.enumerated() {
                if index > 0 { text.append(Byte.newline) }
                if !buffer.isBlank(line) {
                    text.append(contentsOf: buffer[(line.start + common)..<line.contentEnd])
                }
            }
            properties.append(TileProperty(
                key: key, value: .literal(String(decoding: text, as: UTF8.self)),
                span: relative(keyLine.start..<spanEnd), keySpan: keySpan, valueSpan: relative(valueStart..<valueStart),
                lineOffset: lineOffset, continuationIndent: firstIndent))
        }
        pending = .none
    }

    private mutating func runMermaid(opening: LineSpan) -> Result {
        var position = opening.end
        var lines: [LineSpan] = []
        while position < buffer.count {
            let line = buffer.line(startingAt: position)
            if Self.isClosing(buffer, trimmed: buffer.trimmed(line)) {
                while let first = lines.first, buffer.isBlank(first) { lines.removeFirst() }
                while let last = lines.last, buffer.isBlank(last) { lines.removeLast() }
                var text: [UInt8] = []
                for (index, bodyLine) in lines.enumerated() {
                    if index > 0 { text.append(Byte.newline) }
                    text.append(contentsOf: buffer[bodyLine.start..<bodyLine.contentEnd])
                }
                let bodyRange = (lines.first?.start ?? opening.end)..<(lines.last?.end ?? opening.end)
                properties.append(TileProperty(
                    key: "definition", value: .literal(String(decoding: text, as: UTF8.self)),
                    span: relative(bodyRange), keySpan: relative(bodyRange.lowerBound..<bodyRange.lowerBound), valueSpan: relative(bodyRange.lowerBound..<bodyRange.lowerBound), lineOffset: 1))
                return result(type: "mermaid", form: .mermaidShorthand, opening: opening, closing: line, closed: true)
            }
            lines.append(line)
            position = line.end
        }
        diagnostics.append(BlockDiagnostic(
            .error, .tileUnclosed, "`:::mermaid` is never closed; add a line `:::` after the diagram",
            range: relative(opening.start..<opening.contentEnd)))
        return Result(tile: nil, type: "mermaid", length: buffer.count - base, isClosed: false, diagnostics: diagnostics)
    }

    private func result(type: String?, form: TileForm, opening: LineSpan, closing: LineSpan, closed: Bool) -> Result {
        let length = closing.end - base
        guard !broken, let type else {
            return Result(tile: nil, type: type, length: length, isClosed: closed, diagnostics: diagnostics)
        }
        let tile = Tile(type: type, form: form, properties: properties,
                        openingSpan: relative(opening.start..<opening.end), closingSpan: relative(closing.start..<closing.end))
        return Result(tile: tile, type: type, length: length, isClosed: closed, diagnostics: diagnostics)
    }
}
