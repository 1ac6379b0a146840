/// A command line the command cannot run: an unknown option, a missing or
/// extra argument, a malformed value. Reported on standard error with a
/// pointer to the command's `--help`; the exit status is 2.
struct UsageError: Error, Sendable, Hashable {
    /// One sentence saying what is wrong, e.g. "unknown option `--x`".
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
