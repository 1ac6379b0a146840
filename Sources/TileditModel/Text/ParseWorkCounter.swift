import Synchronization

/// Counts the steps a parse or check takes (bytes looked at, nodes
/// visited, keys compared), so tests can show that work grows linearly with
/// the input by comparing counts at sizes n and 2n, without timing anything.
///
/// Counting is off unless a test binds a counter to the task:
///
/// ```swift
/// let counter = ParseWorkCounter()
/// ParseWorkCounter.$current.withValue(counter) { _ = YAMLFileDocument(bytes: bytes) }
/// let steps = counter.count
/// ```
///
/// Code that counts adds its local tally once per call, so the cost with
/// no counter bound is one task-local read.
public final class ParseWorkCounter: Sendable {
    /// The counter bound to the current task, if any.
    @TaskLocal public static var current: ParseWorkCounter?

    private let steps = Atomic<Int>(0)
    private let parses = Atomic<Int>(0)

    public init() {}

    /// Steps counted so far.
    public var count: Int { steps.load(ordering: .relaxed) }

    /// Times libyaml read a text from its start so far: once per YAML
    /// parse, and once more for each place it stopped at and was let past
    /// (`YAMLInputPatches`).
    public var parseCount: Int { parses.load(ordering: .relaxed) }

    /// Counts one more libyaml read.
    public func addParse() {
        parses.add(1, ordering: .relaxed)
    }

    /// Adds `steps` steps.
    public func add(_ steps: Int) {
        self.steps.add(steps, ordering: .relaxed)
    }
}
