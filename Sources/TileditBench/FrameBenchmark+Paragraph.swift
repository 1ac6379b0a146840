import TileditTerminalToolkit

extension FrameBenchmark {
    /// The text area's frame on one huge paragraph: a character typed in
    /// the middle of a paragraph (no line breaks) and the 100 × 38 area
    /// drawn, alternately typing and deleting it, on a ~10 KB paragraph
    /// (the anchor) and on one the size of the run's largest document
    /// (10 MB; 1 MB with `--quick`). Measures the widget itself: the
    /// screen's path to it is the blocks and inspector panes' figures.
    func paragraphFigures(benchmark: Benchmark, context: BenchmarkContext) -> [Figure] {
        let small = Self.paragraphFrame(bytes: Self.smallSize.bytes, benchmark: benchmark)
        var figures = [Figure(
            name: "frame, keystroke in a \(Self.smallSize.label) paragraph + draw", ours: .duration(small),
            anchorName: nil, anchor: nil, target: Self.latencyTarget)]
        guard let size = context.corpus.markdown.last?.size else { return figures }
        context.progress("frame: a \(size.label) paragraph in a text area")
        let large = Self.paragraphFrame(bytes: size.bytes, benchmark: benchmark)
        figures.append(Figure(
            name: "frame, keystroke in a \(size.label) paragraph + draw", ours: .duration(large),
            anchorName: "\(Self.smallSize.label) paragraph", anchor: .duration(small), target: context.target(Self.scalingTarget, for: size)))
        return figures
    }

    /// Median time of a keystroke (typing, then deleting, a character) and
    /// a draw, in a text area holding one paragraph of about `bytes` UTF-8
    /// bytes with the cursor in its middle.
    static func paragraphFrame(bytes: Int, benchmark: Benchmark) -> Duration {
        let words = ["tiled", "markdown", "a", "paragraph", "of", "words", "wrapping", "édition", "日本語", "lines"]
        var text = ""
        text.reserveCapacity(bytes + 16)
        var index = 0
        while text.utf8.count < bytes {
            text += words[index % words.count]
            text += index % 7 == 6 ? ", " : " "
            index += 1
        }
        let middle = text.count / 2
        var area = TextArea(text: text, cursor: TextArea.Position(line: 0, offset: middle), width: 100, height: 38)
        var buffer = ScreenBuffer(rows: 40, columns: 120)
        let rect = Rect(row: 1, column: 10, width: 100, height: 38)
        area.draw(into: &buffer, rect: rect, focused: true)
        return benchmark.median { run in
            area.handle(run % 2 == 0 ? .character("x") : .backspace)
            area.draw(into: &buffer, rect: rect, focused: true)
            return buffer.cursor
        }
    }
}
