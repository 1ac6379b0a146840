/// A position on the screen: row and column, both from 0.
public struct ScreenPosition: Hashable, Sendable {
    /// The row, from 0 at the top.
    public var row: Int
    /// The column, from 0 at the left.
    public var column: Int

    /// The position (`row`, `column`).
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
