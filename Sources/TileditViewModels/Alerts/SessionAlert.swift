import Foundation

/// What the user can answer to a `DocumentSession`'s questions (a conflict
/// with the disk, a file deleted on disk, a read-only file) and to unsaved
/// edits found in the recovery journal; the same for Markdown and YAML.
public enum SessionChoice: Equatable, Sendable {
    /// Settle a conflict with the file on disk.
    case resolveConflict(ConflictResolution)
    /// Look at a conflict closely: the comparison with the disk, or the merge.
    case reviewConflict(ConflictReview.Stage)
    /// Write the file deleted on disk again.
    case saveAgain
    /// Write the text as a copy in `.tiledit/conflicts/` (something else is
    /// at the file's path, or it cannot be read).
    case keepCopy
    /// Save over a read-only file, keeping its mode.
    case saveOverridingReadOnly
    /// Restore or discard journaled edits.
    case recovery(RecoveryChoice)
    /// Close the question without acting (it may come back: a conflict at
    /// the next save, journaled edits at the next start).
    case dismiss
}

/// The alerts of a document's life with the disk, written once for both
/// editors (`DocumentEditorModel`, `YAMLDocumentModel`): titles, messages,
/// buttons and the button selected first, which is the one that loses nothing.
enum SessionAlert {
    /// The file changed on disk since it was loaded or saved; `link`: where
    /// the symbolic link now at its path leads, when it became one.
    static func conflict(displayPath: String, link: String? = nil) -> AlertState<SessionChoice> {
        let what = link.map { "\(displayPath) is now a symbolic link to \($0); it was not when it was loaded, and nothing was written through it." }
            ?? "\(displayPath) changed on disk since it was loaded."
        let overwrite = link == nil ? "Overwrite writes yours over the file" : "Overwrite puts yours in a file in place of the link (what it leads to is left alone)"
        return AlertState(
            title: link == nil ? "Changed on disk" : "Now a symbolic link",
            message: "\(what)\nReload drops your edits; \(overwrite); Keep both saves yours as a copy in .tiledit/conflicts/ and loads the file; Merge takes the changes of both, asking where they overlap; Compare shows the differences.",
            buttons: [
                AlertButton("Reload", role: .destructive, choice: .resolveConflict(.reload)),
                AlertButton("Overwrite", role: .destructive, choice: .resolveConflict(.overwrite)),
                AlertButton("Keep both", choice: .resolveConflict(.keepBoth)),
                AlertButton("Merge", choice: .reviewConflict(.merging(index: 0))),
                AlertButton("Compare", choice: .reviewConflict(.comparing)),
                AlertButton("Cancel", role: .cancel, choice: .dismiss),
            ],
            initialButton: 2, dismissal: .dismiss, answersToLetters: false)
    }

    /// The file is no longer at its path as it was loaded: `problem` says
    /// what is there (`nil`: nothing, found by a save); `isDirty`: whether
    /// the text has edits not on disk. Where nothing is there, Save again
    /// writes the text back; else Keep a copy writes it to
    /// `.tiledit/conflicts/`. Close keeps the text as it is, unsaved.
    static func deletedOnDisk(displayPath: String, problem: DiskProblem? = nil, isDirty: Bool = true) -> AlertState<SessionChoice> {
        let problem = problem ?? .missing
        let what = problem.sentence(displayPath: displayPath)
        let kept = isDirty ? "Your edits are kept" : "The text stays open as it was read"
        let close = isDirty ? "Close keeps them unsaved (the recovery journal holds them)" : "Close leaves the disk as it is"
        if problem.canSaveAgain {
            let them = isDirty ? "them" : "it"
            return AlertState(
                title: "Deleted on disk",
                message: "\(what)\n\(kept): Save again writes \(them) back there (making its folder again if it is gone); \(close).",
                buttons: [AlertButton("Save again", choice: .saveAgain), AlertButton("Close", role: .cancel, choice: .dismiss)],
                dismissal: .dismiss, answersToLetters: false)
        }
        let title = if case .unreadable = problem { "Cannot be read" } else { "Replaced on disk" }
        let them = isDirty ? "them" : "it"
        return AlertState(
            title: title,
            message: "\(what)\n\(kept), and nothing is written there: Keep a copy saves \(them) in .tiledit/conflicts/; \(close).",
            buttons: [AlertButton("Keep a copy", choice: .keepCopy), AlertButton("Close", role: .cancel, choice: .dismiss)],
            dismissal: .dismiss, answersToLetters: false)
    }

    /// The message of the read-only question when a disk check found that
    /// the file lost its write permission (now mode `permissions`) under
    /// unsaved edits.
    static func becameReadOnly(displayPath: String, permissions: UInt16) -> String {
        "\(DiskProblem.readOnly(permissions: permissions).sentence(displayPath: displayPath)) Your edits are not saved: Save anyway writes them keeping its mode; Cancel keeps them unsaved."
    }

    /// The file is read-only for the user; `message` names it and its mode.
    static func overrideReadOnly(message: String) -> AlertState<SessionChoice> {
        AlertState(
            title: "Read-only file", message: message,
            buttons: [
                AlertButton("Save anyway", role: .destructive, choice: .saveOverridingReadOnly),
                AlertButton("Cancel", role: .cancel, choice: .dismiss),
            ],
            initialButton: 1, dismissal: .dismiss, answersToLetters: false)
    }

    /// Unsaved edits from an earlier session, journaled at `date`, were found.
    static func recovery(displayPath: String, date: Date, fileChangedSince: Bool) -> AlertState<SessionChoice> {
        let note = fileChangedSince ? " The file changed on disk since." : ""
        return AlertState(
            title: "Unsaved edits found", message: "Unsaved edits to \(displayPath) from \(minuteText(date)) were found.\(note)",
            buttons: [
                AlertButton("Restore", choice: .recovery(.restore)),
                AlertButton("Discard", role: .destructive, choice: .recovery(.discard)),
            ],
            dismissal: .dismiss)
    }

    /// `date` to the minute in the local time zone (`2025-03-01 14:05`).
    static func minuteText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
