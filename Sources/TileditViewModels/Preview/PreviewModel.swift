import Observation
import TileditModel
import TileditServices

/// The preview of the open document as a renderer-neutral styled document
/// (each renderer lays it out), rendered again after edits: after a pause
/// on the injected clock while the user types, at once when a document is
/// opened, reloaded or restored. The render runs in a child task of a
/// stored task; a newer change cancels both (ARCHITECTURE.md, "Tasks").
@Observable @MainActor
public final class PreviewModel {
    /// The styled document; while a newer one renders, the last one stays.
    public private(set) var document: Loadable<StyledDocument> = .idle
    /// How many renders have finished: a renderer lays the preview out
    /// again when it changes (comparing documents would cost more).
    public private(set) var revision = 0

    /// Time after the last edit before the preview renders again.
    public static let debounce: Duration = .milliseconds(150)

    @ObservationIgnored private let rendering: RenderingClient
    @ObservationIgnored private let clock: any Clock<Duration>
    /// The running render (tests await it).
    @ObservationIgnored private(set) var task: Task<Void, Never>?

    public init(rendering: RenderingClient, clock: any Clock<Duration>) {
        self.rendering = rendering
        self.clock = clock
    }

    deinit {
        task?.cancel()
    }

    /// The document changed (or was opened, `immediately`): render it,
    /// after the pause unless `immediately`; `nil` clears the preview.
    public func onChangedDocument(_ source: MarkdownDocument?, immediately: Bool = false) {
        task?.cancel()
        guard let source else {
            task = nil
            document = .idle
            return
        }
        document = .loading(previous: document.value)
        let rendering = rendering
        let wait = immediately ? nil : clock.sleeper(for: Self.debounce)
        task = Task { [weak self] in
            do {
                try await wait?()
                async let rendered = rendering.preview(source)
                let styled = try await rendered
                try Task.checkCancellation()
                self?.finish(styled)
            } catch is CancellationError {
                // Superseded by a newer change, or closed: nothing to show.
            } catch {
                self?.document = .failed(ViewError("The preview could not be rendered: \(error)"))
            }
        }
    }

    /// Stops rendering (the app quits).
    public func onDisappeared() {
        task?.cancel()
        task = nil
    }

    private func finish(_ styled: StyledDocument) {
        document = .loaded(styled)
        revision += 1
    }
}
