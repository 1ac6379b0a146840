import Foundation
import TileditModel
import TileditServices

/// Tiledit's headless commands: `check`, `fmt`, `json`, `render`, `set`,
/// `search`, `help`, and `--help`/`--version`.
///
/// Paths in arguments are read relative to the working directory and
/// printed as given. Results go to standard output, problems to standard
/// error, through the injected `TextOutput`. Exit statuses: 0 success, 1 the
/// command's negative verdict (errors found, files not canonical, an edit
/// refused), 2 usage errors and files that could not be read or written.
///
/// ```swift
/// let status = await CommandLineTool(environment: ProcessInfo.processInfo.environment)
///     .run(["check", "content"])
/// ```
public struct CommandLineTool: Sendable {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The words that select a headless command (everything else is a path
    /// for the editor): the subcommands and `--help`, `-h`, `--version`.
    public static let commandWords: Set<String> = Set(commands.map { $0.name } + ["help", "--help", "-h", "--version"])

    private static let commands: [any Command.Type] = [
        CheckCommand.self, FormatCommand.self, JSONCommand.self, RenderCommand.self, SetCommand.self, SearchCommand.self,
    ]

    private let context: CommandContext

    /// Whether `arguments` (without the program name) ask for a headless
    /// command, i.e. the first one is in `commandWords`.
    public static func handles(_ arguments: [String]) -> Bool {
        arguments.first.map(commandWords.contains) ?? false
    }

    /// A tool over the given dependencies.
    ///
    /// - Parameters:
    ///   - environment: the process environment (`HOME`, `XDG_STATE_HOME`
    ///     for the document store's journal folder, which the commands never write).
    ///   - workingDirectory: where relative paths start; the process's
    ///     current folder when `nil`.
    ///   - fileSystem: file operations for discovery, reads and the dialect rule.
    ///   - documentStore: loads and saves files; the live store over
    ///     `fileSystem` when `nil`.
    ///   - output: where standard output and standard error go.
    public init(
        environment: [String: String],
        workingDirectory: URL? = nil,
        fileSystem: FileSystem = .live,
        documentStore: DocumentStore? = nil,
        output: TextOutput = .standard
    ) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        let store = documentStore ?? .live(
            fileSystem: fileSystem, journalFolder: UserFolders.journalFolder(environment: environment, homeFolder: home))
        context = CommandContext(
            workingDirectory: workingDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            fileSystem: fileSystem, documentStore: store,
            workspaceClient: .live(fileSystem: fileSystem), output: output)
    }

    /// Runs the command named by `arguments[0]` with the rest.
    ///
    /// - Parameter arguments: the command line without the program name.
    /// - Returns: the exit status (0, 1 or 2, see the type's notes).
    public func run(_ arguments: [String]) async -> Int32 {
        guard let name = arguments.first else {
            await context.write(Self.overview)
            return ExitCode.success
        }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "--version":
            await context.printLine("tiledit \(Self.version)")
            return ExitCode.success
        case "help", "--help", "-h":
            return await help(rest)
        default:
            guard let command = Self.commands.first(where: { $0.name == name }) else {
                await context.printError("tiledit: unknown command `\(name)`; run 'tiledit help' for the commands")
                return ExitCode.trouble
            }
            return await run(command, rest)
        }
    }

    private func run(_ command: any Command.Type, _ arguments: [String]) async -> Int32 {
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(arguments, options: command.options + [.help])
            if parsed.has(OptionSpec.help.name) {
                await context.write(command.usage)
                return ExitCode.success
            }
            return try await command.init(context: context).run(parsed)
        } catch {
            await context.printError("tiledit \(command.name): \(error.message)")
            await context.printError("Run 'tiledit \(command.name) --help' for usage.")
            return ExitCode.trouble
        }
    }

    private func help(_ arguments: [String]) async -> Int32 {
        guard let topic = arguments.first else {
            await context.write(Self.overview)
            return ExitCode.success
        }
        guard let command = Self.commands.first(where: { $0.name == topic }) else {
            await context.printError("tiledit help: unknown command `\(topic)`; run 'tiledit help' for the commands")
            return ExitCode.trouble
        }
        await context.write(command.usage)
        return ExitCode.success
    }

    /// The text of `tiledit help`.
    static var overview: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let lines = commands.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary
        }
        return """
            tiledit \(version): edit Tiledown Markdown and YAML content

            Usage: tiledit [PATH]             Open the terminal editor on a folder or a file
                   tiledit COMMAND ARGS...    Run a headless command

            Commands:
            \(lines.joined(separator: "\n"))
              lsp     Serve the Language Server Protocol on standard input and output (tiledit lsp --help)
              help    Show this help, or a command's help: tiledit help COMMAND

            Options:
              -h, --help  Show this help
              --version   Print the version

            Run 'tiledit COMMAND --help' for a command's arguments and exit status.

            """
    }
}
