/// Whether a line sits inside an HTML construct that spans lines, which
/// decides whether a tile there gets the "inside HTML" warning. Stored per
/// block so a re-parse can start in the middle of a document.
enum HTMLContext: UInt8, Sendable, Hashable {
    case none
    case comment
    case untilBlankLine
    case script
    case pre
    case style
    case textarea
    case processingInstruction
    case declaration
    case characterData

    /// The text that ends the construct, for those ended by a marker.
    var endMarker: StaticString? {
        switch self {
        case .none, .untilBlankLine: nil
        case .comment: "-->"
        case .script: "</script>"
        case .pre: "</pre>"
        case .style: "</style>"
        case .textarea: "</textarea>"
        case .processingInstruction: "?>"
        case .declaration: ">"
        case .characterData: "]]>"
        }
    }
}

/// A block as the parser finds it, in the coordinates of the parsed buffer.
struct ParsedBlock: Sendable {
    var kind: BlockKind
    /// The HTML context at the block's first line.
    var htmlContext: HTMLContext = .none
    /// Whether the block's first line lies inside a fence as the scanner
    /// reads fences (where it looks for no tiles). cmark ends a fenced code
    /// block with its container (a list item), the scanner only at a
    /// closing line, so a block can start there; a re-parse must then start
    /// before the fence and run past it.
    var startsInsideFence = false
    /// Bytes of spaces and tabs before a tile's opening `:::` (0 for other
    /// blocks), so diagnostics on the opening name the column it starts at.
    var openingIndent = 0
    /// First byte of the block's first line.
    var start: Int
    /// Just past the block's last line (its terminator included).
    var end: Int
    /// Diagnostics relative to `start`.
    var diagnostics: [BlockDiagnostic]
}

/// The blocks of a buffer and its line starts.
struct ParsedText: Sendable {
    /// In chunks, so the document's table can be built while they are freed.
    var blocks: ChunkedArray<ParsedBlock>
    /// The HTML context after the last line.
    var finalHTMLContext: HTMLContext
    /// Whether a directive or fence opened in the buffer reached its end
    /// unclosed: text after the buffer could still close it.
    var endsOpen: Bool
    /// Offset of every line start in the buffer, ascending. After a byte
    /// order mark the first line starts at 3.
    var lineStarts: [Int]
    /// Lines read: one per line of the buffer, plus every line a tile
    /// directive read (a measure of the work, for tests of linearity).
    var linesRead = 0

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

/// Splits Tiledown Markdown into blocks (ARCHITECTURE.md, "The editing model" and "The Tiledown format").
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
    ///   - htmlContext: the HTML context at the buffer's first line.
    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, atDocumentStart: Bool, dialect: FrontMatterDialect, htmlContext: HTMLContext = .none
    ) -> ParsedText {
        var scanner = Scanner(buffer: buffer, dialect: dialect)
        return scanner.run(atDocumentStart: atDocumentStart, htmlContext: htmlContext)
    }

    static func parse(_ bytes: [UInt8], atDocumentStart: Bool = true, dialect: FrontMatterDialect) -> ParsedText {
        bytes.withUnsafeBufferPointer { parse($0, atDocumentStart: atDocumentStart, dialect: dialect) }
    }
}

private struct Scanner {
    let buffer: UnsafeBufferPointer<UInt8>
    let dialect: FrontMatterDialect
    var blocks = ChunkedArray<ParsedBlock>()
    var lineStarts: [Int] = []
    /// The HTML context at the start of each line in `lineStarts`.
    var lineContexts: [HTMLContext] = []
    /// Diagnostics not tied to a block yet, in buffer coordinates.
    var floating: [BlockDiagnostic] = []
    /// Directive openings with no closing line (offset of the opening
    /// line's first non-blank byte, so a position names the column where
    /// the colons start; its content end; how messages name it), told once the block
    /// that keeps their lines is known.
    var unclosedOpenings: [(start: Int, contentEnd: Int, label: String, closing: String, noun: String)] = []
    /// Line states of the tile grammar known to reach the end unclosed.
    var unclosedStates = TileParser.UnclosedStates()
    var proseStart = 0
    var proseStartSlot = 0
    var sawUnclosedDirective = false
    /// Lines read by container directive scans (`ContainerDirectiveReader`).
    var directiveLinesRead = 0
    /// The ends those scans found for directives opened inside them.
    var directiveEnds = ContainerDirectiveReader.KnownEnds()
    /// Line slots inside fences the scanner closed (after the opening line,
    /// up to and with the closing line), ascending.
    var fencedSlots: [Range<Int>] = []
    /// The first line slot after the opening line of the fence still open.
    var openFenceFirstSlot: Int?
    /// The list items open at the current line, so a fence inside one is found and ends with it.
    var listItems = ListItemColumns()

