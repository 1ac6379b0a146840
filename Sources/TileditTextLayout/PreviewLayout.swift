import TileditModel

/// Lays out a `StyledDocument` as styled lines for a terminal, at a width
/// in display columns (East Asian wide characters and emoji take 2
/// columns, combining marks 0), on demand: `layOut(through:)` extends the
/// lines as far as a pane needs, item by item, so a long document costs
/// only what is scrolled to.
///
/// What each item looks like:
/// - headings: `#` marks and the text, in `heading(level)`;
/// - paragraphs: word-wrapped, with emphasis, strong, code, links (the
///   target in `muted` parentheses when the text does not show it) and
///   strikethrough;
/// - list items: `•` (then `◦`, `▪` when nested), numbers, or `[ ]`/`[x]`
///   for tasks, with hanging indentation; block quotes: a `▌ ` bar;
/// - code and display math: indented two columns, cut (not wrapped) at the
///   width; fenced `chart`/`mermaid` code gets a label line;
/// - tables: columns aligned as the delimiter row says, separated by `│`,
///   a `─┼─` rule under the header, cells wrapped when the table is too wide;
/// - frames (front matter, tiles, `:::recent:::`, raw blocks): a box as
///   wide as the width, properties as `key: value`.
///
/// A blank line separates document blocks. No line is wider than the
/// width, except where the width is smaller than a frame, a table's
/// separators or the indentation of deep nesting. Lines carry no trailing
/// spaces. Laying out is iterative: nesting depth costs no stack.
public struct PreviewLayout: Sendable {
    /// The narrowest content an item is laid out at, however deep it nests.
    public static let minimumContentWidth = 8

    /// The document laid out.
    public let document: StyledDocument
    /// Columns available (at least 1 is used).
    public let width: Int
    /// The lines laid out so far.
    public private(set) var lines: [StyledLine] = []
    /// The next item to lay out.
    private var nextItem = 0
    /// The line each laid-out item starts at, by item position.
    private var itemLines: [Int] = []

    /// A layout of `document` at `width` columns, nothing laid out yet.
    public init(document: StyledDocument, width: Int) {
        self.document = document
        self.width = Swift.max(width, 1)
    }

    /// Whether every item is laid out.
    public var isComplete: Bool { nextItem >= document.items.count }

    /// Lays out items until there are at least `count` lines or none is left.
    public mutating func layOut(through count: Int) {
        while lines.count < count, nextItem < document.items.count {
            let item = document.items[nextItem]
            if nextItem > 0 {
                if document.items[nextItem - 1].block != item.block {
                    lines.append(StyledLine())
                } else if let containers = item.blankLineContainers {
                    lines.append(Self.prefixed([StyledLine()], with: item.containers.prefix(containers))[0].trimmingTrailingSpaces())
                }
            }
            itemLines.append(lines.count)
            lines += Self.lines(of: item, width: width)
            nextItem += 1
        }
    }

    /// The line item `item` (a position in the document's items) starts
    /// at, laying items out as far as it; `nil` when there is no such item.
    /// A renderer scrolls there to show a block (`PreviewModel.anchor`).
    public mutating func firstLine(ofItem item: Int) -> Int? {
        guard item >= 0, item < document.items.count else { return nil }
        while nextItem <= item { layOut(through: lines.count + 1) }
        return itemLines[item]
    }

    /// Every line of `document` at `width` columns.
    public static func lines(of document: StyledDocument, width: Int) -> [StyledLine] {
        var layout = PreviewLayout(document: document, width: width)
        layout.layOut(through: .max)
        return layout.lines
    }

    /// The lines of one item, its containers' bars, markers and indents before them.
    static func lines(of item: StyledItem, width: Int) -> [StyledLine] {
        let prefixWidth = item.containers.reduce(0) { $0 + $1.prefixWidth }
        let contentWidth = Swift.max(width - prefixWidth, Swift.min(width, minimumContentWidth))
        var body = ContentLayout.lines(of: item.content, width: contentWidth)
        if body.isEmpty { body = [StyledLine()] }
        return prefixed(body, with: item.containers[...]).map { $0.trimmingTrailingSpaces() }
    }

    /// `body` inside `containers` (outermost first): each adds its bar or
    /// marker, innermost first.
    static func prefixed(_ body: [StyledLine], with containers: ArraySlice<StyledContainer>) -> [StyledLine] {
        var lines = body
        for container in containers.reversed() {
            switch container {
            case .quote:
                lines = lines.map { line in
                    var quoted = StyledLine("▌ ", .quote)
                    quoted.append(contentsOf: line.adding(.quote))
                    return quoted
                }
            case .listItem(let marker, let markerWidth, let depth, let isFirst):
                let text = marker.text ?? bullets[depth % bullets.count]
                for index in lines.indices {
                    var prefixed = StyledLine()
                    if index == 0 && isFirst {
                        prefixed.append(text, .listMarker)
                        prefixed.append(String(repeating: " ", count: Swift.max(0, markerWidth - DisplayWidth.of(text))))
                    } else {
                        prefixed.append(String(repeating: " ", count: markerWidth))
                    }
                    prefixed.append(contentsOf: lines[index])
                    lines[index] = prefixed
                }
            }
        }
        return lines
    }

    /// Bullets by list depth.
    static let bullets = ["•", "◦", "▪"]
}

extension StyledContainer {
    /// Columns the container takes before its content.
    var prefixWidth: Int {
        switch self {
        case .quote: 2
        case .listItem(_, let markerWidth, _, _): markerWidth
        }
    }
}
