import CCmarkGFM
import TileditFixtures
import TileditModel

/// Merging a conflict and planning a rename, in memory.
///
/// - merge: `ThreeWayMerge` of a generated document with a one-line change
///   near its start on one side and near its end on the other, and its
///   result, beside cmark-gfm's parse of the same bytes (the open figure's
///   anchor): the editor parses what it merged anyway.
/// - rename: `RenamePlanner.plan` moving a page of a workspace of 10,000
///   generated documents, 100 of which link to it (inline and reference
///   links, some in code spans), beside opening those 101 documents
///   (`MarkdownDocument`), which a plan cannot avoid: the rest is finding
///   them among the others and reading their links.
struct FilesBenchmark: BenchmarkGroup {
    let title = "files"
    /// Ours over the anchor, for the merge at 10 MB and the rename plan.
    static let target = Figure.Target.ratioAtMost(2)
    static let workspaceSize = 10_000
    static let linkingCount = 100

    func run(in context: BenchmarkContext) throws -> [Figure] {
        cmark_gfm_core_extensions_ensure_registered()
        var figures: [Figure] = []
        for input in context.corpus.markdown {
            let base = try FileBytes.read(input.path)
            let (ours, theirs) = Self.sides(of: base)
            let merge = ThreeWayMerge(base: base, ours: ours, theirs: theirs)
            context.progress("merge \(input.size.label): \(merge.conflicts.count) conflicts, \(merge.regions.count) regions")
            let times = context.benchmark(forInputBytes: base.count).compare(
                ours: { ThreeWayMerge(base: base, ours: ours, theirs: theirs).result(choosing: []) },
                anchor: { OpenBenchmark.parseWithCommonMark(base) })
            figures.append(Figure(
                name: "merge \(input.size.label), a change apart on each side", ours: .duration(times.ours),
                anchorName: "cmark-gfm parse", anchor: .duration(times.anchor),
                target: context.target(Self.target, for: input.size)))
        }

        let count = context.isQuick ? 1_000 : Self.workspaceSize
        let (documents, move) = Self.workspace(count: count)
        let linking = documents.filter { $0.path == move.source || $0.path.hasPrefix("linking/") }
        let plan = RenamePlanner.plan(move, documents: documents, readsReferences: true) { _ in true }
        context.progress("rename: \(plan.edits.count) files, \(plan.linkCount) links")
        let times = context.benchmark(forInputBytes: 2_000_000).compare(
            ours: { RenamePlanner.plan(move, documents: documents, readsReferences: true) { _ in true } },
            anchor: { linking.map { MarkdownDocument(bytes: $0.bytes, dialect: $0.dialect).blockCount } })
        figures.append(Figure(
            name: "rename plan, \(count) documents, \(Self.linkingCount) linking", ours: .duration(times.ours),
            anchorName: "open the \(linking.count) it edits", anchor: .duration(times.anchor),
            target: context.isQuick ? nil : Self.target))
        return figures
    }

    /// `base` with its line a tenth of the way in changed (ours) and its
    /// line nine tenths of the way in changed (theirs).
    static func sides(of base: [UInt8]) -> (ours: [UInt8], theirs: [UInt8]) {
        func changingLine(near fraction: Double, _ text: String) -> [UInt8] {
            var offset = Int(Double(base.count) * fraction)
            while offset < base.count && base[offset] != 0x0A { offset += 1 }
            var copy = base
            copy.insert(contentsOf: Array(text.utf8), at: Swift.min(offset, copy.count))
            return copy
        }
        return (changingLine(near: 0.1, " (edited here)"), changingLine(near: 0.9, " (edited on disk)"))
    }

    /// `count` generated documents in 100 folders; a page `moved/tiledit-guide/index.md`;
    /// `linkingCount` of them (in `linking/`) link to it in several forms.
    static func workspace(count: Int) -> ([RenameSource], DocumentMove) {
        var generator = TiledownGenerator(seed: BenchmarkCorpus.seed, frontMatter: .flat, tileEvery: 8)
        var documents: [RenameSource] = [RenameSource(path: "moved/tiledit-guide/index.md", bytes: Array("---\ntitle: Page\nslug: moved/tiledit-guide\n---\n# Page\n\n[Home](../../index.md)\n".utf8), dialect: .tiledown)]
        for index in 0..<count {
            var text = generator.document(bytes: 1_500)
            let path: String
            if index < linkingCount {
                path = "linking/doc-\(index).md"
                text += "\nSee [the page](/moved/tiledit-guide/), [its file](../moved/tiledit-guide/index.md#top), `[code](/moved/tiledit-guide/)` and [the page][p].\n\n[p]: page:moved/tiledit-guide\n"
            } else {
                path = "folder-\(index % 100)/doc-\(index).md"
            }
            documents.append(RenameSource(path: path, bytes: Array(text.utf8), dialect: .tiledown))
        }
        return (documents, DocumentMove(source: "moved/tiledit-guide/index.md", destination: "moved/renamed/index.md"))
    }
}
