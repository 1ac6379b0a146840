import Foundation
import Testing
import TileditTestSupport

/// The real `tiledit` binary running under tmux on a temporary copy of a
/// workspace, with `HOME`, `XDG_CONFIG_HOME` and `XDG_STATE_HOME` inside
/// the temporary folder and `TERM=xterm-256color`.
///
/// Everything waits by polling the screen with a timeout (never a fixed
/// sleep): the screen belongs to another process.
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
        let environment = [
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

    /// Polls the screen until `condition` holds and returns that screen.
    /// - Throws: `Failure` naming `what` with the last screen after `timeout`.
    @discardableResult
    func waitUntil(_ what: String, timeout: Duration = .seconds(10), _ condition: (Capture) -> Bool) async throws -> Capture {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var screen = try capture()
        while !condition(screen) {
            guard clock.now < deadline else {
                throw Failure(description: "timed out waiting for \(what); the screen was:\n\(screen)")
            }
            try await Task.sleep(for: .milliseconds(40))
            screen = try capture()
        }
        return screen
    }

    /// Polls until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws -> Capture {
        try await waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Polls until two captures in a row are the same (the editor drew
    /// everything the last keys asked for), at most `timeout`.
    @discardableResult
    func settle(timeout: Duration = .seconds(3)) async throws -> Capture {
        var previous = try capture()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            try await Task.sleep(for: .milliseconds(60))
            let next = try capture()
            if next == previous { return next }
            previous = next
        }
        return previous
    }

    /// Lets `duration` of real time pass while watching the screen (the
    /// binary runs on the real clock: autosave, the journal, debounces).
    func letTimePass(_ duration: Duration) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: duration)
        while clock.now < deadline {
            _ = try capture()
            try await Task.sleep(for: min(.milliseconds(100), clock.now.duration(to: deadline)))
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

    /// Types `text` literally.
    func type(_ text: String) throws {
        guard !text.isEmpty else { return }
        try tmux.sendText(text)
    }

    /// Presses Escape and waits until the screen changes (so the next key
    /// cannot join the Escape into an Alt sequence); gives up quietly after
    /// `timeout` when Escape changed nothing.
    func escape(timeout: Duration = .seconds(2)) async throws {
        let before = try capture()
        try press("Escape")
        _ = try? await waitUntil("Escape to take effect", timeout: timeout) { $0 != before }
    }

    /// Presses Escape and waits until the screen changed and `condition`
    /// holds (the overlay it closes is gone, the field it leaves is
    /// closed), so the next key cannot join the Escape into an Alt
    /// sequence even when the screen changed for another reason first.
    /// - Returns: whether `condition` held within `timeout`.
    @discardableResult
    func escape(timeout: Duration = .seconds(2), until condition: (Capture) -> Bool) async throws -> Bool {
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

    /// Polls until the editor exits and returns its status.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
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
