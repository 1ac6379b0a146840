import Foundation

/// What every benchmark group gets: the generated inputs, how long to
/// measure, and a place for progress messages.
struct BenchmarkContext: Sendable {
    let corpus: BenchmarkCorpus
    /// A smoke-test run: fewer repetitions, no 10 MB inputs.
    let isQuick: Bool

    /// The runner for work on an input of `byteCount` bytes: fewer
    /// repetitions for larger inputs so the whole run stays in minutes.
    func benchmark(forInputBytes byteCount: Int) -> Benchmark {
        switch (isQuick, byteCount) {
        case (true, ..<200_000): Benchmark(warmUps: 1, repetitions: 5)
        case (true, _): Benchmark(warmUps: 1, repetitions: 3)
        case (false, ..<200_000): Benchmark(warmUps: 3, repetitions: 31)
        case (false, ..<2_000_000): Benchmark(warmUps: 2, repetitions: 15)
        case (false, _): Benchmark(warmUps: 1, repetitions: 9)
        }
    }

    /// The runner for one small operation (an edit) repeated many times.
    var operationBenchmark: Benchmark {
        isQuick ? Benchmark(warmUps: 5, repetitions: 31) : Benchmark(warmUps: 20, repetitions: 201)
    }

    /// `target` for a figure measured on an input of `size`; `nil` (an
    /// informative figure) for other sizes, where the target is not stated.
    func target(_ target: Figure.Target, for size: BenchmarkCorpus.Size) -> Figure.Target? {
        size == BenchmarkCorpus.targetSize ? target : nil
    }

    /// Writes `message` and a line break to standard error.
    func progress(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
