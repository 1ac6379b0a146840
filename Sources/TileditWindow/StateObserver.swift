import Observation

/// Runs `render` now and again after every change of the view-model state
/// it read (`withObservationTracking`). Changes made in one main-actor turn
/// reach one render, in a later turn, when the change is complete.
@MainActor
final class StateObserver {
    private let render: @MainActor () -> Void
    private var isStopped = false

    init(_ render: @escaping @MainActor () -> Void) {
        self.render = render
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
    }

    /// Renders no more.
    func stop() {
        isStopped = true
    }
}
