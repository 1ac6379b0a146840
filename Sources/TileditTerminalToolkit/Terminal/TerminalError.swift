/// Why the terminal could not be started.
public enum TerminalError: Error, Hashable, Sendable {
    /// Standard input or output is not a terminal (piped, redirected, or
    /// run without a tty), so the full-screen editor cannot run.
    case notATerminal
    /// ncurses could not set up the terminal type named (the `TERM`
    /// variable is unset or names a type with no terminfo entry).
    case unknownTerminalType(String)
    /// A system call failed; the call's name and `errno`.
    case systemCall(String, errno: Int32)

    /// A sentence a user can act on.
    public var message: String {
        switch self {
        case .notATerminal:
            "tiledit needs a terminal: standard input and output must not be redirected."
        case .unknownTerminalType(let name):
            name.isEmpty
                ? "The TERM variable is not set; set it to your terminal's type (for example xterm-256color)."
                : "The terminal type \"\(name)\" is unknown; set TERM to a type with a terminfo entry (for example xterm-256color)."
        case .systemCall(let call, let code):
            "The terminal could not be set up: \(call) failed (errno \(code))."
        }
    }
}
