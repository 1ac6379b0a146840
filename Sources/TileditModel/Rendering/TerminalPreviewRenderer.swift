/// Renders a document, or one block of it, as styled plain text for a
/// terminal preview pane, wrapped to a width in display columns (East
/// Asian wide characters and emoji take 2 columns, combining marks 0).
///
/// What each block looks like:
/// - headings: `#` marks and the text, in `heading(level)`;
/// - paragraphs: word-wrapped, with emphasis, strong, code, links (the
///   target in `muted` parentheses when the text does not show it) and
///   strikethrough from the cmark-gfm inline tree;
/// - lists: `•` (then `◦`, `▪` when nested), numbers, or `[ ]`/`[x]` for
///   tasks, with hanging indentation;
/// - code blocks and display math: indented two columns, cut (not wrapped)
///   at the width; fenced `chart`/`mermaid` code gets a label line;
/// - tables: columns aligned as the delimiter row says, separated by `│`,
///   a `─┼─` rule under the header, cells wrapped when the table is too wide;
/// - block quotes: a `▌ ` bar; thematic breaks: a line of `─`;
/// - front matter, tiles, `:::recent:::` and raw blocks: a box
///   (`┌─ label ─┐ … └──┘`) as wide as the width, listing properties as
///   `key: value`; unknown tile types and raw blocks are labeled as such in
///   `error`.
///
/// No line is wider than the width, except where the width is smaller than
/// a box's frame or a table's separators. Lines carry no trailing spaces.
public struct TerminalPreviewRenderer: Sendable {
    /// A renderer (it holds no state).
    public init() {}

    /// The whole document, a blank line between blocks.
    ///
    /// - Parameter width: columns available (at least 1 is used).
    public func render(_ document: MarkdownDocument, width: Int) -> [StyledLine] {
        let definitions = CommonMarkTree.linkReferenceDefinitions(in: document)
        var result: [StyledLine] = []
        for index in 0..<document.blockCount {
            if index > 0 { result.append(StyledLine()) }
            result += lines(for: document.block(at: index), in: document, width: width, definitions: definitions)
        }
        return result
    }

    /// One block of `document` (references in it resolve against the
    /// document's link reference definitions).
    ///
    /// - Parameters:
    ///   - block: a block of `document` (its range is read from the document).
    ///   - width: columns available (at least 1 is used).
    public func render(block: Block, in document: MarkdownDocument, width: Int) -> [StyledLine] {
        lines(for: block, in: document, width: width, definitions: CommonMarkTree.linkReferenceDefinitions(in: document))
    }

    // MARK: Blocks

