import Observation
import TileditModel
import TileditServices

/// The rendered preview of the open document, refreshed after edits
/// (debounced on the injected clock) and rendered off the main actor; a
/// newer refresh cancels an older one.
@Observable @MainActor
public final class PreviewModel {
    /// The styled lines of the preview.
    public private(set) var lines: Loadable<[StyledLine]> = .idle
    /// The width the lines were wrapped to, in display columns.
    public private(set) var width = 80

    /// Time after the last edit before the preview renders again.
    public static let debounce: Duration = .milliseconds(150)

    @ObservationIgnored private let rendering: RenderingClient
    @ObservationIgnored private let clock: any Clock<Duration>
    /// The running render (tests await it).
    @ObservationIgnored private(set) var task: Task<Void, Never>?
    @ObservationIgnored private var document: MarkdownDocument?

    public init(rendering: RenderingClient, clock: any Clock<Duration>) {
        self.rendering = rendering
        self.clock = clock
    }

    deinit {
        task?.cancel()
    }

    /// The document changed (or was opened): render it after the debounce.
    public func onChangedDocument(_ document: MarkdownDocument?, immediately: Bool = false) {
        self.document = document
        schedule(immediately: immediately)
    }

    /// The pane was resized: wrap again at once.
    public func onChangedWidth(_ width: Int) {
        let clamped = Swift.max(10, width)
        guard clamped != self.width else { return }
        self.width = clamped
        schedule(immediately: true)
    }

    private func schedule(immediately: Bool) {
        task?.cancel()
        guard let document else {
            lines = .idle
            return
        }
        lines = .loading(previous: lines.value)
        let rendering = rendering
        let wait = immediately ? nil : clock.sleeper(for: Self.debounce)
        let width = width
        task = Task { [weak self] in
            do {
                try await wait?()
                let rendered = await Task.detached { rendering.preview(document, width) }.value
                try Task.checkCancellation()
                self?.lines = .loaded(rendered)
            } catch {
                // Superseded by a newer edit or closed.
            }
        }
    }
}
