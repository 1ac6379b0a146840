import Synchronization
import TileditServices

/// A settings client over settings held in memory that records every
/// load and save in order; the next load or save can be made to fail with
/// any error (a `SettingsError`, or `CancellationError` as a cancelled
/// task sees it), and then nothing changes.
public final class RecordingSettingsClient: Sendable {
    /// One call received.
    public enum Call: Equatable, Sendable {
        case load
        case save(Settings)
    }

    private struct State {
        var settings: Settings
        var calls: [Call] = []
        var nextLoadError: (any Error & Sendable)?
        var nextSaveError: (any Error & Sendable)?
    }

    private let state: Mutex<State>

    public init(settings: Settings = Settings()) {
        state = Mutex(State(settings: settings))
    }

    /// The calls received, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// The settings as last saved (or given).
    public var settings: Settings { state.withLock { $0.settings } }

    /// The next load throws `error`.
    public func failNextLoad(_ error: any Error & Sendable) { state.withLock { $0.nextLoadError = error } }
    /// The next save throws `error` and stores nothing.
    public func failNextSave(_ error: any Error & Sendable) { state.withLock { $0.nextSaveError = error } }

    public var client: SettingsClient {
        SettingsClient(
            load: {
                try self.state.withLock { state in
                    state.calls.append(.load)
                    if let error = state.nextLoadError {
                        state.nextLoadError = nil
                        throw error
                    }
                    return state.settings
                }
            },
            save: { settings in
                try self.state.withLock { state in
                    state.calls.append(.save(settings))
                    if let error = state.nextSaveError {
                        state.nextSaveError = nil
                        throw error
                    }
                    state.settings = settings
                }
            }
        )
    }
}
