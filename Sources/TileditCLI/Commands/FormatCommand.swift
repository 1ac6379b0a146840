import TileditModel

/// `tiledit fmt`: Markdown files in Tiledown's canonical form
/// (`CanonicalFormatter`).
struct FormatCommand: Command {
    static let name = "fmt"
    static let summary = "Format Markdown files in canonical form (print, --check or --write)"
    static let usage = """
        Usage: tiledit fmt FILE
               tiledit fmt --check PATH... [--verbose]
               tiledit fmt --write PATH... [--verbose] [--force]

        Formats Markdown files in Tiledown's canonical form: tiles as :::tile with
        properties in canonical order, ATX headings, - bullets, fenced code, one
        final line break; everything else as written. Blocks with errors are left
        as written. YAML files are left alone (one that cannot be read or is
        not UTF-8 is named, and the status is 2). A folder is searched like a
        workspace (hidden files and build folders skipped).

        Without an option, prints the formatted text of one file.

        Options:
          --check        Print a unified diff for each file that is not canonical
          --write        Rewrite each file that is not canonical, atomically, keeping
                         its links, owner, group, mode and extended attributes; a
                         file changed or deleted on disk since it was read is not
                         written (nor created again); what interrupted saves left
                         in the folders given is dealt with first
          --force        With --write: also rewrite files that are read-only for you
          --verbose      Also name the YAML files skipped (on standard error)
          -h, --help     Show this help

        Exit status: 0 done (--check: every file is canonical), 1 --check found a
        file that is not canonical, 2 a usage error or a file that could not be
        read or written.

        """
    static let options = [OptionSpec("--check"), OptionSpec("--write"), OptionSpec("--verbose"), OptionSpec("--force")]

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        let checks = arguments.has("--check")
        let writes = arguments.has("--write")
        guard !(checks && writes) else { throw UsageError("use --check or --write, not both") }
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one file or folder") }
        guard !arguments.has("--force") || writes else { throw UsageError("--force goes with --write") }
        guard checks || writes else { return try await printFormatted(arguments.positionals) }
        if writes { await context.recoverInterruptedSaves(at: arguments.positionals) }

        let (files, problems) = await context.collectFiles(arguments.positionals)
        var status = problems.isEmpty ? ExitCode.success : ExitCode.trouble
        for problem in problems { await context.printError(problem.message) }
        var differs = false
        for file in files {
            guard file.kind == .markdown else {
                // Left alone, but read: a YAML file that cannot be read or is not UTF-8 is named as check names it.
                do {
                    _ = try await context.load(file)
                } catch {
                    await context.printError(error.message)
                    status = ExitCode.trouble
                    continue
                }
                if arguments.has("--verbose") { await context.printError("\(file.displayPath): skipped (not Markdown)") }
                continue
            }
            do {
                let opened = try await context.open(file)
                guard case .markdown(let document) = opened.document else { continue }
                let formatted = CanonicalFormatter().format(document)
                guard formatted != opened.loaded.bytes else { continue }
                if checks {
                    differs = true
                    await context.write(UnifiedDiff.render(old: opened.loaded.bytes, new: formatted, path: file.displayPath))
                } else {
                    try await context.save(formatted, over: opened, force: arguments.has("--force"))
                    await context.printError("formatted \(file.displayPath)")
                }
            } catch {
                await context.printError(error.message)
                status = ExitCode.trouble
            }
        }
        if status == ExitCode.success && differs { status = ExitCode.failure }
        return status
    }

    /// Prints the formatted text of the one Markdown file named.
    private func printFormatted(_ paths: [String]) async throws(UsageError) -> Int32 {
        guard paths.count == 1 else { throw UsageError("without --check or --write, give exactly one file") }
        let file = context.file(named: paths[0])
        guard file.kind == .markdown else {
            await context.printError("\(file.displayPath): not a Markdown file; fmt formats Markdown only")
            return ExitCode.trouble
        }
        do {
            let opened = try await context.open(file)
            guard case .markdown(let document) = opened.document else { return ExitCode.trouble }
            await context.write(String(decoding: CanonicalFormatter().format(document), as: UTF8.self))
            return ExitCode.success
        } catch {
            await context.printError(error.message)
            return ExitCode.trouble
        }
    }
}
