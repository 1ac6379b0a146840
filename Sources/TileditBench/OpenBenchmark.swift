import CCmarkGFM
import TileditModel

/// Opening a Tiledown document: reading the file and building a
/// `MarkdownDocument` (front matter, tiles, cmark-gfm prose blocks, ids,
/// validation), beside cmark-gfm's own parse of the same bytes already in
/// memory (table, strikethrough, autolink and tasklist extensions; feed,
/// finish, free the tree). The opened document is released after the
/// clock stops: opening ends when the editor holds the document.
struct OpenBenchmark: BenchmarkGroup {
    let title = "open"
    /// Ours over cmark-gfm's parse, at 10 MB.
    static let target = Figure.Target.ratioAtMost(2)

    func run(in context: BenchmarkContext) throws -> [Figure] {
        cmark_gfm_core_extensions_ensure_registered()
        var figures: [Figure] = []
        for input in context.corpus.markdown {
            let bytes = try FileBytes.read(input.path)
            let blockCount = MarkdownDocument(bytes: bytes, dialect: .yaml).blockCount
            context.progress("open \(input.size.label): \(blockCount) blocks")
            let times = try context.benchmark(forInputBytes: bytes.count).compare(
                ours: { MarkdownDocument(bytes: try FileBytes.read(input.path), dialect: .yaml) },
                anchor: { Self.parseWithCommonMark(bytes) })
            figures.append(Figure(
                name: "open \(input.size.label) (read + parse)", ours: .duration(times.ours),
                anchorName: "cmark-gfm parse", anchor: .duration(times.anchor),
                target: context.target(Self.target, for: input.size)))
        }
        return figures
    }

    /// cmark-gfm parsing `bytes` with the GFM extensions.
    ///
    /// - Returns: the number of top-level blocks (so the work has a result).
    static func parseWithCommonMark(_ bytes: [UInt8]) -> Int {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return 0 }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
            }
        }
        guard let document = cmark_parser_finish(parser) else { return 0 }
        defer { cmark_node_free(document) }
        var count = 0
        var child = cmark_node_first_child(document)
        while let node = child {
            count += 1
            child = cmark_node_next(node)
        }
        return count
    }
}
