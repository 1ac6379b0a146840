import TileditTextLayout

/// A run of text drawn in one style: the unit of status bars, breadcrumbs
/// and list rows.
public struct TextSegment: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: CellStyle

    /// `text` in `style`.
    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// `text` in the foreground `role`, with `attributes`.
    public init(_ text: String, role: PaletteRole, attributes: TextAttributes = []) {
        self.init(text, style: CellStyle(foreground: role, attributes: attributes))
    }

    /// Display columns of the text (see `DisplayWidth`).
    public var width: Int { DisplayWidth.of(text) }
}

extension TextSegment {
    /// The segments of `segments` that fit in `width` display columns, in
    /// order; the first that does not fit is cut with "…" and ends the row.
    public static func fitting(_ segments: [TextSegment], width: Int) -> [TextSegment] {
        var result: [TextSegment] = []
        var remaining = width
        for segment in segments {
            guard remaining > 0 else { break }
            let segmentWidth = DisplayWidth.of(segment.text, limit: remaining)
            if segmentWidth <= remaining {
                result.append(segment)
                remaining -= segmentWidth
            } else {
                var cut = segment
                cut.text = DisplayWidth.truncate(segment.text, to: remaining)
                result.append(cut)
                break
            }
        }
        return result
    }
}
