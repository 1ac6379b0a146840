/// A destination that shows the questions of a `DocumentSession`
/// (`DocumentEditorDestination`, `YAMLDocumentDestination`): their cases
/// for the questions are this protocol's requirements, so the mapping from
/// a question to a destination and back is written once for both editors.
protocol SessionQuestionDestination {
    /// The file changed on disk.
    static var conflict: Self { get }
    /// The file is no longer at its path as it was loaded (deleted, moved
    /// away, replaced, unreadable: `DocumentSession.diskProblem`).
    static var deletedOnDisk: Self { get }
    /// The file is read-only for the user; `message` says which file and its mode.
    static func confirmOverrideReadOnly(message: String) -> Self
    /// The conflict looked at closely.
    static func reviewingConflict(_ review: ConflictReview) -> Self

    /// Whether the destination is the conflict with the disk.
    var isConflict: Bool { get }
    /// Whether the destination says the file was deleted on disk.
    var isDeletedOnDisk: Bool { get }
    /// The read-only question's message, when it is the destination.
    var confirmOverrideReadOnly: String? { get }
    /// The conflict's comparison or merge, when it is the destination.
    var conflictReview: ConflictReview? { get }
}

extension SessionQuestionDestination {
    /// The session's question shown as the session asked it.
    init(_ question: DocumentSession.Question) {
        switch question {
        case .conflict: self = .conflict
        case .deletedOnDisk: self = .deletedOnDisk
        case .overrideReadOnly(let message): self = .confirmOverrideReadOnly(message: message)
        case .reviewConflict(let review): self = .reviewingConflict(review)
        }
    }

    /// The session's question this destination shows, if it is one.
    var sessionQuestion: DocumentSession.Question? {
        if isConflict { return .conflict }
        if isDeletedOnDisk { return .deletedOnDisk }
        if let message = confirmOverrideReadOnly { return .overrideReadOnly(message: message) }
        if let review = conflictReview { return .reviewConflict(review) }
        return nil
    }
}
