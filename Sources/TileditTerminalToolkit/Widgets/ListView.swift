import TileditTextLayout

/// A virtualized list: draws only the rows that fit, asking a closure for
/// each visible row, so a list of 50,000 rows costs what one of 50 does.
///
/// The row count and the selection belong to the view model; the list keeps
/// only its scroll offset, moved no more than needed to keep the selection
/// visible, and turns navigation keys into the selection they ask for.
/// Rows and offsets count from 0.
public struct ListView: Hashable, Sendable {
    /// What the list draws for one visible row.
    public struct RowContext: Sendable {
        /// The row's index in the list.
        public var index: Int
        /// The screen row to draw in (one row high, the list's width).
        public var rect: Rect
        /// Whether it is the selected row.
        public var isSelected: Bool
        /// The style to draw it in: the selection style for the selected
        /// row, the list's style otherwise. The row is already filled with it.
        public var style: CellStyle
    }

    /// The first row shown, from 0.
    public private(set) var scrollOffset: Int = 0
    /// What the list is for, as the help overlay and status line say it.
    public var accessibilityLabel: String

    /// A list scrolled to the top.
    public init(accessibilityLabel: String = "") {
        self.accessibilityLabel = accessibilityLabel
    }

    /// Moves the scroll offset no more than needed to show `selection` in a
    /// viewport of `height` rows, never leaving blank rows below the last
    /// one when the list is longer than the viewport, and returns the
    /// indices to draw. O(1).
    @discardableResult
    public mutating func scroll(rowCount: Int, selection: Int?, height: Int) -> Range<Int> {
        let height = max(0, height)
        if let selection, selection >= 0, selection < rowCount, height > 0 {
            if selection < scrollOffset {
                scrollOffset = selection
            } else if selection >= scrollOffset + height {
                scrollOffset = selection - height + 1
            }
        }
        scrollOffset = max(0, min(scrollOffset, rowCount - height))
        return scrollOffset..<min(rowCount, scrollOffset + height)
    }

    /// The selection `key` asks for, or `nil` when `key` is not a list key.
    ///
    /// up / ctrl+p and down / ctrl+n move by one row, page up / page down by
    /// `height` rows, home and end to the first and last row, all stopping
    /// at the ends. With no selection, every key selects the first row (end
    /// the last). An empty list returns `nil`. O(1).
    public func selection(after key: KeyEvent, rowCount: Int, selection: Int?, height: Int) -> Int? {
        guard rowCount > 0 else { return nil }
        let page = max(1, height)
        let last = rowCount - 1
        let target: Int
        switch key {
        case .up, .ctrl("p"):
            target = selection.map { $0 - 1 } ?? 0
        case .down, .ctrl("n"):
            target = selection.map { $0 + 1 } ?? 0
        case .pageUp:
            target = selection.map { $0 - page } ?? 0
        case .pageDown:
            target = selection.map { $0 + page } ?? 0
        case .home:
            target = 0
        case .end:
            target = last
        default:
            return nil
        }
        return min(max(0, target), last)
    }

    /// Draws the visible rows into `rect`: scrolls (see `scroll`), fills each
    /// visible row with its style, then calls `drawRow` for it, and only
    /// for it. Rows below the last are filled with `style`.
    ///
    /// The selected row uses the selection roles when `focused`, and bold
    /// accent text when not.
    public mutating func draw(
        into buffer: inout ScreenBuffer,
        rect: Rect,
        rowCount: Int,
        selection: Int?,
        style: CellStyle = .plain,
        focused: Bool = true,
        drawRow: (inout ScreenBuffer, RowContext) -> Void
    ) {
        let visible = scroll(rowCount: rowCount, selection: selection, height: rect.height)
        let selectedStyle = focused
            ? CellStyle(foreground: .selectionText, background: .selection)
            : CellStyle(foreground: .accent, background: style.background, attributes: .bold)
        buffer.fill(rect, style: style)
        for index in visible {
            let rowRect = Rect(row: rect.row + index - scrollOffset, column: rect.column, width: rect.width, height: 1)
            let isSelected = index == selection
            let rowStyle = isSelected ? selectedStyle : style
            if isSelected {
                buffer.fill(rowRect, style: rowStyle)
            }
            drawRow(&buffer, RowContext(index: index, rect: rowRect, isSelected: isSelected, style: rowStyle))
        }
    }

    /// Draws the visible rows as plain text lines, truncated with "…".
    public mutating func draw(
        into buffer: inout ScreenBuffer,
        rect: Rect,
        rowCount: Int,
        selection: Int?,
        style: CellStyle = .plain,
        focused: Bool = true,
        rowText: (Int) -> String
    ) {
        draw(into: &buffer, rect: rect, rowCount: rowCount, selection: selection, style: style, focused: focused) { buffer, row in
            buffer.put(
                DisplayWidth.truncate(rowText(row.index), to: row.rect.width),
                row: row.rect.row,
                column: row.rect.column,
                style: row.style,
                clip: row.rect
            )
        }
    }
}
