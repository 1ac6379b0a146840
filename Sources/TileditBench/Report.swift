/// The benchmark's output: a plain table for the terminal, or a Markdown
/// section for BENCHMARKS.md.
struct Report: Sendable {
    var figures: [Figure]
    var machine: MachineDescription
    /// Whether this was a `--quick` run.
    var isQuick: Bool
    /// The groups measured with `--only`, sorted; empty for all.
    var onlyGroups: [String] = []

    private static let headers = ["figure", "ours", "anchor", "ratio", "target", "result"]

    /// One row of cells per figure, in header order.
    private var rows: [[String]] {
        figures.map { figure in
            [
                figure.name,
                figure.ours.formatted,
                figure.anchor.map { "\($0.formatted) (\(figure.anchorName ?? "anchor"))" } ?? "—",
                figure.ratio.map(Figure.ratioText) ?? "—",
                figure.target?.formatted ?? "—",
                figure.passed.map { $0 ? "pass" : "FAIL" } ?? "—",
            ]
        }
    }

    /// Figures that missed their target.
    var failures: [Figure] { figures.filter { $0.passed == false } }

    /// Aligned columns, a summary line and the machine.
    func plainTable() -> String {
        let table = [Self.headers] + rows
        var widths = Array(repeating: 0, count: Self.headers.count)
        for row in table {
            for (column, cell) in row.enumerated() { widths[column] = Swift.max(widths[column], cell.count) }
        }
        var lines: [String] = []
        for (index, row) in table.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            lines.append(cells.joined(separator: "  "))
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        lines.append("")
        lines.append(summary)
        lines.append(machineLine)
        return lines.joined(separator: "\n")
    }

    /// `## Results` with the machine, how the run was made, and the table.
    func markdownSection() -> String {
        var lines = [
            "## Results, \(machine.date)",
            "",
            "- Machine: \(machine.processor), \(machine.coreCount) cores, \(machine.operatingSystem)",
            "- Toolchain: \(machine.swiftVersion), \(machine.buildConfiguration) build",
            "- Run: `swift run -c release tiledit-bench\(isQuick ? " --quick" : "")\(onlyGroups.map { " --only \($0)" }.joined())`; times are medians after warm-up runs",
            "",
            "| " + Self.headers.joined(separator: " | ") + " |",
            "|" + Self.headers.indices.map { (1...3).contains($0) ? "---:" : ":---" }.joined(separator: "|") + "|",
        ]
        for row in rows {
            lines.append("| " + row.map { $0.replacingPipes() }.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    private var summary: String {
        let checked = figures.filter { $0.passed != nil }.count
        let missed = failures.map(\.name)
        var text = "\(checked - missed.count) of \(checked) targets met"
        if !missed.isEmpty { text += "; missed: " + missed.joined(separator: "; ") }
        if isQuick { text += " (quick run: fewer repetitions, no 10 MB inputs, so only the 10 KB edit target is checked)" }
        return text + "."
    }

    private var machineLine: String {
        "\(machine.processor), \(machine.coreCount) cores, \(machine.operatingSystem), \(machine.swiftVersion), \(machine.buildConfiguration) build, \(machine.date)"
    }
}

extension String {
    /// The text with `|` escaped for a Markdown table cell.
    fileprivate func replacingPipes() -> String {
        var result = ""
        for character in self { result += character == "|" ? "\\|" : String(character) }
        return result
    }
}
