/// What the user can answer to the document list's alerts.
public enum DocumentListAlertChoice: Equatable, Sendable {
    /// Move the document the confirmation names to the workspace trash.
    case trashDocument
    /// Make the rename the preview shows.
    case applyRename
    /// Close the alert without acting.
    case dismiss
}

/// The alerts of `DocumentListModel`'s destinations.
enum DocumentListAlert {
    /// The alert for `destination`; `nil` for the sheets (new document, rename, the rename's preview).
    /// `hasUnsavedEdits` says whether an open editor holds unsaved edits of a path.
    static func alert(
        for destination: DocumentListModel.Destination, hasUnsavedEdits: (String) -> Bool
    ) -> AlertState<DocumentListAlertChoice>? {
        switch destination {
        case .newDocument, .rename, .renamePreview:
            return nil
        case .confirmDelete(let path):
            let note = hasUnsavedEdits(path) ? "\nIts unsaved edits are not in the file: save first to keep them in it." : ""
            return AlertState(
                title: "Move to trash", message: "Move \(path) to .tiledit-trash? Restore in the documents brings it back.\(note)",
                buttons: [
                    AlertButton("Move to trash", role: .destructive, choice: .trashDocument),
                    AlertButton("Cancel", role: .cancel, choice: .dismiss),
                ],
                dismissal: .dismiss)
        case .alert(let error):
            return ErrorAlert.alert(error, dismissal: .dismiss)
        }
    }
}
