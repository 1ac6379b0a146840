/// A cell to draw because it differs from the previous frame. Rows and
/// columns count from 0; a wide cell covers `column` and `column + 1`.
public struct CellChange: Hashable, Sendable {
    /// The row, from 0.
    public var row: Int
    /// The column, from 0.
    public var column: Int
    /// What to draw there.
    public var cell: Cell

    /// A change at (`row`, `column`) to `cell`.
    public init(row: Int, column: Int, cell: Cell) {
        self.row = row
        self.column = column
        self.cell = cell
    }
}
