import Foundation
import TileditServices

/// An editor of one file that saves through its `DocumentSession`
/// (`DocumentEditorModel` for Markdown, `YAMLDocumentModel` for YAML): the
/// save actions and the answers to the session's questions are written
/// here once, so a save behaves the same for every format
/// (ARCHITECTURE.md, "View models").
@MainActor
public protocol DocumentSessionEditor: AnyObject {
    /// The file's life with the disk: saving, conflicts, the journal, autosave.
    var session: DocumentSession { get }
    /// The session's question the editor shows as its destination, if any.
    var sessionQuestion: DocumentSession.Question? { get }
    /// The user chose what to do with journaled edits.
    func onChoseRecovery(_ choice: RecoveryChoice) async
    /// Closes the destination without acting.
    func onDismissed()
}

extension DocumentSessionEditor {
    /// Saves the file atomically; a file changed on disk since it was
    /// loaded becomes a conflict, never an overwrite; a read-only file
    /// asks first (`DocumentSession.save()`).
    public func onTappedSave() async {
        await session.save()
    }

    /// The user answered the read-only question with "save anyway": the
    /// file is written keeping its mode (`SaveOptions.overridesReadOnly`).
    /// Does nothing unless that question is shown.
    public func onConfirmedOverrideReadOnly() async {
        guard case .overrideReadOnly? = sessionQuestion else { return }
        onDismissed()
        await session.saveOverridingReadOnly()
    }

    /// The user settled a conflict with the file on disk (shown, or left
    /// standing after the question was closed).
    public func onChoseConflictResolution(_ resolution: ConflictResolution) async {
        guard sessionQuestion == .conflict || session.phase == .conflict else { return }
        onDismissed()
        await session.resolveConflict(resolution)
    }

    /// The file was deleted on disk: write it again. Does nothing unless
    /// that question is shown.
    public func onTappedSaveAgain() async {
        guard sessionQuestion == .deletedOnDisk else { return }
        onDismissed()
        await session.saveAgain()
    }

    /// Something else is at the file's path, or it cannot be read: the text
    /// is written as a copy in `.tiledit/conflicts/` and stays as it is.
    /// Does nothing unless that question is shown.
    public func onTappedKeepCopy() async {
        guard sessionQuestion == .deletedOnDisk else { return }
        onDismissed()
        await session.keepCopy()
    }

    /// Loads the file again when it changed on disk and there are no
    /// unsaved edits; with unsaved edits a change on disk is a conflict.
    public func onCheckedDisk() async {
        await session.checkDisk()
    }

    /// Carries out `choice`, a button of a session's alert, through the
    /// action it stands for.
    func answer(_ choice: SessionChoice) async {
        switch choice {
        case .resolveConflict(let resolution): await onChoseConflictResolution(resolution)
        case .reviewConflict(let stage): await session.reviewConflict(stage)
        case .saveAgain: await onTappedSaveAgain()
        case .keepCopy: await onTappedKeepCopy()
        case .saveOverridingReadOnly: await onConfirmedOverrideReadOnly()
        case .recovery(let recovery): await onChoseRecovery(recovery)
        case .dismiss: onDismissed()
        }
    }
}

// The two editors: their session's question is their destination's.
extension DocumentEditorModel: DocumentSessionEditor {
    public var sessionQuestion: DocumentSession.Question? { destination?.sessionQuestion }
}

extension YAMLDocumentModel: DocumentSessionEditor {
    public var sessionQuestion: DocumentSession.Question? { destination?.sessionQuestion }
}
