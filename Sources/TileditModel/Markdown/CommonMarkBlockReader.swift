import CCmarkGFM
import Foundation

/// Splits a stretch of prose into top-level CommonMark blocks with cmark-gfm
/// (GFM table extension and footnotes on), and gives each block its exact
/// lines.
///
/// cmark reports where each block starts; its end positions are not exact
/// (an HTML block's end can fall a line short, a list's end includes the
/// blank lines after it, a setext heading's end can be the line after its
/// underline), so a block runs from its first line to the line before the
/// next block, without trailing blank lines.
///
/// Lines no cmark node covers are what cmark read as definitions: link
/// reference definitions (CommonMark 4.7, in every form: labels and titles
/// over several lines, several in a row) and footnote definitions that
/// nothing references. cmark drops both from its tree, so they become
/// `.linkReferenceDefinitions` and `.footnoteDefinition` blocks here.
///
/// cmark-gfm moves every referenced footnote definition (nested ones too)
/// to the end of the document and drops the others. So that every
/// definition keeps a node, the reader parses the prose after a paragraph
/// that references every footnote label written in it, and places each
/// definition back at its line; a definition inside a list or block quote
/// stays part of that block.
enum CommonMarkBlockReader {
    /// A block found in the prose: its bytes (buffer coordinates) and kind.
    struct Found {
        var range: Range<Int>
        var kind: BlockKind
    }

    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// The cmark-gfm options the reader parses with (and the renderer).
    static let parserOptions = CMARK_OPT_FOOTNOTES

    /// Reads the prose in `segment` of `buffer`.
    ///
    /// - Parameters:
    ///   - lineStarts: offsets of the lines of `buffer` (ascending), lines
    ///     ending at `\n`, `\r\n` or a lone `\r` as cmark reads them;
    ///   - firstSlot: index in `lineStarts` of the segment's first line.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, segment: Range<Int>, lineStarts: [Int], firstSlot: Int) -> [Found] {
        _ = registered
        guard !segment.isEmpty, let base = buffer.baseAddress else { return [] }
        guard let parser = cmark_parser_new(parserOptions) else { return [] }
        defer { cmark_parser_free(parser) }
        if let table = cmark_find_syntax_extension("table") {
            cmark_parser_attach_syntax_extension(parser, table)
        }
        let references = footnoteReferenceParagraph(buffer, segment: segment)
        // cmark skips a byte order mark on its first line. The file's own
        // mark never gets here (the scanner steps over it), so one starting
        // a segment is text in the middle of the file: a blank line fed
        // first keeps it, as cmark reads it in the whole file.
        let startsWithMark = segment.count >= 3 && buffer[segment.lowerBound] == 0xEF
            && buffer[segment.lowerBound + 1] == 0xBB && buffer[segment.lowerBound + 2] == 0xBF
        let markGuard: [UInt8] = references.isEmpty && startsWithMark ? [Byte.newline] : []
        let prefixLines = references.isEmpty ? markGuard.count : 2
        if !references.isEmpty || !markGuard.isEmpty {
            (references.isEmpty ? markGuard : references).withUnsafeBufferPointer { prefix in
                prefix.withMemoryRebound(to: CChar.self) { chars in
                    if let start = chars.baseAddress { cmark_parser_feed(parser, start, chars.count) }
                }
            }
        }
        (base + segment.lowerBound).withMemoryRebound(to: CChar.self, capacity: segment.count) {
            cmark_parser_feed(parser, $0, segment.count)
        }
        // With a reference paragraph, inline parsing must see only the core
        // inline characters (see `CommonMarkTree.withInlineParsingLock`).
        let finished = references.isEmpty
            ? cmark_parser_finish(parser) : CommonMarkTree.withInlineParsingLock { cmark_parser_finish(parser) }
        guard let document = finished else { return [] }
        defer { cmark_node_free(document) }

        var segmentEndSlot = firstSlot
        while segmentEndSlot < lineStarts.count && lineStarts[segmentEndSlot] < segment.upperBound { segmentEndSlot += 1 }
        let lines = Lines(buffer: buffer, lineStarts: lineStarts, segment: segment, firstSlot: firstSlot, endSlot: segmentEndSlot)

        // Line slot (in lineStarts) of a cmark line number (1-based, counted
        // from the first fed byte), clamped into the segment: cmark's
        // positions are checked before they index anything.
        func slot(_ cmarkLine: Int32) -> Int {
            let relative = Int(cmarkLine) - 1 - prefixLines
            return Swift.min(Swift.max(firstSlot + relative, firstSlot), Swift.max(segmentEndSlot - 1, firstSlot))
        }

