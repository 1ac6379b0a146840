/// A rectangle of cells: top-left corner (row, column from 0) and a size in
/// rows and columns. Bounds are half-open: `maxRow` and `maxColumn` are the
/// first row and column outside it.
public struct Rect: Hashable, Sendable {
    /// The top row, from 0.
    public var row: Int
    /// The left column, from 0.
    public var column: Int
    /// Columns covered.
    public var width: Int
    /// Rows covered.
    public var height: Int

    /// A rectangle at (`row`, `column`) of `width` columns by `height` rows;
    /// negative sizes count as 0.
    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The first row below the rectangle.
    public var maxRow: Int { row + height }
    /// The first column right of the rectangle.
    public var maxColumn: Int { column + width }
    /// Whether it covers no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell (`row`, `column`) is inside.
    public func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < maxRow && column >= self.column && column < maxColumn
    }

    /// The cells inside both rectangles (empty, at this origin, when they
    /// do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row)
        let left = max(column, other.column)
        let bottom = min(maxRow, other.maxRow)
        let right = min(maxColumn, other.maxColumn)
        guard bottom > top, right > left else { return Rect(row: row, column: column, width: 0, height: 0) }
        return Rect(row: top, column: left, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by `rows` at top and bottom and `columns` at
    /// left and right (never below an empty size).
    public func inset(rows: Int, columns: Int) -> Rect {
        Rect(row: row + rows, column: column + columns, width: width - 2 * columns, height: height - 2 * rows)
    }

    /// A rectangle of at most `width` × `height` centered in this one (the
    /// odd row or column goes below or right).
    public func centered(width: Int, height: Int) -> Rect {
        let fittedWidth = min(width, self.width)
        let fittedHeight = min(height, self.height)
        return Rect(
            row: row + (self.height - fittedHeight) / 2,
            column: column + (self.width - fittedWidth) / 2,
            width: fittedWidth,
            height: fittedHeight
        )
    }
}
