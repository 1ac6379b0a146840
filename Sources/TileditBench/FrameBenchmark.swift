import Foundation
import TileditBenchSupport
import TileditFixtures
import TileditTerminal
import TileditViewModels
import TileditTerminalToolkit

/// Frame time of the terminal editor: one keystroke (↓ or ↑ in the blocks
/// pane, alternately, from the middle of the document) handled by the key
/// router and a whole 120 × 40 frame drawn off-screen by `Screen.draw`,
/// with the app opened on a ~10 KB document and on the run's largest
/// document (10 MB; 1 MB with `--quick`) through the live services. The
/// anchor of the large figure is the small one: a keystroke should cost
/// the same whatever the size of the file.
struct FrameBenchmark: MainActorBenchmarkGroup {
    let title = "frame"
    /// Size of the small document, in bytes.
    static let smallSize = BenchmarkCorpus.Size(bytes: BenchmarkDocuments.smallBytes, label: "10 KB")
    /// Every frame: within one refresh of a 60 Hz display.
    static let latencyTarget = Figure.Target.durationBelow(.milliseconds(16))
    /// 10 MB frames: under 16 ms and at most twice the small frame.
    static let scalingTarget = Figure.Target.all([latencyTarget, .ratioAtMost(2)])
    /// The terminal size drawn.
    static let size = TerminalSize(rows: 40, columns: 120)

    /// The app did not open the document.
    struct OpenError: Error, CustomStringConvertible {
        var label: String

        var description: String { "the editor did not open the \(label) document" }
    }

    func run(in context: BenchmarkContext) async throws -> [Figure] {
        let benchmark = context.operationBenchmark
        let smallFolder = context.corpus.folder.appendingPathComponent("frame-small", isDirectory: true)
        try FileManager.default.createDirectory(at: smallFolder, withIntermediateDirectories: true)
        try Data(BenchmarkDocuments.tiledown(bytes: Self.smallSize.bytes).utf8).write(to: smallFolder.appendingPathComponent("document.md"))
        let smallTime = try await measure(folder: smallFolder, label: Self.smallSize.label, benchmark: benchmark, context: context)
        var figures = [Figure(
            name: "frame \(Self.smallSize.label), keystroke + draw", ours: .duration(smallTime),
            anchorName: nil, anchor: nil, target: Self.latencyTarget)]

        guard let input = context.corpus.markdown.last else { return figures }
        let largeFolder = context.corpus.folder.appendingPathComponent("frame-large", isDirectory: true)
        try FileManager.default.createDirectory(at: largeFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: input.path, toPath: largeFolder.appendingPathComponent("document.md").path)
        let largeTime = try await measure(folder: largeFolder, label: input.size.label, benchmark: benchmark, context: context)
        figures.append(Figure(
            name: "frame \(input.size.label), keystroke + draw", ours: .duration(largeTime),
            anchorName: "\(Self.smallSize.label) frame", anchor: .duration(smallTime), target: context.target(Self.scalingTarget, for: input.size)))
        try await figures.append(contentsOf: yamlFigures(benchmark: benchmark, context: context))
        figures.append(contentsOf: paragraphFigures(benchmark: benchmark, context: context))
        return figures
    }

    /// The YAML editor's frames: a keystroke (↓ or ↑ in the tree) and an
    /// edit (a scalar's value typed and applied, then undone, alternately),
    /// each with a whole frame, on a ~10 KB YAML file and on the run's
    /// largest (10 MB; 1 MB with `--quick`); the small frame is the large one's anchor.
    private func yamlFigures(benchmark: Benchmark, context: BenchmarkContext) async throws -> [Figure] {
        let smallFolder = context.corpus.folder.appendingPathComponent("frame-yaml-small", isDirectory: true)
        try FileManager.default.createDirectory(at: smallFolder, withIntermediateDirectories: true)
        try Data(BenchmarkDocuments.yaml(bytes: Self.smallSize.bytes).utf8).write(to: smallFolder.appendingPathComponent("data.yaml"))
        let small = try await measureYAML(folder: smallFolder, label: "YAML \(Self.smallSize.label)", benchmark: benchmark, context: context)
        var figures = [
            Figure(name: "frame YAML \(Self.smallSize.label), keystroke + draw", ours: .duration(small.move), anchorName: nil, anchor: nil, target: Self.latencyTarget),
            Figure(name: "frame YAML \(Self.smallSize.label), value edit + draw", ours: .duration(small.edit), anchorName: nil, anchor: nil, target: Self.latencyTarget),
        ]
        guard let input = context.corpus.yaml.last else { return figures }
        let largeFolder = context.corpus.folder.appendingPathComponent("frame-yaml-large", isDirectory: true)
        try FileManager.default.createDirectory(at: largeFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: input.path, toPath: largeFolder.appendingPathComponent("data.yaml").path)
        let large = try await measureYAML(folder: largeFolder, label: "YAML \(input.size.label)", benchmark: benchmark, context: context)
        let target = context.target(Self.scalingTarget, for: input.size)
        figures += Self.scaledYAMLFigures("YAML \(input.size.label)", large, against: small, target: target)
        // The same size as one top-level key over a list of records: an edit's entry is then the whole file.
        let listFolder = context.corpus.folder.appendingPathComponent("frame-yaml-list", isDirectory: true)
        try FileManager.default.createDirectory(at: listFolder, withIntermediateDirectories: true)
        try Data(BenchmarkDocuments.yamlRecordList(bytes: input.size.bytes).utf8).write(to: listFolder.appendingPathComponent("data.yaml"))
        let list = try await measureYAML(folder: listFolder, label: "YAML \(input.size.label) list of records", benchmark: benchmark, context: context)
        figures += Self.scaledYAMLFigures("YAML \(input.size.label) list of records", list, against: small, target: target)
        return figures
    }

