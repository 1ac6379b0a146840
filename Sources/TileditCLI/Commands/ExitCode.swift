/// The exit statuses of the headless commands.
enum ExitCode {
    /// Done; nothing wrong found.
    static let success: Int32 = 0
    /// The command's verdict is negative: errors found (`check`), files not
    /// canonical (`fmt --check`), an edit refused (`set`).
    static let failure: Int32 = 1
    /// A usage error, or a file that could not be read or written.
    static let trouble: Int32 = 2
}
