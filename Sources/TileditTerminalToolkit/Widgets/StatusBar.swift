
/// A one-row status bar: segments on the left and on the right, each with
/// its own role, on the status bar background.
///
/// One space pads each end. The right segments keep their place; the left
/// ones get what remains less one column of gap and are cut with "…" when
/// they do not fit. Right segments wider than the bar are cut too. When
/// the first `essentialLeftCount` left segments would not fit whole beside
/// the right ones, the right ones are left out.
/// A segment in the plain `text` role is drawn in `statusBarText`, and a
/// segment without a background gets `statusBar`, so every segment stays
/// readable on the bar.
public struct StatusBar: Hashable, Sendable {
    /// Segments drawn from the left edge.
    public var left: [TextSegment]
    /// Segments drawn against the right edge.
    public var right: [TextSegment]

    /// Leading left segments that win over the right ones for room.
    public var essentialLeftCount: Int

    /// A bar with `left` and `right` segments.
    public init(left: [TextSegment] = [], right: [TextSegment] = [], essentialLeftCount: Int = 0) {
        self.essentialLeftCount = essentialLeftCount
        self.left = left
        self.right = right
    }

    /// The bar's own style.
    public static let barStyle = CellStyle(foreground: .statusBarText, background: .statusBar)

    /// Where each segment goes in a bar `width` columns wide: the column
    /// (from the bar's left edge) and the segment, cut to fit.
    public func layout(width: Int) -> [(column: Int, segment: TextSegment)] {
        guard width > 2 else { return [] }
        let inner = width - 2
        var placed: [(column: Int, segment: TextSegment)] = []
        let essentialWidth = left.prefix(essentialLeftCount).reduce(0) { $0 + $1.width }
        let rightNeeds = right.reduce(0) { $0 + $1.width }
        let showsRight = essentialLeftCount == 0 || essentialWidth + 1 + rightNeeds <= inner
        let fittedRight = showsRight ? TextSegment.fitting(right, width: inner) : []
        let rightWidth = fittedRight.reduce(0) { $0 + $1.width }
        var column = 1 + inner - rightWidth
        for segment in fittedRight {
            placed.append((column, segment))
            column += segment.width
        }
        let leftRoom = rightWidth == 0 ? inner : inner - rightWidth - 1
        column = 1
        for segment in TextSegment.fitting(left, width: leftRoom) {
            placed.append((column, segment))
            column += segment.width
        }
        return placed.sorted { $0.column < $1.column }
    }

    /// Draws the bar on `row` from `column`, `width` columns wide.
    public func draw(into buffer: inout ScreenBuffer, row: Int, column: Int = 0, width: Int) {
        let rect = Rect(row: row, column: column, width: width, height: 1)
        buffer.fill(rect, style: Self.barStyle)
        for (offset, segment) in layout(width: width) {
            var style = segment.style
            if style.foreground == .text {
                style.foreground = .statusBarText
            }
            if style.background == nil {
                style.background = .statusBar
            }
            buffer.put(segment.text, row: row, column: column + offset, style: style, clip: rect)
        }
    }
}
