/// The periodic comparison of the open document with the file on disk
/// (ARCHITECTURE.md, "Tasks"): the work of a task its owner stores.
enum DiskCheck {
    /// Work that runs `check` every `interval` on `clock`, first after one
    /// interval, until its task is cancelled.
    static func every(
        _ interval: Duration, on clock: any Clock<Duration>, check: @escaping @Sendable () async -> Void
    ) -> @Sendable () async -> Void {
        let first = clock.sleeper(for: interval)
        return {
            var wait = first
            while !Task.isCancelled {
                do { try await wait() } catch { return }
                await check()
                wait = clock.sleeper(for: interval)
            }
        }
    }
}
