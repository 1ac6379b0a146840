/// A parsed search query.
///
/// Syntax: words (every one must match), `"quoted phrase"` (its words in
/// that order, in one block), and filters `tag:NAME` (`tag:"two words"`),
/// `type:TILETYPE` (documents with a tile of that type) and
/// `draft:true|false`. Words and tags match without regard to case. A
/// `name:value` with another name is read as words.
public struct SearchQuery: Sendable, Hashable {
    /// Required terms (lowercased), the phrases' terms included, without repeats.
    public var terms: [String]
    /// Phrases, each as its terms.
    public var phrases: [[String]]
    /// Required tags (lowercased).
    public var tags: [String]
    /// Required tile types.
    public var tileTypes: [String]
    /// Required draft state, if any.
    public var draft: Bool?

    public init(terms: [String] = [], phrases: [[String]] = [], tags: [String] = [], tileTypes: [String] = [], draft: Bool? = nil) {
        self.terms = terms
        self.phrases = phrases
        self.tags = tags
        self.tileTypes = tileTypes
        self.draft = draft
    }

    /// Whether the query asks for nothing (no terms and no filters).
    public var isEmpty: Bool { terms.isEmpty && tags.isEmpty && tileTypes.isEmpty && draft == nil }

    /// Parses `text` (see the type's notes). Unbalanced quotes run to the end.
    public init(parsing text: String) {
        self.init()
        var words: [String] = []
        var index = text.startIndex
        func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" || character == "\n" }
        func endOfToken(from start: String.Index) -> String.Index {
            var end = start
            while end < text.endIndex, !isSpace(text[end]) { end = text.index(after: end) }
            return end
        }
        while index < text.endIndex {
            if isSpace(text[index]) {
                index = text.index(after: index)
                continue
            }
            if text[index] == "\"" {
                let (quoted, next) = Self.quoted(text, from: text.index(after: index))
                let phrase = SearchTokenizer.terms(in: quoted)
                if phrase.count > 1 { phrases.append(phrase) }
                words += phrase
                index = next
                continue
            }
            var nameEnd = index
            while nameEnd < text.endIndex, !isSpace(text[nameEnd]), text[nameEnd] != ":" { nameEnd = text.index(after: nameEnd) }
            if nameEnd < text.endIndex, text[nameEnd] == ":" {
                let name = text[index..<nameEnd].lowercased()
                let valueStart = text.index(after: nameEnd)
                if name == "tag" || name == "type" || name == "draft" {
                    let value: String
                    let next: String.Index
                    if valueStart < text.endIndex, text[valueStart] == "\"" {
                        (value, next) = Self.quoted(text, from: text.index(after: valueStart))
                    } else {
                        next = endOfToken(from: valueStart)
                        value = String(text[valueStart..<next])
                    }
                    let word = value.lowercased()
                    switch name {
                    case "tag" where !value.isEmpty:
                        tags.append(word)
                        index = next
                        continue
                    case "type" where !value.isEmpty:
                        tileTypes.append(value)
                        index = next
                        continue
                    case "draft" where ["true", "yes", "false", "no"].contains(word):
                        draft = word == "true" || word == "yes"
                        index = next
                        continue
                    default:
                        break
                    }
                }
            }
            let end = endOfToken(from: index)
            words += SearchTokenizer.terms(in: String(text[index..<end]))
            index = end
        }
        var seen = Set<String>()
        terms = words.filter { seen.insert($0).inserted }
    }

    /// The text up to the next `"` (or the end) and the index after it.
    private static func quoted(_ text: String, from start: String.Index) -> (String, String.Index) {
        guard let close = text[start...].firstIndex(of: "\"") else { return (String(text[start...]), text.endIndex) }
        return (String(text[start..<close]), text.index(after: close))
    }
}
