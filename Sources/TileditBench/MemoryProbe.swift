import Foundation
import TileditModel

/// Peak memory of an open document. The parent runs this executable again
/// with the hidden `--memory-probe PATH` flag; the child notes its peak
/// resident memory, reads and parses the file, keeps the document alive
/// and prints its new peak. The figure is the growth (peak − baseline),
/// compared with the file's size.
///
/// The peak is `VmHWM` from `/proc/self/status` on Linux and `ru_maxrss`
/// from `getrusage` elsewhere.
struct MemoryProbe: BenchmarkGroup {
    let title = "memory"
    /// Growth over file size, at 10 MB.
    static let target = Figure.Target.ratioBelow(6)

    /// What the child measured, in bytes.
    struct Measurement: Sendable, Equatable {
        var baseline: Int
        var peak: Int
        var blockCount: Int
        /// The peak once the background work after the open is done (the
        /// editor's probe: preview and search index), if measured.
        var settledPeak: Int?

        /// The line the child prints: `baseline=N peak=N blocks=N` and
        /// `settled=N` when measured.
        var line: String {
            "baseline=\(baseline) peak=\(peak) blocks=\(blockCount)" + (settledPeak.map { " settled=\($0)" } ?? "")
        }

        /// Reads `line` back; `nil` when it is not one.
        init?(line: String) {
            var values: [String: Int] = [:]
            for field in line.split(separator: " ") {
                let parts = field.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                values[String(parts[0])] = value
            }
            guard let baseline = values["baseline"], let peak = values["peak"], let blocks = values["blocks"] else { return nil }
            self.init(baseline: baseline, peak: peak, blockCount: blocks, settledPeak: values["settled"])
        }

        init(baseline: Int, peak: Int, blockCount: Int, settledPeak: Int? = nil) {
            self.baseline = baseline
            self.peak = peak
            self.blockCount = blockCount
            self.settledPeak = settledPeak
        }
    }

    /// The child's peak could not be obtained.
    struct ProbeError: Error, CustomStringConvertible {
        var description: String
    }

    func run(in context: BenchmarkContext) throws -> [Figure] {
        guard let input = context.corpus.markdown.last else { return [] }
        let measurement = try Self.runChild(path: input.path)
        context.progress("memory \(input.size.label): \(measurement.blockCount) blocks, peak \(measurement.peak) bytes over a baseline of \(measurement.baseline)")
        return [Figure(
            name: "memory \(input.size.label) (peak growth)", ours: .bytes(measurement.peak - measurement.baseline),
            anchorName: "file size", anchor: .bytes(input.byteCount), target: context.target(Self.target, for: input.size))]
    }

    /// Runs this executable with `--memory-probe path` and reads its line.
    static func runChild(path: String) throws -> Measurement {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--memory-probe", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let measurement = Measurement(line: text) else {
            throw ProbeError(description: "the memory probe exited with status \(process.terminationStatus) and printed \(text.debugDescription)")
        }
        return measurement
    }

    /// In the child: the peak before and after opening the file at `path`.
    ///
    /// - Throws: `FileBytes.ReadError`, or `ProbeError` when the peak cannot be read.
    static func measureInThisProcess(path: String) throws -> Measurement {
        let baseline = try peakResidentBytes()
        let document = MarkdownDocument(bytes: try FileBytes.read(path), dialect: .yaml)
        let peak = try peakResidentBytes()
        return withExtendedLifetime(document) {
            Measurement(baseline: baseline, peak: peak, blockCount: document.blockCount)
        }
    }

    /// The process's peak resident memory so far, in bytes.
    static func peakResidentBytes() throws -> Int {
        #if os(Linux)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 3, let kilobytes = Int(fields[1]), fields[2] == "kB" { return kilobytes * 1024 }
        }
        throw ProbeError(description: "no VmHWM line in /proc/self/status")
        #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { throw ProbeError(description: "getrusage failed") }
        #if os(macOS) || os(iOS)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        return Int(usage.ru_maxrss) * 1024  // kilobytes elsewhere
        #endif
        #endif
    }
}
