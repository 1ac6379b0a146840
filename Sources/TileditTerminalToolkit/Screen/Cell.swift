/// One column of a `ScreenBuffer`.
///
/// A grapheme cluster two columns wide is stored as a head cell
/// (`width == 2`, holding the cluster) followed by a continuation cell
/// (`width == 0`, empty `grapheme`) that is never drawn on its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn here, whole, as it is drawn (never a
    /// control character: `ScreenBuffer.put` draws those as escapes, one
    /// character a cell); "" in a continuation cell.
    public var grapheme: String
    /// Columns the cluster takes: 1 or 2 in a head cell, 0 in a continuation.
    public var width: Int
    /// How the cell is drawn.
    public var style: CellStyle

    /// A cell holding `grapheme`, `width` columns wide.
    public init(grapheme: String, width: Int, style: CellStyle = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A space in the plain style.
    public static let blank = Cell(grapheme: " ", width: 1)

    /// A space in `style`.
    public static func space(_ style: CellStyle) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// The right half of a wide cluster.
    public static func continuation(_ style: CellStyle) -> Cell {
        Cell(grapheme: "", width: 0, style: style)
    }

    /// Whether this is the right half of a wide cluster.
    public var isContinuation: Bool { width == 0 }
}
