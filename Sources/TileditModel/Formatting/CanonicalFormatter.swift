import CCmarkGFM
import Foundation

/// Rewrites a document in Tiledown's canonical form (ARCHITECTURE.md, "The Tiledown format")
/// and leaves everything else as authored:
///
/// - tiles: `:::tile <type>`, properties in canonical order (`id`, `mode`,
///   required, optional known, unknown in source order), lists as `key:` +
///   `- item`, multi-line values as `key: |` + two-space lines, `:::`;
///   `:::chart`/`:::mermaid` become `:::tile chart`/`:::tile mermaid`;
/// - front matter: trailing whitespace removed and, in Tiledown's flat
///   profile, one space after the colon; indented lines, comments, blank
///   lines, key order and quoting kept; a line that would read as a closing
///   `---` without its trailing whitespace keeps it;
/// - prose: ATX headings, `-` bullets, fenced code, `*` emphasis; ordered
///   list numbers, link reference and footnote definitions, HTML, hard line
///   breaks and all other text kept;
/// - the file ends with exactly one line break (in the file's line ending:
///   LF, CRLF or CR).
///
/// No rewrite is made that cannot be shown safe:
/// - a rewritten tile must read back alone as one tile, ending where the
///   text ends, with the same type and values; front matter as one front
///   matter block ending where the text ends, with the same fields;
/// - a rewritten prose block is parsed again between the blocks before and
///   after it: every block must keep its kind (up to the rewrite itself)
///   and its lines, and the three must render to the same HTML (footnotes
///   on, the file's link reference definitions read);
/// - a rewrite must be canonical itself (formatting it again changes
///   nothing), and keeps whether the block ended with a line break;
/// - last, the whole formatted document must have the same blocks (kinds,
///   tiles and their values, front matter fields) and render its prose to
///   the same HTML; if not, prose is left as written.
///
/// Blocks with errors, and lines that look like front matter but are not,
/// are left as written. Formatting is idempotent, and its cost grows
/// linearly with the document.
public struct CanonicalFormatter: Sendable {
    public init() {}

    /// The edits that make `document` canonical (file coordinates, sorted).
    public func edits(for document: MarkdownDocument) -> [TextEdit] {
        let check = FormattingCheck(document: document)
        var prose: [TextEdit] = []
        var other: [TextEdit] = []
        var accepted: [Int: [UInt8]] = [:]
        let protected = protectedRanges(document)
        var previousWasBulletList = false
        for index in 0..<document.blockCount {
            let kind = document.kind(at: index)
            let isBulletList: Bool
            if case .list(let info) = kind { isBulletList = !info.isOrdered } else { isBulletList = false }
            defer { previousWasBulletList = isBulletList }
            let range = document.range(at: index)
            if protected.contains(where: { $0.overlaps(range) }) || document.diagnosticCount(at: index, severity: .error) > 0 { continue }
            let original = document.storage[range]
            switch kind {
            case .tile(let tile):
                if let rewritten = canonicalTile(tile, bytes: original, document: document), rewritten != original {
                    other.append(TextEdit(range: range, replacement: rewritten))
                }
            case .frontMatter(let frontMatter):
                if let rewritten = canonicalFrontMatter(frontMatter, bytes: original, document: document), rewritten != original {
                    other.append(TextEdit(range: range, replacement: rewritten))
                }
            default:
                // Changing bullets next to another bullet list would join the two lists.
                var nextIsBulletList = false
                if index + 1 < document.blockCount, case .list(let info) = document.kind(at: index + 1) { nextIsBulletList = !info.isOrdered }
                let bullets = !(isBulletList && (previousWasBulletList || nextIsBulletList))
                let eol = ownLineEnding(original, document: document)
                guard let candidate = canonicalProse(original, kind: kind, bullets: bullets, lineEnding: eol), candidate != original,
                      check.keepsStructure(replacing: index, with: candidate, accepted: accepted, bullets: bullets, formatter: self, lineEnding: eol)
                else { continue }
                accepted[index] = candidate
                prose.append(TextEdit(range: range, replacement: candidate))
            }
        }
        // Tiles and front matter were read back alone, ending where their
        // text ends, and prose rewrites between their neighbours; all of
        // them are checked once more in the whole document, where lines
        // far away can read a rewrite differently (a definition inside a
        // block quote, a footnote; an indented tile inside an unclosed
        // tile's literal, whose unindented `:::` would close it). Blank
        // lines at the end can be content of the last block (an unclosed
        // fence holds them): dropping them is checked like prose. The
        // fallbacks are few and fixed, so the cost stays linear and a
        // second formatting makes the same choice.
        let ending = finalLineBreak(document)
        let lastIsProse = document.blockCount > 0 && document.kind(at: document.blockCount - 1).isProse
        if lastIsProse { prose += ending }
        let sure = other + (lastIsProse ? [] : ending)
        let frontMatter = other.filter { $0.range.lowerBound == 0 && document.blockCount > 0 && document.kind(at: 0).frontMatter != nil }
        let candidates = [prose + sure, sure, prose + frontMatter + (lastIsProse ? [] : ending), frontMatter]
        var tried: Set<[TextEdit]> = []
        for candidate in candidates {
            let edits = candidate.sorted { $0.range.lowerBound < $1.range.lowerBound }
            guard !edits.isEmpty else { return [] }
            guard tried.insert(edits).inserted else { continue }
            if check.sameDocument(after: edits) { return edits }
        }
        return []
    }

