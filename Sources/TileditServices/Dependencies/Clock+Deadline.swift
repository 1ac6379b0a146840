extension Clock where Duration == Swift.Duration {
    /// A sleep that ends `delay` after now, the deadline fixed when this is
    /// called rather than when the sleep starts: a task that starts late
    /// (a busy machine, a manual clock moved before it ran) still wakes at
    /// the time it was scheduled for.
    ///
    /// - Returns: a closure that sleeps until the deadline and throws
    ///   `CancellationError` when its task is cancelled.
    public func sleeper(for delay: Duration) -> @Sendable () async throws -> Void {
        let deadline = now.advanced(by: delay)
        return { try await self.sleep(until: deadline, tolerance: nil) }
    }
}
