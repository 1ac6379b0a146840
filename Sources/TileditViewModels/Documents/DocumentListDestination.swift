/// Where the document list navigates (`DocumentListModel.destination`).
public enum DocumentListDestination: Equatable, Sendable {
    case newDocument(NewDocumentForm)
    case confirmDelete(path: String)
    case alert(ViewError)

    public var newDocument: NewDocumentForm? {
        if case .newDocument(let form) = self { return form }
        return nil
    }

    public var confirmDelete: String? {
        if case .confirmDelete(let path) = self { return path }
        return nil
    }

    public var alert: ViewError? {
        if case .alert(let error) = self { return error }
        return nil
    }
}
