import CCmarkGFM

/// Builds the `StyledDocument` of a Markdown document: prose through
/// cmark-gfm (GFM on), front matter, tiles, `:::recent:::` and raw blocks
/// as frames listing their properties, display math as its TeX.
///
/// The cmark tree is walked with cmark's own iterator and explicit stacks,
/// never by recursion, so any nesting depth is safe (a list inside a quote
/// inside a list…, a hundred thousand levels deep); containers beyond
/// `maximumDepth` are not listed on the items. The build checks
/// `isCancelled` between blocks and stops with `CancellationError` when it
/// says so (a newer edit superseded the preview).
public struct StyledDocumentBuilder: Sendable {
    /// The most containers listed on an item; deeper ones show at this depth.
    public static let maximumDepth = 12

    /// A builder (it holds no state).
    public init() {}

    /// The styled document of `document`.
    ///
    /// - Parameter isCancelled: asked between blocks; `true` stops the build.
    /// - Throws: `CancellationError` when `isCancelled` said so.
    public func build(_ document: MarkdownDocument, isCancelled: () -> Bool = { false }) throws -> StyledDocument {
        try build(document, blocks: 0..<document.blockCount, isCancelled: isCancelled)
    }

    /// The styled items of the blocks at `blocks` (positions from 0,
    /// clamped to the document's), in order: a part of the preview, for a
    /// pane that shows only so much (link references resolve across the
    /// whole document as in `build(_:isCancelled:)`).
    ///
    /// - Parameter isCancelled: asked between blocks; `true` stops the build.
    /// - Throws: `CancellationError` when `isCancelled` said so.
    public func build(_ document: MarkdownDocument, blocks: Range<Int>, isCancelled: () -> Bool = { false }) throws -> StyledDocument {
        let lower = Swift.max(0, Swift.min(blocks.lowerBound, document.blockCount))
        let upper = Swift.max(lower, Swift.min(blocks.upperBound, document.blockCount))
        guard lower < upper else { return StyledDocument() }
        let definitions = CommonMarkTree.linkReferenceDefinitions(in: document)
        var items: [StyledItem] = []
        for index in lower..<upper {
            if (index - lower) % 64 == 0, isCancelled() { throw CancellationError() }
            items += self.items(of: document.block(at: index), index: index, in: document, definitions: definitions)
        }
        return StyledDocument(items: items)
    }

    /// The items of one block of `document`.
    public func items(of block: Block, index: Int, in document: MarkdownDocument, definitions: String) -> [StyledItem] {
        func single(_ content: StyledContent) -> [StyledItem] { [StyledItem(block: index, content: content)] }
        switch block.kind {
        case .frontMatter(let frontMatter):
            return single(.frame(Self.frontMatterFrame(frontMatter)))
        case .tile(let tile):
            return single(.frame(Self.tileFrame(tile, catalog: document.catalog)))
        case .recentPosts:
            return single(.frame(StyledFrame(
                kind: .recentPosts, label: [InlineRun("recent posts", .label)],
                lines: [.notice([InlineRun("Recent posts are listed here when the site is built.", .muted)])])))
        case .raw(let origin):
            return single(.frame(Self.rawFrame(origin, text: document.writtenText(of: block), diagnostics: block.diagnostics)))
        case .displayMath:
            return single(.math(HTMLRenderer.tex(of: document.text(of: block))))
        case .linkReferenceDefinitions:
            return single(.plain(document.text(of: block)))
        default:
            let text = document.text(of: block)
            let built: [StyledItem] = CommonMarkTree.withDocument(parsing: text, definitions: definitions) { root, _ -> [StyledItem] in
                var walk = ProseWalk(block: index)
                return walk.items(of: root)
            } ?? []
            return built.isEmpty ? single(.plain(text)) : built
        }
    }

    // MARK: Frames

