/// A group that measures code isolated to the main actor (view models,
/// the terminal renderer), set up with `async` actions such as a view
/// model's `onAppeared`. Listed in `main.swift` after the other groups.
@MainActor
protocol MainActorBenchmarkGroup {
    /// Short name for progress messages, e.g. `frame`.
    var title: String { get }

    /// Measures the group's figures.
    ///
    /// - Throws: when an input cannot be read or the code under test fails on it.
    func run(in context: BenchmarkContext) async throws -> [Figure]
}
