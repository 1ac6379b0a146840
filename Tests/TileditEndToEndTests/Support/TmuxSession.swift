import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command in a detached tmux session of a fixed size, sends it keys
/// and reads its screen: the end-to-end tests' window on the terminal UI.
///
/// Each session runs on its own tmux server (a private socket, `-S`), with
/// no status line (the pane is the whole `width` × `height`), `TERM` set to
/// `screen-256color` inside, and `remain-on-exit` on, so the last screen of
/// a command that exited can still be read. `close()` (also run by
/// `deinit`) kills that server and removes its socket.
final class TmuxSession {
    /// Why a tmux step failed.
    enum Failure: Error, CustomStringConvertible {
        /// `tmux` is not on `PATH`.
        case tmuxNotInstalled
        /// A tmux command exited with a non-zero status.
        case commandFailed(arguments: [String], status: Int32, output: String)
        /// `waitFor` gave up; the screen as last captured.
        case timedOut(waitingFor: String, screen: String)

        var description: String {
            switch self {
            case .tmuxNotInstalled:
                "tmux is not installed"
            case .commandFailed(let arguments, let status, let output):
                "tmux \(arguments.joined(separator: " ")) exited with \(status): \(output)"
            case .timedOut(let text, let screen):
                "timed out waiting for \"\(text)\"; the screen was:\n\(screen)"
            }
        }
    }

    /// The `tmux` executable on `PATH`, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("tmux")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }()

    /// Whether tmux is installed (tests use it in `.enabled(if:)`).
    static var isAvailable: Bool { executable != nil }

    /// The session's name (also the name of its server's socket file).
    let name: String
    /// Columns of the pane.
    let width: Int
    /// Rows of the pane.
    let height: Int

    private let tmux: URL
    private let configuration: URL
    private let socket: URL
    private var isClosed = false

    /// Starts `command` (run by the shell) in a new detached session.
    /// - Parameters:
    ///   - command: a shell command line.
    ///   - width: pane columns.
    ///   - height: pane rows.
    ///   - environment: variables set for the command (`-e NAME=VALUE`).
    /// - Throws: `Failure.tmuxNotInstalled`, or `.commandFailed` when tmux
    ///   cannot start the session.
    init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        guard let tmux = Self.executable else { throw Failure.tmuxNotInstalled }
        self.tmux = tmux
        self.width = width
        self.height = height
        name = "tiledit-e2e-\(UUID().uuidString.prefix(8).lowercased())"
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).conf")
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sock")
        let settings = [
            "set -g status off",
            "set -g remain-on-exit on",
            "set -g default-terminal screen-256color",
            "set -g escape-time 0",
        ]
        try settings.joined(separator: "\n").appending("\n").write(to: configuration, atomically: true, encoding: .utf8)
        var arguments = ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height)]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(key)=\(value)"]
        }
        arguments.append(command)
        do {
            try run(arguments)
        } catch {
            try? FileManager.default.removeItem(at: configuration)
            isClosed = true
            throw error
        }
    }

    deinit {
        close()
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-c`, `M-b`, `Up`, `F5`,
    /// or plain characters), in order.
    func sendKeys(_ keys: String...) throws {
        try sendKeys(keys)
    }

    /// Sends tmux key names given as an array.
    func sendKeys(_ keys: [String]) throws {
        try run(["send-keys", "-t", name] + keys)
    }

    /// Types `text` literally (`send-keys -l`), key names not interpreted.
    func sendText(_ text: String) throws {
        try run(["send-keys", "-t", name, "-l", text])
    }

    /// Sends `bytes` to the pane as they are (`send-keys -H`), as a
    /// terminal sends a mouse report.
    func sendBytes(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try run(["send-keys", "-t", name, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Pastes `text` as a terminal does with bracketed paste on
    /// (`paste-buffer -p`: between `ESC [200~` and `ESC [201~`, each LF
    /// sent as CR).
    func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "tiledit-e2e", "--", text])
        try run(["paste-buffer", "-p", "-d", "-b", "tiledit-e2e", "-t", name])
    }

    /// Appends everything the pane's program writes from now on to `file`
    /// (`pipe-pane -O`), to read the bytes that reached the terminal.
    func recordOutput(to file: URL) throws {
        try run(["pipe-pane", "-O", "-t", name, "cat >> '\(file.path)'"])
    }

    /// A tmux format of the pane, e.g. `#{mouse_sgr_flag}`.
    func paneFormat(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's visible text, one line per row (as `capture-pane -p`
    /// gives it: trailing spaces trimmed, wide characters once).
    func capture() throws -> String {
        try run(["capture-pane", "-p", "-t", name])
    }

    /// Captures the pane until it contains `text`, with a short pause
    /// between captures, and returns that screen.
    ///
    /// Polling is the one place a test waits on the clock, because the
    /// screen belongs to another process; `timeout` bounds it.
    /// - Throws: `Failure.timedOut` with the last screen when `timeout`
    ///   passes first; tmux failures as `.commandFailed`.
    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(60)) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var screen = try capture()
        while !screen.contains(text) {
            guard clock.now < deadline else {
                throw Failure.timedOut(waitingFor: text, screen: screen)
            }
            try await Task.sleep(for: .milliseconds(50))
            screen = try capture()
        }
        return screen
    }

    /// The process id of the pane's command (the shell running it).
    func panePID() throws -> pid_t? {
        pid_t(try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Kills the command running in the pane (tmux sends it SIGHUP) and
    /// starts `command` in its place, as a crash and a restart would.
    func respawn(command: String) throws {
        try run(["respawn-pane", "-k", "-t", name, command])
    }

    /// Kills the session's tmux server and removes its socket and
    /// configuration files.
    /// Safe to call more than once.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: configuration)
        try? FileManager.default.removeItem(at: socket)
    }

    /// Runs `tmux -S SOCKET -f CONFIG ARGUMENTS…`, waits for it and returns
    /// its standard output and error.
    ///
    /// Spawned with `posix_spawn`, output to a temporary file: the tmux
    /// server that `new-session` starts keeps every descriptor it inherits,
    /// so neither reading a pipe to its end nor Foundation's `Process`
    /// (which waits for its monitoring socket to close) would ever return.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let status = try Self.spawnAndWait(
            executable: tmux.path,
            arguments: ["tmux", "-S", socket.path, "-f", configuration.path] + arguments,
            outputPath: outputFile.path
        )
        let text = (try? Data(contentsOf: outputFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard status == 0 else {
            throw Failure.commandFailed(arguments: arguments, status: status, output: text)
        }
        return text
    }

    /// Runs `executable` with `arguments` (including the program name), no
    /// signal blocked and every signal at its default action, standard input
    /// from /dev/null and output and error to `outputPath`,
    /// and returns its exit status (128 + the signal when a signal ended it).
    private static func spawnAndWait(executable: String, arguments: [String], outputPath: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        // The test runner's threads block most signals and spawned processes
        // inherit that mask; a tmux server with SIGTERM/SIGHUP blocked, and
        // pane commands with SIGHUP blocked, would outlive kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptySet = sigset_t()
        sigemptyset(&emptySet)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptySet)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            throw Failure.commandFailed(arguments: arguments, status: -1, output: "posix_spawn failed: \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw Failure.commandFailed(arguments: arguments, status: -1, output: "waitpid failed: \(errno)")
            }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
