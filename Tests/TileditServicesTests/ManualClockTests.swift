import Testing
import TileditServices
import TileditTestSupport

@MainActor
@Suite struct ManualClockTests {
    @Test func sleepersWakeInDeadlineOrderAtTheirDeadlines() async throws {
        let clock = ManualClock()
        var woken: [(String, Duration)] = []
        let tasks = [("three", 3), ("one", 1), ("two", 2), ("one again", 1)].map { name, seconds in
            Task {
                try await clock.sleep(for: .seconds(seconds))
                woken.append((name, clock.now.offset))
            }
        }
        #expect(await clock.waitForSleepers(4))

        await clock.advance(by: .seconds(3))
        for task in tasks { try await task.value }

        #expect(woken.map(\.0) == ["one", "one again", "two", "three"])
        #expect(woken.map(\.1) == [.seconds(1), .seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now.offset == .seconds(3))
    }

    @Test func advancingShortOfTheDeadlineKeepsTheSleeperAsleep() async throws {
        let clock = ManualClock()
        var isAwake = false
        let task = Task {
            try await clock.sleep(for: .milliseconds(300))
            isAwake = true
        }
        await clock.waitForSleepers()

        await clock.advance(by: .milliseconds(299))
        #expect(!isAwake)
        #expect(clock.sleeperCount == 1)

        await clock.advance(by: .milliseconds(1))
        try await task.value
        #expect(isAwake)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleepingTaskThrowsCancellationError() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers()

        task.cancel()
        let result = await task.result

        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .zero)
    }

    @Test func sleepingInACancelledTaskThrowsAtOnce() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aDeadlineAlreadyPassedReturnsWithoutWaiting() async throws {
        let clock = ManualClock()
        await clock.advance(by: .seconds(5))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func aWokenTaskThatSleepsAgainWakesLaterInTheSameAdvance() async throws {
        let clock = ManualClock()
        var ticks: [Duration] = []
        let task = Task {
            for _ in 0..<3 {
                try await clock.sleep(for: .seconds(1))
                ticks.append(clock.now.offset)
            }
        }
        await clock.waitForSleepers()

        await clock.advance(by: .seconds(3))
        try await task.value

        #expect(ticks == [.seconds(1), .seconds(2), .seconds(3)])
    }
}
