/// The state of anything loaded asynchronously (ARCHITECTURE.md, "Tasks"): one
/// enum instead of an `isLoading` flag beside an optional error.
public enum Loadable<Value> {
    /// Nothing asked for yet.
    case idle
    /// Loading; the previous value, if any, is still shown.
    case loading(previous: Value?)
    /// Loaded.
    case loaded(Value)
    /// Failed with an error a user can act on.
    case failed(ViewError)

    /// The value, when loaded (or the previous one while reloading).
    public var value: Value? {
        switch self {
        case .loaded(let value): value
        case .loading(let previous): previous
        case .idle, .failed: nil
        }
    }

    /// Whether a load is running.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The error, when the load failed.
    public var error: ViewError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Sendable where Value: Sendable {}
