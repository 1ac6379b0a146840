import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Edits text in the user's `$EDITOR` (`vi` when unset): writes it to a
/// temporary `.md` file, runs the editor on the terminal through
/// `/bin/sh -c` (so `EDITOR="code --wait"` works), waits for it off the
/// main actor, and reads the file back. The caller gives the editor the
/// terminal first (`Terminal.suspend`, `KeyReader.pause`).
struct ExternalEditor: Sendable {
    /// Why the text could not be edited.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The process environment (`EDITOR`, `PATH`, `TMPDIR`).
    var environment: [String: String]

    /// The editor command.
    var command: String {
        let editor = environment["EDITOR"]?.trimmingCharacters(in: .whitespaces) ?? ""
        return editor.isEmpty ? "vi" : editor
    }

    /// `text` after the user edited it, as the file holds it (the editor's
    /// own line break at the end included; `ExternalEdit` decides about it).
    /// - Throws: `Failure` when the file cannot be written or read, or the
    ///   editor cannot start or exits with a non-zero status.
    func edit(_ text: String) async throws(Failure) -> String {
        let folder = FileManager.default.temporaryDirectory
        let url = folder.appendingPathComponent("tiledit-\(UUID().uuidString.prefix(8)).md")
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw Failure(message: "Could not write \(url.path) for $EDITOR: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let command = command
        let environment = environment
        let status = await Task.detached { Self.run(command: command, path: url.path, environment: environment) }.value
        guard status == 0 else {
            throw Failure(message: status < 0 ? "Could not start \(command)" : "\(command) exited with status \(status); nothing was applied")
        }
        guard let data = try? Data(contentsOf: url) else {
            throw Failure(message: "Could not read back \(url.lastPathComponent); nothing was applied")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `command "$path"` through the shell with default signal
    /// actions and waits for it; its exit status, or -1 when it did not start.
    private static func run(command: String, path: String, environment: [String: String]) -> Int32 {
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
        let arguments = ["/bin/sh", "-c", "\(command) \"$1\"", "tiledit-editor", path]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, &argv, &envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
