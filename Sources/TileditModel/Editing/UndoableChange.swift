/// A change an `UndoHistory` can hold: a value that can say it did nothing.
public protocol UndoableChange: Sendable, Equatable {
    /// Whether the change has no edits (it is then not recorded).
    var isEmpty: Bool { get }
}

extension DocumentChange: UndoableChange {
    /// Whether the change has no edits.
    public var isEmpty: Bool { edits.isEmpty }
}
