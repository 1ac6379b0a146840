import Foundation

/// Where a YAML editor navigates (`YAMLDocumentModel.destination`): one
/// optional value, each case carrying what its alert or prompt needs.
public enum YAMLDocumentDestination: Equatable, Sendable, SessionQuestionDestination {
    /// The file changed on disk: reload, overwrite, keep both, merge or compare.
    case conflict
    /// The conflict looked at closely: the comparison with the disk, or the merge.
    case reviewingConflict(ConflictReview)
    /// The file was deleted on disk.
    case deletedOnDisk
    /// The file is read-only for the user: save anyway (keeping its
    /// mode) or cancel. `message` says which file and its mode.
    case confirmOverrideReadOnly(message: String)
    /// Unsaved edits from an earlier session were found.
    case recovery(date: Date, fileChangedSince: Bool)
    /// The name of a key to add, with the answer typed.
    case prompt(EditorPrompt)

    /// Equal cases with equal state; a prompt by identity.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.conflict, .conflict), (.deletedOnDisk, .deletedOnDisk): true
        case (.reviewingConflict(let a), .reviewingConflict(let b)): a == b
        case (.confirmOverrideReadOnly(let a), .confirmOverrideReadOnly(let b)): a == b
        case (.recovery(let a, let x), .recovery(let b, let y)): a == b && x == y
        case (.prompt(let a), .prompt(let b)): a === b
        default: false
        }
    }

    /// Whether the destination is the conflict with the disk.
    public var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }

    /// Whether the destination says the file was deleted on disk.
    public var isDeletedOnDisk: Bool {
        if case .deletedOnDisk = self { return true }
        return false
    }

    /// The read-only question's message, when it is the destination.
    public var confirmOverrideReadOnly: String? {
        if case .confirmOverrideReadOnly(let message) = self { return message }
        return nil
    }

    /// The conflict's comparison or merge, when it is the destination.
    public var conflictReview: ConflictReview? {
        if case .reviewingConflict(let review) = self { return review }
        return nil
    }

    /// The prompt, when it is the destination.
    public var prompt: EditorPrompt? {
        if case .prompt(let prompt) = self { return prompt }
        return nil
    }

    /// When the journaled edits were written and whether the file changed since, when they are offered.
    public var recovery: (date: Date, fileChangedSince: Bool)? {
        if case .recovery(let date, let changed) = self { return (date, changed) }
        return nil
    }

    /// The alert of this destination; `nil` for a prompt and a conflict's
    /// review (sheets); `conflictLink` as `SessionAlert.conflict`'s `link`,
    /// `diskProblem` and `isDirty` as `SessionAlert.deletedOnDisk`'s.
    func alert(displayPath: String, conflictLink: String? = nil, diskProblem: DiskProblem? = nil, isDirty: Bool = true) -> AlertState<SessionChoice>? {
        switch self {
        case .conflict: SessionAlert.conflict(displayPath: displayPath, link: conflictLink)
        case .deletedOnDisk: SessionAlert.deletedOnDisk(displayPath: displayPath, problem: diskProblem, isDirty: isDirty)
        case .confirmOverrideReadOnly(let message): SessionAlert.overrideReadOnly(message: message)
        case .recovery(let date, let changed): SessionAlert.recovery(displayPath: displayPath, date: date, fileChangedSince: changed)
        case .prompt, .reviewingConflict: nil
        }
    }
}
