import CCmarkGFM

/// Splits a stretch of prose into top-level CommonMark blocks with cmark-gfm
/// (GFM table extension on), and gives each block its exact lines.
///
/// cmark reports where each block starts; its end positions are not exact
/// (an HTML block's end can fall a line short, a list's end includes the
/// blank lines after it), so a block runs from its first line to the line
/// before the next block, without trailing blank lines. Link reference
/// definitions produce no node in cmark; lines that start one become a
/// `.linkReferenceDefinitions` block.
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

    /// Reads the prose in `segment` of `buffer`.
    ///
    /// - Parameters:
    ///   - lineStarts: offsets of the lines of `buffer` (ascending);
    ///   - firstSlot: index in `lineStarts` of the segment's first line.
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, segment: Range<Int>, lineStarts: [Int], firstSlot: Int) -> [Found] {
        _ = registered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return [] }
        defer { cmark_parser_free(parser) }
        if let table = cmark_find_syntax_extension("table") {
            cmark_parser_attach_syntax_extension(parser, table)
        }
        buffer.baseAddress.map { base in
            (base + segment.lowerBound).withMemoryRebound(to: CChar.self, capacity: segment.count) {
                cmark_parser_feed(parser, $0, segment.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return [] }
        defer { cmark_node_free(document) }

        // Line slot (in lineStarts) of a cmark line number (1-based, segment-relative).
        func slot(_ cmarkLine: Int32) -> Int { firstSlot + Int(cmarkLine) - 1 }
        func lineStart(_ slot: Int) -> Int { slot < lineStarts.count ? Swift.min(lineStarts[slot], segment.upperBound) : segment.upperBound }
        let endSlot = lineStarts.count  // one past the last line

        var found: [Found] = []
        var nodes: [(node: OpaquePointer, startSlot: Int)] = []
        var child = cmark_node_first_child(document)
        while let node = child {
            nodes.append((node, slot(cmark_node_get_start_line(node))))
            child = cmark_node_next(node)
        }
        // cmark-gfm's table extension splits a paragraph's last line off as
        // the table header and leaves that paragraph without a position (line
        // 0) while the table claims the paragraph's first line.
        for index in nodes.indices where cmark_node_get_start_line(nodes[index].node) == 0 {
            guard index + 1 < nodes.count else { continue }
            let start = nodes[index + 1].startSlot
            nodes[index].startSlot = start
            nodes[index + 1].startSlot = start + lineCount(of: nodes[index].node)
        }
        // Keep starts strictly increasing, so blocks never overlap.
        var previousStart = firstSlot - 1
        nodes = nodes.filter { entry in
            guard entry.startSlot > previousStart else { return false }
            previousStart = entry.startSlot
            return true
        }

        var cursor = firstSlot
        var segmentEndSlot = firstSlot
        while segmentEndSlot < endSlot && lineStarts[segmentEndSlot] < segment.upperBound { segmentEndSlot += 1 }

        for (index, entry) in nodes.enumerated() {
            if entry.startSlot > cursor {
                appendLooseLines(buffer, from: cursor, to: entry.startSlot, lineStarts: lineStarts, segment: segment, into: &found)
            }
            let nextSlot = index + 1 < nodes.count ? nodes[index + 1].startSlot : segmentEndSlot
            var lastSlot = nextSlot - 1
            while lastSlot > entry.startSlot && isBlankLine(buffer, slot: lastSlot, lineStarts: lineStarts, segment: segment) { lastSlot -= 1 }
            let kind = kind(of: entry.node, buffer: buffer, start: lineStart(entry.startSlot), end: lineStart(lastSlot + 1))
            // Link reference definitions after the block's reported end.
            var splitSlot = lastSlot + 1
            if case .htmlBlock = kind {} else {
                let endLine = cmark_node_get_end_line(entry.node)
                let reportedLast = Swift.max(entry.startSlot, slot(cmark_node_get_end_column(entry.node) == 0 ? endLine - 1 : endLine))
                var probe = reportedLast + 1
                while probe <= lastSlot {
                    if startsLinkReferenceDefinition(buffer, slot: probe, lineStarts: lineStarts, segment: segment) {
                        splitSlot = probe
                        break
                    }
                    probe += 1
                }
            }
            var blockLast = splitSlot - 1
            while blockLast > entry.startSlot && isBlankLine(buffer, slot: blockLast, lineStarts: lineStarts, segment: segment) { blockLast -= 1 }
            found.append(Found(range: lineStart(entry.startSlot)..<lineStart(blockLast + 1), kind: kind))
            if splitSlot <= lastSlot {
                appendLooseLines(buffer, from: splitSlot, to: lastSlot + 1, lineStarts: lineStarts, segment: segment, into: &found)
            }
            cursor = nextSlot
        }
        if cursor < segmentEndSlot {
            appendLooseLines(buffer, from: cursor, to: segmentEndSlot, lineStarts: lineStarts, segment: segment, into: &found)
        }
        return found
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

    /// Lines no cmark node covers: link reference definitions, one block per
    /// run of non-blank lines; anything else is kept raw.
    private static func appendLooseLines(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        lineStarts: [Int], segment: Range<Int>, into found: inout [Found]
    ) {
        func lineStart(_ slot: Int) -> Int { slot < lineStarts.count ? Swift.min(lineStarts[slot], segment.upperBound) : segment.upperBound }
        var slot = start
        while slot < end {
            if isBlankLine(buffer, slot: slot, lineStarts: lineStarts, segment: segment) {
                slot += 1
                continue
            }
            let runStart = slot
            while slot < end && !isBlankLine(buffer, slot: slot, lineStarts: lineStarts, segment: segment) { slot += 1 }
            let isDefinition = startsLinkReferenceDefinition(buffer, slot: runStart, lineStarts: lineStarts, segment: segment)
            found.append(Found(range: lineStart(runStart)..<lineStart(slot), kind: isDefinition ? .linkReferenceDefinitions : .raw(.unparsed)))
        }
    }

    private static func line(_ buffer: UnsafeBufferPointer<UInt8>, slot: Int, lineStarts: [Int], segment: Range<Int>) -> LineSpan {
        let start = lineStarts[slot]
        var line = buffer.line(startingAt: start)
        if line.end > segment.upperBound {
            line.end = segment.upperBound
            line.contentEnd = Swift.min(line.contentEnd, segment.upperBound)
        }
        return line
    }

    private static func isBlankLine(_ buffer: UnsafeBufferPointer<UInt8>, slot: Int, lineStarts: [Int], segment: Range<Int>) -> Bool {
        guard slot < lineStarts.count, lineStarts[slot] < segment.upperBound else { return true }
        return buffer.isBlank(line(buffer, slot: slot, lineStarts: lineStarts, segment: segment))
    }

    /// `[label]:` after at most three spaces (CommonMark 4.7).
    private static func startsLinkReferenceDefinition(_ buffer: UnsafeBufferPointer<UInt8>, slot: Int, lineStarts: [Int], segment: Range<Int>) -> Bool {
        guard slot < lineStarts.count, lineStarts[slot] < segment.upperBound else { return false }
        let line = line(buffer, slot: slot, lineStarts: lineStarts, segment: segment)
        var index = line.start
        while index < line.contentEnd && index - line.start < 3 && buffer[index] == Byte.space { index += 1 }
        guard index < line.contentEnd, buffer[index] == Byte.openBracket else { return false }
        var escaped = false
        index += 1
        while index < line.contentEnd {
            let byte = buffer[index]
            if escaped { escaped = false } else if byte == Byte.backslash { escaped = true } else if byte == Byte.closeBracket {
                return index + 1 < line.contentEnd && buffer[index + 1] == Byte.colon
            }
            index += 1
        }
        return false
    }

    private static func kind(of node: OpaquePointer, buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> BlockKind {
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
