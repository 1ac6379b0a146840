import Foundation

/// Peak memory of the headless commands on large inputs, each the release
/// `tiledit` beside this one run under GNU time (`/usr/bin/time -f %M`, the
/// peak resident memory of the process, with the runtime's own), output
/// to `/dev/null`: `render` and `json` of a 100 MB generated Tiledown
/// document (10 MB with `--quick`), `json` of a 17.7 MB generated YAML file
/// (1.77 MB with `--quick`), and `check` of the same document as the
/// model's own cost. The anchor is the input's size.
struct CommandMemoryBenchmark: BenchmarkGroup {
    let title = "commands"
    /// Peak within 5x the input.
    static let target = Figure.Target.ratioAtMost(5)

    /// A command could not be measured.
    struct MeasureError: Error, CustomStringConvertible {
        var description: String
    }

    func run(in context: BenchmarkContext) throws -> [Figure] {
        guard let tool = SearchBenchmark.siblingExecutable(named: "tiledit") else {
            context.progress("commands: no tiledit executable beside this one; build it (swift build -c release --product tiledit) for these figures")
            return []
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            context.progress("commands: GNU time (/usr/bin/time) is not installed; the command memory figures are left out")
            return []
        }
        let scale = context.isQuick ? 10 : 1
        let markdown = context.corpus.folder.appendingPathComponent("commands-document.md")
        let yaml = context.corpus.folder.appendingPathComponent("commands-data.yaml")
        context.progress("commands: generating \(100 / scale) MB of Tiledown and \(17.7 / Double(scale)) MB of YAML")
        try BenchmarkCorpus.writeDocument(bytes: 100_000_000 / scale, to: markdown)
        try BenchmarkCorpus.writeDocument(bytes: 17_700_000 / scale, to: yaml)
        var figures: [Figure] = []
        for (command, input) in [("check", markdown), ("render", markdown), ("json", markdown), ("json", yaml)] {
            let size = try FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int ?? 0
            let peak = try Self.peakMemory(tool: tool, arguments: [command, input.path], context: context)
            context.progress("commands: tiledit \(command) \(input.lastPathComponent): \(peak) bytes at the peak")
            figures.append(Figure(
                name: "tiledit \(command) \(Figure.Quantity.bytes(size).formatted) \(input.pathExtension == "yaml" ? "YAML" : "Tiledown"), peak memory",
                ours: .bytes(peak), anchorName: "input size", anchor: .bytes(size), target: context.isQuick ? nil : Self.target))
        }
        return figures
    }

    /// The peak resident memory of `tool arguments` in bytes, as GNU time reports it.
    static func peakMemory(tool: URL, arguments: [String], context: BenchmarkContext) throws -> Int {
        let report = context.corpus.folder.appendingPathComponent("commands-time.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", "-o", report.path, tool.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // `check` exits 1 for findings: the memory is what is measured.
        guard process.terminationStatus <= 1 else {
            throw MeasureError(description: "tiledit \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
        let text = try String(contentsOf: report, encoding: .utf8)
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw MeasureError(description: "GNU time printed \(text.debugDescription)")
        }
        return kilobytes * 1024
    }
}
