import Observation

/// Runs `render` now and again after every change of the view-model state
/// it read (`withObservationTracking`). Changes made in one main-actor turn
/// reach one render, in a later turn, when the change is complete.
@MainActor
final class StateObserver {
    private let render: @MainActor () -> Void
    private let untracked: (@MainActor () -> Void)?
    private var isStopped = false

    /// - Parameters:
    ///   - render: what to run; a change of anything it reads runs it again.
    ///   - untracked: run after each `render`, what it reads not followed
    ///     (a list's selection put back after its rows were bound again,
    ///     which must not bind them again when only the selection moves).
    init(_ render: @escaping @MainActor () -> Void, then untracked: (@MainActor () -> Void)? = nil) {
        self.render = render
        self.untracked = untracked
        run()
    }

    private func run() {
        guard !isStopped else { return }
        withObservationTracking {
            render()
        } onChange: { [weak self] in
            // Called before the change is stored: render after it, on the main actor.
            Task { @MainActor in self?.run() }
        }
        untracked?()
    }

    /// Renders no more.
    func stop() {
        isStopped = true
    }
}
