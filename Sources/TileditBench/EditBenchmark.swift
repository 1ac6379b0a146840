import TileditFixtures
import TileditModel

/// One tile-property edit (`perform(.setTileProperty(id, key: "title",
/// value: .text(…)))`: plan, text edit, incremental re-parse, read-back
/// check) on a ~10 KB document and on the run's largest document (10 MB;
/// 1 MB with `--quick`). The value alternates so every edit changes bytes.
/// The large document is measured twice: always the tile in the middle,
/// and a different tile each time, picked by a seeded generator across the
/// whole document. The anchor of a large-document figure is the 10 KB
/// edit: an edit should cost the same whatever the size of the file.
struct EditBenchmark: BenchmarkGroup {
    let title = "edit"
    /// Size of the small document, in bytes.
    static let smallSize = BenchmarkCorpus.Size(bytes: 10_000, label: "10 KB")
    /// Every edit, whatever the document size.
    static let latencyTarget = Figure.Target.durationBelow(.milliseconds(1))
    /// 10 MB edits: under 1 ms and at most twice the small edit.
    static let scalingTarget = Figure.Target.all([latencyTarget, .ratioAtMost(2)])

    static let firstValue = "Benchmark title A"
    static let secondValue = "Benchmark title B"

    /// The document has no tile the edit can be applied to.
    struct NoTileError: Error, CustomStringConvertible {
        var label: String

        var description: String { "the \(label) document has no tile to edit" }
    }

    func run(in context: BenchmarkContext) throws -> [Figure] {
        let benchmark = context.operationBenchmark
        let runs = benchmark.warmUps + benchmark.repetitions

        var generator = TiledownGenerator(seed: BenchmarkCorpus.seed, frontMatter: .yaml, tileEvery: 20)
        var small = MarkdownDocument(generator.document(bytes: Self.smallSize.bytes), dialect: .yaml)
        let smallTiles = Self.editableTiles(in: small)
        guard let smallTile = smallTiles.middle else { throw NoTileError(label: Self.smallSize.label) }
        context.progress("edit \(Self.smallSize.label): \(small.blockCount) blocks, \(smallTiles.count) tiles")
        let smallOperations = Self.operations(on: Array(repeating: smallTile, count: runs), in: small)
        let smallTime = try benchmark.median { run in try small.perform(smallOperations[run]).edits.count }
        var figures = [Figure(
            name: "edit \(Self.smallSize.label), middle tile", ours: .duration(smallTime),
            anchorName: nil, anchor: nil, target: Self.latencyTarget)]

        guard let input = context.corpus.markdown.last else { return figures }
        var large = MarkdownDocument(bytes: try FileBytes.read(input.path), dialect: .yaml)
        let largeTiles = Self.editableTiles(in: large)
        guard let middleTile = largeTiles.middle else { throw NoTileError(label: input.size.label) }
        context.progress("edit \(input.size.label): \(large.blockCount) blocks, \(largeTiles.count) tiles")

        let middleOperations = Self.operations(on: Array(repeating: middleTile, count: runs), in: large)
        let middleTime = try benchmark.median { run in try large.perform(middleOperations[run]).edits.count }
        figures.append(Figure(
            name: "edit \(input.size.label), middle tile", ours: .duration(middleTime),
            anchorName: "\(Self.smallSize.label) edit", anchor: .duration(smallTime), target: context.target(Self.scalingTarget, for: input.size)))

        var random = SeededGenerator(seed: BenchmarkCorpus.seed)
        let spread = (0..<runs).map { _ in largeTiles.ids[Int.random(in: 0..<largeTiles.count, using: &random)] }
        let spreadOperations = Self.operations(on: spread, in: large)
        let spreadTime = try benchmark.median { run in try large.perform(spreadOperations[run]).edits.count }
        figures.append(Figure(
            name: "edit \(input.size.label), tile across document", ours: .duration(spreadTime),
            anchorName: "\(Self.smallSize.label) edit", anchor: .duration(smallTime), target: context.target(Self.scalingTarget, for: input.size)))
        return figures
    }

    /// Tiles an edit of `title` can be applied to, in document order.
    struct EditableTiles {
        var ids: [BlockID]

        var count: Int { ids.count }
        var middle: BlockID? { ids.isEmpty ? nil : ids[ids.count / 2] }
    }

    /// Tiles that already have a `title` (the edit then replaces a value,
    /// as a user editing a field does); every tile except `:::mermaid`
    /// shorthands, which hold only a diagram, when none has one.
    static func editableTiles(in document: MarkdownDocument) -> EditableTiles {
        var titled: [BlockID] = []
        var others: [BlockID] = []
        for index in 0..<document.blockCount {
            guard let tile = document.kind(at: index).tile, tile.form != .mermaidShorthand else { continue }
            if tile.property("title") != nil { titled.append(document.id(at: index)) } else { others.append(document.id(at: index)) }
        }
        return EditableTiles(ids: titled.isEmpty ? others : titled)
    }

    /// One `title` edit per entry of `tiles`, each setting the value the
    /// tile does not hold at that point (given the edits before it).
    static func operations(on tiles: [BlockID], in document: MarkdownDocument) -> [DocumentOperation] {
        var current: [BlockID: String] = [:]
        return tiles.map { id in
            let value = current[id] ?? document.block(id: id)?.kind.tile?.value("title")?.text
            let next = value == firstValue ? secondValue : firstValue
            current[id] = next
            return .setTileProperty(id, key: "title", value: .text(next))
        }
    }
}
