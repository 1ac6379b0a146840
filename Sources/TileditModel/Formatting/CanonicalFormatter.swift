import CCmarkGFM
import Foundation

/// Rewrites a document in Tiledown's canonical form (DESIGN.md section 4)
/// and leaves everything else as authored:
///
/// - tiles: `:::tile <type>`, properties in canonical order (`id`, `mode`,
///   required, optional known, unknown in source order), lists as `key:` +
///   `- item`, multi-line values as `key: |` + two-space lines, `:::`;
///   `:::chart`/`:::mermaid` become `:::tile chart`/`:::tile mermaid`;
/// - front matter: trailing whitespace removed and, in Tiledown's flat
///   profile, one space after the colon; comments, blank lines, key order and
///   quoting kept;
/// - prose: ATX headings, `-` bullets, fenced code, `*` emphasis; ordered
///   list numbers, link reference definitions, HTML, hard line breaks and
///   all other text kept;
/// - the file ends with exactly one line break.
///
/// Every rewritten block is checked: prose must render to the same HTML,
/// a tile must read back with the same properties, front matter with the
/// same values; otherwise the block is left as written. Blocks with errors,
/// and lines that look like front matter but are not, are left as written.
/// Formatting is idempotent.
public struct CanonicalFormatter: Sendable {
    public init() {}

    /// The edits that make `document` canonical (file coordinates, sorted).
    public func edits(for document: MarkdownDocument) -> [TextEdit] {
        var edits: [TextEdit] = []
        let protected = protectedRanges(document)
        var previousWasList = false
        for index in 0..<document.blockCount {
            let block = document.block(at: index)
            let isList: Bool
            if case .list(let info) = block.kind { isList = !info.isOrdered } else { isList = false }
            defer { previousWasList = isList }
            if block.hasErrors || protected.contains(where: { $0.overlaps(block.range) }) { continue }
            let original = document.bytes(of: block)
            let nextIsList: Bool = {
                guard index + 1 < document.blockCount, case .list(let info) = document.kind(at: index + 1) else { return false }
                return !info.isOrdered
            }()
            guard let rewritten = canonicalText(of: block, bytes: original, document: document, neighborListsAdjacent: previousWasList || nextIsList),
                  rewritten != original else { continue }
            edits.append(TextEdit(range: block.range, replacement: rewritten))
        }
        edits += finalLineBreak(document)
        return edits
    }

    /// The canonical bytes of `document`.
    public func format(_ document: MarkdownDocument) -> [UInt8] {
        TextEdit.apply(edits(for: document), to: document.bytes)
    }

    /// Whether `document` is already canonical.
    public func isCanonical(_ document: MarkdownDocument) -> Bool {
        edits(for: document).isEmpty
    }

    // MARK: Blocks

    private func canonicalText(of block: Block, bytes: [UInt8], document: MarkdownDocument, neighborListsAdjacent: Bool) -> [UInt8]? {
        let eol = document.lineEnding
        switch block.kind {
        case .tile(let tile):
            return canonicalTile(tile, bytes: bytes, document: document)
        case .frontMatter(let frontMatter):
            return canonicalFrontMatter(frontMatter, bytes: bytes, document: document)
        case .heading(let level, let isSetext) where isSetext:
            return checkedProse(bytes, setextToATX(bytes, level: level, lineEnding: eol))
        case .indentedCode:
            return checkedProse(bytes, indentedToFenced(bytes, lineEnding: eol))
        case .paragraph, .heading, .list, .blockQuote, .table:
            // Changing bullets next to another bullet list would join the two lists.
            var keepsBullets = false
            if case .list(let info) = block.kind, !info.isOrdered, neighborListsAdjacent { keepsBullets = true }
            return checkedProse(bytes, normalizedInlineAndBullets(bytes, bullets: !keepsBullets))
        default:
            return nil
        }
    }

    private func canonicalTile(_ tile: Tile, bytes: [UInt8], document: MarkdownDocument) -> [UInt8]? {
        let properties = tile.properties.map { (key: $0.key, value: $0.value) }
        guard let text = try? TileWriter.canonicalText(
            type: tile.type, properties: properties, schema: document.catalog.schema(for: tile.type), lineEnding: document.lineEnding)
        else { return nil }
        var rewritten = Array(text.utf8)
        if bytes.last != Byte.newline {
            // The tile ends the file without a line break; the final-line rule adds it.
            while let last = rewritten.last, last == Byte.newline || last == Byte.carriageReturn { rewritten.removeLast() }
        }
        // Read it back: same type, same properties, same values.
        let reread = MarkdownDocument(bytes: rewritten, dialect: document.dialect, catalog: document.catalog)
        guard reread.blockCount == 1, case .tile(let again) = reread.kind(at: 0), again.type == tile.type,
              again.properties.count == tile.properties.count,
              tile.properties.allSatisfy({ property in again.value(property.key).map { same($0, property.value) } ?? false })
        else { return nil }
        return rewritten
    }

