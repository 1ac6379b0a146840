/// The one rule for moving a selection through a list by keys: positions
/// stay within the list, and any offset is safe (a page key, "to the end"
/// as a huge offset, `Int.min`) because the sum saturates instead of
/// overflowing.
enum ListPosition {
    /// `index` moved by `offset` and kept within `0..<count`; `nil` for an
    /// empty list. A negative `index` counts as 0.
    static func moved(_ index: Int, by offset: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let (sum, overflow) = Swift.max(0, index).addingReportingOverflow(offset)
        let target = overflow ? (offset < 0 ? Int.min : Int.max) : sum
        return Swift.max(0, Swift.min(count - 1, target))
    }
}