    static func frontMatterFrame(_ frontMatter: FrontMatter) -> StyledFrame {
        var lines: [StyledFrame.Line] = frontMatter.fields.map { field -> StyledFrame.Line in
            let shown = field.outline
            return shown.contains("\n") || field.node?.scalar == nil && field.node != nil
                ? .literal(key: field.key, text: shown) : .property(key: field.key, value: shown)
        }
        if let problem = frontMatter.problem { lines.append(.notice([InlineRun(problem, .error)])) }
        return StyledFrame(kind: .frontMatter, label: [InlineRun("front matter", .label)], lines: lines)
    }

    static func tileFrame(_ tile: Tile, catalog: TileCatalog) -> StyledFrame {
        let isKnown = catalog.schema(for: tile.type) != nil
        var label = [InlineRun(tile.type, .label)]
        if !isKnown { label.append(InlineRun(" · unknown tile type", .error)) }
        let lines: [StyledFrame.Line] = tile.properties.map { property in
            switch property.value {
            case .text(let text): .property(key: property.key, value: text)
            case .list(let items): .list(key: property.key, items: items)
            case .literal(let text): .literal(key: property.key, text: text)
            }
        }
        return StyledFrame(kind: .tile(type: tile.type, isKnown: isKnown), label: label, lines: lines)
    }

    static func rawFrame(_ origin: RawBlockOrigin, text: String, diagnostics: [Diagnostic]) -> StyledFrame {
        let label: String
        switch origin {
        case .tile(let type): label = "raw tile" + (type.map { " \($0)" } ?? "")
        case .unparsed: label = "raw"
        }
        var notice = [InlineRun("Could not be read; kept as written.", .muted)]
        if let first = diagnostics.first {
            notice.append(InlineRun(" "))
            notice.append(InlineRun(first.message, .error))
        }
        return StyledFrame(kind: .raw, label: [InlineRun(label, .error)], lines: [.notice(notice), .verbatim(text)])
    }
}

/// One walk over a cmark document with cmark's iterator: block events
/// open and close containers on a stack, inline events add runs with the
/// roles on a second stack; leaves become items.
private struct ProseWalk {
    /// An open node the walk is inside.
    private enum Open {
        case document
        case quote
        case list(isTight: Bool, markers: [ListMarker], markerWidth: Int, depth: Int, nextItem: Int)
        case item(marker: ListMarker, markerWidth: Int, depth: Int, isTight: Bool)
        /// A block whose content is collected into `content` (a paragraph, a heading, a table).
        case leaf
        /// Any other node (a table row or cell, a custom block).
        case other
    }

    private struct Frame {
        var node: Open
        /// Whether an item was emitted inside it already.
        var hasContent = false
        /// Whether this container is listed on items (within `maximumDepth`).
        var isShown = false
    }

    let block: Int
    private var stack: [Frame] = []
    private var items: [StyledItem] = []
    /// The containers listed on the next item, outermost first.
    private var shown: [StyledContainer] = []
    /// Runs of the paragraph, heading or table cell being read.
    private var runs: [InlineRun] = []
    private var roles: [InlineRoles] = []
    /// Where each open link's runs start, and its URL.
    private var links: [(start: Int, url: String)] = []
    /// The table being read: its rows, the cells of the current row.
    private var table: (alignments: [StyledTable.Alignment], rows: [[[InlineRun]]], hasHeader: Bool)?
    private var row: [[InlineRun]] = []
    private var listDepth = 0

    init(block: Int) {
        self.block = block
    }