    /// The canonical bytes of `document`.
    public func format(_ document: MarkdownDocument) -> [UInt8] {
        TextEdit.apply(edits(for: document), to: document.bytes)
    }

    /// Whether `document` is already canonical.
    public func isCanonical(_ document: MarkdownDocument) -> Bool {
        edits(for: document).isEmpty
    }

    // MARK: Tiles and front matter

    private func canonicalTile(_ tile: Tile, bytes: [UInt8], document: MarkdownDocument) -> [UInt8]? {
        let properties = tile.properties.map { (key: $0.key, value: $0.value) }
        let eol = ownLineEnding(bytes, document: document)
        guard let text = try? TileWriter.canonicalText(
            type: tile.type, properties: properties, schema: document.catalog.schema(for: tile.type), lineEnding: eol)
        else { return nil }
        let rewritten = keepingFinalLineBreak(of: bytes, Array(text.utf8))
        // Canonical but for its line endings (a file that mixes them): the
        // formatter does not choose line endings, so the tile stays as written.
        if LineEnding.normalizedToLF(String(decoding: rewritten, as: UTF8.self)) == LineEnding.normalizedToLF(String(decoding: bytes, as: UTF8.self)) {
            return nil
        }
        // Read it back alone: one tile ending where the text ends, same type, same values.
        let reread = MarkdownDocument(bytes: rewritten, dialect: document.dialect, catalog: document.catalog)
        guard reread.blockCount == 1, reread.range(at: 0) == 0..<rewritten.count,
              case .tile(let again) = reread.kind(at: 0), again.type == tile.type,
              again.properties.count == tile.properties.count
        else { return nil }
        var values: [String: TileValue] = [:]
        for property in again.properties where values[property.key] == nil { values[property.key] = property.value }
        guard tile.properties.allSatisfy({ property in values[property.key].map { same($0, property.value) } ?? false }) else { return nil }
        // And it renders the same: a tile of a type the catalog does not
        // know shows its properties in the order written, which the
        // canonical order would change.
        let original = MarkdownDocument(bytes: bytes, dialect: document.dialect, catalog: document.catalog)
        guard HTMLRenderer().renderBody(reread) == HTMLRenderer().renderBody(original) else { return nil }
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
        let scalarLines = blockScalarLines(frontMatter, bytes: bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var lines: [LineSpan] = []
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            while position < buffer.count {
                let line = buffer.line(startingAt: position)
                lines.append(line)
                position = line.end
            }
            for (number, line) in lines.enumerated() {
                var content = Array(buffer[line.start..<line.contentEnd])
                let isFence = number == 0 || number == lines.count - 1
                let trimmed = buffer.trimmed(line)
                // `--- ` would close the front matter here once trimmed.
                let looksLikeFence = buffer.matches(trimmed, "---") || buffer.matches(trimmed, "...")
                // An indented line is left as written: YAML tools read it inside the key above.
                let isIndented = content.first.map(Byte.isSpaceOrTab) ?? false
                if !isFence && !looksLikeFence && !scalarLines.contains(number) && !isIndented {
                    while let last = content.last, Byte.isSpaceOrTab(last) { content.removeLast() }
                    if frontMatter.dialect == .tiledown, content.first != Byte.hash, let colon = content.firstIndex(of: Byte.colon) {
                        let key = String(decoding: content[..<colon], as: UTF8.self).trimmingSpaces()
                        let value = String(decoding: content[(colon + 1)...], as: UTF8.self).trimmingSpaces()
                        if !key.isEmpty { content = Array((value.isEmpty ? "\(key):" : "\(key): \(value)").utf8) }
                    }
                }
                output += content
                output += buffer[line.contentEnd..<line.end]
            }
        }
        guard output != bytes else { return nil }
        let reread = MarkdownDocument(bytes: output, dialect: document.dialect, catalog: document.catalog)
        guard reread.blockCount >= 1, reread.range(at: 0) == 0..<output.count, let again = reread.frontMatter, again.problem == nil,
              again.fields.map({ [$0.key, $0.value] }) == frontMatter.fields.map({ [$0.key, $0.value] }) else { return nil }
        return output
    }

