/// Prefix sums over an array of non-negative integers with O(log n) point
/// updates and queries (a binary indexed tree). Used for block offsets and
/// line numbers, so an edit that changes one block's length costs O(log n)
/// instead of shifting every later block.
struct FenwickTree: Sendable, Equatable {
    private var tree: [Int]

    /// Builds the tree over `values` in O(n).
    init(_ values: [Int]) {
        tree = [0] + values
        var index = 1
        while index < tree.count {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
            index += 1
        }
    }

    var count: Int { tree.count - 1 }

    /// Adds `delta` to the value at `index` (0-based).
    mutating func add(_ delta: Int, at index: Int) {
        var position = index + 1
        while position < tree.count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// Sum of the first `count` values.
    func prefixSum(_ count: Int) -> Int {
        var position = count
        var sum = 0
        while position > 0 {
            sum += tree[position]
            position -= position & -position
        }
        return sum
    }

    /// The index `i` whose span `[prefixSum(i), prefixSum(i + 1))` contains
    /// `target`, or `count` when `target` is at or past the total.
    /// Values must be non-negative; zero-length spans are skipped.
    func index(containing target: Int) -> Int {
        var position = 0
        var remaining = target
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count && tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }
}
