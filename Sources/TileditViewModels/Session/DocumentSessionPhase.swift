/// Where the last save stands, before the owner's dirtiness is added.
public enum DocumentSessionPhase: Equatable, Sendable {
    /// No save since the file was loaded or last changed.
    case idle
    /// A save is running.
    case saving
    /// The last save succeeded.
    case saved
    /// The last save failed; the edits are still in memory.
    case failed(ViewError)
    /// The file on disk is not the version the edits started from.
    case conflict
}

extension DocumentSessionPhase {
    /// Whether the last save failed.
    var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}
