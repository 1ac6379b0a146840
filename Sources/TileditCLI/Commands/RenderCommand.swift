import TileditModel
import TileditServices

/// `tiledit render`: a Markdown file as HTML (`HTMLRenderer`).
struct RenderCommand: Command {
    static let name = "render"
    static let summary = "Render a Markdown file as an HTML page (or --fragment)"
    static let usage = """
        Usage: tiledit render FILE [-o OUT] [--fragment] [--force]

        Renders a Markdown file as a self-contained HTML page (title, description,
        stylesheet) with its tiles, to standard output or to OUT.

        Options:
          -o, --output OUT  Write to OUT (atomically) instead of standard output;
                            OUT may not be FILE itself, and a file changed on disk
                            while rendering is not overwritten. An existing OUT
                            keeps its links, owner, group, mode and attributes. A
                            character device or FIFO (/dev/null, /dev/stdout, a
                            named pipe) is written into, as a shell's > does, and
                            never replaced; a FIFO no program reads is refused
          --fragment        Only the body's HTML (what goes inside <main>)
          --force           Write OUT even when it is read-only for you
          -h, --help        Show this help

        Exit status: 0 rendered, 2 a usage error or a file that could not be read
        or written.

        """
    static let options = [OptionSpec("--output", "-o", values: ["OUT"]), OptionSpec("--fragment"), OptionSpec("--force")]

    let context: CommandContext

    init(context: CommandContext) {
        self.context = context
    }

    func run(_ arguments: ParsedArguments) async throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give exactly one file") }
        let file = context.file(named: arguments.positionals[0])
        guard file.kind == .markdown else {
            await context.printError("\(file.displayPath): not a Markdown file; render takes Markdown")
            return ExitCode.trouble
        }
        do throws(FileProblem) {
            let opened = try await context.open(file)
            guard case .markdown(let document) = opened.document else { return ExitCode.trouble }
            let renderer = HTMLRenderer()
            let isFragment = arguments.has("--fragment")
            var pieces = renderer.bodyPieces(document)
            guard let output = arguments.value("--output"), output != "-" else {
                // Written as it is made: the page is never all in memory.
                if !isFragment { await context.write(renderer.pageStart(document)) }
                while let piece = pieces.next() { await context.write(piece) }
                if !isFragment { await context.write(HTMLRenderer.pageEnd) }
                return ExitCode.success
            }
            // A file is replaced whole (see `write`): the page is gathered once, as bytes.
            var bytes: [UInt8] = isFragment ? [] : Array(renderer.pageStart(document).utf8)
            while let piece = pieces.next() { bytes.append(contentsOf: piece.utf8) }
            if !isFragment { bytes.append(contentsOf: HTMLRenderer.pageEnd.utf8) }
            try await write(bytes, to: output, input: file, force: arguments.has("--force"))
            return ExitCode.success
        } catch {
            await context.printError(error.message)
            return ExitCode.trouble
        }
    }

    /// Writes through the document store: a new file, or over the file read
    /// just before (so a file changed meanwhile is refused), or into a
    /// character device or FIFO.
    private func write(_ bytes: [UInt8], to path: String, input: InputFile, force: Bool) async throws(FileProblem) {
        let url = context.url(for: path)
        let output = try? context.fileSystem.status(url)
        if let output, output.kind == .file, let read = try? context.fileSystem.status(input.url), read.identity == output.identity {
            throw FileProblem("\(path): is the input file; choose another output")
        }
        if output?.kind == .file { await context.recoverInterruptedSaves(at: [path]) }
        do {
            var expected: FileFingerprint?
            if let status = try context.fileSystem.status(url) {
                switch status.kind {
                case .folder: throw FileProblem("\(path): is a folder; give a file")
                case .file: expected = try await context.documentStore.load(url).fingerprint
                default: break
                }
            }
            let options = SaveOptions(overridesReadOnly: force, writesIntoDevices: true)
            _ = try await context.documentStore.saveWithOptions(url, bytes, expected, options)
        } catch let problem as FileProblem {
            throw problem
        } catch {
            throw FileProblem(error, path: path)
        }
    }
}
