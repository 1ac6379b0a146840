import Foundation
import TileditModel

/// Where a Markdown editor navigates (`DocumentEditorModel.destination`):
/// one optional value, each case carrying the state its sheet, prompt or
/// alert needs.
public enum DocumentEditorDestination: Equatable, Sendable, SessionQuestionDestination {
    /// The tile catalog sheet, with its filter and selection.
    case tileCatalog(TileCatalogPicker)
    /// A question before an action that needs a value (move to, go to
    /// line, add a property), with the answer typed.
    case prompt(EditorPrompt)
    /// Confirm deleting a block.
    case confirmDelete(BlockID)
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
    /// Confirm throwing away what was typed into a field or the text.
    case confirmDiscardTyping(InspectorModel.Editing)
    /// Something failed; the message says what to do.
    case alert(ViewError)

    /// Equal cases with equal state; a sheet's or prompt's model by identity.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.tileCatalog(let a), .tileCatalog(let b)): a === b
        case (.prompt(let a), .prompt(let b)): a === b
        case (.confirmDelete(let a), .confirmDelete(let b)): a == b
        case (.conflict, .conflict), (.deletedOnDisk, .deletedOnDisk): true
        case (.reviewingConflict(let a), .reviewingConflict(let b)): a == b
        case (.confirmOverrideReadOnly(let a), .confirmOverrideReadOnly(let b)): a == b
        case (.recovery(let a, let x), .recovery(let b, let y)): a == b && x == y
        case (.confirmDiscardTyping(let a), .confirmDiscardTyping(let b)): a == b
        case (.alert(let a), .alert(let b)): a == b
        default: false
        }
    }

    /// The tile catalog sheet, when it is the destination.
    public var tileCatalog: TileCatalogPicker? {
        if case .tileCatalog(let picker) = self { return picker }
        return nil
    }

    /// The prompt, when it is the destination.
    public var prompt: EditorPrompt? {
        if case .prompt(let prompt) = self { return prompt }
        return nil
    }

    /// What the delete confirmation is about, when it is the destination.
    public var confirmDelete: BlockID? {
        if case .confirmDelete(let id) = self { return id }
        return nil
    }

    /// Whether the destination is the conflict with the disk.
    public var isConflict: Bool {
        if case .conflict = self { return true }
        return false
    }

    /// The conflict's comparison or merge, when it is the destination.
    public var conflictReview: ConflictReview? {
        if case .reviewingConflict(let review) = self { return review }
        return nil
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

    /// When the journaled edits were written and whether the file changed since, when they are offered.
    public var recovery: (date: Date, fileChangedSince: Bool)? {
        if case .recovery(let date, let changed) = self { return (date, changed) }
        return nil
    }

    /// The error shown, when the destination is one.
    public var alert: ViewError? {
        if case .alert(let error) = self { return error }
        return nil
    }

    /// What typing the confirmation would discard, when it is the destination.
    public var confirmDiscardTyping: InspectorModel.Editing? {
        if case .confirmDiscardTyping(let target) = self { return target }
        return nil
    }
}
