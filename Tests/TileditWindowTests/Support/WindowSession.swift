import Foundation
import TileditTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The real `tiledit-gtk` on a temporary copy of a workspace, in an X
/// display and a D-Bus session of its own (`dbus-run-session -- xvfb-run
/// -a`), read and driven through AT-SPI by `atspi-driver.py`.
///
/// `HOME`, `XDG_CONFIG_HOME` and `XDG_STATE_HOME` point inside the
/// temporary folder. Everything waits on a condition of the accessible
/// tree with a deadline (never a fixed sleep): the window belongs to
/// another process, on a machine that may be busy.
///
/// Tests drive the window with these calls only: `tree()` and `waitUntil`
/// to read it, `press` (an AT-SPI action on a button), `click` (a mouse
/// click on any element, e.g. a list row), `drag` (the mouse pressed on
/// one element and released on another), `setText`, `focus`, `key`
/// (`"ctrl+s"`, `"alt+Down"`), `type`, and `screenshot`; and, from
/// outside the window, `advanceClock` (with `manualClock`), `send(signal:)`
/// and `restart()`.
final class WindowSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The binary the tests drive, built by `swift build --build-tests`.
    static var binary: URL { TestSupport.repositoryRoot.appendingPathComponent(".build/debug/tiledit-gtk") }

    static var driver: URL { TestSupport.repositoryRoot.appendingPathComponent("Tests/TileditWindowTests/Support/atspi-driver.py") }

    /// Where screenshots go: `.build/window-screenshots/`.
    static var screenshotFolder: URL { TestSupport.repositoryRoot.appendingPathComponent(".build/window-screenshots") }

    /// The programs the session needs (scripts/install-deps installs them).
    static let requiredPrograms = ["/usr/bin/python3", "xvfb-run", "Xvfb", "xauth", "dbus-run-session", "xdotool", "import"]

    /// What is missing to run a session, or `nil` when nothing is.
    static var missing: String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let absent = requiredPrograms.filter { program in
            program.hasPrefix("/")
                ? !FileManager.default.isExecutableFile(atPath: program)
                : !path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        }
        if !absent.isEmpty { return "missing \(absent.joined(separator: ", ")) (scripts/install-deps installs them)" }
        let pyatspi = ["/usr/lib/python3/dist-packages/pyatspi", "/usr/lib/python3/site-packages/pyatspi"]
        if !pyatspi.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
            return "Python's pyatspi is missing (Debian's python3-pyatspi; scripts/install-deps installs it)"
        }
        if !FileManager.default.isExecutableFile(atPath: binary.path) {
            return "\(binary.path) is not built (GTK 4 is not installed, or swift build --build-tests was not run)"
        }
        return nil
    }

    /// Whether a session can run here.
    static var isAvailable: Bool { missing == nil }

    /// The workspace copy the window works on.
    let workspace: URL
    /// The temporary folder holding the workspace, home, config, state and the log.
    let folder: URL
    /// The FIFO the window reads clock commands from, with `manualClock`.
    let controlFile: URL?
    /// The launch command, sent again by `restart()`.
    private var launch: [String: Any] = [:]
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = [UInt8]()
    private var closed = false

    /// Copies `fixture` and starts the window on `openPath` inside it.
    /// - Parameter manualClock: the window's time moves only by
    ///   `advanceClock` (`TILEDIT_TEST_CONTROL`), so autosave, the disk
    ///   check and debounces happen when the test says.
    /// - Throws: `Failure` when something is missing or the window does not start.
    init(fixture: URL, openPath: String = ".", manualClock: Bool = false) throws {
        if let missing = Self.missing { throw Failure(description: missing) }
        folder = try TestSupport.makeTemporaryFolder("window")
        controlFile = manualClock ? folder.appendingPathComponent("control") : nil
        if let controlFile, mkfifo(controlFile.path, 0o600) != 0 {
            throw Failure(description: "mkfifo \(controlFile.path) failed: errno \(errno)")
        }
        workspace = folder.appendingPathComponent("workspace")
        try FileManager.default.copyItem(at: fixture, to: workspace)
        for name in ["home", "config", "state"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "dbus-run-session", "--", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24 -nolisten tcp",
            "/usr/bin/python3", Self.driver.path,
        ]
        var environment = ProcessInfo.processInfo.environment
        // GTK's accessibility goes over the session's a11y bus; nothing turns it off.
        environment["GTK_A11Y"] = nil
        environment["NO_AT_BRIDGE"] = nil
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let log = folder.appendingPathComponent("tiledit-gtk.log")
        var variables = [
            "HOME": folder.appendingPathComponent("home").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("home/.cache").path,
            // The default theme, whatever the machine's settings say.
            "GTK_THEME": "Adwaita",
        ]
        if let controlFile { variables["TILEDIT_TEST_CONTROL"] = controlFile.path }
        launch = ["command": "launch", "argv": [Self.binary.path, openPath], "cwd": workspace.path, "log": log.path, "env": variables]
        try send(launch)
    }

    deinit {
        close()
    }

    /// Ends the window and the session (also when a test failed).
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? send(["command": "quit"], timeout: .seconds(20))
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// What the window wrote to its standard output and error.
    var log: String {
        (try? String(contentsOf: folder.appendingPathComponent("tiledit-gtk.log"), encoding: .utf8)) ?? ""
    }

    // MARK: Reading

    /// The window's accessible tree now, or `nil` before it is on the bus.
    func tree() throws -> AccessibleNode? {
        let reply = try send(["command": "tree"], timeout: .seconds(60))
        guard let tree = reply["tree"], !(tree is NSNull) else { return nil }
        let data = try JSONSerialization.data(withJSONObject: tree)
        return try JSONDecoder().decode(AccessibleNode.self, from: data)
    }

    /// Whether the window's process runs, and its exit status once it ended.
    func status() throws -> (running: Bool, exitStatus: Int?) {
        let reply = try send(["command": "status"])
        return (reply["running"] as? Bool ?? false, reply["exit"] as? Int)
    }

    /// Reads the tree until `condition` holds and returns that tree.
    /// - Throws: `Failure` naming `what`, with the last tree and the
    ///   window's log, after `timeout`.
    @discardableResult
    func waitUntil(_ what: String, timeout: Duration = .seconds(90), _ condition: (AccessibleNode) -> Bool) async throws -> AccessibleNode {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var last: AccessibleNode?
        while true {
            if let tree = try tree() {
                if condition(tree) { return tree }
                last = tree
            }
            guard clock.now < deadline else {
                throw Failure(description: "timed out waiting for \(what); the tree was:\n\(last.map(String.init(describing:)) ?? "(not on the bus)")\nlog:\n\(log)")
            }
            if let state = try? status(), !state.running {
                throw Failure(description: "tiledit-gtk ended (status \(state.exitStatus.map(String.init) ?? "?")) while waiting for \(what)\nlog:\n\(log)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Waits until the window's process has ended and returns its exit status.
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let state = try status()
            if !state.running, let code = state.exitStatus { return code }
            guard clock.now < deadline else { throw Failure(description: "tiledit-gtk did not exit\nlog:\n\(log)") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    // MARK: Outside the window

    /// Moves the window's clock forward (with `manualClock`): a line
    /// `advance MILLISECONDS` on its control FIFO.
    func advanceClock(by duration: Duration) async throws {
        guard let controlFile else { throw Failure(description: "the session runs on the real clock") }
        let (seconds, attoseconds) = duration.components
        let command = Array("advance \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)\n".utf8)
        // Read and write: the open never waits for a reader, and the window reads what is queued.
        let descriptor = open(controlFile.path, O_RDWR | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(description: "the control FIFO could not be opened: errno \(errno)") }
        defer { closeDescriptor(descriptor) }
        let written = command.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == command.count else { throw Failure(description: "the clock command was not written: errno \(errno)") }
    }

    /// Sends `signal` (`"TERM"`, `"HUP"`, `"KILL"`) to the window's process.
    func send(signal: String) throws {
        try send(["command": "signal", "signal": signal])
    }

    /// Ends the window as its session going away would (SIGHUP: the
    /// journal is written first), and starts it again on the same
    /// workspace, with the same home, settings and journal.
    func restart() async throws {
        if try status().running {
            try send(signal: "HUP")
            _ = try await waitForExit()
        }
        try send(launch)
    }

    // MARK: Acting

    /// Runs the AT-SPI action `action` ("click") of the element.
    func press(_ locator: Locator, action: String = "click") throws {
        try send(["command": "do", "locator": locator.json, "action": action])
    }

    /// Clicks the middle of the element with the mouse (list rows, which
    /// have no action; an entry, to give it the keyboard focus: GTK 4.8
    /// does not take AT-SPI's `GrabFocus`).
    /// - Parameters:
    ///   - count: 2 for a double click.
    ///   - across: where across the element, from 0 (its start) to 1.
    func click(_ locator: Locator, count: Int = 1, across: Double = 0.5) throws {
        try send(["command": "click", "locator": locator.json, "count": count, "at": across])
    }

    /// Scrolls the scroll pane named `pane` with the mouse wheel until the
    /// element is inside it (to click it where it shows).
    func reveal(_ locator: Locator, in pane: String) throws {
        try send(["command": "reveal", "locator": locator.json, "pane": pane], timeout: .seconds(60))
    }

    /// Presses the mouse on the middle of `locator`'s element, moves it in
    /// steps onto `target`'s and releases it there (a drag and drop).
    func drag(_ locator: Locator, onto target: Locator) throws {
        try send(["command": "drag", "locator": locator.json, "to": target.json], timeout: .seconds(60))
    }

    /// Replaces the text of an editable element.
    func setText(_ locator: Locator, _ text: String) throws {
        try send(["command": "set_text", "locator": locator.json, "text": text])
    }

    /// Gives the element the keyboard focus.
    func focus(_ locator: Locator) throws {
        try send(["command": "focus", "locator": locator.json])
    }

    /// Presses keys as xdotool names them, separated by spaces: `"ctrl+s"`, `"alt+Down Return"`.
    func key(_ keys: String) throws {
        try send(["command": "key", "keys": keys])
    }

    /// Types `text` into the focused element.
    func type(_ text: String) throws {
        try send(["command": "type", "text": text])
    }

    /// Saves the screen as `.build/window-screenshots/<name>.png` and returns its location.
    @discardableResult
    func screenshot(_ name: String) throws -> URL {
        try FileManager.default.createDirectory(at: Self.screenshotFolder, withIntermediateDirectories: true)
        let url = Self.screenshotFolder.appendingPathComponent("\(name).png")
        try send(["command": "screenshot", "path": url.path], timeout: .seconds(60))
        return url
    }

    /// Saves the window alone (not the whole screen) as a PNG at `url`,
    /// with ImageMagick `options` (`["-colors", "128"]`) before the file.
    func screenshotOfWindow(to url: URL, options: [String] = []) throws {
        try send(["command": "screenshot", "path": url.path, "window": true, "options": options], timeout: .seconds(60))
    }

    // MARK: The driver

    @discardableResult
    private func send(_ command: [String: Any], timeout: Duration = .seconds(30)) throws -> [String: Any] {
        let data = try JSONSerialization.data(withJSONObject: command)
        try input.fileHandleForWriting.write(contentsOf: data + Data("\n".utf8))
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let line = try readLine(until: deadline, what: command["command"] as? String ?? "?")
            guard line.hasPrefix("@@atspi ") else { continue }  // a daemon of the session wrote this
            guard let reply = try JSONSerialization.jsonObject(with: Data(line.dropFirst(8).utf8)) as? [String: Any] else {
                throw Failure(description: "the driver answered \(line)")
            }
            guard reply["ok"] as? Bool == true else {
                throw Failure(description: "\(command["command"] ?? "?") failed: \(reply["error"] ?? "?")\nlog:\n\(log)")
            }
            return reply
        }
    }

    /// One line of the driver's output, waiting at most until `deadline`.
    private func readLine(until deadline: ContinuousClock.Instant, what: String) throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let clock = ContinuousClock()
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = clock.now < deadline ? deadline - clock.now : .zero
            guard left > .zero else { throw Failure(description: "the driver did not answer \(what) in time\nlog:\n\(log)") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 60_000))
            guard poll(&poller, 1, max(milliseconds, 1)) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { throw Failure(description: "the driver ended while answering \(what)\nlog:\n\(log)") }
            pending += buffer[..<count]
        }
    }
}

/// `close(2)`, by a name the session's own `close()` does not hide.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

private extension Locator {
    var json: [String: Any] {
        var value: [String: Any] = [:]
        if let role { value["role"] = role }
        if let name { value["name"] = name }
        if let nth { value["nth"] = nth }
        if let within { value["within"] = within }
        return value
    }
}
