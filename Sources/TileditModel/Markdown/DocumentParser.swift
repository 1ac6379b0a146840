/// A block as the parser finds it, in the coordinates of the parsed buffer.
struct ParsedBlock: Sendable {
    var kind: BlockKind
    /// First byte of the block's first line.
    var start: Int
    /// Just past the block's last line (its terminator included).
    var end: Int
    /// Diagnostics relative to `start`.
    var diagnostics: [BlockDiagnostic]
}

/// The blocks of a buffer and its line starts.
struct ParsedText: Sendable {
    var blocks: [ParsedBlock]
    /// Offset of every line start in the buffer, ascending. After a byte
    /// order mark the first line starts at 3.
    var lineStarts: [Int]

    /// Number of lines that start inside `range`.
    func lineCount(_ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return firstSlot(atOrAfter: range.upperBound) - firstSlot(atOrAfter: range.lowerBound)
    }

    /// Index of the first line start at or after `offset`.
    func firstSlot(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Splits Tiledown Markdown into blocks (DESIGN.md sections 3 and 4).
///
/// A line scan finds front matter and tile directives (a `:::` line inside a
/// fenced code block is code); the prose between directives goes to
/// cmark-gfm, one top-level CommonMark block per block. The parser works on
/// any stretch of a document that starts at a block boundary, so an edit
/// re-parses only the blocks around it.
enum DocumentParser {
    /// Parses `buffer`.
    ///
    /// - Parameters:
    ///   - buffer: the bytes to parse (UTF-8).
    ///   - atDocumentStart: whether the buffer starts the file (a byte order
    ///     mark and front matter are recognized only there).
    ///   - dialect: how front matter is read.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, atDocumentStart: Bool, dialect: FrontMatterDialect) -> ParsedText {
        var scanner = Scanner(buffer: buffer, dialect: dialect)
        return scanner.run(atDocumentStart: atDocumentStart)
    }

    static func parse(_ bytes: [UInt8], atDocumentStart: Bool = true, dialect: FrontMatterDialect) -> ParsedText {
        bytes.withUnsafeBufferPointer { parse($0, atDocumentStart: atDocumentStart, dialect: dialect) }
    }
}

private struct Scanner {
    enum HTMLState: Equatable {
        case none
        case comment
        case untilBlank
        case untilMarker(StaticString)

        static func == (lhs: HTMLState, rhs: HTMLState) -> Bool {
            switch (lhs, rhs) {
            case (.none, .none), (.comment, .comment), (.untilBlank, .untilBlank): true
            case (.untilMarker(let a), .untilMarker(let b)): a.utf8Start == b.utf8Start
            default: false
            }
        }
    }

    let buffer: UnsafeBufferPointer<UInt8>
    let dialect: FrontMatterDialect
    var blocks: [ParsedBlock] = []
    var lineStarts: [Int] = []
    /// Diagnostics not tied to a block yet, in buffer coordinates.
    var floating: [BlockDiagnostic] = []
    var proseStart = 0
    var proseStartSlot = 0

    init(buffer: UnsafeBufferPointer<UInt8>, dialect: FrontMatterDialect) {
        self.buffer = buffer
        self.dialect = dialect
        lineStarts.reserveCapacity(buffer.count / 32 + 1)
    }

