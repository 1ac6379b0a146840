import Foundation

/// The current date, as a dependency, for timestamps (conflict copies,
/// trash folders, journal entries, new posts).
///
/// Durations and timers use a Swift `Clock` (`any Clock<Duration>`, live
/// value `ContinuousClock()`), not this client.
public struct DateClient: Sendable {
    /// The current date.
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock's date.
    public static var live: DateClient { DateClient(now: { Date() }) }

    /// Always `date`.
    public static func constant(_ date: Date) -> DateClient { DateClient(now: { date }) }
}
