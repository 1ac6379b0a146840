/// One term of a query, as the index and the matcher look it up.
public struct SearchTerm: Sendable, Hashable {
    /// What the term is.
    public enum Kind: Sendable, Hashable {
        /// A word (UAX #29 word boundaries).
        case word
        /// Two characters of a run of Han, Hiragana, Katakana or Hangul.
        case bigram
        /// One such character (a one-character query).
        case character
    }

    public var kind: Kind
    /// The term folded as the text is (`SearchFolder`: NFKC, case folded),
    /// accents kept as typed. Without accents it matches words with and
    /// without them (`cafe`: `cafe`, `café`); with accents, only words
    /// with those accents (`café`: `café`, `CAFÉ`).
    public var text: String
    /// Whether any word starting with `text` matches: the word being typed
    /// at the end of the query.
    public var isPrefix: Bool
    /// Position relative to the first term of its requirement: the terms of
    /// a phrase (and the bigrams of a run) match on adjacent positions.
    public var offset: Int

    public init(_ kind: Kind, _ text: String, isPrefix: Bool = false, offset: Int = 0) {
        self.kind = kind
        self.text = text
        self.isPrefix = isPrefix
        self.offset = offset
    }
}
