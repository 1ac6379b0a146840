#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The state below is process-wide because POSIX signal handlers are plain C
// functions that can reach no object. It is written only by
// `TerminalRestoration.install` and `uninstall`, while the handlers that read
// it are not installed, and read only by those handlers; hence
// `nonisolated(unsafe)`. The handlers use only async-signal-safe calls
// (write, tcsetattr, sigaction, raise) on memory prepared in advance.

/// The bytes that put the terminal back: leave bracketed paste, reset
/// attributes, show the cursor, leave keypad mode and the alternate screen.
/// Allocated once at install; never touched by malloc inside a handler.
nonisolated(unsafe) private var restoreBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var restoreByteCount = 0
/// The terminal modes from before the editor started (cooked, echo on).
nonisolated(unsafe) private var shellModes = termios()
nonisolated(unsafe) private var hasShellModes = false
/// The write end of the self-pipe that turns SIGWINCH into a resize event
/// and SIGINT, SIGTERM and SIGHUP into a request to quit (one byte each:
/// the signal's number).
nonisolated(unsafe) private var signalNotificationDescriptor: Int32 = -1
/// The actions the signals had before install, put back by uninstall.
nonisolated(unsafe) private var previousActions: [Int32: sigaction] = [:]

/// Puts the terminal back on exit, on SIGQUIT and on a crash (SIGSEGV,
/// SIGBUS, SIGABRT, SIGFPE, and SIGILL/SIGTRAP, which is how a Swift
/// runtime trap ends a process); turns SIGWINCH into a byte on a pipe that
/// `Terminal.readKey` and `KeyReader` poll (a `.resize` event), and SIGINT,
/// SIGTERM and SIGHUP into a byte on the same pipe (a `.terminate` event),
/// so the editor writes the recovery journal before it quits. A second
/// such signal ends the process at once, the terminal put back.
///
/// The signal handlers do not call `endwin`. The classic compromise is to
/// call it from the handler anyway, though it is not async-signal-safe
/// (it writes through ncurses' buffers and may allocate, so a crash inside
/// ncurses or malloc could deadlock). Instead the handler does by hand what
/// `endwin` does for the tty, with async-signal-safe calls only: it writes
/// the precomputed restore bytes with `write(2)` and puts back the saved
/// terminal modes with `tcsetattr`. Then, since the handler was installed
/// with `SA_RESETHAND | SA_NODEFER`, `raise` delivers the signal again with
/// its default action, so the process still dies of (and reports) the
/// original signal.
enum TerminalRestoration {
    /// Signals that end the process at once: restore, then die of the signal.
    static let terminatingSignals: [Int32] = [SIGQUIT, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP]
    /// Signals that ask the process to end: the run loop is told first.
    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The events the bytes read from the signal pipe stand for: one
    /// `.resize` for any number of SIGWINCH, then a `.terminate` per quit
    /// signal.
    static func events(forSignalBytes bytes: some Sequence<UInt8>) -> [KeyEvent] {
        var resized = false
        var events: [KeyEvent] = []
        for byte in bytes {
            let number = Int32(byte)
            if number == SIGWINCH {
                resized = true
            } else if quitSignals.contains(number) {
                events.append(.terminate(signal: number))
            }
        }
        return (resized ? [.resize] : []) + events
    }

    /// The restore bytes: bracketed paste and mouse reports off, then each terminfo string
    /// given (those that exist) with its `$<…>` padding removed.
    /// - Parameter capabilities: e.g. `sgr0`, `cnorm`, `rmkx`, `rmcup`
    ///   strings as terminfo gives them, `nil` when absent.
    static func restoreSequence(capabilities: [String?]) -> [UInt8] {
        // Bracketed paste and mouse reports off (harmless when they were not on).
        var bytes = Array("\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l".utf8)
        for capability in capabilities {
            guard let capability else { continue }
            bytes += Array(removingPadding(capability).utf8)
        }
        return bytes
    }

    /// `capability` without terminfo delay specifications (`$<5>`, `$<2*/>`).
    static func removingPadding(_ capability: String) -> String {
        var result = ""
        var rest = Substring(capability)
        while let start = rest.firstRange(of: "$<") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else {
                rest = rest[start.lowerBound...]
                break
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Saves the current terminal modes of `descriptor` as the ones to
    /// restore; call before ncurses changes them.
    static func saveShellModes(of descriptor: Int32) -> Bool {
        hasShellModes = tcgetattr(descriptor, &shellModes) == 0
        return hasShellModes
    }

    /// Stores `sequence` for the handlers and installs them; SIGWINCH will
    /// write a byte to `signalDescriptor`.
    static func install(sequence: [UInt8], signalDescriptor: Int32) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, sequence.count))
        buffer.initialize(from: sequence, count: sequence.count)
        restoreBytes = buffer
        restoreByteCount = sequence.count
        signalNotificationDescriptor = signalDescriptor
        for signalNumber in terminatingSignals {
            installRestoreAndReraise(for: signalNumber)
        }
        for signalNumber in quitSignals {
            setHandler(requestQuit, for: signalNumber, flags: 0)
        }
        setHandler(notifyResize, for: SIGWINCH, flags: Int32(truncatingIfNeeded: SA_RESTART))
    }

    /// Puts back the signal actions from before `install` and frees the
    /// handlers' state.
    static func uninstall() {
        for (signalNumber, action) in previousActions {
            var action = action
            sigaction(signalNumber, &action, nil)
        }
        previousActions = [:]
        signalNotificationDescriptor = -1
        restoreByteCount = 0
        restoreBytes?.deallocate()
        restoreBytes = nil
    }

    /// Writes the restore bytes to standard output and puts back the saved
    /// terminal modes. Async-signal-safe.
    static func restoreFromSignal() {
        if let bytes = restoreBytes, restoreByteCount > 0 {
            _ = write(STDOUT_FILENO, bytes, restoreByteCount)
        }
        if hasShellModes {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &shellModes)
        }
    }

    /// Makes `signalNumber` restore the terminal and end the process (its
    /// default action). Async-signal-safe (`sigaction`).
    static func installRestoreAndReraise(for signalNumber: Int32) {
        setHandler(restoreAndReraise, for: signalNumber, flags: Int32(truncatingIfNeeded: SA_RESETHAND) | Int32(truncatingIfNeeded: SA_NODEFER))
    }

    fileprivate static func setHandler(_ handler: @convention(c) (Int32) -> Void, for signalNumber: Int32, flags: Int32) {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        var previous = sigaction()
        if sigaction(signalNumber, &action, &previous) == 0, previousActions[signalNumber] == nil {
            previousActions[signalNumber] = previous
        }
    }
}

/// Handler of the terminating signals: restore, then die of the signal.
private func restoreAndReraise(_ signalNumber: Int32) {
    TerminalRestoration.restoreFromSignal()
    raise(signalNumber)
}

/// Handler of SIGWINCH: one byte on the self-pipe, errno preserved.
private func notifyResize(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    if signalNotificationDescriptor >= 0 {
        _ = write(signalNotificationDescriptor, &byte, 1)
    }
    errno = savedErrno
}

/// Handler of SIGINT, SIGTERM and SIGHUP: the signal's number on the
/// self-pipe, so the run loop writes the journal and quits; the next such
/// signal restores the terminal and ends the process at once. Uses only
/// `write` and `sigaction`; errno preserved.
private func requestQuit(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    if signalNotificationDescriptor >= 0 {
        _ = write(signalNotificationDescriptor, &byte, 1)
    }
    TerminalRestoration.installRestoreAndReraise(for: signalNumber)
    errno = savedErrno
}
