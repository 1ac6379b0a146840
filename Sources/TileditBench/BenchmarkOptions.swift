/// The command line of `tiledit-bench`.
struct BenchmarkOptions: Sendable, Equatable {
    /// What the invocation asks for.
    enum Mode: Sendable, Equatable {
        /// Measure every figure and print the report.
        case run
        /// Print the usage text.
        case help
        /// Child process of the memory figure: open the file at the path
        /// and print the peak resident memory it took.
        case memoryProbe(path: String)
        /// Child process of the editor's memory figure: open the app on the
        /// file at the path and print the peak resident memory it took.
        case editorMemoryProbe(path: String)
        /// Write the search figure's generated workspace to the folder and
        /// stop (to time `tiledit search` by hand against other tools).
        case writeSearchWorkspace(path: String)
        /// Build the search index of the folder `runs` times, one core
        /// count after another, printing each time (to profile the build
        /// alone, under `perf record` or callgrind).
        case profileIndex(path: String, runs: Int)
        /// Write a generated document of `bytes` (the 10 MB Tiledown
        /// document the figures measure by default; YAML when the path
        /// ends in `.yaml`) to the path and stop (to time `tiledit FILE` or
        /// a command by hand).
        case writeDocument(path: String, bytes: Int)
    }

    var mode: Mode = .run
    /// Fewer repetitions and no 10 MB inputs (a smoke test).
    var isQuick = false
    /// Print a Markdown section for BENCHMARKS.md instead of the plain table.
    var printsMarkdown = false
    /// Measure only the groups with these titles (`open`, `linearity`, `search`, `lsp`, …);
    /// every group when empty.
    var onlyGroups: Set<String> = []

    /// A command-line mistake, with the message to print.
    struct UsageError: Error, Sendable {
        var message: String
    }

    static let usage = """
        Usage: swift run -c release tiledit-bench [--quick] [--markdown] [--only GROUP]...

        Measures Tiledit against anchors timed in the same run: opening
        generated Tiledown documents (against cmark-gfm parsing the same
        bytes), parsing generated YAML (against libyaml's event parser), one
        tile-property edit (10 MB against 10 KB), the peak memory of an
        open 10 MB document (against its size), indexing a workspace of
        10,000 documents (against reading the same files), search queries,
        opening the index again from its cache, the one-shot
        `tiledit search` (against `rg -li` and `grep -rli`; needs the
        release `tiledit` built beside this executable), the terminal
        editor's frame after a keystroke (10 MB against 10 KB), `tiledit
        FILE` on a 10 MB document to its first frame and peak memory
        (against the open figure and the file's size), `tiledit DIR` on the
        10,000 documents to its first frame with the list (in a
        pseudo-terminal, against an empty folder), the peak memory of
        `tiledit check`, `render` and `json` on 100 MB of Tiledown and 17.7 MB
        of YAML (against the input's size), the language
        server's keystroke to published diagnostics (10 MB against 10 KB),
        and inputs that once took quadratic time at a size and twice that
        size (linearity). Prints each figure, the anchor, their ratio, the
        target and whether it is met.

        Options:
          --quick      fewer repetitions, no 10 MB inputs (so the targets,
                       stated for 10 MB, are not checked); for smoke tests
          --markdown   print a Markdown section for BENCHMARKS.md (machine,
                       date, table) instead of the plain table
          --only GROUP measure only this group (open, yaml, edit, memory,
                       linearity, files, commands, search, frame, editor,
                       folder, lsp); may be repeated
          --write-search-workspace FOLDER
                       write the search figures' 10,000-document workspace
                       into FOLDER and stop
          --write-document FILE [BYTES]
                       write the generated Tiledown document of BYTES
                       (10 MB: the figures' input) to FILE, YAML when FILE
                       ends in .yaml, and stop
          --profile-index FOLDER [RUNS]
                       build the search index of FOLDER RUNS times (10 by
                       default) beside reading its files, printing each
                       time: the build alone, to profile
          --help       print this text

        Progress goes to standard error; the report to standard output.
        Build with -c release: debug builds are many times slower.
        """

    /// Reads `arguments` (without the program name).
    ///
    /// - Throws: `UsageError` for an unknown flag or a missing path.
    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": isQuick = true
            case "--markdown": printsMarkdown = true
            case "--only":
                guard let group = remaining.popFirst() else { throw UsageError(message: "--only needs a group name") }
                onlyGroups.insert(group)
            case "--help", "-h": mode = .help
            case "--memory-probe":
                guard let path = remaining.popFirst() else { throw UsageError(message: "--memory-probe needs a file path") }
                mode = .memoryProbe(path: path)
            case "--editor-memory-probe":
                guard let path = remaining.popFirst() else { throw UsageError(message: "--editor-memory-probe needs a file path") }
                mode = .editorMemoryProbe(path: path)
            case "--write-search-workspace":
                guard let path = remaining.popFirst() else { throw UsageError(message: "--write-search-workspace needs a folder path") }
                mode = .writeSearchWorkspace(path: path)
            case "--write-document":
                guard let path = remaining.popFirst() else { throw UsageError(message: "--write-document needs a file path") }
                var bytes = BenchmarkCorpus.Size.megabytes10.bytes
                if let text = remaining.first, let count = Int(text) {
                    guard count > 0 else { throw UsageError(message: "--write-document takes a positive size") }
                    bytes = count
                    remaining = remaining.dropFirst()
                }
                mode = .writeDocument(path: path, bytes: bytes)
            case "--profile-index":
                guard let path = remaining.popFirst() else { throw UsageError(message: "--profile-index needs a folder path") }
                var runs = 10
                if let text = remaining.first, let count = Int(text) {
                    guard count > 0 else { throw UsageError(message: "--profile-index takes a positive number of runs") }
                    runs = count
                    remaining = remaining.dropFirst()
                }
                mode = .profileIndex(path: path, runs: runs)
            default:
                throw UsageError(message: "unknown option `\(argument)`; see --help")
            }
        }
    }
}
