import TileditServices

/// `tiledit search`: full-text search over a content folder (`SearchIndex`).
struct SearchCommand: Command {
    static let name = "search"
    static let summary = "Search a content folder (words, \"phrases\", tag:, type:, draft:)"
    static let usage = """
        Usage: tiledit search ROOT QUERY... [--limit N]

        Searches the Markdown and YAML files of the folder ROOT and prints one
        result per line, best first: path:line: title — snippet (path relative to
        ROOT). Nothing is printed when nothing matches.

        QUERY: words (all must match, case ignored), "a phrase" (its words in that
        order), tag:NAME, type:TILETYPE (documents with such a tile),
        draft:true|false. Several QUERY arguments are joined with spaces.

        Options:
          --limit N   At most N results (default 100)
          -h, --help  Show this help

        Exit status: 0 searched (also with no results), 2 a usage error or a
        folder that could not be read.

        """
    static let options = [OptionSpec("--limit", values: ["N"])]

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard arguments.positionals.count >= 2 else { throw UsageError("give a folder and a query") }
        var limit = 100
        if let text = arguments.value("--limit") {
            guard let value = Int(text), value > 0 else { throw UsageError("`--limit` takes a positive number, not `\(text)`") }
            limit = value
        }
        let root = arguments.positionals[0]
        let query = arguments.positionals.dropFirst().joined(separator: " ")
        let index: SearchIndex
        do {
            index = try await SearchIndex.build(root: context.url(for: root), fileSystem: context.fileSystem, onlyFor: SearchQuery(parsing: query))
        } catch {
            await context.printError(FileProblem(error, path: root).message)
            return ExitCode.trouble
        }
        for result in index.search(query, limit: limit) {
            await context.printLine("\(result.path):\(result.line): \(result.title) — \(result.snippet)")
        }
        return ExitCode.success
    }
}
