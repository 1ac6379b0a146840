import TileditModel

/// `tiledit check`: the diagnostics of Markdown and YAML files. Writes nothing.
struct CheckCommand: Command {
    static let name = "check"
    static let summary = "Report problems in Markdown and YAML files (path:line:col: severity: message)"
    static let usage = """
        Usage: tiledit check PATH... [--format text|json] [--info]

        Reports the diagnostics of Markdown (.md, .markdown) and YAML (.yml, .yaml)
        files. A folder is searched like a workspace: hidden files, build folders
        (node_modules, dist, _site, build) and linked folders are skipped. A file
        named directly is read as Markdown unless it ends in .yml or .yaml. Markdown
        front matter is read as Tiledown's flat profile inside a folder tree with
        tiledown.yml, as YAML elsewhere; tiledown.yml itself is read as flat
        key: value lines. Nothing is written.

        Options:
          --format text|json  text (default): one line per diagnostic,
                              path:line:column: error|warning: message, sorted by
                              path and position; json: {"files": [{"path",
                              "diagnostics": [{"line", "column", "severity", "code",
                              "message", "fix"?}]}], "errors", "warnings"}
          --json              Same as --format json
          --info              Also report notes (severity info)
          -h, --help          Show this help

        Exit status: 0 no errors (warnings allowed), 1 errors found, 2 a usage error
        or a file that could not be read (reported on standard error; the other
        files are still checked).

        """
    static let options = [OptionSpec("--format", values: ["text|json"]), OptionSpec("--json"), OptionSpec("--info")]

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one file or folder") }
        let format = arguments.value("--format") ?? (arguments.has("--json") ? "json" : "text")
        guard format == "text" || format == "json" else { throw UsageError("`--format` is text or json, not `\(format)`") }
        let includesInfo = arguments.has("--info")

        let (files, problems) = await context.collectFiles(arguments.positionals)
        var status = problems.isEmpty ? ExitCode.success : ExitCode.trouble
        for problem in problems { await context.printError(problem.message) }

        var reports: [JSONValue] = []
        var errors = 0
        var warnings = 0
        for file in files {
            let opened: OpenedFile
            do {
                opened = try await context.open(file)
            } catch {
                await context.printError(error.message)
                status = ExitCode.trouble
                continue
            }
            let diagnostics = Self.ordered(opened.document.diagnostics.filter { includesInfo || $0.severity != .info })
            errors += diagnostics.filter { $0.severity == .error }.count
            warnings += diagnostics.filter { $0.severity == .warning }.count
            if format == "json" {
                reports.append(.object([
                    ("path", .string(file.displayPath)),
                    ("diagnostics", .array(diagnostics.map(DocumentJSON.diagnostic))),
                ]))
            } else {
                for diagnostic in diagnostics {
                    await context.printLine(Self.line(for: diagnostic, path: file.displayPath))
                }
            }
        }
        if format == "json" {
            let summary = JSONValue.object([
                ("files", .array(reports)),
                ("errors", .number(errors)),
                ("warnings", .number(warnings)),
            ])
            await context.write(summary.serialized() + "\n")
        }
        if status == ExitCode.success && errors > 0 { status = ExitCode.failure }
        return status
    }

    /// `path:line:column: severity: message`.
    static func line(for diagnostic: Diagnostic, path: String) -> String {
        "\(path):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
    }

    /// By position; diagnostics at the same position keep their order.
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