    init(buffer: UnsafeBufferPointer<UInt8>, dialect: FrontMatterDialect) {
        self.buffer = buffer
        self.dialect = dialect
        lineStarts.reserveCapacity(buffer.count / 32 + 1)
        lineContexts.reserveCapacity(buffer.count / 32 + 1)
    }

    mutating func run(atDocumentStart: Bool, htmlContext: HTMLContext) -> ParsedText {
        var position = 0
        if atDocumentStart {
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
            switch FrontMatterReader.scan(buffer, from: position, dialect: dialect) {
            case .block(let opening, let closing):
                let (frontMatter, read) = FrontMatterReader.read(buffer, opening: opening, closing: closing, dialect: dialect)
                var diagnostics = read
                // YAML front matter goes through libyaml, whose reader already
                // refuses these characters with their place; flat front matter
                // does not, so it is checked here as text is.
                if dialect == .tiledown, let controls = controlCharacters(in: opening.start..<closing.end) {
                    diagnostics.append(controls)
                }
                blocks.append(ParsedBlock(kind: .frontMatter(frontMatter), start: opening.start, end: closing.end, diagnostics: diagnostics))
                appendLine(opening.start, .none)
                recordLines(after: opening.start, to: closing.end, context: .none)
                position = closing.end
            case .lookalike(let diagnostic):
                floating.append(diagnostic)
                // Whether it is front matter depends on lines below the buffer.
                sawUnclosedDirective = true
            case .none:
                if startsWithDashes(from: position) { sawUnclosedDirective = true }
            }
        }
        proseStart = position
        proseStartSlot = lineStarts.count
        var fence: Fence?
        var html = htmlContext

        while position < buffer.count {
            let line = buffer.line(startingAt: position)
            appendLine(line.start, html)
            if let open = fence {
                if open.column > 0, !buffer.isBlank(line), buffer.indentation(line) < open.column {
                    // The list item holding the fence ends here, and the fence with it
                    // (CommonMark 5.2); this line is read as any other.
                    fence = nil
                    if let first = openFenceFirstSlot { fencedSlots.append(first..<(lineStarts.count - 1)) }
                    openFenceFirstSlot = nil
                } else {
                    if isFenceClosing(line, open) {
                        fence = nil
                        if let first = openFenceFirstSlot { fencedSlots.append(first..<lineStarts.count) }
                        openFenceFirstSlot = nil
                        listItems.closeParagraph()
                    }
                    position = line.end
                    continue
                }
            }
            let trimmed = buffer.trimmed(line)
            if trimmed.isEmpty {
                if html == .untilBlankLine { html = .none }
                listItems.closeParagraph()
                position = line.end
                continue
            }
            let content = listItems.read(buffer, line: line)
            if let lookalike = TileDelimiterLookalike.diagnostic(buffer, line: line, trimmed: trimmed) { floating.append(lookalike) }
            if buffer[trimmed.lowerBound] == Byte.colon {
                if let opening = TileParser.opening(buffer, trimmed: trimmed) {
                    if opening == .recent {
                        flushProse(upTo: line.start)
                        blocks.append(ParsedBlock(kind: .recentPosts, htmlContext: html, start: line.start, end: line.end, diagnostics: []))
                        position = line.end
                        startProse(at: position)
                        continue
                    }
                    let result = TileParser.parse(buffer, opening: line, kind: opening, unclosed: &unclosedStates)
                    if result.isClosed {
                        flushProse(upTo: line.start)
                        var diagnostics = result.diagnostics
                        let indentation = buffer.indentation(line)
                        if html == .none, let previous = blocks.last, case .list = previous.kind,
                           buffer.continuesListItem(previous.start..<previous.end, indentation: indentation) {
                            // CommonMark 5.2: indented to an item's content, the lines continue the item.
                            diagnostics.append(BlockDiagnostic(
                                .warning, .tileInsideListItem,
                                "this tile is indented under a list item, where CommonMark reads its lines as part of the item; Tiledown reads a tile here, which ends the list",
                                range: (trimmed.lowerBound - line.start)..<(line.contentEnd - line.start)))
                        } else if html == .none, indentation >= 4 {
                            // CommonMark 4.4: four columns of indentation make an indented code block.
                            diagnostics.append(BlockDiagnostic(
                                .warning, .tileIndentedAsCode,
                                "this tile is indented four or more columns, which CommonMark reads as an indented code block; Tiledown still reads it as a tile and renders it",
                                range: (trimmed.lowerBound - line.start)..<(line.contentEnd - line.start)))
                        }
                        if html != .none {
                            let place = html == .comment ? "an HTML comment" : "an HTML block"
                            diagnostics.append(BlockDiagnostic(
                                .warning, .tileInsideHTML,
                                "this tile is inside \(place); Tiledown still reads it and renders it",
                                range: (trimmed.lowerBound - line.start)..<(line.contentEnd - line.start)))
                        }
                        let kind: BlockKind = result.tile.map(BlockKind.tile) ?? .raw(.tile(type: result.type))
                        // A tile always holds at least its opening line: the scan moves on.
                        let end = Swift.min(Swift.max(line.start + result.length, line.end), buffer.count)
                        if let controls = controlCharacters(in: line.start..<end) { diagnostics.append(controls) }
                        var block = ParsedBlock(kind: kind, htmlContext: html, start: line.start, end: end, diagnostics: diagnostics)
                        block.openingIndent = trimmed.lowerBound - line.start
                        blocks.append(block)
                        recordLines(after: line.start, to: end, context: html)
                        position = end
                        startProse(at: position)
                        continue
                    }
                    // Unclosed: report it; the lines stay prose.
                    sawUnclosedDirective = true
                    unclosedOpenings.append((trimmed.lowerBound, line.contentEnd, result.label, ":::", "tile"))
                } else if html == .none, buffer.indentation(line) <= 3,
                          let directive = ContainerDirectiveReader.opening(buffer, trimmed: trimmed) {
                    let read = ContainerDirectiveReader.end(buffer, openingLine: line, opening: directive, known: &directiveEnds)
                    directiveLinesRead += read.linesRead
                    if let end = read.end {
                        // Kept whole and never rewritten: other tools (Docusaurus, remark) own its grammar.
                        flushProse(upTo: line.start)
                        var diagnostics: [BlockDiagnostic] = []
                        if let controls = controlCharacters(in: line.start..<end) { diagnostics.append(controls) }
                        blocks.append(ParsedBlock(
                            kind: .directive(name: directive.name), htmlContext: html, start: line.start, end: end, diagnostics: diagnostics))
                        recordLines(after: line.start, to: end, context: html)
                        position = end
                        startProse(at: position)
                        continue
                    }
                    // Unclosed: the lines stay prose; a closing line typed below makes it a directive.
                    sawUnclosedDirective = true
                    let colons = String(repeating: ":", count: directive.colons)
                    // Closed only by a line of at least as many colons.
                    unclosedOpenings.append((trimmed.lowerBound, line.contentEnd, "directive `\(colons)\(directive.name)`", colons, "directive"))
                } else if TileParser.isClosing(buffer, trimmed: trimmed) {
                    floating.append(BlockDiagnostic(
                        .warning, .tileStrayClosing, "closing `:::` with no open tile; remove it or open a tile above",
                        range: trimmed))
                }
            } else if html == .none, content.column - content.container <= 3,
                      let open = fenceOpening(from: content.start, to: trimmed.upperBound, column: content.container) {
                // Inside HTML (a comment, a block until a blank line) a fence
                // line is HTML text, as CommonMark reads it.
                fence = open
                openFenceFirstSlot = lineStarts.count
                listItems.closeParagraph()
            } else {
                html = nextHTMLState(html, line: line, trimmed: trimmed)
            }
            position = line.end
        }
        flushProse(upTo: buffer.count)
        reportUnclosedOpenings()
        attachFloating()
        var parsed = ParsedText(blocks: blocks, finalHTMLContext: html, endsOpen: sawUnclosedDirective || fence != nil, lineStarts: lineStarts)
        parsed.linesRead = lineStarts.count + unclosedStates.linesRead + directiveLinesRead
        return parsed
    }

