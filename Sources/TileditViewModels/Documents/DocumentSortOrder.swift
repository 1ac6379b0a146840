/// How the document list is ordered (`DocumentListModel.sortOrder`).
public enum DocumentSortOrder: String, Equatable, Sendable, CaseIterable {
    case title
    /// Newest first; documents without a date last.
    case date
    case path

    /// The next order, for a key that cycles through them (wrapping).
    public var next: DocumentSortOrder {
        let all = Self.allCases
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