    mutating func items(of root: OpaquePointer) -> [StyledItem] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER { enter(node) } else if event == CMARK_EVENT_EXIT { exit(node) }
        }
        return items
    }

    // MARK: Events

    private mutating func enter(_ node: OpaquePointer) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_DOCUMENT:
            stack.append(Frame(node: .document))
        case CMARK_NODE_BLOCK_QUOTE:
            push(.quote, container: .quote)
        case CMARK_NODE_LIST:
            let markers = Self.markers(of: node, depth: listDepth)
            let width = (markers.map { Self.width(of: $0) }.max() ?? 1) + 1
            stack.append(Frame(node: .list(isTight: cmark_node_get_list_tight(node) != 0, markers: markers, markerWidth: width, depth: listDepth, nextItem: 0)))
            listDepth += 1
        case CMARK_NODE_ITEM:
            guard case .list(let isTight, let markers, let width, let depth, let next)? = stack.last?.node else {
                stack.append(Frame(node: .other))
                return
            }
            stack[stack.count - 1].node = .list(isTight: isTight, markers: markers, markerWidth: width, depth: depth, nextItem: next + 1)
            let marker = next < markers.count ? markers[next] : .bullet
            push(.item(marker: marker, markerWidth: width, depth: depth, isTight: isTight),
                 container: .listItem(marker: marker, markerWidth: width, depth: depth, isFirst: true))
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            runs = []
            roles = [[]]
            links = []
            stack.append(Frame(node: .leaf))
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            emit(.code(CommonMarkTree.literal(of: node), meaning: FencedCodeMeaning(info: info)))
        case CMARK_NODE_HTML_BLOCK:
            emit(.html(CommonMarkTree.literal(of: node)))
        case CMARK_NODE_THEMATIC_BREAK:
            emit(.thematicBreak)
        default:
            enterOther(node, type: type)
        }
    }

    private mutating func enterOther(_ node: OpaquePointer, type: cmark_node_type) {
        let name = CommonMarkTree.typeName(of: node)
        switch name {
        case "table":
            let count = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments = [StyledTable.Alignment](repeating: .left, count: Swift.max(count, 0))
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for column in alignments.indices {
                    switch raw[column] {
                    case UInt8(ascii: "c"): alignments[column] = .center
                    case UInt8(ascii: "r"): alignments[column] = .right
                    default: break
                    }
                }
            }
            table = (alignments, [], false)
            stack.append(Frame(node: .other))
            return
        case "table_row", "table_header":
            // cmark-gfm names a header row "table_header".
            row = []
            if cmark_gfm_extensions_get_table_row_is_header(node) != 0, table?.rows.isEmpty == true { table?.hasHeader = true }
            stack.append(Frame(node: .other))
            return
        case "table_cell":
            runs = []
            roles = [table?.rows.isEmpty == true && table?.hasHeader == true ? .strong : []]
            links = []
            stack.append(Frame(node: .other))
            return
        default:
            break
        }
        // Inlines: they open no frame; roles and links track their nesting.
        let current = roles.last ?? []
        switch type {
        case CMARK_NODE_TEXT: runs.append(InlineRun(CommonMarkTree.literal(of: node), current))
        case CMARK_NODE_SOFTBREAK: runs.append(InlineRun(" ", current))
        case CMARK_NODE_LINEBREAK: runs.append(InlineRun("\n", current))
        case CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: runs.append(InlineRun(CommonMarkTree.literal(of: node), current.union(.code)))
        case CMARK_NODE_EMPH: roles.append(current.union(.emphasis))
        case CMARK_NODE_STRONG: roles.append(current.union(.strong))
        case CMARK_NODE_LINK:
            links.append((runs.count, cmark_node_get_url(node).map { String(cString: $0) } ?? ""))
            roles.append(current.union(.link))
        case CMARK_NODE_IMAGE:
            runs.append(InlineRun("[image: ", current.union(.link)))
            roles.append(current.union(.link))
        default:
            if name == "strikethrough" {
                roles.append(current.union(.strikethrough))
            } else if Self.isContainerBlock(type) {
                stack.append(Frame(node: .other))
            } else {
                roles.append(current)
            }
        }
    }

    private mutating func exit(_ node: OpaquePointer) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_DOCUMENT:
            stack.removeAll()
        case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM:
            pop()
        case CMARK_NODE_LIST:
            listDepth = Swift.max(0, listDepth - 1)
            pop()
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            guard case .leaf? = stack.last?.node else { return }
            stack.removeLast()
            let text = runs
            runs = []
            if type == CMARK_NODE_HEADING {
                emit(.heading(level: Int(cmark_node_get_heading_level(node)), text))
            } else {
                emit(.paragraph(text))
            }
        case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK,
             CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
            break
        case CMARK_NODE_LINK:
            if roles.count > 1 { roles.removeLast() }
            guard let link = links.popLast() else { return }
            let text = runs[Swift.min(link.start, runs.count)...].map(\.text).joined()
            let current = roles.last ?? []
            if text.isEmpty {
                runs.append(InlineRun(link.url, current.union(.link)))
            } else if !link.url.isEmpty && !Self.sameTarget(link.url, text) {
                runs.append(InlineRun(" (\(link.url))", current.union(.linkTarget)))
            }
        case CMARK_NODE_IMAGE:
            if roles.count > 1 { roles.removeLast() }
            runs.append(InlineRun("]", (roles.last ?? []).union(.link)))
        default:
            exitOther(node, type: type)
        }
    }

    private mutating func exitOther(_ node: OpaquePointer, type: cmark_node_type) {
        switch CommonMarkTree.typeName(of: node) {
        case "table":
            if stack.count > 1 { stack.removeLast() }
            if let table {
                self.table = nil
                emit(.table(StyledTable(alignments: table.alignments, rows: table.rows, hasHeader: table.hasHeader)))
            }
        case "table_row", "table_header":
            if stack.count > 1 { stack.removeLast() }
            let columns = table?.alignments.count ?? row.count
            var cells = Array(row.prefix(columns))
            while cells.count < columns { cells.append([]) }
            table?.rows.append(cells)
        case "table_cell":
            if stack.count > 1 { stack.removeLast() }
            row.append(runs)
            runs = []
        default:
            if Self.isContainerBlock(type) {
                if case .other? = stack.last?.node { stack.removeLast() }
            } else if roles.count > 1 {
                roles.removeLast()
            }
        }
    }

    // MARK: Containers and items

    /// Opens a container, listed on items when within `maximumDepth`.
    private mutating func push(_ node: Open, container: StyledContainer) {
        let isShown = shown.count < StyledDocumentBuilder.maximumDepth
        if isShown { shown.append(container) }
        stack.append(Frame(node: node, isShown: isShown))
    }

    private mutating func pop() {
        guard stack.count > 1, let frame = stack.popLast() else { return }
        if frame.isShown, !shown.isEmpty { shown.removeLast() }
    }

    /// Adds an item with the containers open now. A blank line goes before
    /// it when the innermost container that already has content separates
    /// its blocks (not a tight list), inside that container's own ones.
    private mutating func emit(_ content: StyledContent) {
        var blankLine: Int?
        if let sibling = stack.lastIndex(where: \.hasContent) {
            let separates: Bool
            switch stack[sibling].node {
            case .document, .quote, .leaf, .other: separates = true
            case .list(let isTight, _, _, _, _), .item(_, _, _, let isTight): separates = !isTight
            }
            if separates { blankLine = stack[...sibling].filter(\.isShown).count }
        }
        items.append(StyledItem(block: block, containers: shown, blankLineContainers: blankLine, content: content))
        for index in stack.indices { stack[index].hasContent = true }
        // A list item shows its marker on its first line only.
        for index in shown.indices {
            if case .listItem(let marker, let width, let depth, true) = shown[index] {
                shown[index] = .listItem(marker: marker, markerWidth: width, depth: depth, isFirst: false)
            }
        }
    }

    // MARK: Helpers

    private static func isContainerBlock(_ type: cmark_node_type) -> Bool {
        type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
    }

    /// The markers of a list's items (walking its children, not nesting).
    private static func markers(of list: OpaquePointer, depth: Int) -> [ListMarker] {
        let isOrdered = cmark_node_get_list_type(list) == CMARK_ORDERED_LIST
        let start = Int(cmark_node_get_list_start(list))
        let delimiter: Character = cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? ")" : "."
        var markers: [ListMarker] = []
        var child = cmark_node_first_child(list)
        while let item = child {
            if CommonMarkTree.typeName(of: item) == "tasklist" {
                markers.append(.task(isDone: cmark_gfm_extensions_get_tasklist_item_checked(item)))
            } else {
                markers.append(isOrdered ? .number(start + markers.count, delimiter: delimiter) : .bullet)
            }
            child = cmark_node_next(item)
        }
        return markers
    }

    /// Columns a marker takes before its space (a bullet is one).
    private static func width(of marker: ListMarker) -> Int {
        marker.text?.count ?? 1
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