    /// Whether the first non-blank line is `---` or `+++`, exactly or with
    /// characters around it (`FrontMatterDelimiter`): a front matter
    /// look-alike, YAML or TOML, whose closing line may lie beyond the buffer.
    private func startsWithDashes(from position: Int) -> Bool {
        var offset = position
        while offset < buffer.count {
            let line = buffer.line(startingAt: offset)
            if !buffer.isBlank(line) { return FrontMatterDelimiter.extras(buffer, line: line, markers: ["---", "+++"]) != nil }
            offset = line.end
        }
        return false
    }

    private mutating func startProse(at position: Int) {
        proseStart = position
        proseStartSlot = lineStarts.count
        // A tile or directive ends the lists above it, as a re-parse starting here knows.
        listItems = ListItemColumns()
    }

    private mutating func appendLine(_ start: Int, _ context: HTMLContext) {
        lineStarts.append(start)
        lineContexts.append(context)
    }

    /// Records the starts of the lines after the one starting at `start`,
    /// up to `end` (the line starting at `end` is recorded by the scan).
    private mutating func recordLines(after start: Int, to end: Int, context: HTMLContext) {
        var position = buffer.line(startingAt: start).end
        while position < end {
            appendLine(position, context)
            position = Swift.max(buffer.line(startingAt: position).end, position + 1)
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
            if let controls = controlCharacters(in: block.range) { diagnostics.append(controls) }
            var parsed = ParsedBlock(kind: block.kind, start: block.range.lowerBound, end: block.range.upperBound, diagnostics: diagnostics)
            let slot = slot(at: block.range.lowerBound)
            parsed.htmlContext = lineContexts.isEmpty ? .none : lineContexts[slot]
            parsed.startsInsideFence = isInsideFence(slot)
            blocks.append(parsed)
        }
    }