    mutating func run(atDocumentStart: Bool) -> ParsedText {
        var position = 0
        if atDocumentStart {
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
            switch FrontMatterReader.scan(buffer, from: position) {
            case .block(let opening, let closing):
                let (frontMatter, diagnostics) = FrontMatterReader.read(buffer, opening: opening, closing: closing, dialect: dialect)
                blocks.append(ParsedBlock(kind: .frontMatter(frontMatter), start: opening.start, end: closing.end, diagnostics: diagnostics))
                lineStarts.append(opening.start)
                recordLines(after: opening.start, to: closing.end)
                position = closing.end
            case .lookalike(let diagnostic):
                floating.append(diagnostic)
            case .none:
                break
            }
        }
        proseStart = position
        proseStartSlot = lineStarts.count
        var fence: (character: UInt8, length: Int)?
        var html = HTMLState.none

        while position < buffer.count {
            let line = buffer.line(startingAt: position)
            lineStarts.append(line.start)
            if let open = fence {
                if isFenceClosing(line, open) { fence = nil }
                position = line.end
                continue
            }
            let trimmed = buffer.trimmed(line)
            if trimmed.isEmpty {
                if html == .untilBlank { html = .none }
                position = line.end
                continue
            }
            if buffer[trimmed.lowerBound] == Byte.colon {
                if let opening = TileParser.opening(buffer, trimmed: trimmed) {
                    if opening == .recent {
                        flushProse(upTo: line.start)
                        blocks.append(ParsedBlock(kind: .recentPosts, start: line.start, end: line.end, diagnostics: []))
                        position = line.end
                        startProse(at: position)
                        continue
                    }
                    let result = TileParser.parse(buffer, opening: line, kind: opening)
                    if result.isClosed {
                        flushProse(upTo: line.start)
                        var diagnostics = result.diagnostics
                        if html != .none {
                            let place = html == .comment ? "an HTML comment" : "an HTML block"
                            diagnostics.append(BlockDiagnostic(
                                .warning, .tileInsideHTML,
                                "this tile is inside \(place); Tiledown still reads it and renders it",
                                range: 0..<(line.contentEnd - line.start)))
                        }
                        let kind: BlockKind = result.tile.map(BlockKind.tile) ?? .raw(.tile(type: result.type))
                        let end = line.start + result.length
                        blocks.append(ParsedBlock(kind: kind, start: line.start, end: end, diagnostics: diagnostics))
                        recordLines(after: line.start, to: end)
                        position = end
                        startProse(at: position)
                        continue
                    }
                    // Unclosed: report it; the lines stay prose.
                    for diagnostic in result.diagnostics where diagnostic.code == .tileUnclosed {
                        floating.append(diagnostic.shifted(by: line.start))
                    }
                } else if TileParser.isClosing(buffer, trimmed: trimmed) {
                    floating.append(BlockDiagnostic(
                        .warning, .tileStrayClosing, "closing `:::` with no open tile; remove it or open a tile above",
                        range: trimmed))
                }
            } else {
                if let open = fenceOpening(line, trimmed: trimmed) {
                    fence = open
                } else {
                    html = nextHTMLState(html, line: line, trimmed: trimmed)
                }
            }
            position = line.end
        }
        flushProse(upTo: buffer.count)
        attachFloating()
        return ParsedText(blocks: blocks, lineStarts: lineStarts)
    }

    private mutating func startProse(at position: Int) {
        proseStart = position
        proseStartSlot = lineStarts.count
    }

    /// Records the starts of the lines after the one starting at `start`,
    /// up to `end` (the line starting at `end` is recorded by the scan).
    private mutating func recordLines(after start: Int, to end: Int) {
        var index = start
        while index < end {
            if buffer[index] == Byte.newline && index + 1 < end { lineStarts.append(index + 1) }
            index += 1
        }
    }

    private mutating func flushProse(upTo end: Int) {
        defer { proseStart = end }
        guard end > proseStart else { return }
        var anyContent = false
        var index = proseStart
        while index < end {
            if !Byte.isWhitespace(buffer[index]) {
                anyContent = true
                break
            }
            index += 1
        }
        guard anyContent else { return }
        let found = CommonMarkBlockReader.read(
            buffer, segment: proseStart..<end, lineStarts: lineStarts, firstSlot: proseStartSlot)
        for block in found {
            var diagnostics: [BlockDiagnostic] = []
            if case .raw = block.kind {
                diagnostics.append(BlockDiagnostic(.warning, .rawBlock, "these lines could not be read as Markdown; they are kept as written", range: 0..<block.range.count))
            }
            blocks.append(ParsedBlock(kind: block.kind, start: block.range.lowerBound, end: block.range.upperBound, diagnostics: diagnostics))
        }
    }

