import TileditServices

/// `tiledit search`: full-text search over a content folder (`SearchScan`).
struct SearchCommand: Command {
    static let name = "search"
    static let summary = "Search a content folder (words, \"phrases\", tag:, type:, draft:)"
    static let usage = """
        Usage: tiledit search ROOT QUERY... [--limit N]

        Searches the Markdown and YAML files of the folder ROOT and prints one
        result per line, best first: path:line: title — snippet (path relative to
        ROOT). Nothing is printed when nothing matches. Several QUERY arguments
        are joined with spaces.

        QUERY:

        """ + SearchSyntax.forms.map { "  \($0.example.padding(12))\($0.meaning)\n" }.joined() + """

        Options:
          --limit N   At most N results (default 100)
          -h, --help  Show this help

        Exit status: 0 searched (also with no results), 2 a usage error, a folder
        that could not be read, or a file that could not be read as text (each
        named on standard error; the other files are still searched).

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
        let text = arguments.positionals.dropFirst().joined(separator: " ")
        let query = SearchQuery(parsing: text)
        guard query.problems.isEmpty else {
            throw UsageError("the query `\(text)` cannot be read: " + query.problems.joined(separator: "; "))
        }
        guard !query.isEmpty else {
            throw UsageError("the query `\(text)` has no word to search for: search finds words, CJK text, \"phrases\" and tag:, type:, draft: filters")
        }
        let outcome: SearchScan.Outcome
        do {
            outcome = try await SearchScan.run(root: context.url(for: root), query: query, limit: limit, fileSystem: context.fileSystem)
        } catch {
            await context.printError(FileProblem(error, path: root).message)
            return ExitCode.trouble
        }
        for file in outcome.unreadableFiles {
            let path = InputFile.displayPath(folder: root, relativePath: file.path)
            await context.printError(FileProblem(DocumentStoreError.content(path: path, file.problem), path: path).message)
        }
        for folder in outcome.unreadableFolders {
            await context.printError("\(InputFile.displayPath(folder: root, relativePath: folder)): folder cannot be listed")
        }
        for result in outcome.results {
            await context.printLine("\(result.path):\(result.line): \(result.title) — \(result.snippet)")
        }
        return outcome.unreadableFiles.isEmpty && outcome.unreadableFolders.isEmpty ? ExitCode.success : ExitCode.trouble
    }
}

extension String {
    /// The text with spaces after it up to `width` characters (at least one).
    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: Swift.max(1, width - count))
    }
}
