/// Runs work on many items with at most a fixed number of child tasks at once.
package enum BoundedConcurrency {
    /// `transform` applied to every item, with at most `limit` running at
    /// once; results in no particular order.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], limit: Int, _ transform: @escaping @Sendable (Item) -> Result
    ) async -> [Result] {
        await withTaskGroup(of: Result.self) { group in
            var results: [Result] = []
            results.reserveCapacity(items.count)
            var next = 0
            // Start `limit` tasks, then one more as each finishes.
            while next < items.count && next < Swift.max(1, limit) {
                let item = items[next]
                group.addTask { transform(item) }
                next += 1
            }
            while let result = await group.next() {
                results.append(result)
                if next < items.count && !Task.isCancelled {
                    let item = items[next]
                    group.addTask { transform(item) }
                    next += 1
                }
            }
            return results
        }
    }
}
