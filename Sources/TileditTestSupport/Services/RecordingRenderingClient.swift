import Synchronization
import Testing
import TileditModel
import TileditServices

/// A rendering client that records the text of every document it is asked
/// to preview and answers with `answer`'s styled document; a render can
/// be made to take time on a manual clock (a cancelled render throws
/// `CancellationError`, as the real one does) or to fail once with any
/// error. HTML is not expected and records an issue.
public final class RecordingRenderingClient: Sendable {
    private struct State {
        var previews: [String] = []
        var nextError: (any Error & Sendable)?
    }

    private let state = Mutex(State())
    private let answer: @Sendable (MarkdownDocument) -> StyledDocument
    private let renderTime: (clock: ManualClock, duration: Duration)?

    public init(renderTime: (clock: ManualClock, duration: Duration)? = nil, answer: @escaping @Sendable (MarkdownDocument) -> StyledDocument) {
        self.renderTime = renderTime
        self.answer = answer
    }

    /// The texts of the documents previewed, in order.
    public var previews: [String] { state.withLock { $0.previews } }

    /// The next preview throws `error`.
    public func failNext(_ error: any Error & Sendable) { state.withLock { $0.nextError = error } }

    public var client: RenderingClient {
        RenderingClient(
            html: { _ in
                Issue.record("RenderingClient.html was called unexpectedly")
                return ""
            },
            preview: { document in
                let error = self.state.withLock { state -> (any Error)? in
                    state.previews.append(document.text)
                    defer { state.nextError = nil }
                    return state.nextError
                }
                if let (clock, duration) = self.renderTime { try await clock.sleep(for: duration) }
                if let error { throw error }
                return self.answer(document)
            }
        )
    }
}
