import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets an end-to-end test drive an editor's time, so that autosave, the
/// periodic disk check and debounces happen when the test says and never
/// race its keys or clicks (ARCHITECTURE.md, "Testing"). Both executables
/// (the terminal editor and the window) use it the same way.
///
/// With `TILEDIT_TEST_CONTROL` set to the path of a FIFO, the editor runs
/// on a `ManualClock`; each line `advance MILLISECONDS` written to the FIFO
/// moves that clock forward, in order. Nothing else reads the variable.
public enum ClockControl {
    /// The environment variable holding the FIFO's path.
    public static let variable = "TILEDIT_TEST_CONTROL"

    /// The editor's clock: the real one, or, when `environment` sets
    /// `TILEDIT_TEST_CONTROL`, a manual one moved by the lines of that FIFO.
    @MainActor
    public static func clock(environment: [String: String]) -> any Clock<Duration> {
        guard let path = environment[variable], !path.isEmpty else { return ContinuousClock() }
        let clock = ManualClock()
        start(path: path, clock: clock)
        return clock
    }

    /// Starts reading commands from the FIFO at `path` on a thread of its
    /// own, applying them to `clock` on the main actor, one after another.
    @MainActor
    static func start(path: String, clock: ManualClock) {
        let (commands, continuation) = AsyncStream<Duration>.makeStream()
        let thread = Thread {
            // Read and write: the FIFO never reports end of file between writers.
            let descriptor = open(path, O_RDWR)
            guard descriptor >= 0 else { return continuation.finish() }
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += buffer[..<count]
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    let words = line.split(separator: " ")
                    if words.count == 2, words[0] == "advance", let milliseconds = Int(words[1]) {
                        continuation.yield(.milliseconds(milliseconds))
                    }
                }
            }
            continuation.finish()
        }
        thread.name = "tiledit.test-control"
        thread.start()
        Task { @MainActor in
            for await duration in commands { await clock.advance(by: duration) }
        }
    }
}
