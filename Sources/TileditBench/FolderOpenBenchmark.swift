import Foundation

/// `tiledit DIR` on the 10,000-document search workspace (1,000 with
/// `--quick`), measured as a user starts it: the release `tiledit`
/// executable beside this one runs in a pseudo-terminal of 120 × 40
/// (`LINES`, `COLUMNS`), with its state, settings and cache folders in a
/// temporary folder, and the time is taken from starting the process until
/// the terminal receives the first frame with the document list (the
/// count in its title, `Documents · N ·`, drawn once the folder is
/// listed). Then `q`
/// quits it. The first run writes the search index's cache; each timed
/// run waits for the process to end, so the runs do not overlap.
///
/// The anchor is the same process with `tiledit DIR` on an empty folder:
/// the start of the executable and the terminal, with no documents.
struct FolderOpenBenchmark: MainActorBenchmarkGroup {
    let title = "folder"
    /// The first frame with the list within 300 ms.
    static let target = Figure.Target.durationBelow(.milliseconds(300))
    /// The terminal's size.
    static let rows = 40
    static let columns = 120

    /// The editor did not show the list in time, or could not be run.
    struct RunError: Error, CustomStringConvertible {
        var description: String
    }

    func run(in context: BenchmarkContext) async throws -> [Figure] {
        guard let tool = SearchBenchmark.siblingExecutable(named: "tiledit") else {
            context.progress("folder: no tiledit executable beside this one; build it (swift build -c release --product tiledit) for this figure")
            return []
        }
        let count = context.isQuick ? SearchBenchmark.quickDocumentCount : SearchBenchmark.documentCount
        let root = context.corpus.folder.appendingPathComponent("folder-workspace", isDirectory: true)
        _ = try SearchBenchmark.writeWorkspace(documents: count, at: root)
        let empty = context.corpus.folder.appendingPathComponent("folder-empty", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let state = context.corpus.folder.appendingPathComponent("folder-state", isDirectory: true)
        // `tiledown.yml` is a document too.
        let documents = count + 1
        let benchmark = context.isQuick ? Benchmark(warmUps: 1, repetitions: 3) : Benchmark(warmUps: 1, repetitions: 7)
        var ours: [Duration] = []
        var anchor: [Duration] = []
        for run in 0..<(benchmark.warmUps + benchmark.repetitions) {
            let time = try Self.timeToList(tool: tool, folder: root, documents: documents, state: state)
            let emptyTime = try Self.timeToList(tool: tool, folder: empty, documents: 0, state: state)
            context.progress("folder: list of \(documents) documents drawn after \(time), an empty folder's after \(emptyTime)")
            if run >= benchmark.warmUps {
                ours.append(time)
                anchor.append(emptyTime)
            }
        }
        let label = count == SearchBenchmark.documentCount ? "10,000" : String(count)
        return [Figure(
            name: "tiledit DIR, \(label) documents, to the first frame with the list", ours: .duration(Benchmark.median(of: ours)),
            anchorName: "tiledit on an empty folder", anchor: .duration(Benchmark.median(of: anchor)),
            target: context.isQuick ? nil : Self.target)]
    }

    /// Runs `tool folder` in a new pseudo-terminal and returns the time
    /// from its start to the first output holding the list's title with
    /// `documents` documents; then quits it and waits for it to end.
    static func timeToList(tool: URL, folder: URL, documents: Int, state: URL) throws -> Duration {
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = tool
        process.arguments = [folder.path]
        process.environment = [
            "TERM": "xterm-256color", "LINES": String(rows), "COLUMNS": String(columns), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "HOME": state.path, "XDG_CONFIG_HOME": state.appendingPathComponent("config").path,
            "XDG_STATE_HOME": state.appendingPathComponent("state").path, "XDG_CACHE_HOME": state.appendingPathComponent("cache").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
        process.standardInput = device
        process.standardOutput = device
        process.standardError = device
        // ncurses sends only what changed: the count after the title, once listed.
        let marker = Array("· \(documents) ·".utf8)
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let found = terminal.waitForOutput(containing: marker, deadline: start.advanced(by: .seconds(60)), clock: clock)
        let elapsed = clock.now - start
        terminal.type(Array("q".utf8))
        let exitDeadline = clock.now.advanced(by: .seconds(30))
        while process.isRunning && clock.now < exitDeadline {
            terminal.drain()
            usleep(2_000)
        }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        guard found else { throw RunError(description: "tiledit \(folder.path) did not draw `Documents · \(documents)` within a minute") }
        return elapsed
    }
}
