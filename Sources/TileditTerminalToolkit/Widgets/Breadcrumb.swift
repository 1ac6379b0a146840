import TileditTextLayout

/// A path of places (folder › file › block) on one row; when it is too
/// wide, the leading components give way to "…", and the last one is cut
/// only when it alone does not fit.
public struct Breadcrumb: Hashable, Sendable {
    /// The components, outermost first.
    public var components: [String]
    /// Drawn between components.
    public var separator: String

    /// A breadcrumb of `components` joined by `separator`.
    public init(_ components: [String], separator: String = " › ") {
        self.components = components
        self.separator = separator
    }

    /// The segments to draw in `width` columns: components in `muted`, the
    /// last in `text` bold, separators in `muted`.
    public func segments(width: Int) -> [TextSegment] {
        guard width > 0, !components.isEmpty else { return [] }
        let separatorWidth = DisplayWidth.of(separator)
        func totalWidth(_ parts: ArraySlice<String>) -> Int {
            parts.reduce(0) { $0 + DisplayWidth.of($1) } + separatorWidth * (parts.count - 1)
        }
        var shown = components[...]
        var elided = false
        while totalWidth(shown) + (elided ? 1 + separatorWidth : 0) > width, shown.count > 1 {
            shown = shown.dropFirst()
            elided = true
        }
        var parts = Array(shown)
        if elided, totalWidth(shown) + 1 + separatorWidth <= width {
            parts.insert("…", at: 0)
        }
        if parts.count == 1 {
            parts[0] = DisplayWidth.truncate(parts[0], to: width)
        }
        var segments: [TextSegment] = []
        for (index, part) in parts.enumerated() {
            if index > 0 {
                segments.append(TextSegment(separator, role: .muted))
            }
            let isLast = index == parts.count - 1
            segments.append(isLast ? TextSegment(part, role: .text, attributes: .bold) : TextSegment(part, role: .muted))
        }
        return segments
    }

    /// Draws the breadcrumb on `row` from `column`, at most `width` columns;
    /// `background` is the background role under it (`nil`: the default).
    public func draw(into buffer: inout ScreenBuffer, row: Int, column: Int, width: Int, background: PaletteRole? = nil) {
        let rect = Rect(row: row, column: column, width: width, height: 1)
        var x = column
        for segment in segments(width: width) {
            var style = segment.style
            style.background = background
            x = buffer.put(segment.text, row: row, column: x, style: style, clip: rect)
        }
    }
}
