/// The terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
    /// Rows (lines).
    public var rows: Int
    /// Columns.
    public var columns: Int

    /// A size of `rows` × `columns`.
    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}
