import Foundation
import TileditFixtures
import TileditModel
import TileditServices

/// Workspace search: building the full-text index of a generated Tiledown
/// workspace of 10,000 documents (1-3 KB each; 1,000 with `--quick`)
/// beside reading the same files without indexing (the I/O floor, same
/// parallelism); the latency of 100 queries against the built index (median
/// and 95th percentile); and the one-shot `tiledit search ROOT QUERY`
/// command (discover, read, index, query, print) beside `grep -rli QUERY
/// ROOT` over the same folder.
struct SearchBenchmark: MainActorBenchmarkGroup {
    let title = "search"
    /// Documents in the generated workspace.
    static let documentCount = 10_000
    static let quickDocumentCount = 1_000
    /// Queries timed against the built index.
    static let queryCount = 100
    /// Index build: at most 3x reading the same files.
    static let indexTarget = Figure.Target.ratioAtMost(3)
    /// Query median.
    static let queryTarget = Figure.Target.durationBelow(.milliseconds(5))
    /// The one-shot command: within 5x of `grep -rli`.
    static let commandTarget = Figure.Target.ratioAtMost(5)

    /// The generated workspace could not be indexed as expected.
    struct IndexError: Error, CustomStringConvertible {
        var indexed: Int
        var expected: Int

        var description: String { "the search index holds \(indexed) documents, not the \(expected) written" }
    }

    func run(in context: BenchmarkContext) async throws -> [Figure] {
        let count = context.isQuick ? Self.quickDocumentCount : Self.documentCount
        let root = context.corpus.folder.appendingPathComponent("search-workspace", isDirectory: true)
        let written = try Self.writeWorkspace(documents: count, at: root)
        context.progress("search: \(count) documents, \(written.byteCount / 1000) KB")
        let workspace = try await WorkspaceClient.live().discover(root)
        let label = count == Self.documentCount ? "10,000" : String(count)
        let benchmark = context.isQuick ? Benchmark(warmUps: 1, repetitions: 3) : Benchmark(warmUps: 1, repetitions: 7)

        // The documents and `tiledown.yml` (a YAML file is a document too).
        let expected = workspace.documents.filter(\.isReadable).count
        let (indexTime, readTime) = try await Self.compare(benchmark: benchmark) {
            let index = await SearchIndex.build(workspace: workspace)
            guard index.documentCount == expected else { throw IndexError(indexed: index.documentCount, expected: expected) }
            return index
        } anchor: {
            await Self.readAll(workspace)
        }
        var figures = [Figure(
            name: "search index build, \(label) documents", ours: .duration(indexTime),
            anchorName: "read the same files", anchor: .duration(readTime), target: Self.indexTarget)]

        let index = await SearchIndex.build(workspace: workspace)
        let queries = Self.queries(from: written.sample, count: Self.queryCount)
        let samples = Self.samples(of: queries, in: index)
        figures.append(Figure(
            name: "search query, median of \(queries.count)", ours: .duration(Benchmark.median(of: samples)),
            anchorName: nil, anchor: nil, target: Self.queryTarget))
        figures.append(Figure(
            name: "search query, 95th percentile", ours: .duration(Self.percentile(95, of: samples)),
            anchorName: nil, anchor: nil, target: nil))

        if let tool = Self.siblingExecutable(named: "tiledit") {
            let word = queries.first { !$0.contains(" ") && !$0.contains(":") } ?? "tiledit"
            context.progress("search: one-shot command for `\(word)`, in \(index.search(word, limit: .max).count) documents")
            let commandBenchmark = context.isQuick ? Benchmark(warmUps: 1, repetitions: 3) : Benchmark(warmUps: 1, repetitions: 5)
            let (commandTime, grepTime) = try commandBenchmark.compare {
                try Self.runQuietly(tool, ["search", root.path, word])
            } anchor: {
                try Self.runQuietly(URL(fileURLWithPath: "/usr/bin/env"), ["grep", "-rli", word, root.path])
            }
            figures.append(Figure(
                name: "tiledit search (one-shot), \(label) documents", ours: .duration(commandTime),
                anchorName: "grep -rli", anchor: .duration(grepTime), target: Self.commandTarget))
        } else {
            context.progress("search: no tiledit executable beside this one; build it (swift build -c release --product tiledit) for the command figure")
        }
        return figures
    }

    // MARK: The workspace

    /// What was written: the total size and a few documents' text to take
    /// query words from.
    struct Written {
        var byteCount: Int
        var sample: [String]
    }