    /// Zero-based line numbers (within the block) of YAML block scalar content.
    private func blockScalarLines(_ frontMatter: FrontMatter, bytes: [UInt8]) -> Set<Int> {
        guard let root = frontMatter.yamlRoot else { return [] }
        let lineStarts = bytes.withUnsafeBufferPointer { LineIndex($0).lineStarts }
        func lineNumber(_ offset: Int) -> Int {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }
        var lines: Set<Int> = []
        var stack = [root]
        while let node = stack.popLast() {
            switch node.content {
            case .scalar(let scalar) where scalar.style == .literal || scalar.style == .folded
                || ((scalar.style == .doubleQuoted || scalar.style == .singleQuoted || scalar.style == .plain) && scalar.value.contains("\n")):
                let first = lineNumber(scalar.range.lowerBound)
                let last = lineNumber(Swift.max(scalar.range.lowerBound, scalar.range.upperBound - 1))
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

    // MARK: Prose

    /// The canonical text of a prose block of `kind`, or `nil` when it has none.
    func canonicalProse(_ bytes: [UInt8], kind: BlockKind, bullets: Bool, lineEnding: LineEnding) -> [UInt8]? {
        var text = bytes
        switch kind {
        case .heading(let level, true):
            guard let atx = setextToATX(bytes, level: level, lineEnding: lineEnding) else { return nil }
            text = normalizedInlineAndBullets(atx, bullets: bullets)
        case .indentedCode:
            guard let fenced = indentedToFenced(bytes, lineEnding: lineEnding) else { return nil }
            text = fenced
        case .paragraph, .heading, .list, .blockQuote, .table:
            text = normalizedInlineAndBullets(bytes, bullets: bullets)
        default:
            return nil
        }
        return keepingFinalLineBreak(of: bytes, text)
    }

    private func setextToATX(_ bytes: [UInt8], level: Int, lineEnding: LineEnding) -> [UInt8]? {
        let text = LineEnding.normalizedToLF(String(decoding: bytes, as: UTF8.self))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingSpaces() }
        guard lines.count >= 2 else { return nil }
        lines.removeLast()  // the underline
        let content = lines.joined(separator: " ")
        return Array((String(repeating: "#", count: level) + " " + content + lineEnding.string).utf8)
    }

    private func indentedToFenced(_ bytes: [UInt8], lineEnding: LineEnding) -> [UInt8]? {
        let text = LineEnding.normalizedToLF(String(decoding: bytes, as: UTF8.self))
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
            // A line of backticks after up to three spaces would close the fence.
            let afterIndent = stripped.drop { $0 == " " }
            if stripped.count - afterIndent.count <= 3 {
                longestRun = Swift.max(longestRun, afterIndent.prefix { $0 == "`" }.count)
            }
            content.append(String(stripped))
        }
        let fence = String(repeating: "`", count: Swift.max(3, longestRun + 1))
        let eol = lineEnding.string
        return Array((fence + eol + content.map { $0 + eol }.joined() + fence + eol).utf8)
    }

    /// `_x_` → `*x*`, `__x__` → `**x**` and (when `bullets`) `*`/`+` bullets → `-`.
    private func normalizedInlineAndBullets(_ bytes: [UInt8], bullets: Bool) -> [UInt8] {
        var offsets: [Int] = []
        // cmark counts lines as Tiledit does (`\n`, `\r\n`, lone `\r`).
        let lineStarts = bytes.withUnsafeBufferPointer { LineIndex($0).lineStarts }
        func offset(line: Int32, column: Int32) -> Int? {
            let slot = Int(line) - 1
            guard slot >= 0, slot < lineStarts.count, column >= 1 else { return nil }
            let value = lineStarts[slot] + Int(column) - 1
            return value < bytes.count ? value : nil
        }
        _ = bytes.withUnsafeBufferPointer { buffer in
            CommonMarkTree.withDocument(parsing: buffer, options: CommonMarkTree.renderingOptions) { document, _ in
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
                              closeEnd - width + 1 > open + width - 1 else { continue }
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
        }
        var result = bytes
        for offset in offsets {
            result[offset] = result[offset] == 0x5F ? 0x2A : 0x2D
        }
        return result
    }

    // MARK: Document

    /// `rewritten` ending as `original` does: without a line break, or with
    /// the very same one (a `\r` written where a `\n` ended the line would
    /// join the next line's `\n` into one `\r\n`).
    private func keepingFinalLineBreak(of original: [UInt8], _ rewritten: [UInt8]) -> [UInt8] {
        var result = rewritten
        while let last = result.last, LineEnding.isLineBreak(last) { result.removeLast() }
        result += MarkdownDocument.finalLineBreak(of: original)
        return result
    }

    /// The line ending of the block's first line break, else the file's:
    /// in a file whose line endings are mixed, a rewritten block keeps its own.
    private func ownLineEnding(_ bytes: [UInt8], document: MarkdownDocument) -> LineEnding {
        bytes.contains(where: LineEnding.isLineBreak) ? LineEnding.detect(in: bytes) : document.lineEnding
    }

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
        if last.upperBound > 0 && !LineEnding.isLineBreak(document.storage[last.upperBound - 1]) {
            return [TextEdit(range: last.upperBound..<end, replacement: document.lineEnding.bytes)]
        }
        return last.upperBound < end ? [TextEdit(range: last.upperBound..<end, replacement: [])] : []
    }
}
