import TileditModel

/// A GFM table at a width: columns aligned as the delimiter row says,
/// separated by ` │ `, a `─┼─` rule under the header, cells wrapped when
/// the table is wider than the width (the widest columns give way first).
enum TableLayout {
    static func lines(of table: StyledTable, width: Int) -> [StyledLine] {
        let columnCount = table.alignments.count
        guard columnCount > 0, !table.rows.isEmpty else { return [] }
        var natural = [Int](repeating: 1, count: columnCount)
        for row in table.rows {
            for (column, runs) in row.prefix(columnCount).enumerated() {
                natural[column] = Swift.max(natural[column], runs.reduce(0) { $0 + DisplayWidth.of($1.text) })
            }
        }
        let columnWidths = fit(natural, into: width - 3 * (columnCount - 1))
        let separator = StyledLine(" │ ", .muted)
        var result: [StyledLine] = []
        for (rowIndex, row) in table.rows.enumerated() {
            let wrapped: [[StyledLine]] = (0..<columnCount).map { column in
                var wrapper = LineWrapper(width: columnWidths[column])
                wrapper.append(ContentLayout.styled(column < row.count ? row[column] : []))
                return wrapper.finish()
            }
            let height = Swift.max(1, wrapped.map(\.count).max() ?? 1)
            for lineIndex in 0..<height {
                var line = StyledLine()
                for column in 0..<columnCount {
                    if column > 0 { line.append(contentsOf: separator) }
                    let cell = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : StyledLine()
                    let spare = Swift.max(0, columnWidths[column] - cell.displayWidth)
                    let before: Int
                    switch table.alignments[column] {
                    case .left: before = 0
                    case .center: before = spare / 2
                    case .right: before = spare
                    }
                    line.append(String(repeating: " ", count: before))
                    line.append(contentsOf: cell)
                    line.append(String(repeating: " ", count: spare - before))
                }
                result.append(line)
            }
            if rowIndex == 0 && table.hasHeader {
                let rule = columnWidths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
                result.append(StyledLine(rule, .muted))
            }
        }
        return result
    }

    /// Column widths no wider than `natural` whose sum fits `available`
    /// (when it can with one column each): the widest columns give way
    /// first, to a common cap.
    static func fit(_ natural: [Int], into available: Int) -> [Int] {
        guard natural.reduce(0, +) > available else { return natural }
        var low = 1
        var high = natural.max() ?? 1
        // The largest cap whose capped sum fits.
        while low < high {
            let middle = (low + high + 1) / 2
            if natural.reduce(0, { $0 + Swift.min($1, middle) }) <= available { low = middle } else { high = middle - 1 }
        }
        return natural.map { Swift.min($0, low) }
    }
}
