/// How side-by-side columns share a width: each fixed column has a base
/// width and a wanted width (what its content needs, capped); the last
/// column takes the rest and keeps at least its minimum. Columns start at
/// their base; the width left above every base and the last column's
/// minimum goes to the fixed columns up to what they want (shared in
/// proportion to what each still wants when it is not enough); the rest
/// is the last column's. A pure rule with no terminal in it.
public struct ColumnSplit: Hashable, Sendable {
    /// One fixed column.
    public struct Column: Hashable, Sendable {
        /// The width it gets at least (when the total allows).
        public var base: Int
        /// The width its content needs, already capped by its maximum;
        /// below `base` it counts as `base`.
        public var wanted: Int

        /// A column of `base` columns wanting `wanted`.
        public init(base: Int, wanted: Int) {
            self.base = base
            self.wanted = wanted
        }
    }

    /// The fixed columns, left to right.
    public var columns: [Column]
    /// The width the last column keeps before the fixed ones grow.
    public var lastMinimum: Int

    /// A split of `columns`, the last column keeping `lastMinimum`.
    public init(columns: [Column], lastMinimum: Int) {
        self.columns = columns
        self.lastMinimum = lastMinimum
    }

    /// The fixed columns' widths in `total` columns (the last column's is
    /// what they leave). Any input is safe: negative sizes count as 0.
    public func widths(total: Int) -> [Int] {
        let bases = columns.map { Swift.max(0, $0.base) }
        let needs = columns.map { Swift.max(0, $0.wanted - Swift.max(0, $0.base)) }
        let baseSum = bases.reduce(0) { $0 &+ $1 }
        let extra = Swift.max(0, Swift.max(0, total) - baseSum - Swift.max(0, lastMinimum))
        let needSum = needs.reduce(0) { $0 &+ $1 }
        guard extra > 0, needSum > 0 else { return bases }
        if needSum <= extra { return zip(bases, needs).map { $0 + $1 } }
        // Not enough for all: shares in proportion to the needs; the
        // rounding's remainder goes to the first columns still short.
        var given = needs.map { Int((Double($0) * Double(extra) / Double(needSum)).rounded(.down)) }
        var left = extra - given.reduce(0, +)
        for index in given.indices where left > 0 && given[index] < needs[index] {
            given[index] += 1
            left -= 1
        }
        return zip(bases, given).map { $0 + $1 }
    }
}
