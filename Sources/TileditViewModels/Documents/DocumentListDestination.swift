/// Where the document list navigates (`DocumentListModel.destination`).
public enum DocumentListDestination: Equatable, Sendable {
    case newDocument(NewDocumentForm)
    case confirmDelete(path: String)
    case alert(ViewError)

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
