import Foundation
import TileditModel
import TileditServices
import TileditTerminal
import TileditViewModels
import TileditTerminalToolkit

/// Opening one large document in the editor as `tiledit FILE` does: the
/// app opened through the live services (its folder listed, the document
/// loaded and parsed once, its row in the list from that parse, the
/// preview of its first blocks and the search index started in the
/// background) until the first whole 120 × 40 frame with the document's
/// blocks is drawn off-screen by `Screen.draw`. The anchor is the open
/// figure on the same file (read + `MarkdownDocument`), timed alternately
/// in the same run, each after the last opening's preview and index build
/// are done (so they share no core with the anchor or the next opening).
///
/// The peak memory figures run this executable again (hidden
/// `--editor-memory-probe PATH`): the child opens the app the same way,
/// and prints its peak resident memory growth at the first frame and once
/// the preview and the index build are done (the whole session so far),
/// compared with the file's size.
struct EditorOpenBenchmark: MainActorBenchmarkGroup {
    let title = "editor"
    /// First frame at most 1.5x the open figure.
    static let timeTarget = Figure.Target.ratioAtMost(1.5)
    /// Peak growth under 5x the file.
    static let memoryTarget = Figure.Target.ratioBelow(5)
    /// The terminal size drawn.
    static let size = TerminalSize(rows: 40, columns: 120)

    /// The app did not open the document.
    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    func run(in context: BenchmarkContext) async throws -> [Figure] {
        guard let input = context.corpus.markdown.last else { return [] }
        let folder = context.corpus.folder.appendingPathComponent("editor-open", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = folder.appendingPathComponent("document.md")
        try FileManager.default.copyItem(atPath: input.path, toPath: document.path)

        let benchmark = Benchmark(warmUps: 1, repetitions: 5)
        let clock = ContinuousClock()
        var ours: [Duration] = []
        var anchor: [Duration] = []
        for run in 0..<(benchmark.warmUps + benchmark.repetitions) {
            let start = clock.now
            let opened = try await Self.openAndDraw(folder: folder)
            let time = clock.now - start
            await opened.settle()
            context.progress("editor \(input.size.label): \(opened.blockCount) blocks in the first frame after \(time), settled after \(clock.now - start)")
            let anchorStart = clock.now
            let parsed = MarkdownDocument(bytes: try FileBytes.read(document.path), dialect: .yaml)
            let anchorTime = clock.now - anchorStart
            keep(parsed)
            if run >= benchmark.warmUps {
                ours.append(time)
                anchor.append(anchorTime)
            }
        }
        var figures = [Figure(
            name: "editor \(input.size.label), tiledit FILE to first frame", ours: .duration(Benchmark.median(of: ours)),
            anchorName: "open figure", anchor: .duration(Benchmark.median(of: anchor)),
            target: context.target(Self.timeTarget, for: input.size))]

        let measurement = try Self.runChild(path: document.path)
        let settled = measurement.settledPeak ?? measurement.peak
        context.progress("editor \(input.size.label): peak \(measurement.peak) bytes at the first frame, \(settled) settled, over a baseline of \(measurement.baseline)")
        figures.append(Figure(
            name: "editor \(input.size.label), peak memory growth at the first frame", ours: .bytes(measurement.peak - measurement.baseline),
            anchorName: "file size", anchor: .bytes(input.byteCount), target: nil))
        figures.append(Figure(
            name: "editor \(input.size.label), peak memory growth with preview and index done", ours: .bytes(settled - measurement.baseline),
            anchorName: "file size", anchor: .bytes(input.byteCount), target: context.target(Self.memoryTarget, for: input.size)))
        return figures
    }

    /// An app opened on a document.
    @MainActor
    struct OpenedApp {
        let app: AppModel
        let search: SearchClient
        let blockCount: Int

        /// Waits until the preview is rendered and the search index built
        /// (a query waits for a build under way; one made before the build
        /// started finds nothing, so it is asked again).
        func settle() async {
            while await search.search("item", 1).isEmpty {
                try? await Task.sleep(for: .milliseconds(5))
            }
            while true {
                if case .loaded = app.preview.document { break }
                if case .failed = app.preview.document { break }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Opens the app on `document.md` in `folder` through the live services
    /// (the index not cached) and draws one frame.
    static func openAndDraw(folder: URL) async throws -> OpenedApp {
        let fileSystem = FileSystem.live
        let stateFolder = folder.appendingPathComponent(".state", isDirectory: true)
        let search = SearchClient.live(fileSystem: fileSystem)
        let app = AppModel(dependencies: AppModel.Dependencies(
            workspace: .live(fileSystem: fileSystem),
            store: .live(fileSystem: fileSystem, journalFolder: stateFolder.appendingPathComponent("journal")),
            search: search, rendering: .live,
            settings: .live(file: stateFolder.appendingPathComponent("settings.yml"), fileSystem: fileSystem),
            clock: ContinuousClock(), fileSystem: fileSystem, diskCheckInterval: nil))
        await app.onAppeared(path: "document.md", currentDirectory: folder)
        guard let editor = app.editor, editor.blockCount > 0 else { throw OpenError(description: "the editor did not open \(folder.path)/document.md") }
        var state = ViewState()
        var buffer = ScreenBuffer(rows: size.rows, columns: size.columns)
        Screen.draw(app: app, viewState: &state, into: &buffer)
        keep(buffer.cursor)
        return OpenedApp(app: app, search: search, blockCount: editor.blockCount)
    }

    /// Runs this executable with `--editor-memory-probe path` and reads its line.
    static func runChild(path: String) throws -> MemoryProbe.Measurement {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--editor-memory-probe", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let measurement = MemoryProbe.Measurement(line: text) else {
            throw MemoryProbe.ProbeError(description: "the editor memory probe exited with status \(process.terminationStatus) and printed \(text.debugDescription)")
        }
        return measurement
    }

    /// In the child: the peak before opening the app on the file at `path`,
    /// at its first frame, and once its preview and index are done.
    static func measureInThisProcess(path: String) async throws -> MemoryProbe.Measurement {
        let url = URL(fileURLWithPath: path)
        guard url.lastPathComponent == "document.md" else { throw OpenError(description: "the probe opens a file named document.md") }
        // As the editor's process starts.
        ProcessMemory.returnLargeBuffersWhenFreed()
        let baseline = try MemoryProbe.peakResidentBytes()
        let opened = try await openAndDraw(folder: url.deletingLastPathComponent())
        let peak = try MemoryProbe.peakResidentBytes()
        await opened.settle()
        let settled = try MemoryProbe.peakResidentBytes()
        return withExtendedLifetime(opened.app) {
            MemoryProbe.Measurement(baseline: baseline, peak: peak, blockCount: opened.blockCount, settledPeak: settled)
        }
    }
}