    /// The keystroke and value-edit figures of a large YAML file `label`,
    /// each against the 10 KB file's same figure.
    private static func scaledYAMLFigures(
        _ label: String, _ large: (move: Duration, edit: Duration), against small: (move: Duration, edit: Duration), target: Figure.Target?
    ) -> [Figure] {
        [
            Figure(name: "frame \(label), keystroke + draw", ours: .duration(large.move),
                   anchorName: "YAML \(smallSize.label) frame", anchor: .duration(small.move), target: target),
            Figure(name: "frame \(label), value edit + draw", ours: .duration(large.edit),
                   anchorName: "YAML \(smallSize.label) edit", anchor: .duration(small.edit), target: target),
        ]
    }

    /// The median times of a keystroke and a frame, and of a value edit
    /// (or its undo) and a frame, with the app opened on the YAML file
    /// `data.yaml` in `folder`, a scalar in the middle of the tree selected.
    private func measureYAML(
        folder: URL, label: String, benchmark: Benchmark, context: BenchmarkContext
    ) async throws -> (move: Duration, edit: Duration) {
        let app = Self.app(stateIn: folder)
        await app.onAppeared(path: "data.yaml", currentDirectory: folder)
        guard let yaml = app.yamlEditor, yaml.rowCount > 0 else { throw OpenError(label: label) }
        var state = ViewState()
        var buffer = ScreenBuffer(rows: Self.size.rows, columns: Self.size.columns)
        _ = KeyRouter.handle(.character("2"), app: app, state: &state)
        yaml.onMovedSelection(by: yaml.rowCount / 2)
        // Down into the tree until a scalar is selected (its field is the one edited).
        for _ in 0..<64 where yaml.field == nil {
            yaml.onExpandedSelection()
            yaml.onMovedSelection(by: 1)
        }
        guard let original = yaml.field?.text else { throw OpenError(label: label) }
        Screen.draw(app: app, viewState: &state, into: &buffer)
        context.progress("frame \(label): \(yaml.rowCount) rows, row \((yaml.selectedRow ?? 0) + 1) selected")
        let move = benchmark.median { run in
            _ = KeyRouter.handle(run % 2 == 0 ? .down : .up, app: app, state: &state)
            Screen.draw(app: app, viewState: &state, into: &buffer)
            return buffer.cursor
        }
        let edit = benchmark.median { run in
            if run % 2 == 0 {
                yaml.onTappedEdit()
                yaml.onEditedField(original + "x")
                _ = yaml.onCommittedField()
            } else {
                yaml.onTappedUndo()
            }
            Screen.draw(app: app, viewState: &state, into: &buffer)
            return buffer.cursor
        }
        guard yaml.field?.text == original || yaml.field?.text == original + "x" else { throw OpenError(label: label) }
        return (move, edit)
    }

    /// The app through the live services, its state and settings in
    /// `folder/.state` (`BenchmarkApp`: no search, no disk check).
    private static func app(stateIn folder: URL) -> AppModel {
        BenchmarkApp.make(stateFolder: folder.appendingPathComponent(".state", isDirectory: true))
    }

    /// The median time of a keystroke and a frame, with the app opened on
    /// the one document in `folder`.
    private func measure(folder: URL, label: String, benchmark: Benchmark, context: BenchmarkContext) async throws -> Duration {
        let app = Self.app(stateIn: folder)
        await app.onAppeared(path: "document.md", currentDirectory: folder)
        guard let editor = app.editor, editor.blockCount > 0 else { throw OpenError(label: label) }
        var state = ViewState()
        var buffer = ScreenBuffer(rows: Self.size.rows, columns: Self.size.columns)
        _ = KeyRouter.handle(.character("2"), app: app, state: &state)
        editor.onMovedSelection(by: editor.blockCount / 2)
        // The preview renders off the main actor; frames are timed once it
        // is done and laid out (the first frame lays it out).
        while app.preview.document.isLoading { try await Task.sleep(for: .milliseconds(5)) }
        Screen.draw(app: app, viewState: &state, into: &buffer)
        context.progress("frame \(label): \(editor.blockCount) blocks, block \((editor.selectedIndex ?? 0) + 1) selected")
        return benchmark.median { run in
            _ = KeyRouter.handle(run % 2 == 0 ? .down : .up, app: app, state: &state)
            Screen.draw(app: app, viewState: &state, into: &buffer)
            return buffer.cursor
        }
    }
}
