/// Times code the way every figure of the benchmark is timed: a few
/// warm-up runs that are not counted, then `repetitions` timed runs on a
/// monotonic clock (`ContinuousClock`), reporting the median.
struct Benchmark: Sendable {
    /// Untimed runs before the timed ones (caches, allocator, page faults).
    var warmUps: Int
    /// Timed runs; the median of them is the figure.
    var repetitions: Int

    private let clock = ContinuousClock()

    init(warmUps: Int, repetitions: Int) {
        self.warmUps = Swift.max(0, warmUps)
        self.repetitions = Swift.max(1, repetitions)
    }

    /// The median time of `body`.
    ///
    /// - Parameter body: the code to time; it gets the run number (warm-ups
    ///   first, from 0) so each run can work on different input. Its result
    ///   is kept so the optimizer cannot drop the work, and released after
    ///   the clock stops.
    func median<Result>(_ body: (_ run: Int) throws -> Result) rethrows -> Duration {
        for run in 0..<warmUps { keep(try body(run)) }
        var samples: [Duration] = []
        samples.reserveCapacity(repetitions)
        for run in warmUps..<(warmUps + repetitions) {
            let start = clock.now
            let result = try body(run)
            samples.append(clock.now - start)
            keep(result)
        }
        return Self.median(of: samples)
    }

    /// The median times of our code and of the anchor it is compared with,
    /// run alternately (ours, anchor, ours, …) so a slow moment of the
    /// machine falls on both sides alike. Results are released after their
    /// clock stops, as in `median`.
    func compare<Ours, Anchor>(ours: () throws -> Ours, anchor: () throws -> Anchor) rethrows -> (ours: Duration, anchor: Duration) {
        for _ in 0..<warmUps {
            keep(try ours())
            keep(try anchor())
        }
        var oursSamples: [Duration] = []
        var anchorSamples: [Duration] = []
        for _ in 0..<repetitions {
            // Each result is released at the end of its own scope: after its
            // clock stops, before the other side's clock starts.
            do {
                let start = clock.now
                let result = try ours()
                oursSamples.append(clock.now - start)
                keep(result)
            }
            do {
                let start = clock.now
                let result = try anchor()
                anchorSamples.append(clock.now - start)
                keep(result)
            }
        }
        return (Self.median(of: oursSamples), Self.median(of: anchorSamples))
    }

    /// The middle sample (the mean of the two middle ones for an even count).
    static func median(of samples: [Duration]) -> Duration {
        guard !samples.isEmpty else { return .zero }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Hands a value to code the optimizer cannot see through, so work whose
/// result is otherwise unused is not removed.
@inline(never)
func keep<Value>(_ value: Value) {
    withExtendedLifetime(value) {}
}
