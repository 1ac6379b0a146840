import TileditModel

/// What the user can answer to the Markdown editor's alerts.
public enum EditorAlertChoice: Equatable, Sendable {
    /// A question about the file on disk or journaled edits (shared with YAML).
    case session(SessionChoice)
    /// Delete the block the confirmation names.
    case deleteBlock
    /// Throw away the typing the confirmation names.
    case discardTyping
    /// Close the alert without acting.
    case dismiss

    /// `choice` as the editor's; a session's dismissal is the editor's.
    init(_ choice: SessionChoice) {
        self = choice == .dismiss ? .dismiss : .session(choice)
    }
}

/// The alerts of `DocumentEditorModel`'s destinations.
enum EditorAlert {
    /// The alert for `destination`; `nil` for the tile catalog,
    /// prompts and a conflict's review (sheets). The delete confirmation names the block by its
    /// row in `document`; `conflictLink` as `SessionAlert.conflict`'s `link`.
    static func alert(
        for destination: DocumentEditorModel.Destination, displayPath: String, document: MarkdownDocument?, conflictLink: String? = nil,
        diskProblem: DiskProblem? = nil, isDirty: Bool = true
    ) -> AlertState<EditorAlertChoice>? {
        switch destination {
        case .tileCatalog, .prompt, .reviewingConflict:
            return nil
        case .conflict:
            return SessionAlert.conflict(displayPath: displayPath, link: conflictLink).map(EditorAlertChoice.init)
        case .deletedOnDisk:
            return SessionAlert.deletedOnDisk(displayPath: displayPath, problem: diskProblem, isDirty: isDirty).map(EditorAlertChoice.init)
        case .confirmOverrideReadOnly(let message):
            return SessionAlert.overrideReadOnly(message: message).map(EditorAlertChoice.init)
        case .recovery(let date, let changed):
            return SessionAlert.recovery(displayPath: displayPath, date: date, fileChangedSince: changed).map(EditorAlertChoice.init)
        case .confirmDelete(let id):
            return AlertState(
                title: "Delete block", message: "Delete \(blockLabel(id, in: document) ?? "the block")? Undo brings it back.",
                buttons: [AlertButton("Delete", role: .destructive, choice: .deleteBlock), AlertButton("Cancel", role: .cancel, choice: .dismiss)],
                dismissal: .dismiss)
        case .confirmDiscardTyping(let target):
            let what = switch target {
            case .field(let key): "the value typed for `\(key)`"
            case .text: "the text typed for the block"
            case .newParagraph: "the new paragraph"
            }
            return AlertState(
                title: "Discard typing", message: "Discard \(what)? It is not in the document.",
                buttons: [AlertButton("Discard", role: .destructive, choice: .discardTyping), AlertButton("Keep", role: .cancel, choice: .dismiss)],
                initialButton: 1, dismissal: .dismiss, answersToLetters: false)
        case .alert(let error):
            return ErrorAlert.alert(error, dismissal: .dismiss)
        }
    }
}

extension EditorAlert {
    /// `KIND: SUMMARY` of the block `id`, as its row shows it.
    static func blockLabel(_ id: BlockID, in document: MarkdownDocument?) -> String? {
        guard let document, let index = document.index(of: id) else { return nil }
        let row = BlockRow(document: document, index: index)
        return "\(row.kindLabel): \(row.summary)"
    }
}

/// An error with one OK button, the same in every view model.
enum ErrorAlert {
    static func alert<Choice>(_ error: ViewError, dismissal: Choice) -> AlertState<Choice> {
        AlertState(title: "Error", message: error.message, buttons: [AlertButton("OK", role: .cancel, choice: dismissal)], dismissal: dismissal)
    }
}
