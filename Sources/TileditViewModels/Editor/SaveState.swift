/// Where a document stands with the file on disk.
public enum SaveState: Equatable, Sendable {
    /// The text is what was loaded or last saved.
    case clean
    /// There are edits not saved yet.
    case dirty
    /// A save is running.
    case saving
    /// The last save succeeded and nothing changed since.
    case saved
    /// The last save failed; the edits are still here.
    case failed(ViewError)
    /// The file changed on disk since it was loaded: reload, overwrite or keep both.
    case conflict
    /// The file is not at its path as it was loaded (deleted, replaced,
    /// unreadable, made read-only); `isDirty`: the text has edits not on disk.
    case diskProblem(DiskProblem, isDirty: Bool)

    /// A short label for a status bar.
    public var label: String {
        switch self {
        case .clean: "clean"
        case .dirty: "modified"
        case .saving: "saving…"
        case .saved: "saved"
        case .failed: "save failed"
        case .conflict: "changed on disk"
        case .diskProblem(let problem, let isDirty): isDirty ? "modified, \(problem.label)" : problem.label
        }
    }
}

/// How to settle a conflict with the file on disk.
public enum ConflictResolution: Equatable, Sendable, CaseIterable {
    /// Drop the edits and load the file from disk.
    case reload
    /// Write the edits over the file on disk.
    case overwrite
    /// Write the edits to a conflict copy beside the file, then load the file from disk.
    case keepBoth
}

/// What to do with unsaved edits found in the recovery journal.
public enum RecoveryChoice: Equatable, Sendable {
    case restore
    case discard
}
