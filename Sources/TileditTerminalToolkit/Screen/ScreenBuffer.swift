import TileditTextLayout

/// An off-screen frame: a grid of `rows` × `columns` cells that widgets draw
/// into and a `Terminal` presents. Rows and columns count from 0.
///
/// Wide grapheme clusters take a head cell and a continuation cell (see
/// `Cell`). Every write keeps that pairing intact: overwriting either half
/// of a wide cluster turns its other half into a space of the same style.
public struct ScreenBuffer: Hashable, Sendable {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// The cells, row after row (`row * columns + column`).
    public private(set) var cells: [Cell]
    /// Where the terminal shows its cursor after presenting this frame;
    /// `nil` hides it.
    public var cursor: ScreenPosition?

    /// A frame of `rows` × `columns` spaces in `style` (negative sizes count
    /// as 0), with the cursor hidden.
    public init(rows: Int, columns: Int, style: CellStyle = .plain) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .space(style), count: self.rows * self.columns)
        cursor = nil
    }

    /// The whole frame as a rectangle at (0, 0).
    public var bounds: Rect { Rect(row: 0, column: 0, width: columns, height: rows) }

    /// The cell at (`row`, `column`); a blank cell outside the frame.
    public subscript(row: Int, column: Int) -> Cell {
        guard row >= 0, row < rows, column >= 0, column < columns else { return .blank }
        return cells[row * columns + column]
    }

    /// Draws `text` on one row from `column` on, grapheme cluster by cluster,
    /// inside `clip` (default: the whole frame).
    ///
    /// Each cell holds one whole grapheme cluster, or one character of a
    /// visible escape (`DisplayWidth.glyph(of:)`): zero-width clusters (zero-width
    /// spaces, lone combining marks, LRM and RLM) are skipped; a character a
    /// terminal would act on (a C0 or C1 control, DEL, U+2028/U+2029, a
    /// bidirectional embedding, override or isolate) is drawn as its escape
    /// (`\u{1B}`), dimmed; a TAB as spaces to the next tab stop, counted from
    /// `column`; line breaks are not interpreted (they show as `\n`). No cell
    /// ever holds a control character. Clusters outside `clip` are not drawn.
    /// A wide cluster straddling the clip's right edge (for instance at the
    /// last column) is drawn as a space in `style`; one straddling the left
    /// edge leaves a space in its visible half. `column` may be negative
    /// (text scrolled out to the left).
    ///
    /// - Returns: the column after the last cluster drawn; when the text ran
    ///   past the clip's right edge, a column at or past that edge.
    @discardableResult
    public mutating func put(
        _ text: some StringProtocol,
        row: Int,
        column: Int,
        style: CellStyle = .plain,
        clip: Rect? = nil
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard !area.isEmpty, row >= area.row, row < area.maxRow else {
            return column + DisplayWidth.of(text)
        }
        var x = column
        for character in text {
            if x >= area.maxColumn {
                break
            }
            switch DisplayWidth.glyph(of: character) {
            case .hidden:
                continue
            case .cluster(let cluster, let width):
                place(Cell(grapheme: String(cluster), width: width, style: style), row: row, column: x, area: area)
                x += width
            case .escape(let escape):
                var escapeStyle = style
                escapeStyle.attributes.insert(.dim)
                for scalar in escape.unicodeScalars {
                    place(Cell(grapheme: String(scalar), width: 1, style: escapeStyle), row: row, column: x, area: area)
                    x += 1
                }
            case .tab:
                for _ in 0..<DisplayWidth.advance(of: character, at: x - column) {
                    place(.space(style), row: row, column: x, area: area)
                    x += 1
                }
            }
        }
        return x
    }

    /// Stores `cell` at `column` of `row` when it fits inside `area` (the
    /// row is inside it); half of a wide cell cut by an edge becomes a space.
    private mutating func place(_ cell: Cell, row: Int, column: Int, area: Rect) {
        guard column < area.maxColumn, column + cell.width > area.column else { return }
        if column < area.column {
            write(.space(cell.style), row: row, column: area.column)
        } else if column + cell.width > area.maxColumn {
            write(.space(cell.style), row: row, column: column)
        } else {
            write(cell, row: row, column: column)
        }
    }

    /// Fills `rect` (clipped to the frame) with `character` in `style`.
    /// A wide `character` is repeated every two columns, and an odd column
    /// left at the right is a space; one that is not drawn as itself (a
    /// zero-width one, a control) fills with spaces.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: CellStyle = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        var glyph: Character = " "
        var glyphWidth = 1
        if case .cluster(let cluster, let width) = DisplayWidth.glyph(of: character), width > 0 {
            glyph = cluster
            glyphWidth = width
        }
        let line = String(repeating: String(glyph), count: (area.width + glyphWidth - 1) / glyphWidth)
        for row in area.row..<area.maxRow {
            put(line, row: row, column: area.column, style: style, clip: area)
        }
    }

    /// Draws a border around the edge of `rect` with Unicode box-drawing
    /// characters, leaving the inside as it is. A `title` is drawn in the top
    /// border after one border column, with a space on each side, truncated
    /// with "…" to fit. Rectangles smaller than 2 × 2 draw nothing.
    public mutating func box(
        _ rect: Rect,
        title: String? = nil,
        style: CellStyle = CellStyle(foreground: .border),
        titleStyle: CellStyle? = nil,
        border: BorderStyle = .light
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let glyphs = border.glyphs
        let horizontal = String(repeating: String(glyphs.horizontal), count: rect.width - 2)
        put(String(glyphs.topLeft) + horizontal + String(glyphs.topRight), row: rect.row, column: rect.column, style: style)
        put(String(glyphs.bottomLeft) + horizontal + String(glyphs.bottomRight), row: rect.maxRow - 1, column: rect.column, style: style)
        for row in (rect.row + 1)..<(rect.maxRow - 1) {
            put(String(glyphs.vertical), row: row, column: rect.column, style: style)
            put(String(glyphs.vertical), row: row, column: rect.maxColumn - 1, style: style)
        }
        if let title, !title.isEmpty, rect.width >= 5 {
            let label = " " + DisplayWidth.truncate(title, to: rect.width - 4) + " "
            put(label, row: rect.row, column: rect.column + 1, style: titleStyle ?? style)
        }
    }

    /// The row as plain text: each cell's grapheme in order, continuation
    /// cells adding nothing, trailing spaces kept. "" outside the frame.
    public func text(row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var result = ""
        for column in 0..<columns {
            result += cells[row * columns + column].grapheme
        }
        return result
    }

    /// The cells of this frame that differ from `previous`, in row-major
    /// order, continuation cells left out (drawing a wide head covers them).
    /// When the sizes differ, every head cell is a change.
    public func diff(from previous: ScreenBuffer) -> [CellChange] {
        let sameSize = previous.rows == rows && previous.columns == columns
        var changes: [CellChange] = []
        for index in cells.indices {
            let cell = cells[index]
            guard !cell.isContinuation else { continue }
            if sameSize, previous.cells[index] == cell {
                continue
            }
            changes.append(CellChange(row: index / columns, column: index % columns, cell: cell))
        }
        return changes
    }

    /// Stores `cell` (width 1 or 2) at (`row`, `column`), both inside the
    /// frame and, for a wide cell, `column + 1` too; repairs any wide
    /// cluster it cuts in half.
    private mutating func write(_ cell: Cell, row: Int, column: Int) {
        let index = row * columns + column
        breakWideCluster(at: index, column: column)
        cells[index] = cell
        if cell.width == 2 {
            breakWideCluster(at: index + 1, column: column + 1)
            cells[index + 1] = .continuation(cell.style)
        }
    }

    /// Turns the other half of a wide cluster touching cell `index` into a
    /// space, so the cell can be overwritten alone.
    private mutating func breakWideCluster(at index: Int, column: Int) {
        let cell = cells[index]
        if cell.isContinuation, column > 0 {
            cells[index - 1] = .space(cells[index - 1].style)
        } else if cell.width == 2, column + 1 < columns {
            cells[index + 1] = .space(cells[index + 1].style)
        }
    }
}
