import Foundation
import Testing
import TileditTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `tiledit` binary running under tmux on a temporary copy of a
/// workspace, with `HOME`, `XDG_CONFIG_HOME` and `XDG_STATE_HOME` inside
/// the temporary folder and `TERM=xterm-256color`.
///
/// Everything waits by polling the screen or the disk until a condition
/// holds, with a generous deadline (never a fixed sleep): the screen
/// belongs to another process. The editor's time stands still unless the
/// test moves it (`advanceClock`): it runs on a manual clock driven
/// through a FIFO (`TILEDIT_TEST_CONTROL`), so autosave, the disk check
/// and debounces never race the keys.
final class EditorSession {
    /// Why the session cannot run or a wait gave up.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The binary the tests drive, built by `swift build --build-tests`.
    static var binary: URL { TestSupport.repositoryRoot.appendingPathComponent(".build/debug/tiledit") }

    /// Whether the binary exists; tests record a clear issue when not.
    static var isBinaryBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    static let missingBinaryMessage = "the end-to-end tests drive .build/debug/tiledit; build it first with `swift build --build-tests`"

    /// The workspace copy the editor works on.
    let workspace: URL
    /// The temporary folder holding the workspace, home, config and state.
    let folder: URL
    let width: Int
    let height: Int
    private let tmux: TmuxSession
    private let command: String
    /// Where the shell writes the editor's exit status.
    private let statusFile: URL
    /// The FIFO the editor reads clock commands from.
    let controlFile: URL