        var blocks: [Entry] = []
        var definitions: [Entry] = []
        var child = cmark_node_first_child(document)
        while let node = child {
            child = cmark_node_next(node)
            let startLine = cmark_node_get_start_line(node)
            // The reference paragraph (and a table header's paragraph, which
            // cmark leaves at line 0, handled below) sits before the text.
            if startLine > 0 && Int(startLine) <= prefixLines { continue }
            let entry = Entry(node: node, startSlot: slot(startLine), reportedEnd: slot(cmark_node_get_end_line(node)))
            if cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION {
                definitions.append(entry)
            } else {
                blocks.append(entry)
            }
        }
        // cmark-gfm's table extension splits a paragraph's last line off as
        // the table header and leaves that paragraph without a position (line
        // 0) while the table claims the paragraph's first line.
        for index in blocks.indices where cmark_node_get_start_line(blocks[index].node) == 0 {
            guard index + 1 < blocks.count else { continue }
            let start = blocks[index + 1].startSlot
            // Line breaks counted in the paragraph's inlines; a code span
            // across lines hides its break (it reads as a space), so the
            // header row is the line above the first delimiter row at or
            // below where the count puts it.
            let counted = lineCount(of: blocks[index].node)
            let delimiter = lines.tableDelimiterRow(from: start + counted + 1, through: blocks[index + 1].reportedEnd)
            let count = delimiter.map { $0 - 1 - start } ?? counted
            blocks[index].startSlot = start
            blocks[index].reportedEnd = start + count - 1
            blocks[index + 1].startSlot = start + count
        }
        // Definitions back in place; one inside a container stays part of it
        // (a container is open, so its reported end reaches past every line
        // of what it holds).
        if !definitions.isEmpty {
            var merged: [Entry] = []
            merged.reserveCapacity(blocks.count + definitions.count)
            definitions.sort { $0.startSlot < $1.startSlot }
            var next = 0
            for definition in definitions {
                while next < blocks.count && blocks[next].startSlot <= definition.startSlot {
                    merged.append(blocks[next])
                    next += 1
                }
                if let container = merged.last, container.startSlot <= definition.startSlot, container.reportedEnd >= definition.startSlot {
                    continue
                }
                merged.append(definition)
            }
            merged += blocks[next...]
            blocks = merged
        }
        // Keep starts strictly increasing, so blocks never overlap.
        var previousStart = firstSlot - 1
        blocks = blocks.filter { entry in
            guard entry.startSlot > previousStart else { return false }
            previousStart = entry.startSlot
            return true
        }

