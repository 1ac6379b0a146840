import CGtk
import Foundation
import TileditBenchSupport
import TileditFixtures
import TileditViewModels
import TileditWindow

/// The `frame` measurement: a key press in the blocks list (↓ or ↑,
/// alternately, from the middle of the document) until the window's frame
/// that shows it is painted, on the benchmarks' 10 KB and 10 MB documents
/// (`BenchmarkDocuments`), each in a window of its own over the live
/// services (`BenchmarkApp`). Keys go through the X server (xdotool, as a
/// keyboard's do) into GTK, whose list moves its selection, which the
/// blocks list sends to the editor; the time runs from GTK handing the key
/// to the window to the frame clock's `after-paint` (`KeyPressProbe`).
/// The two documents are measured in alternating rounds, so a slow moment
/// of the machine falls on both; the 10 KB figure is the 10 MB one's anchor.
@MainActor
final class WindowFrameBenchmark {
    /// Timed presses per document (`PRESSES`), over `rounds` rounds.
    let presses = Int(ProcessInfo.processInfo.environment["PRESSES"] ?? "") ?? 300
    let rounds = 6
    /// Untimed presses per document before the first round.
    let warmUpPresses = 20
    /// Every frame: within one refresh of a 60 Hz display (milliseconds).
    static let latencyTarget = 16.0
    /// The 10 MB press: at most this many times the 10 KB one.
    static let ratioTarget = 2.0

    private let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("tiledit-gtk-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    private var application: WindowApplication?
    private var windows: [MainWindow] = []
    private var status: Int32 = 0

    /// Writes the documents, opens their windows, measures and prints the
    /// figures, then closes the windows.
    /// - Returns: 0, or 1 when a window did not open or a press was lost.
    func run() -> Int32 {
        let small = folder.appendingPathComponent("small", isDirectory: true)
        let large = folder.appendingPathComponent("large", isDirectory: true)
        do {
            for (place, bytes) in [(small, BenchmarkDocuments.smallBytes), (large, BenchmarkDocuments.largeBytes)] {
                try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
                try Data(BenchmarkDocuments.tiledown(bytes: bytes).utf8).write(to: place.appendingPathComponent("document.md"))
            }
        } catch {
            FileHandle.standardError.write(Data("TileditGtkBench: cannot write the documents: \(error)\n".utf8))
            return 1
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let stateFolder = folder.appendingPathComponent("state", isDirectory: true)
        let application = WindowApplication { BenchmarkApp.make(stateFolder: stateFolder) }
        self.application = application
        application.onOpenedWindow = { [weak self] window in
            guard let self else { return }
            self.windows.append(window)
            if self.windows.count == 1 { Task { await self.measure(small: window, largeDocument: large) } }
        }
        let exit = application.run(path: small.appendingPathComponent("document.md").path, currentDirectory: folder)
        return status != 0 ? status : exit
    }

    private func measure(small smallWindow: MainWindow, largeDocument: URL) async {
        defer { windows.forEach { $0.model.onTappedQuit() } }
        progress("opening the 10 KB document")
        guard await opened(smallWindow) else { return fail("the 10 KB document did not open") }
        progress("opening the 10 MB document")
        application?.openWindow(path: largeDocument.appendingPathComponent("document.md").path, currentDirectory: folder)
        guard windows.count == 2, await opened(windows[1]) else { return fail("the 10 MB document did not open") }
        let probes = [KeyPressProbe(label: "10 KB", window: smallWindow), KeyPressProbe(label: "10 MB", window: windows[1])]
        for probe in probes {
            guard await prepare(probe), await pressKeys(warmUpPresses, in: probe) else { return fail("no frame after a key press in the \(probe.label) window") }
            probe.isRecording = true
        }
        for round in 1...rounds {
            progress("round \(round) of \(rounds)")
            for probe in probes {
                guard await prepare(probe), await pressKeys(presses / rounds, in: probe) else {
                    return fail("no frame after a key press in the \(probe.label) window")
                }
            }
        }
        report(small: probes[0], large: probes[1])
    }

    /// Waits until the window's document is open and its preview rendered.
    private func opened(_ window: MainWindow) async -> Bool {
        await waitUntil(.seconds(300)) {
            (window.model.editor?.blockCount ?? 0) > 0 && window.model.editor?.document.value != nil && !window.model.preview.document.isLoading
        }
    }

    /// Gives the probe's window the keyboard and selects the middle block.
    private func prepare(_ probe: KeyPressProbe) async -> Bool {
        let window = probe.window
        // Without a window manager, presenting a window that is already
        // shown does not give it the keyboard: the X server is asked to.
        let title = window.windowWidget.title
        await Task.detached { KeyPressProbe.xdotool(["search", "--name", "^\(title)$", "windowfocus", "--sync"]) }.value
        guard await waitUntil(.seconds(10), { window.windowWidget.isActive }), let editor = window.model.editor else { return false }
        editor.onMovedSelection(by: editor.blockCount / 2 - (editor.selectedIndex ?? 0))
        progress("\(probe.label): \(editor.blockCount) blocks, block \((editor.selectedIndex ?? 0) + 1) selected")
        // The list scrolls to the selection (and moves its keyboard cursor there) in a frame of its own.
        try? await Task.sleep(for: .milliseconds(100))
        return true
    }

    private func pressKeys(_ count: Int, in probe: KeyPressProbe) async -> Bool {
        for number in 0..<count {
            guard await probe.press(number % 2 == 0 ? "Down" : "Up") else { return false }
        }
        return true
    }

    private func waitUntil(_ limit: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    private func report(small: KeyPressProbe, large: KeyPressProbe) {
        func row(_ probe: KeyPressProbe, anchor: Double?) -> String {
            let median = percentile(probe.latencies, 0.5)
            let ratio = anchor.map { median / $0 }
            let passes = median < Self.latencyTarget && (ratio.map { $0 <= Self.ratioTarget } ?? true)
            let spread = String(format: "%.2f / %.2f / %.2f / %.2f", probe.latencies.min() ?? .nan, percentile(probe.latencies, 0.1), percentile(probe.latencies, 0.9), probe.latencies.max() ?? .nan)
            return "| window frame \(probe.label), key press in the blocks → frame painted | \(probe.latencies.count) | "
                + String(format: "%.2f ms", median) + " | \(spread) ms | " + String(format: "%.2f ms", percentile(probe.handling, 0.5))
                + " | " + String(format: "%.2f ms", percentile(probe.cpuTimes, 0.5))
                + " | " + (ratio.map { String(format: "%.3fx", $0) } ?? "—")
                + " | < 16 ms" + (anchor == nil ? "" : ", ≤ 2x") + " | " + (passes ? "pass" : "FAIL") + " |"
        }
        let smallMedian = percentile(small.latencies, 0.5)
        let renderer = small.window.windowWidget.rendererName ?? "unknown renderer"
        print("Window frame, GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version()), \(renderer), load average \(loadAverage()):")
        print("| figure | presses | median | min / p10 / p90 / max | key → view model (median) | CPU time (median) | ratio to 10 KB | target | result |")
        print("|:---|---:|---:|---:|---:|---:|---:|:---|:---|")
        print(row(small, anchor: nil))
        print(row(large, anchor: smallMedian))
    }

    private func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "unknown"
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("TileditGtkBench: \(message)\n".utf8))
        status = 1
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("frame: \(message)\n".utf8))
    }
}
