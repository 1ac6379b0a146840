import TileditModel

/// Inputs that once took quadratic time, each measured at a size and at
/// twice that size: the anchor is our own time on the smaller input, so
/// the ratio is about 2 for linear work and grows with the size for worse.
///
/// `check` is what `tiledit check` does to a Markdown file (parse, tiles
/// validated, every diagnostic with its line and column); `fmt` is the
/// canonical formatter's edits; `edit` is one keystroke's re-parse at the
/// end of a document of unclosed tiles, as the editor does it.
struct LinearityBenchmark: BenchmarkGroup {
    let title = "linearity"
    /// Twice the input takes at most this much more time.
    static let target = Figure.Target.ratioAtMost(2.5)

    /// An input generator: the document for `count` repetitions.
    struct Input: Sendable {
        var name: String
        var count: Int
        var text: @Sendable (Int) -> [UInt8]
    }

    static let inputs: [Input] = [
        Input(name: "unclosed `:::tile callout` lines", count: 8_000) { Array(String(repeating: ":::tile callout\n", count: $0).utf8) },
        Input(name: "list items in one tile", count: 32_000) {
            Array((":::tile callout\nitems:\n" + String(repeating: "- item\n", count: $0) + ":::\n").utf8)
        },
        Input(name: "properties in one tile", count: 100_000) { count in
            var text = ":::tile callout\n"
            for index in 0..<count { text += "key\(index): value\n" }
            return Array((text + ":::\n").utf8)
        },
        Input(name: "unclosed `:::note` directives", count: 8_000) { Array(String(repeating: ":::note\ntext\n\n", count: $0).utf8) },
        Input(name: "tiles sharing one id", count: 10_000) { Array(String(repeating: ":::tile callout\nid: same\n:::\n\n", count: $0).utf8) },
        Input(name: "tile openings inside one tile", count: 50_000) {
            Array((":::tile callout\nid: outer\n" + String(repeating: ":::tile callout\n", count: $0) + ":::\n").utf8)
        },
        Input(name: "indented openings in unclosed literals", count: 8_000) {
            Array((":::tile a\nk: |\n" + String(repeating: "  :::tile b\n  k: |\n", count: $0)).utf8)
        },
    ]

    func run(in context: BenchmarkContext) throws -> [Figure] {
        var figures: [Figure] = []
        for full in Self.inputs {
            // A quick run measures a quarter of the sizes.
            var input = full
            if context.isQuick { input.count /= 4 }
            let small = input.text(input.count)
            let large = input.text(input.count * 2)
            context.progress("linearity: \(input.name), \(input.count) and \(input.count * 2)")
            let check = context.benchmark(forInputBytes: large.count).compare(
                ours: { Self.check(large) }, anchor: { Self.check(small) })
            figures.append(figure("check", input, check))
            let format = context.benchmark(forInputBytes: large.count).compare(
                ours: { CanonicalFormatter().edits(for: MarkdownDocument(bytes: large, dialect: .yaml)).count },
                anchor: { CanonicalFormatter().edits(for: MarkdownDocument(bytes: small, dialect: .yaml)).count })
            figures.append(figure("fmt", input, format))
        }
        // One keystroke at the end of a document of unclosed tiles (133 KB
        // and twice that): the re-parse must not read the file once per tile.
        let unclosed = Self.inputs[0]
        var smallDocument = MarkdownDocument(bytes: unclosed.text(8_300), dialect: .yaml)
        var largeDocument = MarkdownDocument(bytes: unclosed.text(16_600), dialect: .yaml)
        let edit = context.operationBenchmark.compare(
            ours: { Self.type(into: &largeDocument) }, anchor: { Self.type(into: &smallDocument) })
        figures.append(Figure(
            name: "edit after 16,600 unclosed tiles vs 8,300", ours: .duration(edit.ours),
            anchorName: "the same at half the size", anchor: .duration(edit.anchor), target: Self.target))
        return figures
    }

    private func figure(_ operation: String, _ input: Input, _ times: (ours: Duration, anchor: Duration)) -> Figure {
        Figure(
            name: "\(operation) \(input.count * 2) \(input.name) vs \(input.count)", ours: .duration(times.ours),
            anchorName: "the same at half the size", anchor: .duration(times.anchor), target: Self.target)
    }

    /// What `tiledit check` computes for a Markdown file.
    static func check(_ bytes: [UInt8]) -> Int {
        MarkdownDocument(bytes: bytes, dialect: .yaml).diagnostics.count
    }

    /// Types one character at the end of `document`, then deletes it again
    /// (so every repetition edits the same text).
    static func type(into document: inout MarkdownDocument) -> Int {
        let end = document.storage.count
        document.replace(end..<end, with: [0x78])
        document.replace(end..<(end + 1), with: [])
        return document.blockCount
    }
}
