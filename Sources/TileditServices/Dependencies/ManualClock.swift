import Synchronization

/// A `Clock` whose time moves only when told to (`advance(by:)`), so
/// debounces, autosave and the disk check are tested without sleeping or
/// racing: unit tests advance it by hand, and the end-to-end tests drive
/// the editor's own through its test control (ARCHITECTURE.md, "Testing").
///
/// `sleep(until:)` suspends until time reaches the deadline; sleepers wake in
/// deadline order (equal deadlines in the order they went to sleep), and each
/// sees `now` equal to its deadline. Cancelling a sleeping task wakes it with
/// `CancellationError`. Thread-safe: the state sits behind a `Mutex`.
public final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: the duration since the clock started.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        public func duration(to other: Instant) -> Duration { other.offset - offset }

        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var order: Int
        /// The sleeping task's hash value, which equals the hash value of
        /// its `Task` handle (both hash the same task object).
        var taskHash: Int?
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextOrder = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before their continuation was stored.
        var cancelled: Set<Int> = []
    }

    private let state: Mutex<State>

    /// A clock whose time starts at `now` (zero by default).
    public init(now: Instant = Instant(offset: .zero)) {
        state = Mutex(State(now: now))
    }

    /// The current time; moves only through `advance`.
    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Whether `task` is asleep on the clock: lets a test await a task's
    /// value only when the task will finish without more time passing.
    public func isAsleep<Success, Failure>(_ task: Task<Success, Failure>) -> Bool {
        let hash = task.hashValue
        return state.withLock { $0.sleepers.values.contains { $0.taskHash == hash } }
    }

    /// Suspends until time reaches `deadline` (returns at once when it
    /// has); throws `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let taskHash = withUnsafeCurrentTask { $0?.hashValue }
        let order = state.withLock { state in
            defer { state.nextOrder += 1 }
            return state.nextOrder
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, cancel }
                let outcome: Outcome = state.withLock { state in
                    if state.cancelled.remove(order) != nil { return .cancel }
                    if deadline <= state.now { return .wake }
                    state.sleepers[order] = Sleeper(deadline: deadline, order: order, taskHash: taskHash, continuation: continuation)
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
                if let sleeper = state.sleepers.removeValue(forKey: order) { return sleeper.continuation }
                state.cancelled.insert(order)
                return nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline
    /// it passes, earliest first. After each wake-up the calling task yields
    /// so the woken task can run (and go back to sleep) before later
    /// deadlines are handled. The yields happen on the caller's actor, so
    /// tasks woken onto that actor (a `@MainActor` test's tasks) run in
    /// deadline order before time moves on.
    public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) async {
        let target = state.withLock { $0.now.advanced(by: duration) }
        await advance(to: target, isolation: isolation)
    }

    /// Moves time forward to `target` (see `advance(by:)`); no effect when
    /// `target` is not after `now`.
    public func advance(to target: Instant, isolation: isolated (any Actor)? = #isolation) async {
        while true {
            let due: Sleeper? = state.withLock { state in
                let next = state.sleepers.values
                    .filter { $0.deadline <= target }
                    .min { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
                if let next {
                    state.sleepers[next.order] = nil
                    if state.now < next.deadline { state.now = next.deadline }
                } else if state.now < target {
                    state.now = target
                }
                return next
            }
            guard let due else { return }
            due.continuation.resume()
            for _ in 0..<20 { await Task.yield() }
        }
    }

    /// Yields until `count` tasks are asleep on the clock (or gives up after
    /// many yields, returning `false`): lets a test wait for the code under
    /// test to reach its `sleep` without sleeping itself.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        for _ in 0..<10_000 {
            if sleeperCount >= count { return true }
            await Task.yield()
        }
        return sleeperCount >= count
    }
}