    /// Copies `fixture` and starts the editor on `openPath` inside it.
    /// - Throws: `Failure` when the binary is missing; tmux failures.
    init(fixture: URL, openPath: String = ".", width: Int = 120, height: Int = 40, editor: String = "vi") throws {
        guard Self.isBinaryBuilt else { throw Failure(description: Self.missingBinaryMessage) }
        folder = try TestSupport.makeTemporaryFolder("e2e")
        workspace = folder.appendingPathComponent("workspace")
        try FileManager.default.copyItem(at: fixture, to: workspace)
        for name in ["home", "config", "state"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        self.width = width
        self.height = height
        controlFile = folder.appendingPathComponent("control")
        guard mkfifo(controlFile.path, 0o600) == 0 else {
            throw Failure(description: "mkfifo \(controlFile.path) failed: errno \(errno)")
        }
        let environment = [
            "TILEDIT_TEST_CONTROL=\(controlFile.path)",
            "HOME=\(folder.appendingPathComponent("home").path)",
            "XDG_CONFIG_HOME=\(folder.appendingPathComponent("config").path)",
            "XDG_STATE_HOME=\(folder.appendingPathComponent("state").path)",
            "TERM=xterm-256color",
            "EDITOR=\(editor)",
        ]
        // The shell waits for the editor and writes its exit status to a
        // file (tmux's own record of it is not reliable here: it can miss
        // the SIGCHLD, and it draws over the screen when the pane dies).
        statusFile = folder.appendingPathComponent("exit-status")
        command = "cd \(Self.quoted(workspace.path)) && env \(environment.map(Self.quoted).joined(separator: " ")) \(Self.quoted(Self.binary.path)) \(Self.quoted(openPath)); echo $? > \(Self.quoted(statusFile.path))"
        tmux = try TmuxSession(command: command, width: width, height: height)
    }

    deinit {
        tmux.close()
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: Reading

    /// The screen now.
    func capture() throws -> Capture {
        Capture(try tmux.capture(), height: height)
    }

    /// Polls the screen until `condition` holds on a settled screen and
    /// returns that screen. A capture can catch the editor halfway through
    /// drawing a frame (the top redrawn, the status line not yet), so a
    /// screen that meets the condition counts only when a capture a poll
    /// later shows the very same screen.
    /// - Throws: `Failure` naming `what` with the last screen after `timeout`.
    @discardableResult
    func waitUntil(_ what: String, timeout: Duration = .seconds(60), _ condition: (Capture) -> Bool) async throws -> Capture {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var screen = try capture()
        while true {
            let met = condition(screen)
            guard clock.now < deadline else {
                if met { return screen }
                throw Failure(description: "timed out waiting for \(what); the screen was:\n\(screen)")
            }
            try await Task.sleep(for: .milliseconds(40))
            let next = try capture()
            if met && next == screen { return screen }
            screen = next
        }
    }

    /// Polls until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(60)) async throws -> Capture {
        try await waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    // MARK: Time

    /// Moves the editor's clock forward by `duration` (autosave, the disk
    /// check and debounces due by then run). Returns once the command is
    /// written; what it causes shows on screen or on disk, and is waited
    /// for there.
    func advanceClock(by duration: Duration) async throws {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let command = Array("advance \(milliseconds)\n".utf8)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(60))
        while true {
            // Non-blocking: fails (ENXIO) until the editor has the FIFO open.
            let descriptor = open(controlFile.path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 {
                defer { close(descriptor) }
                let written = command.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                guard written == command.count else { throw Failure(description: "the clock command was not written: errno \(errno)") }
                return
            }
            guard clock.now < deadline else { throw Failure(description: "the editor never opened its control FIFO; the screen was:\n\(try capture())") }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    // MARK: Keys

    /// Sends tmux key names (`Enter`, `C-s`, `Up`, `j`).
    func press(_ keys: String...) throws {
        try tmux.sendKeys(keys)
    }

    /// Sends key names given as an array.
    func press(_ keys: [String]) throws {
        guard !keys.isEmpty else { return }
        try tmux.sendKeys(keys)
    }

    /// Pastes `text` with bracketed paste (`tmux paste-buffer -p`).
    func paste(_ text: String) throws {
        try tmux.paste(text)
    }

    /// Clicks the left button at (`row`, `column`), counted from 0, as a
    /// terminal in SGR mouse mode reports it (press, then release).
    func click(row: Int, column: Int) throws {
        try tmux.sendBytes(Array("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m".utf8))
    }

    /// Turns the wheel once at (`row`, `column`), down (toward the user) or up.
    func wheel(down: Bool, row: Int, column: Int) throws {
        try tmux.sendBytes(Array("\u{1B}[<\(down ? 65 : 64);\(column + 1);\(row + 1)M".utf8))
    }

    /// Whether the editor asked the terminal for SGR mouse reports (tmux's
    /// record of the pane's modes).
    func reportsMouse() throws -> Bool {
        try tmux.paneFormat("#{mouse_sgr_flag}") == "1" && tmux.paneFormat("#{mouse_any_flag}") == "1"
    }

    /// From now on, every byte the editor writes to the terminal is appended to the returned file.
    func recordOutput() throws -> URL {
        let file = folder.appendingPathComponent("terminal-output")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        try tmux.recordOutput(to: file)
        return file
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        guard !text.isEmpty else { return }
        try tmux.sendText(text)
    }

    /// Presses Escape and waits until the screen changed and `condition`
    /// holds (the overlay it closes is gone, the field it leaves is
    /// closed), so the next key cannot join the Escape into an Alt
    /// sequence even when the screen changed for another reason first.
    /// - Returns: whether `condition` held within `timeout`.
    @discardableResult
    func escape(timeout: Duration = .seconds(60), until condition: (Capture) -> Bool) async throws -> Bool {
        let before = try capture()
        try press("Escape")
        if (try? await waitUntil("Escape to take effect", timeout: timeout) { $0 != before && condition($0) }) != nil { return true }
        return condition(try capture())
    }

    // MARK: Process

    /// The editor's exit status once it has exited, else `nil`.
    func exitStatus() -> Int32? {
        guard let data = FileManager.default.contents(atPath: statusFile.path) else { return nil }
        return Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the editor process has exited.
    func hasExited() -> Bool { exitStatus() != nil }

    /// The editor's process id: the child of the pane's shell.
    func editorPID() throws -> pid_t? {
        guard let shell = try tmux.panePID() else { return nil }
        let children = "/proc/\(shell)/task/\(shell)/children"
        guard let text = try? String(contentsOfFile: children, encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Sends `signalNumber` to the editor process.
    func send(signal signalNumber: Int32) throws {
        guard let pid = try editorPID() else { throw Failure(description: "the editor's process was not found") }
        guard kill(pid, signalNumber) == 0 else { throw Failure(description: "kill(\(pid), \(signalNumber)) failed: errno \(errno)") }
    }

    /// Polls until the editor exits and returns its status.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(60)) async throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if let status = exitStatus() { return status }
            guard clock.now < deadline else { throw Failure(description: "the editor did not exit; the screen was:\n\(try capture())") }
            try await Task.sleep(for: .milliseconds(40))
        }
    }

    /// Kills the editor (SIGHUP, as when its terminal goes away) and starts
    /// it again on the same workspace.
    func restart() async throws {
        try? FileManager.default.removeItem(at: statusFile)
        try tmux.respawn(command: command)
        try await waitUntilReady()
    }

    /// Polls until the editor has drawn its panes.
    func waitUntilReady() async throws {
        try await waitUntil("the editor to draw") { $0.contains("Documents") && !$0.status.isEmpty }
    }

    // MARK: Disk

    /// The bytes of `path` in the workspace.
    func bytes(_ path: String) throws -> [UInt8] {
        try TestSupport.readFile(workspace.appendingPathComponent(path))
    }

    /// The text of `path` in the workspace.
    func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }
}
