import Foundation
import TileditFixtures
import TileditModel
import TileditServices

/// Workspace search on a generated Tiledown workspace of 10,000 documents
/// (1-3 KB each, a quarter with a paragraph of Chinese, Japanese, Korean
/// or accented Latin text; 1,000 documents with `--quick`):
///
/// - building the full-text index beside reading the same files without
///   indexing (the I/O floor, same parallelism);
/// - opening it again from the cache with 1% of the files changed (the
///   cache read, every file's status, the changed files read, the cache
///   written), beside the same read;
/// - the latency of 100 queries against the built index (median and 95th
///   percentile), and of 100 queries in Chinese, Japanese and Korean and
///   with and without accents;
/// - the one-shot `tiledit search ROOT QUERY` command (discover, read,
///   match, print) beside `rg -li QUERY ROOT` and `grep -rli QUERY ROOT`
///   over the same folder, all three in this run.
struct SearchBenchmark: MainActorBenchmarkGroup {
    let title = "search"
    /// Documents in the generated workspace.
    static let documentCount = 10_000
    static let quickDocumentCount = 1_000
    /// Queries timed against the built index, per set.
    static let queryCount = 100
    /// Index build: at most 3x reading the same files.
    static let indexTarget = Figure.Target.ratioAtMost(3)
    /// Query median.
    static let queryTarget = Figure.Target.durationBelow(.milliseconds(5))
    /// The one-shot command: at most 2x `rg -li`.
    static let commandTarget = Figure.Target.ratioAtMost(2)
    /// Files changed before the cache is opened again: one in a hundred.
    static let changedShare = 100

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
        // As the editor builds it the first time: each file's status taken too, for the cache.
        let (fingerprintedTime, fingerprintReadTime) = try await Self.compare(benchmark: benchmark) {
            await SearchIndex.build(workspace: workspace, fingerprints: true)
        } anchor: {
            await Self.readAll(workspace)
        }
        figures.append(Figure(
            name: "search index build with file status for the cache", ours: .duration(fingerprintedTime),
            anchorName: "read the same files", anchor: .duration(fingerprintReadTime), target: nil))

        let (reopenTime, reopenReadTime) = try await Self.measureReopening(workspace: workspace, root: root, benchmark: benchmark, context: context)
        figures.append(Figure(
            name: "search index reopened from its cache, 1% of files changed", ours: .duration(reopenTime),
            anchorName: "read the same files", anchor: .duration(reopenReadTime), target: nil))

        let index = await SearchIndex.build(workspace: workspace)
        let queries = Self.queries(from: written.sample, count: Self.queryCount)
        let samples = Self.samples(of: queries, in: index)
        figures.append(Figure(
            name: "search query, median of \(queries.count)", ours: .duration(Benchmark.median(of: samples)),
            anchorName: nil, anchor: nil, target: Self.queryTarget))
        figures.append(Figure(
            name: "search query, 95th percentile", ours: .duration(Self.percentile(95, of: samples)),
            anchorName: nil, anchor: nil, target: nil))
        let scriptQueries = Self.scriptQueries(count: Self.queryCount)
        let scriptSamples = Self.samples(of: scriptQueries, in: index)
        let found = scriptQueries.filter { !index.search($0, limit: 1).isEmpty }.count
        context.progress("search: \(found) of \(scriptQueries.count) CJK and accent queries find something")
        figures.append(Figure(
            name: "search query, CJK and accents, median of \(scriptQueries.count)", ours: .duration(Benchmark.median(of: scriptSamples)),
            anchorName: nil, anchor: nil, target: Self.queryTarget))
        figures.append(Figure(
            name: "search query, CJK and accents, 95th percentile", ours: .duration(Self.percentile(95, of: scriptSamples)),
            anchorName: nil, anchor: nil, target: nil))

