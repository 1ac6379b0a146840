extension ScreenBuffer {
    /// Draws `segments` one after another on `row` from `column`, inside
    /// `clip`; a segment without a background gets `background`.
    /// - Returns: the column after the last segment (see `put`).
    @discardableResult
    public mutating func put(_ segments: [TextSegment], row: Int, column: Int, background: PaletteRole? = nil, clip: Rect? = nil) -> Int {
        var x = column
        for segment in segments {
            var style = segment.style
            if style.background == nil { style.background = background }
            x = put(segment.text, row: row, column: x, style: style, clip: clip)
        }
        return x
    }

    /// The text of the cells from `column` to `column + width - 1` of `row`
    /// (continuation cells add nothing), for tests and captures.
    public func text(row: Int, columns range: Range<Int>) -> String {
        guard row >= 0, row < rows else { return "" }
        var result = ""
        for column in max(0, range.lowerBound)..<min(columns, range.upperBound) {
            result += self[row, column].grapheme
        }
        return result
    }
}