    private func same(_ lhs: TileValue, _ rhs: TileValue) -> Bool {
        switch (lhs, rhs) {
        case (.list(let a), .list(let b)): a == b
        case (.list, _), (_, .list): false
        default: lhs.text == rhs.text
        }
    }

    private func canonicalFrontMatter(_ frontMatter: FrontMatter, bytes: [UInt8], document: MarkdownDocument) -> [UInt8]? {
        guard frontMatter.problem == nil else { return nil }
        let eol = document.lineEnding.string
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        let endsWithBreak = lines.last == ""
        if endsWithBreak { lines.removeLast() }
        // Lines inside YAML block scalars keep their trailing spaces (they are content).
        let scalarLines = blockScalarLines(frontMatter, bytes: bytes)
        var result: [String] = []
        for (number, rawLine) in lines.enumerated() {
            var line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : rawLine
            if !scalarLines.contains(number) {
                while line.hasSuffix(" ") || line.hasSuffix("\t") { line.removeLast() }
                if frontMatter.dialect == .tiledown, number > 0, number < lines.count - 1,
                   !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") {
                    let key = line[..<colon].trimmingSpaces()
                    let value = line[line.index(after: colon)...].trimmingSpaces()
                    if !key.isEmpty { line = value.isEmpty ? "\(key):" : "\(key): \(value)" }
                }
            }
            result.append(line)
        }
        var rewritten = result.joined(separator: eol)
        if endsWithBreak { rewritten += eol }
        let output = Array(rewritten.utf8)
        guard output != bytes else { return nil }
        let reread = MarkdownDocument(bytes: output, dialect: document.dialect, catalog: document.catalog)
        guard let again = reread.frontMatter, again.problem == nil,
              again.fields.map({ [$0.key, $0.value] }) == frontMatter.fields.map({ [$0.key, $0.value] }) else { return nil }
        return output
    }

    /// Zero-based line numbers (within the block) of YAML block scalar content.
    private func blockScalarLines(_ frontMatter: FrontMatter, bytes: [UInt8]) -> Set<Int> {
        guard let root = frontMatter.yamlRoot else { return [] }
        var lines: Set<Int> = []
        var stack = [root]
        while let node = stack.popLast() {
            switch node.content {
            case .scalar(let scalar) where scalar.style == .literal || scalar.style == .folded
                || ((scalar.style == .doubleQuoted || scalar.style == .singleQuoted || scalar.style == .plain) && scalar.value.contains("\n")):
                let first = lineNumber(bytes, scalar.range.lowerBound)
                let last = lineNumber(bytes, Swift.max(scalar.range.lowerBound, scalar.range.upperBound - 1))
                if last > first { lines.formUnion((first + 1)...last) }
                if scalar.style != .literal && scalar.style != .folded { lines.insert(first) }
            case .mapping(let pairs):
                stack.append(contentsOf: pairs.map(\.value))
            case .sequence(let items):
                stack.append(contentsOf: items)
            default:
                break
            }
        }
        return lines
    }

    private func lineNumber(_ bytes: [UInt8], _ offset: Int) -> Int {
        var count = 0
        for index in 0..<Swift.min(offset, bytes.count) where bytes[index] == Byte.newline { count += 1 }
        return count
    }

    // MARK: Prose

    /// `rewritten` when it renders to the same HTML as `original`, else `nil`.
    private func checkedProse(_ original: [UInt8], _ rewritten: [UInt8]?) -> [UInt8]? {
        guard let rewritten, rewritten != original else { return nil }
        let before = renderedHTML(original)
        let after = renderedHTML(rewritten)
        return before != nil && before == after ? rewritten : nil
    }

    private func renderedHTML(_ bytes: [UInt8]) -> String? {
        CommonMarkTree.withDocument(parsing: String(decoding: bytes, as: UTF8.self)) { document, extensions in
            guard let rendered = cmark_render_html(document, CMARK_OPT_UNSAFE, extensions) else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    private func setextToATX(_ bytes: [UInt8], level: Int, lineEnding: LineEnding) -> [UInt8]? {
        let text = String(decoding: bytes, as: UTF8.self).replacingCRLF()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingSpaces() }
        guard lines.count >= 2 else { return nil }
        lines.removeLast()  // the underline
        let content = lines.joined(separator: " ")
        return Array((String(repeating: "#", count: level) + " " + content + lineEnding.string).utf8)
    }

    private func indentedToFenced(_ bytes: [UInt8], lineEnding: LineEnding) -> [UInt8]? {
        let text = String(decoding: bytes, as: UTF8.self).replacingCRLF()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var content: [String] = []
        var longestRun = 0
        for line in lines {
            var stripped = Substring(line)
            if stripped.hasPrefix("\t") { stripped = stripped.dropFirst() } else {
                var removed = 0
                while removed < 4 && stripped.hasPrefix(" ") { stripped = stripped.dropFirst(); removed += 1 }
            }
            let run = stripped.prefix { $0 == "`" }.count
            longestRun = Swift.max(longestRun, run)
            content.append(String(stripped))
        }
        let fence = String(repeating: "`", count: Swift.max(3, longestRun + 1))
        let eol = lineEnding.string
        return Array((fence + eol + content.map { $0 + eol }.joined() + fence + eol).utf8)
    }

    /// `_x_` → `*x*`, `__x__` → `**x**` and (when `bullets`) `*`/`+` bullets → `-`.
    private func normalizedInlineAndBullets(_ bytes: [UInt8], bullets: Bool = true) -> [UInt8] {
        var offsets: [Int] = []
        let lineStarts: [Int] = {
            var starts = [0]
            for (index, byte) in bytes.enumerated() where byte == Byte.newline { starts.append(index + 1) }
            return starts
        }()
        func offset(line: Int32, column: Int32) -> Int? {
            let slot = Int(line) - 1
            guard slot >= 0, slot < lineStarts.count, column >= 1 else { return nil }
            let value = lineStarts[slot] + Int(column) - 1
            return value < bytes.count ? value : nil
        }
        CommonMarkTree.withDocument(parsing: String(decoding: bytes, as: UTF8.self)) { document, _ in
            guard let iterator = cmark_iter_new(document) else { return }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG {
                    let width = type == CMARK_NODE_EMPH ? 1 : 2
                    guard let open = offset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node)),
                          let closeEnd = offset(line: cmark_node_get_end_line(node), column: cmark_node_get_end_column(node)),
                          bytes[open] == 0x5F, closeEnd - width + 1 > open + width - 1 else { continue }
                    let closeStart = closeEnd - width + 1
                    guard (0..<width).allSatisfy({ bytes[open + $0] == 0x5F && bytes[closeStart + $0] == 0x5F }) else { continue }
                    for step in 0..<width { offsets.append(open + step); offsets.append(closeStart + step) }
                } else if bullets && type == CMARK_NODE_ITEM,
                          let parent = cmark_node_parent(node), cmark_node_get_list_type(parent) == CMARK_BULLET_LIST,
                          let marker = offset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node)),
                          bytes[marker] == 0x2A || bytes[marker] == 0x2B {
                    offsets.append(marker)
                }
            }
        }
        var result = bytes
        for offset in offsets {
            result[offset] = result[offset] == 0x5F ? 0x2A : 0x2D
        }
        return result
    }

    // MARK: Document

    /// Ranges that look like front matter but are not: left as written.
    private func protectedRanges(_ document: MarkdownDocument) -> [Range<Int>] {
        guard document.blockCount > 0 else { return [] }
        return document.block(at: 0).diagnostics
            .filter { MarkdownDocument.lookalikeCodes.contains($0.code) }
            .map { $0.range.isEmpty ? $0.range.lowerBound..<($0.range.lowerBound + 1) : $0.range }
    }

    /// One line break at the end of the file (trailing blank lines removed).
    private func finalLineBreak(_ document: MarkdownDocument) -> [TextEdit] {
        guard document.blockCount > 0 else { return [] }
        let last = document.range(at: document.blockCount - 1)
        let end = document.storage.count
        let eol = document.lineEnding.bytes
        if last.upperBound > 0 && document.storage[last.upperBound - 1] != Byte.newline {
            return [TextEdit(range: last.upperBound..<end, replacement: eol)]
        }
        return last.upperBound < end ? [TextEdit(range: last.upperBound..<end, replacement: [])] : []
    }
}