    /// A warning for the control characters in `range` (C0 but TAB, LF, CR
    /// and FF; DEL; C1, U+0080 to U+009F), at the first, with a fix that
    /// removes them all; `nil` when there are none. They do not show, a
    /// terminal would act on them, and HTML does not allow them (HTML
    /// Living Standard 13.2.5, "control-character-in-input-stream").
    private func controlCharacters(in range: Range<Int>) -> BlockDiagnostic? {
        var found: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = buffer[index]
            if byte < 0x20 {
                if byte != Byte.tab && byte != Byte.newline && byte != Byte.carriageReturn && byte != 0x0C { found.append(index..<(index + 1)) }
            } else if byte == 0x7F {
                found.append(index..<(index + 1))
            } else if byte == 0xC2, index + 1 < range.upperBound, (0x80...0x9F).contains(buffer[index + 1]) {
                found.append(index..<(index + 2))
                index += 1
            }
            index += 1
        }
        guard let first = found.first else { return nil }
        let scalar = first.count == 1 ? UInt32(buffer[first.lowerBound]) : UInt32(buffer[first.lowerBound + 1])
        let name = Unicode.Scalar(scalar).map(YAMLInvisibleCharacters.codePoint) ?? "U+FFFD"
        let count = found.count == 1 ? "a control character" : "\(found.count) control characters, the first"
        let start = range.lowerBound
        let fix = DiagnosticFix(
            title: found.count == 1 ? "Remove the control character" : "Remove the \(found.count) control characters",
            edits: found.map { TextEdit(range: ($0.lowerBound - start)..<($0.upperBound - start), replacement: []) })
        return BlockDiagnostic(
            .warning, .controlCharacter,
            "this block holds \(count) \(name) here: it does not show, and HTML does not allow it",
            range: (first.lowerBound - start)..<(first.upperBound - start), fix: fix)
    }

    /// A code fence the scanner is inside: its character and length, and
    /// the content column of the list item holding it (0 at the top level).
    private struct Fence {
        var character: UInt8
        var length: Int
        var column: Int
    }

    /// ``` or ~~~ (three or more) starting at `start`, the line's content
    /// after its indentation and list markers (the caller checks that it
    /// lies within three columns of its container's content: deeper, it is
    /// indented code or paragraph text, where a fence cannot start); a
    /// backtick fence's info string may not contain a backtick (CommonMark 4.5).
    private func fenceOpening(from start: Int, to end: Int, column: Int) -> Fence? {
        guard start < end else { return nil }
        let character = buffer[start]
        guard character == Byte.backtick || character == Byte.tilde else { return nil }
        var run = start
        while run < end && buffer[run] == character { run += 1 }
        let length = run - start
        guard length >= 3 else { return nil }
        if character == Byte.backtick {
            var index = run
            while index < end {
                if buffer[index] == Byte.backtick { return nil }
                index += 1
            }
        }
        // cmark's line scanners match UTF-8 characters: an info string
        // that is not well-formed UTF-8 makes the line paragraph text.
        guard isWellFormedUTF8(run..<end) else { return nil }
        return Fence(character: character, length: length, column: column)
    }

    /// Whether `range` of the buffer is well-formed UTF-8 (Unicode 3.9,
    /// table 3-7: no overlong forms, surrogates or values past U+10FFFF).
    private func isWellFormedUTF8(_ range: Range<Int>) -> Bool {
        guard buffer[range].contains(where: { $0 >= 0x80 }) else { return true }
        var bytes = buffer[range].makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Whether `line` closes `open`: its character, at least as many, and
    /// nothing else, within three columns of the fence's container
    /// (CommonMark 4.5: four columns in, the line is code).
    private func isFenceClosing(_ line: LineSpan, _ open: Fence) -> Bool {
        let trimmed = buffer.trimmed(line)
        guard !trimmed.isEmpty, buffer.indentation(line) - open.column <= 3 else { return false }
        var index = trimmed.lowerBound
        while index < trimmed.upperBound && buffer[index] == open.character { index += 1 }
        return index == trimmed.upperBound && trimmed.count >= open.length
    }

    private func nextHTMLState(_ state: HTMLContext, line: LineSpan, trimmed: Range<Int>) -> HTMLContext {
        if state == .untilBlankLine { return state }
        if let marker = state.endMarker { return contains(line, marker) ? .none : state }
        guard buffer.indentation(line) <= 3, buffer[trimmed.lowerBound] == Byte.lessThan, trimmed.count > 1 else { return .none }
        func until(_ context: HTMLContext, after offset: Int) -> HTMLContext {
            guard let marker = context.endMarker else { return context }
            let rest = LineSpan(start: Swift.min(trimmed.lowerBound + offset, line.contentEnd), contentEnd: line.contentEnd, end: line.contentEnd)
            return contains(rest, marker) ? .none : context
        }
        if buffer.hasPrefix(trimmed, "<!--") { return until(.comment, after: 4) }
        let lowered = lowercasedPrefix(trimmed, 10)
        for (tag, context) in [("<script", HTMLContext.script), ("<pre", .pre), ("<style", .style), ("<textarea", .textarea)] where lowered.hasPrefix(tag) {
            return until(context, after: 1)
        }
        if buffer.hasPrefix(trimmed, "<?") { return until(.processingInstruction, after: 2) }
        if buffer.hasPrefix(trimmed, "<![CDATA[") { return until(.characterData, after: 9) }
        let next = buffer[trimmed.lowerBound + 1]
        let isLetter = (next >= 0x41 && next <= 0x5A) || (next >= 0x61 && next <= 0x7A)
        if next == 0x21 { return until(.declaration, after: 2) }
        if isLetter || next == 0x2F { return .untilBlankLine }
        return .none
    }

    /// The slot in `lineStarts` of the line holding `offset` (0 when none).
    private func slot(at offset: Int) -> Int {
        var low = 0
        var high = Swift.max(lineStarts.count - 1, 0)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Whether the line in `slot` lies inside a fence the scanner read.
    private func isInsideFence(_ slot: Int) -> Bool {
        if let first = openFenceFirstSlot, slot >= first { return true }
        var low = 0
        var high = fencedSlots.count
        while low < high {
            let middle = (low + high) / 2
            if fencedSlots[middle].upperBound <= slot { low = middle + 1 } else { high = middle }
        }
        return low < fencedSlots.count && fencedSlots[low].contains(slot)
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

    /// The error for each directive with no closing line, naming the lines
    /// kept as written: from its opening line to the end of the block that
    /// holds it (they are read as Markdown).
    private mutating func reportUnclosedOpenings() {
        guard !unclosedOpenings.isEmpty, !blocks.isEmpty else { return }
        for opening in unclosedOpenings {
            let index = blockIndex(holding: opening.start)
            let block = blocks[index]
            let openLine = Swift.max(0, slot(at: opening.start) - firstSlot(atOrAfter: block.start))
            let lastLine = Swift.max(openLine, firstSlot(atOrAfter: block.end) - firstSlot(atOrAfter: block.start) - 1)
            let kept = openLine == lastLine
                ? "line \(BlockDiagnostic.line(openLine)) is kept as written"
                : "lines \(BlockDiagnostic.line(openLine))–\(BlockDiagnostic.line(lastLine)) are kept as written"
            floating.append(BlockDiagnostic(
                .error, .tileUnclosed,
                "\(opening.label) opened at line \(BlockDiagnostic.line(openLine)) has no closing `\(opening.closing)`, so \(kept) and read as Markdown; add a line `\(opening.closing)` where the \(opening.noun) ends",
                range: opening.start..<opening.contentEnd, fix: closingFix(after: block, closing: opening.closing, noun: opening.noun)))
        }
        unclosedOpenings = []
    }

    /// The fix of an unclosed directive: its closing line right after the
    /// lines the error names as kept (the end of the block holding the
    /// opening), in the line ending of that block's last line (a line break
    /// first when the file ends without one).
    private func closingFix(after block: ParsedBlock, closing: String, noun: String) -> DiagnosticFix? {
        let end = Swift.min(block.end, buffer.count)
        guard end > block.start else { return nil }
        let last = buffer[end - 1]
        let crlf = last == Byte.newline && end - 2 >= block.start && buffer[end - 2] == Byte.carriageReturn
        let replacement: String
        if last == Byte.newline || last == Byte.carriageReturn {
            replacement = closing + (crlf ? "\r\n" : last == Byte.carriageReturn ? "\r" : "\n")
        } else {
            replacement = "\n" + closing + "\n"
        }
        return DiagnosticFix(title: "Close the \(noun): add a line `\(closing)` after the lines kept", edits: [TextEdit(range: end..<end, replacement: replacement)])
    }

    private func firstSlot(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The block whose bytes (or the blank lines after it) hold `offset`.
    private func blockIndex(holding offset: Int) -> Int {
        var low = 0
        var high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if blocks[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        var index = low
        if offset >= blocks[index].end && index + 1 < blocks.count { index += 1 }
        if offset < blocks[index].start && index > 0 && offset < blocks[index - 1].end { index -= 1 }
        return index
    }

    /// Gives each floating diagnostic to the block it points into (or the
    /// next block, or the last one).
    private mutating func attachFloating() {
        guard !floating.isEmpty, !blocks.isEmpty else { return }
        for diagnostic in floating {
            let index = blockIndex(holding: diagnostic.range.lowerBound)
            blocks[index].diagnostics.append(diagnostic.shifted(by: -blocks[index].start))
        }
        floating = []
    }
}
