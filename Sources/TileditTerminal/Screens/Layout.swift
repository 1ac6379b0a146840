import TileditTerminalToolkit
/// Where the panes go for a terminal size: wide (at least
/// `wideMinimumColumns`) shows documents | blocks | inspector over preview;
/// narrower shows the focused pane alone under a breadcrumb. The status
/// line is always the last row. Pane rectangles include their border.
public struct Layout: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        case wide
        case narrow
    }

    /// Narrower terminals get one pane at a time.
    public static let wideMinimumColumns = 100
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

    /// The layout of a `size` terminal with `focus` focused.
    public init(size: TerminalSize, focus: Pane) {
        let rows = max(0, size.rows)
        let columns = max(0, size.columns)
        status = Rect(row: rows - 1, column: 0, width: columns, height: rows > 0 ? 1 : 0)
        content = Rect(row: 0, column: 0, width: columns, height: rows - 1)
        isTooSmall = rows < Self.minimumSize.rows || columns < Self.minimumSize.columns
        if columns >= Self.wideMinimumColumns {
            mode = .wide
            breadcrumb = nil
            let height = rows - 1
            let documentsWidth = min(34, max(24, columns * 22 / 100))
            let blocksWidth = min(56, max(32, columns * 36 / 100))
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