    /// Writes `tiledown.yml` and `documents` Tiledown documents of 1-3 KB
    /// (flat front matter with a title, date, tags and draft flag; every
    /// block kind; a tile about every 8 blocks) in folders of 100.
    static func writeWorkspace(documents: Int, at root: URL) throws -> Written {
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("title: Search benchmark\nbaseURL: https://example.org/\n".utf8).write(to: root.appendingPathComponent("tiledown.yml"))
        var random = SeededGenerator(seed: BenchmarkCorpus.seed)
        var generator = TiledownGenerator(seed: BenchmarkCorpus.seed, frontMatter: .none, tileEvery: 8)
        let topics = ["alpha", "beta", "gamma", "delta", "release", "guide", "news", "howto", "design", "notes"]
        var byteCount = 0
        var sample: [String] = []
        for number in 0..<documents {
            let folder = root.appendingPathComponent("section-\(number / 100)", isDirectory: true)
            if number % 100 == 0 { try manager.createDirectory(at: folder, withIntermediateDirectories: true) }
            let tags = [topics[number % topics.count], topics[(number / 7) % topics.count]]
            let header = [
                "---", "title: Page \(number) about \(tags[0])", "date: 2026-\(String(format: "%02d", number % 12 + 1))-01",
                "tags: \(tags.joined(separator: ", "))", "draft: \(number % 10 == 0)", "---", "",
            ].joined(separator: "\n")
            let text = header + generator.document(bytes: Int.random(in: 1_000...3_000, using: &random) - header.utf8.count)
            byteCount += text.utf8.count
            if number % 97 == 0 { sample.append(text) }
            try Data(text.utf8).write(to: folder.appendingPathComponent("page-\(number).md"))
        }
        return Written(byteCount: byteCount, sample: sample)
    }

    /// Reads every readable document of `workspace` as the index build
    /// does (same file system, same parallelism), without analyzing it.
    static func readAll(_ workspace: Workspace) async -> Int {
        let fileSystem = FileSystem.live
        let readable = workspace.documents.filter(\.isReadable)
        let sizes = await BoundedConcurrency.map(readable, limit: ProcessInfo.processInfo.activeProcessorCount) { summary in
            (try? fileSystem.read(workspace.url(of: summary.path), limit: ContentCheck.defaultSizeLimit))?.bytes.count ?? 0
        }
        return sizes.reduce(0, +)
    }

    // MARK: Queries

    /// `count` queries, seeded: one word, two words, a word with a
    /// `tag:` filter, a `type:` filter, and `draft:true` with a word, the
    /// words taken from the text of sampled documents.
    static func queries(from documents: [String], count: Int) -> [String] {
        var random = SeededGenerator(seed: BenchmarkCorpus.seed)
        let words = Array(Set(documents.flatMap { text in
            text.split { !$0.isLetter }.map { $0.lowercased() }.filter { $0.count >= 4 }
        })).sorted()
        guard !words.isEmpty else { return ["page"] }
        func word() -> String { words[Int.random(in: 0..<words.count, using: &random)] }
        return (0..<count).map { number in
            switch number % 5 {
            case 0, 1: word()
            case 2: "\(word()) \(word())"
            case 3: "tag:\(["alpha", "news", "guide"][number % 3]) \(word())"
            default: number % 2 == 0 ? "type:callout" : "draft:true \(word())"
            }
        }
    }

    /// The time of each query (the first 100 results, as the editor asks).
    static func samples(of queries: [String], in index: SearchIndex) -> [Duration] {
        let clock = ContinuousClock()
        for query in queries.prefix(10) { keep(index.search(query)) }  // warm-up
        return queries.map { query in
            let start = clock.now
            let results = index.search(query, limit: 100)
            let elapsed = clock.now - start
            keep(results)
            return elapsed
        }
    }

    /// The `percent` percentile (nearest rank) of `samples`.
    static func percentile(_ percent: Int, of samples: [Duration]) -> Duration {
        guard !samples.isEmpty else { return .zero }
        let sorted = samples.sorted()
        let rank = (percent * sorted.count + 99) / 100
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    // MARK: Running

    /// Median times of async `ours` and `anchor`, run alternately after the
    /// warm-up runs, as `Benchmark.compare` does for synchronous code.
    static func compare<Ours, Anchor>(
        benchmark: Benchmark, ours: () async throws -> Ours, anchor: () async throws -> Anchor
    ) async throws -> (ours: Duration, anchor: Duration) {
        let clock = ContinuousClock()
        for _ in 0..<benchmark.warmUps {
            keep(try await ours())
            keep(try await anchor())
        }
        var oursSamples: [Duration] = []
        var anchorSamples: [Duration] = []
        for _ in 0..<benchmark.repetitions {
            let oursStart = clock.now
            let oursResult = try await ours()
            oursSamples.append(clock.now - oursStart)
            keep(oursResult)
            let anchorStart = clock.now
            let anchorResult = try await anchor()
            anchorSamples.append(clock.now - anchorStart)
            keep(anchorResult)
        }
        return (Benchmark.median(of: oursSamples), Benchmark.median(of: anchorSamples))
    }

    /// An executable in the same folder as this one (a release build puts
    /// `tiledit` beside `tiledit-bench`).
    static func siblingExecutable(named name: String) -> URL? {
        guard let folder = Bundle.main.executableURL?.deletingLastPathComponent() else { return nil }
        let url = folder.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// A command that failed to run or exited with an unexpected status.
    struct CommandError: Error, CustomStringConvertible {
        var command: String
        var status: Int32

        var description: String { "`\(command)` exited with status \(status)" }
    }

    /// Runs `executable` with `arguments`, output discarded; grep's status 1
    /// (nothing found) counts as success.
    static func runQuietly(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus <= 1 else {
            throw CommandError(command: ([executable.lastPathComponent] + arguments).joined(separator: " "), status: process.terminationStatus)
        }
        return process.terminationStatus
    }
}
