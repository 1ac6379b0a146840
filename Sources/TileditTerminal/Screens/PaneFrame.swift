import TileditModel
import TileditTextLayout
import TileditTerminalToolkit

/// The chrome every pane shares: a border with the pane's title (in the
/// focus color when focused), and the messages of its loading, empty and
/// error states.
enum PaneFrame {
    /// Draws the border and title of `rect` and returns the inside.
    @discardableResult
    static func draw(into buffer: inout ScreenBuffer, rect: Rect, title: String, focused: Bool) -> Rect {
        buffer.fill(rect)
        buffer.box(
            rect, title: title,
            style: CellStyle(foreground: focused ? .focusBorder : .border),
            titleStyle: CellStyle(foreground: focused ? .focusBorder : .heading, attributes: .bold),
            border: focused ? .heavy : .light)
        return rect.inset(rows: 1, columns: 1)
    }

    /// Draws a state message from the top of `rect`: the first line in
    /// `role`, the others (hints) muted; every line wrapped to the width.
    static func message(into buffer: inout ScreenBuffer, rect: Rect, _ lines: [String], role: PaletteRole = .muted) {
        guard rect.width > 2 else { return }
        var row = rect.row
        for (index, line) in lines.enumerated() {
            let style = CellStyle(foreground: index == 0 ? role : .muted, attributes: index == 0 && role != .muted ? .bold : [])
            for wrapped in DisplayWidth.wrap(line, width: rect.width - 2, maxLines: max(0, rect.maxRow - row)) {
                guard row < rect.maxRow else { return }
                buffer.put(wrapped, row: row, column: rect.column + 1, style: style, clip: rect)
                row += 1
            }
        }
    }

    /// Draws a list row's segments: in the row's style when selected (so
    /// the selection reads as one bar), in their own roles otherwise.
    /// Rows a pane measures for the width it wants (`Layout.Wanted`): a
    /// long list is not measured whole on every frame.
    static let measuredRows = 500

    static func drawRow(_ segments: [TextSegment], right: [TextSegment] = [], into buffer: inout ScreenBuffer, row: ListView.RowContext) {
        let rect = row.rect
        let rightWidth = right.reduce(0) { $0 + $1.width }
        let leftWidth = max(0, rect.width - (rightWidth > 0 ? rightWidth + 1 : 0))
        func restyled(_ segment: TextSegment) -> TextSegment {
            guard row.isSelected else { return segment }
            var copy = segment
            copy.style = row.style.adding(segment.style.attributes)
            return copy
        }
        buffer.put(TextSegment.fitting(segments, width: leftWidth).map(restyled), row: rect.row, column: rect.column, background: row.style.background, clip: rect)
        if rightWidth > 0, rightWidth < rect.width {
            buffer.put(right.map(restyled), row: rect.row, column: rect.maxColumn - rightWidth, background: row.style.background, clip: rect)
        }
    }
}
