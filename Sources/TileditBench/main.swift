import Foundation

// tiledit-bench: measures Tiledit beside anchors timed in the same run
// (see BenchmarkOptions.usage and BENCHMARKS.md).

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("tiledit-bench: \(message)\n".utf8))
    exit(status)
}

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.message, status: 2)
}

switch options.mode {
case .help:
    print(BenchmarkOptions.usage)
case .memoryProbe(let path):
    do {
        print(try MemoryProbe.measureInThisProcess(path: path).line)
    } catch {
        fail("\(error)", status: 1)
    }
case .editorMemoryProbe(let path):
    do {
        print(try await EditorOpenBenchmark.measureInThisProcess(path: path).line)
    } catch {
        fail("\(error)", status: 1)
    }
case .writeSearchWorkspace(let path):
    do {
        let written = try SearchBenchmark.writeWorkspace(documents: SearchBenchmark.documentCount, at: URL(fileURLWithPath: path))
        print("wrote \(SearchBenchmark.documentCount) documents (\(written.byteCount) bytes) and tiledown.yml to \(path)")
    } catch {
        fail("\(error)", status: 1)
    }
case .writeDocument(let path, let bytes):
    do {
        try BenchmarkCorpus.writeDocument(bytes: bytes, to: URL(fileURLWithPath: path))
        print("wrote \(bytes) bytes to \(path)")
    } catch {
        fail("\(error)", status: 1)
    }
case .profileIndex(let path, let runs):
    do {
        try await SearchBenchmark.profileIndex(folder: URL(fileURLWithPath: path), runs: runs)
    } catch {
        fail("\(error)", status: 1)
    }
case .run:
    let machine = MachineDescription.current()
    if machine.buildConfiguration != "release" {
        FileHandle.standardError.write(Data("tiledit-bench: warning: a debug build; run with -c release for real figures\n".utf8))
    }
    do {
        let report = try await measure(quick: options.isQuick, only: options.onlyGroups, machine: machine)
        print(options.printsMarkdown ? report.markdownSection() : report.plainTable())
    } catch {
        fail("\(error)", status: 1)
    }
}

/// Generates the inputs, runs every group and removes the inputs again
/// (also when a group throws).
@MainActor
func measure(quick: Bool, only: Set<String>, machine: MachineDescription) async throws -> Report {
    let sizes: [BenchmarkCorpus.Size] = quick ? [.kilobytes100, .megabyte1] : [.kilobytes100, .megabyte1, .megabytes10]
    // New figure groups go here, one type per file.
    let groups: [any BenchmarkGroup] = [
        OpenBenchmark(), YAMLBenchmark(), EditBenchmark(), MemoryProbe(), LinearityBenchmark(), FilesBenchmark(), CommandMemoryBenchmark(),
    ]
    let corpus = try BenchmarkCorpus.generate(sizes: sizes) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    defer { corpus.remove() }
    let context = BenchmarkContext(corpus: corpus, isQuick: quick)
    var figures: [Figure] = []
    for group in groups where only.isEmpty || only.contains(group.title) {
        context.progress("— \(group.title)")
        figures += try group.run(in: context)
    }
    // Groups over the view models and the renderer, on the main actor.
    let mainActorGroups: [any MainActorBenchmarkGroup] = [
        SearchBenchmark(), FrameBenchmark(), EditorOpenBenchmark(), FolderOpenBenchmark(), LanguageServerBenchmark(),
    ]
    for group in mainActorGroups where only.isEmpty || only.contains(group.title) {
        context.progress("— \(group.title)")
        figures += try await group.run(in: context)
    }
    return Report(figures: figures, machine: machine, isQuick: quick, onlyGroups: only.sorted())
}
