/// The tasks a view model started, one per job (ARCHITECTURE.md, "Tasks"):
/// a new task for a job cancels the one it replaces, chained work runs after
/// the job's earlier work in the order it was asked for, and `cancelAll()`
/// stops every one (on quit, and when the owner goes away).
struct OwnedTasks<Job: Hashable & Sendable>: Sendable {
    private var running: [Job: Task<Void, Never>] = [:]

    /// The job's latest task (tests await it).
    subscript(job: Job) -> Task<Void, Never>? { running[job] }

    /// Starts `work` as the job's task, cancelling the one it replaces.
    mutating func replace(_ job: Job, with work: @escaping @Sendable () async -> Void) {
        running[job]?.cancel()
        running[job] = Task { await work() }
    }

    /// Runs `work` after every earlier piece of the job's work.
    mutating func chain(_ job: Job, _ work: @escaping @Sendable () async -> Void) {
        let previous = running[job]
        running[job] = Task {
            await previous?.value
            await work()
        }
    }

    /// Cancels every task.
    func cancelAll() {
        for task in running.values { task.cancel() }
    }
}
