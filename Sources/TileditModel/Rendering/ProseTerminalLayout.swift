import CCmarkGFM

/// Lays out a cmark-gfm tree as styled lines for the terminal preview.
///
/// Block nodes become lines at a width; a container (quote, list item)
/// lays its children out narrower and prefixes their lines. Inline nodes
/// become styled runs that `LineWrapper` wraps.
enum ProseTerminalLayout {
    private static let bullets = ["•", "◦", "▪"]

    /// Lines of the top-level blocks of `document`, a blank line between blocks.
    static func lines(ofDocument document: OpaquePointer, width: Int) -> [StyledLine] {
        blocks(CommonMarkTree.children(of: document), width: width, listDepth: 0, separated: true)
    }

    private static func blocks(_ nodes: [OpaquePointer], width: Int, listDepth: Int, separated: Bool) -> [StyledLine] {
        var result: [StyledLine] = []
        for (index, node) in nodes.enumerated() {
            if index > 0 && separated { result.append(StyledLine()) }
            result += block(node, width: width, listDepth: listDepth)
        }
        return result
    }

    private static func block(_ node: OpaquePointer, width: Int, listDepth: Int) -> [StyledLine] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            var wrapper = LineWrapper(width: width)
            wrapper.append(inlineRuns(of: node, style: .plain))
            return wrapper.finish()
        case CMARK_NODE_HEADING:
            let level = Int(cmark_node_get_heading_level(node))
            let marker = String(repeating: "#", count: level) + " "
            var wrapper = LineWrapper(width: width, continuationIndent: marker.count)
            wrapper.append(marker, .heading(level))
            wrapper.append(inlineRuns(of: node, style: .heading(level)))
            return wrapper.finish()
        case CMARK_NODE_BLOCK_QUOTE:
            let inner = blocks(CommonMarkTree.children(of: node), width: width - 2, listDepth: listDepth, separated: true)
            return inner.map { line in
                var quoted = StyledLine("▌ ", .quote)
                quoted.append(contentsOf: line.adding(.quote))
                return quoted
            }
        case CMARK_NODE_LIST:
            return list(node, width: width, listDepth: listDepth)
        case CMARK_NODE_CODE_BLOCK:
            var result: [StyledLine] = []
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            switch FencedCodeMeaning(info: info) {
            case .chart: result.append(StyledLine("chart", .tileLabel))
            case .mermaid: result.append(StyledLine("mermaid", .tileLabel))
            case .code: break
            }
            result += indentedLines(CommonMarkTree.literal(of: node), style: .code, width: width)
            return result
        case CMARK_NODE_HTML_BLOCK:
            return indentedLines(CommonMarkTree.literal(of: node), style: [.code, .muted], width: width, indent: 0)
        case CMARK_NODE_THEMATIC_BREAK:
            return [StyledLine(String(repeating: "─", count: Swift.max(width, 1)), .muted)]
        default:
            if CommonMarkTree.typeName(of: node) == "table" { return table(node, width: width) }
            return blocks(CommonMarkTree.children(of: node), width: width, listDepth: listDepth, separated: true)
        }
    }

    /// `text`'s lines (without the final line break), indented and cut to `width`.
    static func indentedLines(_ text: String, style: TextStyle, width: Int, indent: Int = 2) -> [StyledLine] {
        var body = Substring(text)
        if body.hasSuffix("\n") { body = body.dropLast() }
        let indent = width > indent + 1 ? indent : 0
        let padding = String(repeating: " ", count: indent)
        var result: [StyledLine] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            for piece in LineWrapper.hardWrap(String(line), width: width - indent) {
                var styled = StyledLine(padding)
                styled.append(piece, style)
                result.append(styled)
            }
        }
        return result
    }

    // MARK: Lists

    private static func list(_ node: OpaquePointer, width: Int, listDepth: Int) -> [StyledLine] {
        let items = CommonMarkTree.children(of: node)
        let isTight = cmark_node_get_list_tight(node) != 0
        let isOrdered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let start = Int(cmark_node_get_list_start(node))
        let delimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
        let markers: [String] = items.enumerated().map { index, item in
            if CommonMarkTree.typeName(of: item) == "tasklist" {
                return cmark_gfm_extensions_get_tasklist_item_checked(item) ? "[x]" : "[ ]"
            }
            return isOrdered ? "\(start + index)\(delimiter)" : bullets[listDepth % bullets.count]
        }
        let markerWidth = (markers.map { DisplayWidth.of($0) }.max() ?? 1) + 1
        var result: [StyledLine] = []
        for (index, item) in items.enumerated() {
            if index > 0 && !isTight { result.append(StyledLine()) }
            var lines = blocks(
                CommonMarkTree.children(of: item), width: width - markerWidth, listDepth: listDepth + 1, separated: !isTight)
            if lines.isEmpty { lines = [StyledLine()] }
            for (lineIndex, line) in lines.enumerated() {
                var prefixed = StyledLine()
                if lineIndex == 0 {
                    let marker = markers[index]
                    prefixed.append(marker, .listMarker)
                    prefixed.append(String(repeating: " ", count: markerWidth - DisplayWidth.of(marker)))
                } else {
                    prefixed.append(String(repeating: " ", count: markerWidth))
                }
                prefixed.append(contentsOf: line)
                result.append(prefixed)
            }
        }
        return result
    }

    // MARK: Tables

    private enum Alignment { case left, center, right }

    private static func table(_ node: OpaquePointer, width: Int) -> [StyledLine] {
        let rows = CommonMarkTree.children(of: node)
        let columnCount = Int(cmark_gfm_extensions_get_table_columns(node))
        guard columnCount > 0, !rows.isEmpty else { return [] }
        var alignments = [Alignment](repeating: .left, count: columnCount)
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for column in 0..<columnCount {
                switch raw[column] {
                case UInt8(ascii: "c"): alignments[column] = .center
                case UInt8(ascii: "r"): alignments[column] = .right
                default: break
                }
            }
        }
        // Cells as runs; header row strong.
        let cells: [[[StyledRun]]] = rows.map { row in
            let isHeader = cmark_gfm_extensions_get_table_row_is_header(row) != 0
            var runs = CommonMarkTree.children(of: row).prefix(columnCount).map { inlineRuns(of: $0, style: isHeader ? .strong : .plain) }
            while runs.count < columnCount { runs.append([]) }
            return runs
        }
        var natural = [Int](repeating: 1, count: columnCount)
        for row in cells {
            for (column, runs) in row.enumerated() {
                natural[column] = Swift.max(natural[column], runs.reduce(0) { $0 + DisplayWidth.of($1.text) })
            }
        }
        let columnWidths = fit(natural, into: width - 3 * (columnCount - 1))
        let separator = StyledLine(" │ ", .muted)

        var result: [StyledLine] = []
        for (rowIndex, row) in cells.enumerated() {
            let wrapped: [[StyledLine]] = row.enumerated().map { column, runs in
                var wrapper = LineWrapper(width: columnWidths[column])
                wrapper.append(runs)
                return wrapper.finish()
            }
            let height = Swift.max(1, wrapped.map(\.count).max() ?? 1)
            for lineIndex in 0..<height {
                var line = StyledLine()
                for column in 0..<columnCount {
                    if column > 0 { line.append(contentsOf: separator) }
                    let cell = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : StyledLine()
                    let spare = Swift.max(0, columnWidths[column] - cell.displayWidth)
                    let before: Int
                    switch alignments[column] {
                    case .left: before = 0
                    case .center: before = spare / 2
                    case .right: before = spare
                    }
                    line.append(String(repeating: " ", count: before))
                    line.append(contentsOf: cell)
                    line.append(String(repeating: " ", count: spare - before))
                }
                result.append(line)
            }
            if rowIndex == 0 && cmark_gfm_extensions_get_table_row_is_header(rows[0]) != 0 {
                let rule = columnWidths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
                result.append(StyledLine(rule, .muted))
            }
        }
        return result
    }

    /// Column widths no wider than `natural` whose sum fits `available`
    /// (when it can with one column each): the widest columns give way
    /// first, to a common cap.
    private static func fit(_ natural: [Int], into available: Int) -> [Int] {
        guard natural.reduce(0, +) > available else { return natural }
        var low = 1
        var high = natural.max() ?? 1
        // The largest cap whose capped sum fits.
        while low < high {
            let middle = (low + high + 1) / 2
            if natural.reduce(0, { $0 + Swift.min($1, middle) }) <= available { low = middle } else { high = middle - 1 }
        }
        return natural.map { Swift.min($0, low) }
    }

    // MARK: Inlines

    /// The inline content of `node` as runs in `style` plus the roles of
    /// their markup; a hard line break is `"\n"`.
    static func inlineRuns(of node: OpaquePointer, style: TextStyle) -> [StyledRun] {
        var runs: [StyledRun] = []
        appendInlines(of: node, style: style, to: &runs)
        return runs
    }

    private static func appendInlines(of node: OpaquePointer, style: TextStyle, to runs: inout [StyledRun]) {
        for child in CommonMarkTree.children(of: node) {
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT: runs.append(StyledRun(CommonMarkTree.literal(of: child), style))
            case CMARK_NODE_SOFTBREAK: runs.append(StyledRun(" ", style))
            case CMARK_NODE_LINEBREAK: runs.append(StyledRun("\n", style))
            case CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: runs.append(StyledRun(CommonMarkTree.literal(of: child), style.union(.code)))
            case CMARK_NODE_EMPH: appendInlines(of: child, style: style.union(.emphasis), to: &runs)
            case CMARK_NODE_STRONG: appendInlines(of: child, style: style.union(.strong), to: &runs)
            case CMARK_NODE_LINK:
                let start = runs.count
                appendInlines(of: child, style: style.union(.link), to: &runs)
                let text = runs[start...].map(\.text).joined()
                let url = cmark_node_get_url(child).map { String(cString: $0) } ?? ""
                if text.isEmpty {
                    runs.append(StyledRun(url, style.union(.link)))
                } else if !url.isEmpty && !sameTarget(url, text) {
                    runs.append(StyledRun(" (\(url))", style.union(.muted)))
                }
            case CMARK_NODE_IMAGE:
                runs.append(StyledRun("[image: ", style.union(.link)))
                appendInlines(of: child, style: style.union(.link), to: &runs)
                runs.append(StyledRun("]", style.union(.link)))
            default:
                if CommonMarkTree.typeName(of: child) == "strikethrough" {
                    appendInlines(of: child, style: style.union(.strikethrough), to: &runs)
                } else {
                    appendInlines(of: child, style: style, to: &runs)
                }
            }
        }
    }

    /// Whether a link's text already shows its target (autolinks).
    private static func sameTarget(_ url: String, _ text: String) -> Bool {
        if url == text { return true }
        for scheme in ["http://", "https://", "mailto:"] where url.hasPrefix(scheme) {
            if url.dropFirst(scheme.count) == text { return true }
        }
        return false
    }
}
