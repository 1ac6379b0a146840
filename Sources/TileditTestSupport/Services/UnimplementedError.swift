/// Thrown by a closure of an `unimplemented` test value after it recorded
/// an issue, so the code under test stops there.
public struct UnimplementedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `<Service>.<closure>`.
    public var endpoint: String

    public init(_ endpoint: String) {
        self.endpoint = endpoint
    }

    public var description: String { "\(endpoint) is not implemented in this test" }
}
