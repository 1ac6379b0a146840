import Foundation
import Observation
import TileditGtk
import TileditViewModels
import TileditWindow

/// Times key presses in one window, from the moment GTK hands the key to
/// the window (a key controller in the capture phase, the first to see
/// it) to the end of the first frame painted after the view model's
/// selection changed (the frame clock's `after-paint`). The drained
/// main-actor jobs run before GTK's redraw (`MainQueueSource`), so that
/// frame shows every pane's answer to the change.
@MainActor
final class KeyPressProbe {
    /// The document's size, as the report names it.
    let label: String
    let window: MainWindow
    /// Key arrival to frame painted, in milliseconds, one per press.
    private(set) var latencies: [Double] = []
    /// Key arrival to the view model's selection change, in milliseconds.
    private(set) var handling: [Double] = []
    /// CPU time of the whole process from key arrival to frame painted,
    /// in milliseconds (what the press cost, apart from waiting for a core
    /// on a busy machine).
    private(set) var cpuTimes: [Double] = []
    private var keyArrived: UInt64?
    private var cpuAtKey = 0.0
    private var selectionChanged: UInt64?
    private var waiting: CheckedContinuation<Bool, Never>?
    /// Counts presses, so a press's timeout ends that press only.
    private var pressNumber = 0
    /// Whether presses are timed now (warm-up presses are not).
    var isRecording = false

    init(label: String, window: MainWindow) {
        self.label = label
        self.window = window
        let keys = KeyController()
        keys.setCapturesFirst()
        keys.onKeyPressed { [weak self] _, _ in
            if let self, self.keyArrived == nil {
                self.keyArrived = DispatchTime.now().uptimeNanoseconds
                self.cpuAtKey = cpuMilliseconds()
            }
            return false
        }
        window.windowWidget.addController(keys)
        window.windowWidget.onFramePainted { [weak self] in self?.painted() }
        observeSelection()
    }

    private func observeSelection() {
        withObservationTracking {
            _ = window.model.editor?.selection
        } onChange: { [weak self] in
            // Called on the main actor, as the change is made.
            MainActor.assumeIsolated {
                guard let self, self.keyArrived != nil, self.selectionChanged == nil else { return }
                self.selectionChanged = DispatchTime.now().uptimeNanoseconds
            }
            Task { @MainActor in self?.observeSelection() }
        }
    }

    private func painted() {
        guard let start = keyArrived, let changed = selectionChanged, let waiting else { return }
        let end = DispatchTime.now().uptimeNanoseconds
        if isRecording {
            latencies.append(Double(end - start) / 1e6)
            handling.append(Double(changed - start) / 1e6)
            cpuTimes.append(cpuMilliseconds() - cpuAtKey)
        }
        self.waiting = nil
        waiting.resume(returning: true)
    }

    /// Presses `key` (as xdotool names it) through the X server, as a
    /// keyboard does, and waits for the frame that shows its change.
    /// - Returns: `false` when no such frame came within `timeout`.
    func press(_ key: String, timeout: Duration = .seconds(10)) async -> Bool {
        keyArrived = nil
        selectionChanged = nil
        pressNumber += 1
        let number = pressNumber
        return await withCheckedContinuation { continuation in
            waiting = continuation
            Task.detached { Self.xdotool(["key", key]) }
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: timeout)
                guard let self, self.pressNumber == number, let waiting = self.waiting else { return }
                self.waiting = nil
                waiting.resume(returning: false)
            }
        }
    }

    /// Runs xdotool with `arguments` and waits for it to end.
    nonisolated static func xdotool(_ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdotool"] + arguments
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            FileHandle.standardError.write(Data("TileditGtkBench: xdotool did not run: \(error)\n".utf8))
        }
    }
}