        guard let tool = Self.siblingExecutable(named: "tiledit") else {
            context.progress("search: no tiledit executable beside this one; build it (swift build -c release --product tiledit) for the command figures")
            return figures
        }
        let word = queries.first { !$0.contains(" ") && !$0.contains(":") } ?? "tiledit"
        context.progress("search: one-shot command for `\(word)`, in \(index.search(word, limit: .max).count) documents")
        let commandBenchmark = context.isQuick ? Benchmark(warmUps: 1, repetitions: 3) : Benchmark(warmUps: 2, repetitions: 9)
        if let ripgrep = Self.executableOnPath(named: "rg") {
            let (commandTime, ripgrepTime) = try commandBenchmark.compare {
                try Self.runQuietly(tool, ["search", root.path, word])
            } anchor: {
                try Self.runQuietly(ripgrep, ["-li", word, root.path])
            }
            figures.append(Figure(
                name: "tiledit search (one-shot), \(label) documents", ours: .duration(commandTime),
                anchorName: "rg -li", anchor: .duration(ripgrepTime), target: Self.commandTarget))
        } else {
            context.progress("search: ripgrep (rg) is not installed (scripts/install-deps --bench); the one-shot figure against it is left out")
        }
        let (commandTime, grepTime) = try commandBenchmark.compare {
            try Self.runQuietly(tool, ["search", root.path, word])
        } anchor: {
            try Self.runQuietly(URL(fileURLWithPath: "/usr/bin/env"), ["grep", "-rli", word, root.path])
        }
        figures.append(Figure(
            name: "tiledit search (one-shot), \(label) documents", ours: .duration(commandTime),
            anchorName: "grep -rli", anchor: .duration(grepTime), target: nil))
        return figures
    }

    /// The median time of opening the search of `workspace` again through
    /// a client with a cache folder, after a first opening wrote the cache
    /// and one file in `changedShare` was rewritten; beside reading every
    /// file. Each run rewrites other files.
    static func measureReopening(
        workspace: Workspace, root: URL, benchmark: Benchmark, context: BenchmarkContext
    ) async throws -> (Duration, Duration) {
        let cacheFolder = context.corpus.folder.appendingPathComponent("search-cache", isDirectory: true)
        try await SearchClient.live(cacheFolder: cacheFolder).build(workspace)
        let documents = workspace.documents.filter { $0.kind == .markdown }
        var run = 0
        let samples = try await compareSamples(benchmark: benchmark) {
            run += 1
            // Other files each run, so the cache written by the last run is stale for them.
            for (offset, document) in documents.enumerated() where offset % changedShare == run % changedShare {
                let url = workspace.url(of: document.path)
                var bytes = try Data(contentsOf: url)
                bytes.append(contentsOf: Array("\nChanged in run \(run).\n".utf8))
                try bytes.write(to: url)
            }
            // Only the opening is timed, not the rewriting above.
            let clock = ContinuousClock()
            let start = clock.now
            try await SearchClient.live(cacheFolder: cacheFolder).build(workspace)
            return clock.now - start
        } anchor: {
            await readAll(workspace)
        }
        return (Benchmark.median(of: samples.results), Benchmark.median(of: samples.anchor))
    }

    /// Builds the index of the workspace at `folder` `runs` times, each
    /// beside reading its files, and prints both times of each run (the
    /// build alone, to profile it).
    static func profileIndex(folder: URL, runs: Int) async throws {
        let workspace = try await WorkspaceClient.live().discover(folder)
        let clock = ContinuousClock()
        /// The CPU time of the whole process so far (every thread).
        func processorTime() -> Duration {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
        }
        func milliseconds(_ duration: Duration) -> String {
            String(format: "%.1f ms", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
        }
        for run in 1...runs {
            let start = clock.now
            let processorStart = processorTime()
            let index = await SearchIndex.build(workspace: workspace)
            let built = clock.now - start
            let builtProcessor = processorTime() - processorStart
            let readStart = clock.now
            let readProcessorStart = processorTime()
            keep(await readAll(workspace))
            let read = clock.now - readStart
            let readProcessor = processorTime() - readProcessorStart
            print("run \(run): index build \(milliseconds(built)) (CPU \(milliseconds(builtProcessor)), \(index.documentCount) documents), "
                + "read \(milliseconds(read)) (CPU \(milliseconds(readProcessor)))")
        }
    }

    // MARK: The workspace

    /// What was written: the total size and a few documents' text to take
    /// query words from.
    struct Written {
        var byteCount: Int
        var sample: [String]
    }

    /// Sentences in Chinese, Japanese, Korean and accented Latin scripts;
    /// about one document in four holds a paragraph of two of them.
    static let scriptSentences = [
        "本文是关于教务使用的一篇小教程。", "静态网站生成器让写作更简单。", "我们在会议上讨论了搜索功能和索引。", "每个文档都有标题和标签。",
        "東京で日本語を勉強します。", "検索は全文索引を使います。", "このページは下書きです。", "カタカナとひらがなを混ぜた文章です。",
        "서울특별시에서 검색 기능을 시험합니다.", "정적 사이트 생성기를 씁니다.",
        "Résumé of the café visit.", "Crème brûlée à la française.", "Über die Straße nach München.",
        "Señor Muñoz visitó São Paulo.", "Łódź i Kraków w zimie.", "A naïve façade, déjà vu.",
    ]

    /// Writes `tiledown.yml` and `documents` Tiledown documents of 1-3 KB
    /// (flat front matter with a title, date, tags and draft flag; every
    /// block kind; a tile about every 8 blocks; a paragraph of
    /// `scriptSentences` in about a quarter) in folders of 100.
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
            var scripts = ""
            if Int.random(in: 0..<4, using: &random) == 0 {
                let first = scriptSentences[Int.random(in: 0..<scriptSentences.count, using: &random)]
                let second = scriptSentences[Int.random(in: 0..<scriptSentences.count, using: &random)]
                scripts = first + " " + second + "\n\n"
            }
            let size = Int.random(in: 1_000...3_000, using: &random) - header.utf8.count - scripts.utf8.count
            let text = header + scripts + generator.document(bytes: Swift.max(200, size))
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
            (try? fileSystem.readListedFile(workspace.url(of: summary.path), limit: ContentCheck.defaultSizeLimit))?.bytes.count ?? 0
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
            text.split { !$0.isLetter }.map { $0.lowercased() }.filter { $0.count >= 4 && $0.unicodeScalars.allSatisfy(\.isASCII) }
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

    /// `count` queries, seeded, from `scriptSentences`: two or three
    /// characters from inside a Chinese, Japanese or Korean sentence (found
    /// through bigrams), a quoted run, and accented words typed with and
    /// without their accents.
    static func scriptQueries(count: Int) -> [String] {
        var random = SeededGenerator(seed: BenchmarkCorpus.seed &+ 1)
        let runs = scriptSentences.prefix(10).map { sentence in
            Array(sentence.filter { !"。. ".contains($0) })
        }
        let accented = ["café", "résumé", "crème", "brûlée", "française", "straße", "münchen", "muñoz", "visitó", "são", "łódź", "kraków", "naïve", "façade", "déjà"]
        let unaccented = accented.map { word in
            String(String.UnicodeScalarView(word.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }))
                .replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ł", with: "l")
        }
        return (0..<count).map { number in
            switch number % 4 {
            case 0, 1:
                let run = runs[Int.random(in: 0..<runs.count, using: &random)]
                let length = number % 2 == 0 ? 2 : 3
                let start = Int.random(in: 0...(run.count - length), using: &random)
                let text = String(run[start..<(start + length)])
                return number % 8 == 1 ? "\"\(text)\"" : text
            case 2: return accented[Int.random(in: 0..<accented.count, using: &random)]
            default: return unaccented[Int.random(in: 0..<unaccented.count, using: &random)]
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
        try await compareSamples(benchmark: benchmark, ours: ours, anchor: anchor).medians
    }

    /// The timed samples of `compare`, and `ours`' results.
    static func compareSamples<Ours, Anchor>(
        benchmark: Benchmark, ours: () async throws -> Ours, anchor: () async throws -> Anchor
    ) async throws -> ComparedSamples<Ours> {
        let clock = ContinuousClock()
        for _ in 0..<benchmark.warmUps {
            keep(try await ours())
            keep(try await anchor())
        }
        var samples = ComparedSamples<Ours>()
        for _ in 0..<benchmark.repetitions {
            let oursStart = clock.now
            let oursResult = try await ours()
            samples.ours.append(clock.now - oursStart)
            samples.results.append(oursResult)
            let anchorStart = clock.now
            let anchorResult = try await anchor()
            samples.anchor.append(clock.now - anchorStart)
            keep(anchorResult)
        }
        return samples
    }

    /// An executable in the same folder as this one (a release build puts
    /// `tiledit` beside `tiledit-bench`).
    nonisolated static func siblingExecutable(named name: String) -> URL? {
        guard let folder = Bundle.main.executableURL?.deletingLastPathComponent() else { return nil }
        let url = folder.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// An executable found on `PATH`.
    static func executableOnPath(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// A command that failed to run or exited with an unexpected status.
    struct CommandError: Error, CustomStringConvertible {
        var command: String
        var status: Int32

        var description: String { "`\(command)` exited with status \(status)" }
    }

    /// Runs `executable` with `arguments`, output discarded; status 1
    /// (grep's and ripgrep's "nothing found") counts as success.
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

/// The samples of a comparison: each timed run of ours and of the anchor,
/// and what each of ours returned.
struct ComparedSamples<Result> {
    var ours: [Duration] = []
    var anchor: [Duration] = []
    var results: [Result] = []

    /// The two medians.
    var medians: (ours: Duration, anchor: Duration) { (Benchmark.median(of: ours), Benchmark.median(of: anchor)) }
}
