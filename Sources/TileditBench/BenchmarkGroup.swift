/// A group of related figures, measured together. Each group lives in its
/// own file; adding one to the report means adding a type and listing it
/// in `main.swift`.
protocol BenchmarkGroup {
    /// Short name for progress messages, e.g. `open`.
    var title: String { get }

    /// Measures the group's figures.
    ///
    /// - Throws: when an input cannot be read or our code fails on it (a
    ///   benchmark of failing code would measure nothing useful).
    func run(in context: BenchmarkContext) throws -> [Figure]
}
