/// A headless subcommand (`tiledit check`, `tiledit fmt`, …).
protocol Command: Sendable {
    /// The word that selects it (`check`).
    static var name: String { get }
    /// One line for `tiledit help`.
    static var summary: String { get }
    /// The text of `tiledit NAME --help`, ending with a line break.
    static var usage: String { get }
    /// The options it accepts (`--help` is added by the tool).
    static var options: [OptionSpec] { get }

    init(context: CommandContext)

    /// Runs with the parsed command line.
    ///
    /// - Returns: the exit status (0 success, 1 the command's "found
    ///   something" result, 2 usage or I/O errors).
    /// - Throws: `UsageError` for arguments the command cannot use.
    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32
}
