import CGtk
import Foundation
import Observation
import TileditGtk

// The `main-loop` measurement: how Swift's main actor and GLib's main
// loop share the main thread (`MainQueueSource`), for each way of
// draining the main queue:
// - latency from a main-actor change made from another thread to the
//   label that observes it (text set), and to the frame that shows it
//   (the frame clock's `after-paint`);
// - the CPU time and loop wake-ups of an idle window.

@Observable @MainActor
final class Counter {
    var value = 0
}

/// One label observing a counter, timing each change to its render and frame.
@MainActor
final class Probe {
    let counter = Counter()
    let label = Label("0")
    /// When the change now being shown was asked for (uptime nanoseconds).
    var pendingStart: UInt64?
    var awaitingFrame: UInt64?
    var renderLatencies: [Double] = []
    var frameLatencies: [Double] = []
    let painted = DispatchSemaphore(value: 0)

    func observe() {
        withObservationTracking {
            label.text = "\(counter.value)"
            if let start = pendingStart {
                renderLatencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                awaitingFrame = start
                pendingStart = nil
            }
        } onChange: { [weak self] in
            Task { @MainActor in self?.observe() }
        }
    }

    func framePainted() {
        guard let start = awaitingFrame else { return }
        frameLatencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        awaitingFrame = nil
        painted.signal()
    }
}

struct Phase: Sendable {
    var name: String
    var strategy: MainQueueSource.Strategy
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
}

func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
}

/// The drain and the window of the measurement, on the main actor.
@MainActor
final class Held {
    var source: MainQueueSource?
    var window: ApplicationWindow?
}

/// Runs the main-loop measurement and prints its table.
/// - Returns: the application's exit status.
@MainActor
func runMainLoopBenchmark() -> Int32 {
    let samples = Int(ProcessInfo.processInfo.environment["SAMPLES"] ?? "") ?? 200
    let idleSeconds = Int(ProcessInfo.processInfo.environment["IDLE_SECONDS"] ?? "") ?? 10
    let phases = [
        Phase(name: "wake-up source (eventfd)", strategy: .wakeup),
        Phase(name: "timeout every 10 ms", strategy: .polling(milliseconds: 10)),
        Phase(name: "timeout every 16 ms", strategy: .polling(milliseconds: 16)),
    ]

    let application = Application()
    let held = Held()

    application.onActivate {
        // Widgets exist only once GTK is initialized (the application's startup).
        let probe = Probe()
        let shown = ApplicationWindow(application: application)
        shown.title = "main loop"
        shown.setDefaultSize(width: 320, height: 120)
        shown.setChild(probe.label)
        shown.present()
        held.window = shown
        probe.label.onFramePainted { probe.framePainted() }
        probe.observe()
        held.source = MainQueueSource(phases[0].strategy)
        // The producer runs on its own thread, as a service's result or a timer would.
        Thread.detachNewThread {
            var lines = ["| drain | change → label (median / p90 / max) | change → frame (median / p90 / max) | idle CPU | idle wake-ups |", "|:--|--:|--:|--:|--:|"]
            for (number, phase) in phases.enumerated() {
                if number > 0 {
                    let switched = DispatchSemaphore(value: 0)
                    Task { @MainActor in
                        held.source?.stop()
                        held.source = MainQueueSource(phase.strategy)
                        switched.signal()
                    }
                    // The old source still drains this request; the new one takes over.
                    switched.wait()
                }
                Task { @MainActor in
                    probe.renderLatencies = []
                    probe.frameLatencies = []
                }
                Thread.sleep(forTimeInterval: 0.5)
                for value in 1...samples {
                    let start = DispatchTime.now().uptimeNanoseconds
                    Task { @MainActor in
                        probe.pendingStart = start
                        probe.counter.value = value
                    }
                    _ = probe.painted.wait(timeout: .now() + 2)
                    // Out of step with any timer: 0–20 ms between changes.
                    Thread.sleep(forTimeInterval: Double.random(in: 0...0.02))
                }
                let before = DispatchSemaphore(value: 0)
                nonisolated(unsafe) var idleStart = (cpu: 0.0, drains: 0)
                Task { @MainActor in
                    idleStart = (cpuMilliseconds(), held.source?.drains ?? 0)
                    before.signal()
                }
                before.wait()
                Thread.sleep(forTimeInterval: Double(idleSeconds))
                let after = DispatchSemaphore(value: 0)
                nonisolated(unsafe) var line = ""
                Task { @MainActor in
                    let cpu = cpuMilliseconds() - idleStart.cpu
                    let drains = (held.source?.drains ?? 0) - idleStart.drains
                    let render = probe.renderLatencies
                    let frame = probe.frameLatencies
                    func figures(_ values: [Double]) -> String {
                        String(format: "%.2f / %.2f / %.2f ms", percentile(values, 0.5), percentile(values, 0.9), values.max() ?? .nan)
                    }
                    line = "| \(phase.name) | \(figures(render)) | \(figures(frame)) | \(String(format: "%.1f", cpu / Double(idleSeconds))) ms/s | \(String(format: "%.1f", Double(drains) / Double(idleSeconds)))/s |"
                    after.signal()
                }
                after.wait()
                lines.append(line)
            }
            Task { @MainActor in
                print("Main loop and main actor, \(samples) changes per row, \(idleSeconds) s idle (GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())):")
                print(lines.joined(separator: "\n"))
                held.window?.destroy()
                application.quit()
            }
        }
    }
    return application.run()
}
