import TileditServices

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

    /// What a row shows beside the title so the order can be seen: the
    /// front matter `date` as written (`no date` without one) when ordered
    /// by date, `nil` otherwise (the title and path are shown anyway).
    public func detail(of summary: DocumentSummary) -> String? {
        guard self == .date, summary.isSummarized else { return nil }
        return summary.date ?? "no date"
    }
}