    /// ``` or ~~~ (three or more) after any indentation; a backtick fence's
    /// info string may not contain a backtick (CommonMark 4.5).
    private func fenceOpening(_ line: LineSpan, trimmed: Range<Int>) -> (character: UInt8, length: Int)? {
        let character = buffer[trimmed.lowerBound]
        guard character == Byte.backtick || character == Byte.tilde else { return nil }
        var run = trimmed.lowerBound
        while run < trimmed.upperBound && buffer[run] == character { run += 1 }
        let length = run - trimmed.lowerBound
        guard length >= 3 else { return nil }
        if character == Byte.backtick {
            var index = run
            while index < trimmed.upperBound {
                if buffer[index] == Byte.backtick { return nil }
                index += 1
            }
        }
        return (character, length)
    }

    private func isFenceClosing(_ line: LineSpan, _ open: (character: UInt8, length: Int)) -> Bool {
        let trimmed = buffer.trimmed(line)
        guard !trimmed.isEmpty else { return false }
        var index = trimmed.lowerBound
        while index < trimmed.upperBound && buffer[index] == open.character { index += 1 }
        return index == trimmed.upperBound && trimmed.count >= open.length
    }

    private func nextHTMLState(_ state: HTMLState, line: LineSpan, trimmed: Range<Int>) -> HTMLState {
        switch state {
        case .comment:
            return contains(line, "-->") ? .none : .comment
        case .untilMarker(let marker):
            return contains(line, marker) ? .none : state
        case .untilBlank:
            return .untilBlank
        case .none:
            guard buffer.indentation(line) <= 3, buffer[trimmed.lowerBound] == Byte.lessThan, trimmed.count > 1 else { return .none }
            if buffer.hasPrefix(trimmed, "<!--") {
                let rest = LineSpan(start: trimmed.lowerBound + 4, contentEnd: line.contentEnd, end: line.contentEnd)
                return contains(rest, "-->") ? .none : .comment
            }
            let lowered = lowercasedPrefix(trimmed, 10)
            for (tag, marker) in [("<script", "</script>"), ("<pre", "</pre>"), ("<style", "</style>"), ("<textarea", "</textarea>")] as [(String, StaticString)]
                where lowered.hasPrefix(tag) {
                return contains(line, marker) ? .none : .untilMarker(marker)
            }
            if buffer.hasPrefix(trimmed, "<?") { return contains(line, "?>") ? .none : .untilMarker("?>") }
            if buffer.hasPrefix(trimmed, "<![CDATA[") { return contains(line, "]]>") ? .none : .untilMarker("]]>") }
            let next = buffer[trimmed.lowerBound + 1]
            let isLetter = (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A)
            if next == 0x21 { return contains(line, ">") ? .none : .untilMarker(">") }
            if isLetter || next == 0x2F { return .untilBlank }
            return .none
        }
    }

    private func lowercasedPrefix(_ range: Range<Int>, _ count: Int) -> String {
        let end = Swift.min(range.upperBound, range.lowerBound + count)
        return String(decoding: buffer[range.lowerBound..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private func contains(_ line: LineSpan, _ marker: StaticString) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard line.contentEnd - line.start >= count else { return false }
        var index = line.start
        while index + count <= line.contentEnd {
            if buffer.matches(index..<(index + count), marker) { return true }
            index += 1
        }
        return false
    }

    /// Gives each floating diagnostic to the block it points into (or the
    /// next block, or the last one).
    private mutating func attachFloating() {
        guard !floating.isEmpty, !blocks.isEmpty else { return }
        for diagnostic in floating {
            let offset = diagnostic.range.lowerBound
            var low = 0
            var high = blocks.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if blocks[middle].start <= offset { low = middle } else { high = middle - 1 }
            }
            var index = low
            if offset >= blocks[index].end && index + 1 < blocks.count { index += 1 }
            if offset < blocks[index].start && index > 0 && offset < blocks[index - 1].end { index -= 1 }
            blocks[index].diagnostics.append(diagnostic.shifted(by: -blocks[index].start))
        }
        floating = []
    }
}