    private func lines(for block: Block, in document: MarkdownDocument, width: Int, definitions: String) -> [StyledLine] {
        let width = Swift.max(width, 1)
        let lines: [StyledLine]
        switch block.kind {
        case .frontMatter(let frontMatter):
            lines = frontMatterBox(frontMatter, width: width)
        case .tile(let tile):
            lines = tileBox(tile, catalog: document.catalog, width: width)
        case .recentPosts:
            var notice = LineWrapper(width: width - 4)
            notice.append("Recent posts are listed here when the site is built.", .muted)
            lines = box(label: [StyledRun("recent posts", .tileLabel)], content: notice.finish(), width: width)
        case .raw(let origin):
            lines = rawBox(origin, text: document.text(of: block), diagnostics: block.diagnostics, width: width)
        case .displayMath:
            lines = ProseTerminalLayout.indentedLines(HTMLRenderer.tex(of: document.text(of: block)), style: .math, width: width)
        case .linkReferenceDefinitions:
            lines = ProseTerminalLayout.indentedLines(document.text(of: block), style: .muted, width: width, indent: 0)
        default:
            let text = document.text(of: block)
            let prose = CommonMarkTree.withDocument(parsing: text, definitions: definitions) { root, _ in
                ProseTerminalLayout.lines(ofDocument: root, width: width)
            } ?? []
            lines = prose.isEmpty ? ProseTerminalLayout.indentedLines(text, style: .muted, width: width, indent: 0) : prose
        }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    private func frontMatterBox(_ frontMatter: FrontMatter, width: Int) -> [StyledLine] {
        let inner = Swift.max(width - 4, 1)
        var content: [StyledLine] = []
        for field in frontMatter.fields {
            content += property(key: field.key, value: field.value.contains("\n") ? .literal(field.value) : .text(field.value), width: inner)
        }
        if let problem = frontMatter.problem {
            var wrapper = LineWrapper(width: inner)
            wrapper.append(problem, .error)
            content += wrapper.finish()
        }
        return box(label: [StyledRun("front matter", .tileLabel)], content: content, width: width)
    }

    private func tileBox(_ tile: Tile, catalog: TileCatalog, width: Int) -> [StyledLine] {
        let inner = Swift.max(width - 4, 1)
        var label = [StyledRun(tile.type, .tileLabel)]
        if catalog.schema(for: tile.type) == nil {
            label.append(StyledRun(" · unknown tile type", .error))
        }
        let content = tile.properties.flatMap { property(key: $0.key, value: $0.value, width: inner) }
        return box(label: label, content: content, width: width)
    }

    private func rawBox(_ origin: RawBlockOrigin, text: String, diagnostics: [Diagnostic], width: Int) -> [StyledLine] {
        let inner = Swift.max(width - 4, 1)
        let label: String
        switch origin {
        case .tile(let type): label = "raw tile" + (type.map { " \($0)" } ?? "")
        case .unparsed: label = "raw"
        }
        var notice = LineWrapper(width: inner)
        notice.append("Could not be read; kept as written.", .muted)
        if let first = diagnostics.first {
            notice.append(" ")
            notice.append(first.message, .error)
        }
        let content = notice.finish() + ProseTerminalLayout.indentedLines(text, style: .muted, width: inner, indent: 0)
        return box(label: [StyledRun(label, .error)], content: content, width: width)
    }

    /// `key: value` lines: a text value wrapped after the key with a
    /// two-column hanging indent; a list as `- item` lines and a multi-line
    /// value as its lines, under the key, indented two columns.
    private func property(key: String, value: TileValue, width: Int) -> [StyledLine] {
        switch value {
        case .text(let text):
            var wrapper = LineWrapper(width: width, continuationIndent: 2)
            wrapper.append(key + ":", .tileLabel)
            if !text.isEmpty { wrapper.append(" " + text) }
            return wrapper.finish()
        case .list(let items):
            var result = [StyledLine(key + ":", .tileLabel)]
            for item in items {
                var wrapper = LineWrapper(width: width - 4)
                wrapper.append(item)
                for (index, line) in wrapper.finish().enumerated() {
                    var prefixed = StyledLine(index == 0 ? "  - " : "    ")
                    prefixed.append(contentsOf: line)
                    result.append(prefixed)
                }
            }
            return result
        case .literal(let text):
            return [StyledLine(key + ":", .tileLabel)] + ProseTerminalLayout.indentedLines(text, style: .plain, width: width)
        }
    }

    /// `content` (lines at most `width - 4` wide) in a frame `width` wide
    /// with `label` in its top edge.
    private func box(label: [StyledRun], content: [StyledLine], width: Int) -> [StyledLine] {
        let width = Swift.max(width, 5)
        let inner = width - 4
        var top = StyledLine("┌─ ", .tileFrame)
        var labelSpace = Swift.max(width - 6, 0)
        for run in label where labelSpace > 0 {
            var text = ""
            for character in run.text {
                let characterWidth = DisplayWidth.of(character)
                if characterWidth > labelSpace { break }
                text.append(character)
                labelSpace -= characterWidth
            }
            top.append(text, run.style)
        }
        let labelWidth = top.displayWidth - 3
        top.append(" " + String(repeating: "─", count: Swift.max(width - 5 - labelWidth, 0)) + "┐", .tileFrame)
        var result = [top]
        for line in content {
            var framed = StyledLine("│ ", .tileFrame)
            framed.append(contentsOf: line)
            framed.append(String(repeating: " ", count: Swift.max(inner - line.displayWidth, 0)))
            framed.append(" │", .tileFrame)
            result.append(framed)
        }
        result.append(StyledLine("└" + String(repeating: "─", count: width - 2) + "┘", .tileFrame))
        return result
    }
}
