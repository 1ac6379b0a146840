/// One line of a styled preview: runs of text, each in one style, whose
/// display width (in terminal columns) fits the width the preview was
/// rendered for.
///
/// Lines built with `init(_:)` or `append(_:_:)` are normal: no empty runs,
/// and no two neighboring runs with the same style, so equal-looking lines
/// compare equal.
public struct StyledLine: Sendable, Hashable, CustomStringConvertible {
    /// The runs, left to right.
    public var runs: [StyledRun]

    /// A line of `runs`, normalized (empty runs dropped, neighbors with the
    /// same style merged).
    public init(_ runs: [StyledRun] = []) {
        self.runs = []
        for run in runs { append(run.text, run.style) }
    }

    /// A line of one run.
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.init([StyledRun(text, style)])
    }

    /// The line's text without styles.
    public var text: String { runs.map(\.text).joined() }

    /// Whether the line has no text.
    public var isEmpty: Bool { runs.isEmpty }

    /// Appends `text` in `style`, merging with the last run when it has the
    /// same style.
    public mutating func append(_ text: String, _ style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        if let last = runs.indices.last, runs[last].style == style {
            runs[last].text += text
        } else {
            runs.append(StyledRun(text, style))
        }
    }

    /// Appends the runs of `line`.
    public mutating func append(contentsOf line: StyledLine) {
        for run in line.runs { append(run.text, run.style) }
    }

    /// The runs, e.g. `["# "[heading(1)], "Title"[heading(1), strong]]`.
    public var description: String { "[" + runs.map(\.description).joined(separator: ", ") + "]" }

    /// The same line without spaces at its end.
    func trimmingTrailingSpaces() -> StyledLine {
        var line = self
        while let last = line.runs.indices.last {
            var trimmed = line.runs[last].text
            while trimmed.last == " " { trimmed.removeLast() }
            if trimmed.isEmpty {
                line.runs.removeLast()
            } else {
                line.runs[last].text = trimmed
                break
            }
        }
        return line
    }

    /// The same line with `style`'s roles added to every run.
    func adding(_ style: TextStyle) -> StyledLine {
        StyledLine(runs.map { StyledRun($0.text, $0.style.union(style)) })
    }

    /// Display width in terminal columns.
    var displayWidth: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }
}
