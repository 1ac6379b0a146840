/// Where the document list navigates (`DocumentListModel.destination`).
public enum DocumentListDestination: Equatable, Sendable {
    case newDocument(NewDocumentForm)
    case confirmDelete(path: String)
    /// The prompt for a document's new path.
    case rename(RenameForm)
    /// What the rename changes, before it is made.
    case renamePreview(RenamePreview)
    case alert(ViewError)

    /// The rename prompt, when it is the destination.
    public var rename: RenameForm? {
        if case .rename(let form) = self { return form }
        return nil
    }

    /// What a rename would change, when it is the destination.
    public var renamePreview: RenamePreview? {
        if case .renamePreview(let preview) = self { return preview }
        return nil
    }

    /// The new-document form, when it is the destination.
    public var newDocument: NewDocumentForm? {
        if case .newDocument(let form) = self { return form }
        return nil
    }

    /// What the delete confirmation is about, when it is the destination.
    public var confirmDelete: String? {
        if case .confirmDelete(let path) = self { return path }
        return nil
    }

    /// The error shown, when the destination is one.
    public var alert: ViewError? {
        if case .alert(let error) = self { return error }
        return nil
    }
}
