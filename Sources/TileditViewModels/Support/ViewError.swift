/// An error as a screen shows it: a message a user can act on, comparable
/// in tests by value (never `any Error` compared by description).
public struct ViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong and what to do, in one or two sentences.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