        var found: [Found] = []
        var cursor = firstSlot
        for (index, entry) in blocks.enumerated() {
            if entry.startSlot > cursor {
                appendLooseLines(lines, from: cursor, to: entry.startSlot, into: &found)
            }
            let nextSlot = index + 1 < blocks.count ? blocks[index + 1].startSlot : segmentEndSlot
            var lastSlot = nextSlot - 1
            while lastSlot > entry.startSlot && lines.isBlank(lastSlot) { lastSlot -= 1 }
            let kind = kind(of: entry.node, lines: lines, start: lines.start(entry.startSlot), end: lines.start(lastSlot + 1))
            // Lines after the block's end that no node covers are definitions.
            var splitSlot = lastSlot + 1
            switch kind {
            case .htmlBlock:
                break  // its reported end can fall a line short
            case .heading(_, true):
                if let underline = lines.setextUnderline(after: entry.startSlot, through: lastSlot) { splitSlot = underline + 1 }
            default:
                splitSlot = Swift.max(entry.startSlot + 1, entry.reportedEnd + 1)
            }
            splitSlot = Swift.min(splitSlot, lastSlot + 1)
            while splitSlot <= lastSlot && lines.isBlank(splitSlot) { splitSlot += 1 }
            var blockLast = splitSlot - 1
            while blockLast > entry.startSlot && lines.isBlank(blockLast) { blockLast -= 1 }
            found.append(Found(range: lines.start(entry.startSlot)..<lines.start(blockLast + 1), kind: kind))
            if splitSlot <= lastSlot {
                appendLooseLines(lines, from: splitSlot, to: lastSlot + 1, into: &found)
            }
            cursor = nextSlot
        }
        if cursor < segmentEndSlot {
            appendLooseLines(lines, from: cursor, to: segmentEndSlot, into: &found)
        }
        return found
    }

    /// A top-level node and the lines cmark gives it (slots in `lineStarts`).
    private struct Entry {
        var node: OpaquePointer
        var startSlot: Int
        var reportedEnd: Int
    }

    /// The lines of the segment being read.
    private struct Lines {
        let buffer: UnsafeBufferPointer<UInt8>
        let lineStarts: [Int]
        let segment: Range<Int>
        let firstSlot: Int
        /// One past the segment's last line.
        let endSlot: Int

        /// Offset where the line at `slot` starts (the segment end past its last line).
        func start(_ slot: Int) -> Int {
            slot >= firstSlot && slot < endSlot ? Swift.min(lineStarts[slot], segment.upperBound) : segment.upperBound
        }

        func line(_ slot: Int) -> LineSpan {
            var line = buffer.line(startingAt: lineStarts[slot])
            if line.end > segment.upperBound {
                line.end = segment.upperBound
                line.contentEnd = Swift.min(line.contentEnd, segment.upperBound)
            }
            return line
        }

        func isBlank(_ slot: Int) -> Bool {
            guard slot >= firstSlot, slot < endSlot else { return true }
            return buffer.isBlank(line(slot))
        }

        /// Columns of indentation of the line at `slot`.
        func indentation(_ slot: Int) -> Int {
            guard slot >= firstSlot, slot < endSlot else { return 0 }
            return buffer.indentation(line(slot))
        }

        /// The first line from `first` through `last` that can be a GFM
        /// table's delimiter row (GFM 4.10: after at most three spaces, only
        /// `|`, `-`, `:`, spaces and tabs, with a `-`).
        func tableDelimiterRow(from first: Int, through last: Int) -> Int? {
            var slot = Swift.max(first, firstSlot)
            while slot <= last && slot < endSlot {
                let line = line(slot)
                let trimmed = buffer.trimmed(line)
                if !trimmed.isEmpty && buffer.indentation(line) <= 3 && buffer[trimmed].contains(Byte.hyphen)
                    && buffer[trimmed].allSatisfy({ $0 == 0x7C || $0 == Byte.hyphen || $0 == Byte.colon || Byte.isSpaceOrTab($0) }) {
                    return slot
                }
                slot += 1
            }
            return nil
        }

        /// The first line after `start`, through `last`, that is a setext
        /// underline (`=`s or `-`s after at most three spaces, CommonMark 4.3).
        func setextUnderline(after start: Int, through last: Int) -> Int? {
            var slot = start + 1
            while slot <= last {
                let line = line(slot)
                let trimmed = buffer.trimmed(line)
                if !trimmed.isEmpty && buffer.indentation(line) <= 3 {
                    let character = buffer[trimmed.lowerBound]
                    if (character == 0x3D || character == Byte.hyphen) && buffer[trimmed].allSatisfy({ $0 == character }) { return slot }
                }
                slot += 1
            }
            return nil
        }

        /// The label of a footnote definition opening the line at `slot`
        /// (`[^label]:` after at most three spaces), if there is one.
        func footnoteLabel(_ slot: Int) -> String? {
            guard slot >= firstSlot, slot < endSlot else { return nil }
            let line = line(slot)
            var index = line.start
            while index < line.contentEnd && index - line.start < 3 && buffer[index] == Byte.space { index += 1 }
            guard let label = CommonMarkBlockReader.footnoteLabel(buffer, at: index, end: line.contentEnd) else { return nil }
            return buffer.string(label)
        }

        /// Whether the line at `slot` starts with `[` after at most three spaces.
        func startsWithBracket(_ slot: Int) -> Bool {
            guard slot >= firstSlot, slot < endSlot else { return false }
            let line = line(slot)
            var index = line.start
            while index < line.contentEnd && index - line.start < 3 && buffer[index] == Byte.space { index += 1 }
            return index < line.contentEnd && buffer[index] == Byte.openBracket
        }
    }

    /// The label range of `[^label]:` starting at `index` (cmark-gfm's
    /// footnote definition scanner: a label of bytes other than `]`, space,
    /// tab, CR, LF and NUL).
    static func footnoteLabel(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Range<Int>? {
        guard index + 5 <= end, buffer[index] == Byte.openBracket, buffer[index + 1] == 0x5E else { return nil }
        var cursor = index + 2
        while cursor < end {
            let byte = buffer[cursor]
            if byte == Byte.closeBracket || byte == Byte.space || byte == Byte.tab || byte == 0 || LineEnding.isLineBreak(byte) { break }
            cursor += 1
        }
        guard cursor > index + 2, cursor + 1 < end, buffer[cursor] == Byte.closeBracket, buffer[cursor + 1] == Byte.colon else { return nil }
        return (index + 2)..<cursor
    }

    /// A paragraph referencing every footnote label a definition in the
    /// segment could have (`[^a] [^b]` and a blank line), or nothing when
    /// the segment holds no `[^label]:`. Labels are found wherever they are
    /// written (definitions may sit in lists and block quotes).
    private static func footnoteReferenceParagraph(_ buffer: UnsafeBufferPointer<UInt8>, segment: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        guard let base = buffer.baseAddress else { return result }
        var seen: Set<[UInt8]> = []
        var index = segment.lowerBound
        let end = segment.upperBound
        while index + 5 <= end {
            // The next `[`, found by the C library a word at a time.
            guard let found = memchr(base + index, Int32(Byte.openBracket), end - index) else { break }
            index = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            guard index + 5 <= end else { break }
            if buffer[index + 1] == 0x5E, let label = footnoteLabel(buffer, at: index, end: end) {
                let bytes = Array(buffer[label])
                if seen.insert(bytes).inserted {
                    if !result.isEmpty { result.append(Byte.space) }
                    result += [Byte.openBracket, 0x5E] + bytes + [Byte.closeBracket]
                }
                index = label.upperBound
                continue
            }
            index += 1
        }
        if !result.isEmpty { result += [Byte.newline, Byte.newline] }
        return result
    }

    /// Lines of a paragraph: its soft and hard line breaks plus one.
    private static func lineCount(of node: OpaquePointer) -> Int {
        guard let iterator = cmark_iter_new(node) else { return 1 }
        defer { cmark_iter_free(iterator) }
        var lines = 1
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) {
                let type = cmark_node_get_type(current)
                if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK { lines += 1 }
            }
        }
        return lines
    }

    /// Lines no cmark node covers: definitions cmark read and dropped from
    /// its tree. One block per run of non-blank lines; a run indented four
    /// columns or more continues the run before it (a footnote's next
    /// paragraph). A run starting with `[^label]:` is a footnote
    /// definition, one starting with `[` link reference definitions;
    /// anything else (which cmark-gfm never leaves) is kept raw.
    private static func appendLooseLines(_ lines: Lines, from start: Int, to end: Int, into found: inout [Found]) {
        var slot = start
        var previous: Int?
        while slot < end {
            if lines.isBlank(slot) {
                slot += 1
                continue
            }
            let runStart = slot
            while slot < end && !lines.isBlank(slot) { slot += 1 }
            let range = lines.start(runStart)..<lines.start(slot)
            if let index = previous, lines.indentation(runStart) >= 4 {
                found[index].range = found[index].range.lowerBound..<range.upperBound
                continue
            }
            let kind: BlockKind
            if let label = lines.footnoteLabel(runStart) {
                kind = .footnoteDefinition(label: label)
            } else if lines.startsWithBracket(runStart) {
                kind = .linkReferenceDefinitions
            } else {
                kind = .raw(.unparsed)
            }
            found.append(Found(range: range, kind: kind))
            previous = found.count - 1
        }
    }

    private static func kind(of node: OpaquePointer, lines: Lines, start: Int, end: Int) -> BlockKind {
        let buffer = lines.buffer
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            var first = start
            while first < end && Byte.isSpaceOrTab(buffer[first]) { first += 1 }
            let isSetext = first < end && buffer[first] != Byte.hash
            return .heading(level: Int(cmark_node_get_heading_level(node)), isSetext: isSetext)
        case CMARK_NODE_PARAGRAPH:
            let trimmed = buffer.trimmedBytes(start..<end)
            if trimmed.count >= 4, buffer.hasPrefix(trimmed, "$$"),
               buffer[trimmed.upperBound - 1] == Byte.dollar, buffer[trimmed.upperBound - 2] == Byte.dollar {
                return .displayMath
            }
            return .paragraph
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            var first = start
            while first < end && Byte.isSpaceOrTab(buffer[first]) { first += 1 }
            var marker: Character = "-"
            if ordered {
                marker = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
            } else if first < end {
                marker = Character(Unicode.Scalar(buffer[first]))
            }
            var items = 0
            var item = cmark_node_first_child(node)
            while let current = item {
                items += 1
                item = cmark_node_next(current)
            }
            return .list(ListInfo(
                isOrdered: ordered, start: Int(cmark_node_get_list_start(node)), marker: marker,
                isTight: cmark_node_get_list_tight(node) != 0, itemCount: items))
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote
        case CMARK_NODE_CODE_BLOCK:
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            if cmark_node_get_fenced(node, &length, &offset, &character) != 0 {
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                return .fencedCode(info: info)
            }
            return .indentedCode
        case CMARK_NODE_HTML_BLOCK:
            return .htmlBlock
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            var first = start
            while first < end && first - start < 3 && buffer[first] == Byte.space { first += 1 }
            let label = footnoteLabel(buffer, at: first, end: end).map { buffer.string($0) } ?? ""
            return .footnoteDefinition(label: label)
        default:
            if let name = cmark_node_get_type_string(node), String(cString: name) == "table" { return .table }
            return .paragraph
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// `range` without leading and trailing whitespace (line breaks included).
    func trimmedBytes(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && Byte.isWhitespace(self[lower]) { lower += 1 }
        while upper > lower && Byte.isWhitespace(self[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
