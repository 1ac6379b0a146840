/// The document list's filter, in the search's query language
/// (`SearchQuery`): each word, run of Han, Hiragana, Katakana or Hangul,
/// or quoted phrase must occur in the document's title or path (as a part
/// of it: `diag` finds `Diagrams`, `post` finds `posts/a.md`), folded as
/// search folds (case ignored; typed without accents, accents ignored too);
/// `tag:`, `type:` and `draft:` filter as in the search.
public struct DocumentFilter: Sendable {
    /// The parsed filter text.
    public let query: SearchQuery

    /// - Parameter text: the filter as typed.
    public init(_ text: String) {
        query = SearchQuery(parsing: text)
    }

    /// Whether the filter lets every document through.
    public var isEmpty: Bool { query.isEmpty }

    /// Whether `summary` passes the filter.
    public func matches(_ summary: DocumentSummary) -> Bool {
        Matcher(query).matches(summary)
    }

    /// The documents of `summaries` that pass, in their order.
    public func filter(_ summaries: [DocumentSummary]) -> [DocumentSummary] {
        guard !isEmpty else { return summaries }
        let matcher = Matcher(query)
        return summaries.filter { matcher.matches($0) }
    }

    /// The query prepared for many documents (one folder).
    private struct Matcher {
        let query: SearchQuery
        let folder = SearchFolder()
        /// Per requirement: its text and whether it is compared with the accent-free forms.
        let requirements: [(text: String, comparesStripped: Bool)]
        let tags: [(text: String, comparesStripped: Bool)]
        let tileTypes: [(text: String, comparesStripped: Bool)]

        init(_ query: SearchQuery) {
            self.query = query
            let folder = self.folder
            func prepared(_ text: String) -> (text: String, comparesStripped: Bool) { (text, folder.fold(text).stripped == text) }
            requirements = query.requirements.map { prepared($0.text) }
            tags = query.tags.map(prepared)
            tileTypes = query.tileTypes.map(prepared)
        }

        func matches(_ summary: DocumentSummary) -> Bool {
            if let draft = query.draft, summary.isDraft != draft { return false }
            if !tags.isEmpty && !contains(tags, in: summary.tags) { return false }
            if !tileTypes.isEmpty && !contains(tileTypes, in: summary.tileTypes) { return false }
            guard !requirements.isEmpty else { return true }
            let title = folder.fold(summary.title)
            let path = folder.fold(summary.path)
            return requirements.allSatisfy { requirement in
                requirement.comparesStripped
                    ? title.stripped.contains(requirement.text) || path.stripped.contains(requirement.text)
                    : title.folded.contains(requirement.text) || path.folded.contains(requirement.text)
            }
        }

        /// Whether every wanted value is one of `values` (folded).
        private func contains(_ wanted: [(text: String, comparesStripped: Bool)], in values: [String]) -> Bool {
            let forms = values.map { folder.fold($0) }
            return wanted.allSatisfy { value in
                forms.contains { (value.comparesStripped ? $0.stripped : $0.folded) == value.text }
            }
        }
    }
}
