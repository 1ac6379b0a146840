/// Reads one tile directive from its opening line to its closing `:::`
/// following the Tiledown tile body grammar (ARCHITECTURE.md, "The Tiledown format"):
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
///
/// Reading is linear in the lines read, and reading every directive of a
/// text is linear in the text: where a directive closes depends only on
/// each line and on what kind of value is pending before it (none, a list,
/// a literal, skipped lines), so the states an unclosed directive passed
/// through are remembered (`UnclosedStates`), and a later directive that
/// reaches one of them stops there, unclosed, without reading on.
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
        /// Problems, relative to the opening line (for an unclosed
        /// directive, only that it is unclosed; see `label`).
        var diagnostics: [BlockDiagnostic]
        /// How the directive is named in messages (`` `:::tile callout` ``).
        var label: String
        /// Whether the body broke the grammar, so the block is kept raw.
        var isRaw: Bool { tile == nil }
    }

    enum Opening: Equatable {
        case directive(type: String)
        case chart
        case mermaid
        case recent
    }

    /// The line states (line start and pending kind) from which reading on
    /// reaches the end of the text without a closing line.
    struct UnclosedStates {
        fileprivate var keys: Set<Int> = []
        /// Lines read by every directive read with these states (a measure
        /// of the work, for tests of linearity).
        private(set) var linesRead = 0

        fileprivate mutating func count(_ lines: Int) { linesRead += lines }
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
    ///   - unclosed: states known to lead to the end of `buffer` unclosed;
    ///     the states this directive passes through are added when it is
    ///     unclosed too.
    ///
    /// Messages name lines with `BlockDiagnostic.line(_:)` placeholders,
    /// relative to the opening line.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, kind: Opening, unclosed: inout UnclosedStates) -> Result {
        var parser = TileParser(buffer: buffer, base: opening.start)
        let result = parser.run(opening: opening, kind: kind, unclosed: unclosed)
        unclosed.count(parser.linesRead)
        if !result.isClosed { unclosed.keys.formUnion(parser.visited) }
        return result
    }

    /// Reads the directive whose opening line is `opening`, alone.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, opening: LineSpan, kind: Opening) -> Result {
        var unclosed = UnclosedStates()
        return parse(buffer, opening: opening, kind: kind, unclosed: &unclosed)
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private let base: Int
    private var diagnostics: [BlockDiagnostic] = []
    private var properties: [TileProperty] = []
    private var keys: Set<String> = []
    private var tileID: String?
    private var broken = false
    /// The states read, `lineStart * 8 + pending kind`.
    private var visited: [Int] = []
    private var linesRead = 0

    private init(buffer: UnsafeBufferPointer<UInt8>, base: Int) {
        self.buffer = buffer
        self.base = base
    }

    private func relative(_ range: Range<Int>) -> Range<Int> { (range.lowerBound - base)..<(range.upperBound - base) }

    /// A line's text from its first non-blank byte, so a diagnostic on an
    /// indented line (a tile in a list item) names the column its text starts at.
    private func written(_ line: LineSpan) -> Range<Int> { buffer.trimmed(line).lowerBound..<line.contentEnd }

    private mutating func error(_ code: DiagnosticCode, _ message: String, _ range: Range<Int>, fix: DiagnosticFix? = nil) {
        diagnostics.append(BlockDiagnostic(.error, code, message, range: relative(range), fix: fix))
        broken = true
    }

    /// What kind of multi-line value is pending while its continuation lines are read.
    private enum PendingKind: Int {
        case none = 0
        case list = 1
        case literal = 2
        /// An unsupported block indicator (`>`, `|-`, …): its indented lines are skipped.
        case skipping = 3
        /// The body of a `:::mermaid` shorthand.
        case mermaid = 4
    }

    /// The pending value's key line; its items or lines are kept apart
    /// (`pendingItems`, `pendingLines`) so adding one copies nothing.
    private struct PendingKey {
        var key: String
        var keySpan: Range<Int>
        var keyLine: LineSpan
        var lineOffset: Int
        var valueStart: Int
        var indent: String?
        var end: Int
    }

    private var pendingKind = PendingKind.none
    private var pendingKey: PendingKey?
    private var pendingItems: [String] = []
    private var pendingLines: [LineSpan] = []

    private mutating func run(opening: LineSpan, kind: Opening, unclosed: UnclosedStates) -> Result {
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
        let label = form == .mermaidShorthand ? "`:::mermaid`" : type.map { "`:::tile \($0)`" } ?? "the tile directive"
        if type == nil {
            error(.tileMissingType, "the tile has no type; write `:::tile <type>`, e.g. `:::tile callout`", written(opening))
        }
        if form == .mermaidShorthand { return runMermaid(opening: opening, label: label, unclosed: unclosed) }

        var position = opening.end
        var lineOffset = 1
        while position < buffer.count {
            let state = position &* 8 &+ pendingKind.rawValue
            if unclosed.keys.contains(state) { break }
            visited.append(state)
            linesRead += 1
            let line = buffer.line(startingAt: position)
            let trimmed = buffer.trimmed(line)
            let blank = trimmed.isEmpty
            let indented = !blank && Byte.isSpaceOrTab(buffer[line.start])
            defer {
                position = line.end
                lineOffset += 1
            }

            // Continuation lines of a pending literal or list.
            switch pendingKind {
            case .literal:
                if blank || indented {
                    pendingLines.append(line)
                    pendingKey?.end = line.end
                    continue
                }
                finishPending()
            case .list:
                if !blank && (buffer.matches(trimmed, "-") || buffer.hasPrefix(trimmed, "- ") || buffer.hasPrefix(trimmed, "-\t")) {
                    let itemRange = buffer.trimmed(LineSpan(start: trimmed.lowerBound + 1, contentEnd: trimmed.upperBound, end: trimmed.upperBound))
                    pendingItems.append(buffer.string(itemRange))
                    if pendingKey?.indent == nil { pendingKey?.indent = buffer.string(line.start..<trimmed.lowerBound) }
                    pendingKey?.end = line.end
                    continue
                }
                // Blank lines are ignored; a list may continue after one.
                if blank { continue }
                finishPending()
            case .skipping:
                if blank || indented { continue }
                pendingKind = .none
            case .none, .mermaid:
                break
            }

            if blank { continue }
            if Self.isClosing(buffer, trimmed: trimmed) {
                finishPending()
                return result(type: type, form: form, opening: opening, closing: line, label: label)
            }
            if let nested = Self.opening(buffer, trimmed: trimmed), nested != .recent {
                let owner = tileID.map { "tile `\($0)`" } ?? "this tile"
                error(.tileNested, "a tile cannot start inside \(owner) (opened at line \(BlockDiagnostic.line(0))); tiles do not nest", written(line))
                continue
            }
            readProperty(line, trimmed: trimmed, lineOffset: lineOffset)
        }
        return unclosedResult(type: type, opening: opening, label: label)
    }

    private func unclosedResult(type: String?, opening: LineSpan, label: String) -> Result {
        let diagnostic = BlockDiagnostic(
            .error, .tileUnclosed, "\(label) is never closed; add a line `:::` after its properties",
            range: relative(written(opening)))
        return Result(tile: nil, type: type, length: buffer.count - base, isClosed: false, diagnostics: [diagnostic], label: label)
    }

    private mutating func readProperty(_ line: LineSpan, trimmed: Range<Int>, lineOffset: Int) {
        var colon = trimmed.lowerBound
        while colon < trimmed.upperBound && buffer[colon] != Byte.colon { colon += 1 }
        guard colon < trimmed.upperBound else {
            let hint = buffer.hasPrefix(trimmed, "-") ? "a list item must follow a `key:` line" : "expected `key: value` in the tile body"
            error(.tileInvalidLine, hint, written(line))
            return
        }
        let keyRange = buffer.trimmed(LineSpan(start: trimmed.lowerBound, contentEnd: colon, end: colon))
        guard !keyRange.isEmpty, buffer[keyRange.lowerBound] != Byte.hyphen, buffer[keyRange.lowerBound] != Byte.hash else {
            error(.tileInvalidLine, "expected `key: value` in the tile body", written(line))
            return
        }
        var valueStart = colon + 1
        while valueStart < line.contentEnd && Byte.isSpaceOrTab(buffer[valueStart]) { valueStart += 1 }
        let valueRange = buffer.trimmed(LineSpan(start: valueStart, contentEnd: line.contentEnd, end: line.contentEnd))
        let key = buffer.string(keyRange)
        if !keys.insert(key).inserted {
            error(.tileDuplicateProperty, "property `\(key)` is already set above; remove one of them", written(line))
        }
        if buffer.matches(valueRange, "|") {
            startPending(.literal, PendingKey(key: key, keySpan: relative(keyRange), keyLine: line, lineOffset: lineOffset, valueStart: valueRange.upperBound, end: line.end))
            return
        }
        if buffer.matches(valueRange, ">") || buffer.matches(valueRange, ">-") || buffer.matches(valueRange, ">+")
            || buffer.matches(valueRange, "|-") || buffer.matches(valueRange, "|+") {
            let indicator = buffer.string(valueRange)
            error(.tileUnsupportedMultiline, "`\(indicator)` is not a supported multi-line form; use `|`", valueRange)
            pendingKind = .skipping
            return
        }
        if valueRange.isEmpty {
            startPending(.list, PendingKey(key: key, keySpan: relative(keyRange), keyLine: line, lineOffset: lineOffset, valueStart: line.contentEnd, end: line.end))
            return
        }
        append(TileProperty(
            key: key, value: .text(buffer.string(valueRange)),
            span: relative(line.start..<line.end), keySpan: relative(keyRange), valueSpan: relative(valueRange), lineOffset: lineOffset))
    }

    private mutating func startPending(_ kind: PendingKind, _ key: PendingKey) {
        pendingKind = kind
        pendingKey = key
        pendingItems.removeAll(keepingCapacity: true)
        pendingLines.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ property: TileProperty) {
        if property.key == "id" && tileID == nil { tileID = property.value.text }
        properties.append(property)
    }

    private mutating func finishPending() {
        defer {
            pendingKind = .none
            pendingKey = nil
        }
        guard let pending = pendingKey else { return }
        switch pendingKind {
        case .none, .skipping, .mermaid:
            break
        case .list:
            let value: TileValue = pendingItems.isEmpty ? .text("") : .list(pendingItems)
            let spanEnd = pendingItems.isEmpty ? pending.keyLine.end : pending.end
            append(TileProperty(
                key: pending.key, value: value, span: relative(pending.keyLine.start..<spanEnd), keySpan: pending.keySpan,
                valueSpan: relative(pending.valueStart..<pending.valueStart), lineOffset: pending.lineOffset,
                continuationIndent: pending.indent ?? ""))
        case .literal:
            // Trailing blank lines are not part of the value (nor of the property's span).
            var lines = pendingLines[...]
            while let last = lines.last, buffer.isBlank(last) { lines.removeLast() }
            let spanEnd = lines.last?.end ?? pending.keyLine.end
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
            append(TileProperty(
                key: pending.key, value: .literal(String(decoding: text, as: UTF8.self)),
                span: relative(pending.keyLine.start..<spanEnd), keySpan: pending.keySpan,
                valueSpan: relative(pending.valueStart..<pending.valueStart),
                lineOffset: pending.lineOffset, continuationIndent: firstIndent))
        }
    }

    private mutating func runMermaid(opening: LineSpan, label: String, unclosed: UnclosedStates) -> Result {
        var position = opening.end
        var lines: [LineSpan] = []
        while position < buffer.count {
            let state = position &* 8 &+ PendingKind.mermaid.rawValue
            if unclosed.keys.contains(state) { break }
            visited.append(state)
            linesRead += 1
            let line = buffer.line(startingAt: position)
            if Self.isClosing(buffer, trimmed: buffer.trimmed(line)) {
                var body = lines[...]
                while let first = body.first, buffer.isBlank(first) { body.removeFirst() }
                while let last = body.last, buffer.isBlank(last) { body.removeLast() }
                var text: [UInt8] = []
                for (index, bodyLine) in body.enumerated() {
                    if index > 0 { text.append(Byte.newline) }
                    text.append(contentsOf: buffer[bodyLine.start..<bodyLine.contentEnd])
                }
                let bodyRange = (body.first?.start ?? opening.end)..<(body.last?.end ?? opening.end)
                properties.append(TileProperty(
                    key: "definition", value: .literal(String(decoding: text, as: UTF8.self)),
                    span: relative(bodyRange), keySpan: relative(bodyRange.lowerBound..<bodyRange.lowerBound), valueSpan: relative(bodyRange.lowerBound..<bodyRange.lowerBound), lineOffset: 1))
                return result(type: "mermaid", form: .mermaidShorthand, opening: opening, closing: line, label: label)
            }
            lines.append(line)
            position = line.end
        }
        return unclosedResult(type: "mermaid", opening: opening, label: label)
    }

    private func result(type: String?, form: TileForm, opening: LineSpan, closing: LineSpan, label: String) -> Result {
        let length = closing.end - base
        guard !broken, let type else {
            return Result(tile: nil, type: type, length: length, isClosed: true, diagnostics: diagnostics, label: label)
        }
        let tile = Tile(type: type, form: form, properties: properties,
                        openingSpan: relative(opening.start..<opening.end), closingSpan: relative(closing.start..<closing.end))
        return Result(tile: tile, type: type, length: length, isClosed: true, diagnostics: diagnostics, label: label)
    }
}
