import TileditTerminalToolkit
/// Where the panes go for a terminal size: wide (at least
/// `wideMinimumColumns`) shows documents | blocks | inspector over preview;
/// narrower shows the focused pane alone under a breadcrumb. The status
/// line is always the last row. Pane rectangles include their border.
///
/// Wide, the documents and blocks panes start at their base widths (22%
/// and 36% of the columns, within 24–34 and 32–56); when the inspector
/// and preview keep at least `rightMinimumPercent` of the columns, what is
/// left over goes to the documents and blocks panes as far as their rows
/// want (`Wanted`, capped at `documentsMaximum` and `blocksMaximum`;
/// `ColumnSplit`), and the rest to the inspector and preview.
public struct Layout: Hashable, Sendable {
    /// The widths the documents and blocks panes' rows want, borders
    /// included (0: no more than their base).
    public struct Wanted: Hashable, Sendable {
        /// Columns the documents pane's widest row takes.
        public var documents: Int
        /// Columns the blocks pane's widest row takes.
        public var blocks: Int

        /// Wanted widths of `documents` and `blocks` columns.
        public init(documents: Int = 0, blocks: Int = 0) {
            self.documents = documents
            self.blocks = blocks
        }
    }

    public enum Mode: Hashable, Sendable {
        case wide
        case narrow
    }

    /// Narrower terminals get one pane at a time.
    public static let wideMinimumColumns = 100
    /// The widest the documents pane grows to its rows.
    public static let documentsMaximum = 64
    /// The widest the blocks pane grows to its rows.
    public static let blocksMaximum = 100
    /// The share of the columns (in percent) the inspector and preview
    /// keep before the documents and blocks panes grow.
    public static let rightMinimumPercent = 45
    /// Smaller terminals get only a notice.
    public static let minimumSize = TerminalSize(rows: 8, columns: 30)

    public let mode: Mode
    /// The breadcrumb row (narrow only).
    public let breadcrumb: Rect?
    /// Each shown pane's rectangle.
    public let panes: [Pane: Rect]
    /// The status line.
    public let status: Rect
    /// Everything above the status line, where overlays are centered.
    public let content: Rect
    /// Whether the terminal is too small to draw the editor.
    public let isTooSmall: Bool

    /// The layout of a `size` terminal with `focus` focused, the panes'
    /// rows wanting `wanted`.
    public init(size: TerminalSize, focus: Pane, wanted: Wanted = Wanted()) {
        let rows = max(0, size.rows)
        let columns = max(0, size.columns)
        status = Rect(row: rows - 1, column: 0, width: columns, height: rows > 0 ? 1 : 0)
        content = Rect(row: 0, column: 0, width: columns, height: rows - 1)
        isTooSmall = rows < Self.minimumSize.rows || columns < Self.minimumSize.columns
        if columns >= Self.wideMinimumColumns {
            mode = .wide
            breadcrumb = nil
            let height = rows - 1
            let split = ColumnSplit(
                columns: [
                    .init(base: min(34, max(24, columns * 22 / 100)), wanted: min(Self.documentsMaximum, wanted.documents)),
                    .init(base: min(56, max(32, columns * 36 / 100)), wanted: min(Self.blocksMaximum, wanted.blocks)),
                ],
                lastMinimum: columns / 100 * Self.rightMinimumPercent + columns % 100 * Self.rightMinimumPercent / 100)
            let widths = split.widths(total: columns)
            let documentsWidth = widths[0]
            let blocksWidth = widths[1]
            let rightColumn = documentsWidth + blocksWidth
            let rightWidth = columns - rightColumn
            let inspectorHeight = max(3, height * 55 / 100)
            panes = [
                .documents: Rect(row: 0, column: 0, width: documentsWidth, height: height),
                .blocks: Rect(row: 0, column: documentsWidth, width: blocksWidth, height: height),
                .inspector: Rect(row: 0, column: rightColumn, width: rightWidth, height: inspectorHeight),
                .preview: Rect(row: inspectorHeight, column: rightColumn, width: rightWidth, height: height - inspectorHeight),
            ]
        } else {
            mode = .narrow
            breadcrumb = Rect(row: 0, column: 0, width: columns, height: 1)
            panes = [focus: Rect(row: 1, column: 0, width: columns, height: rows - 2)]
        }
    }

    /// The inside of `pane`'s border, or `nil` when the pane is not shown.
    public func inside(_ pane: Pane) -> Rect? {
        panes[pane].map { $0.inset(rows: 1, columns: 1) }
    }
}
