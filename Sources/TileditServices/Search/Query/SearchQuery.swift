/// A parsed query: the one language of the workspace search and the
/// document filter.
///
/// Syntax (`SearchQuery.syntax`): words, every one of which must match;
/// `"a quoted phrase"`, its words next to each other in that order;
/// `tag:NAME` (`tag:"two words"`), `type:TILETYPE` (documents with a tile
/// of that type, or a fenced chart or diagram for `chart` and `mermaid`)
/// and `draft:true|false` (`yes`, `no`). A `name:value` with another name
/// is read as words. `tag:` or `type:` with no value and `draft:` with
/// another value are not words but `problems`, told to the user (`search`
/// refuses the query; the search boxes show them). An unclosed quote runs
/// to the end.
///
/// Words are cut and folded as the text is (`SearchTokenizer`,
/// `SearchFolder`): case never matters, a word typed without accents
/// matches accented text, and a run of Han, Hiragana, Katakana or Hangul
/// (`日本語`) is its overlapping bigrams, matching inside longer runs. The
/// word at the very end of the query (nothing typed after it, not even a
/// space) matches as a prefix: `diag` finds `diagram` while it is typed.
public struct SearchQuery: Sendable, Hashable {
    /// Something the text must contain: a word, a run of Han, Hiragana,
    /// Katakana or Hangul, or a quoted phrase.
    public struct Requirement: Sendable, Hashable {
        /// The terms, each at its offset from the first.
        public var terms: [SearchTerm]
        /// What was typed, folded (accents kept), words separated by one
        /// space: what the document filter looks for in titles and paths.
        public var text: String

        public init(terms: [SearchTerm], text: String) {
            self.terms = terms
            self.text = text
        }

        /// A requirement of one word.
        public static func word(_ text: String, isPrefix: Bool = false) -> Requirement {
            Requirement(terms: [SearchTerm(.word, text, isPrefix: isPrefix)], text: text)
        }
    }

    /// What the text must contain, in the order typed, without repeats.
    public var requirements: [Requirement]
    /// Required tags, folded.
    public var tags: [String]
    /// Required tile types, folded.
    public var tileTypes: [String]
    /// Required draft state, if any.
    public var draft: Bool?
    /// What in the query could not be read as its filter, as sentences:
    /// `` `tag:` needs a name: tag:NAME ``, …; empty for a query read whole.
    public var problems: [String] = []

    public init(requirements: [Requirement] = [], tags: [String] = [], tileTypes: [String] = [], draft: Bool? = nil) {
        self.requirements = requirements
        self.tags = tags
        self.tileTypes = tileTypes
        self.draft = draft
    }

    /// Whether the query asks for nothing (no words and no filters).
    public var isEmpty: Bool { requirements.isEmpty && tags.isEmpty && tileTypes.isEmpty && draft == nil }

    /// Every distinct term of every requirement.
    public var terms: [SearchTerm] {
        var seen = Set<SearchTerm>()
        var terms: [SearchTerm] = []
        for requirement in requirements {
            for term in requirement.terms {
                var key = term
                key.offset = 0
                if seen.insert(key).inserted { terms.append(key) }
            }
        }
        return terms
    }

    /// Parses `text` (see the type's notes).
    public init(parsing text: String) {
        self.init()
        var tokenizer = SearchTokenizer()
        let characters = Array(text.unicodeScalars)
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }
        func string(_ range: Range<Int>) -> String {
            var result = String.UnicodeScalarView()
            result.append(contentsOf: characters[range])
            return String(result)
        }
        /// The text up to the next `"` (or the end) and the index after it.
        func quoted(from start: Int) -> (Range<Int>, next: Int, isClosed: Bool) {
            var end = start
            while end < characters.count && characters[end] != "\"" { end += 1 }
            return (start..<end, Swift.min(end + 1, characters.count), end < characters.count)
        }
        while index < characters.count {
            if isSpace(characters[index]) {
                index += 1
                continue
            }
            if characters[index] == "\"" {
                let (range, next, isClosed) = quoted(from: index + 1)
                add(phrase: string(range), tokenizer: &tokenizer, endsQuery: !isClosed)
                index = next
                continue
            }
            var end = index
            while end < characters.count && !isSpace(characters[end]) { end += 1 }
            var nameEnd = index
            while nameEnd < end && characters[nameEnd] != ":" { nameEnd += 1 }
            if nameEnd < end {
                let name = string(index..<nameEnd).lowercased()
                let valueStart = nameEnd + 1
                if name == "tag" || name == "type" || name == "draft" {
                    var value: String
                    var next: Int
                    if valueStart < characters.count && characters[valueStart] == "\"" {
                        let (range, after, _) = quoted(from: valueStart + 1)
                        value = string(range)
                        next = after
                    } else {
                        value = string(valueStart..<end)
                        next = end
                    }
                    value = value.trimmingSpaces()
                    let folded = tokenizer.folder.fold(value).folded
                    switch name {
                    case "tag" where !value.isEmpty:
                        tags.append(folded)
                        index = next
                        continue
                    case "type" where !value.isEmpty:
                        tileTypes.append(folded)
                        index = next
                        continue
                    case "draft" where ["true", "yes", "false", "no"].contains(folded):
                        draft = folded == "true" || folded == "yes"
                        index = next
                        continue
                    case "tag", "type":
                        problems.append("`\(name):` needs a \(name == "tag" ? "name: tag:NAME" : "tile type: type:TILE")")
                        index = next
                        continue
                    default:
                        problems.append("`draft:\(value)`: draft takes true or false (yes, no)")
                        index = next
                        continue
                    }
                }
            }
            add(words: string(index..<end), tokenizer: &tokenizer, endsQuery: end == characters.count)
            index = end
        }
        var seen = Set<[SearchTerm]>()
        requirements = requirements.filter { seen.insert($0.terms).inserted }
    }

    /// Each word and each run of bigram-script text of `text`, as its own requirement.
    private mutating func add(words text: String, tokenizer: inout SearchTokenizer, endsQuery: Bool) {
        let groups = Self.tokens(of: text, tokenizer: &tokenizer)
        for (index, group) in groups.enumerated() {
            var terms = group.terms
            if endsQuery && index == groups.count - 1 && group.reachesEnd && terms.count == 1 && terms[0].kind == .word {
                terms[0].isPrefix = true
            }
            requirements.append(Requirement(terms: terms, text: group.text))
        }
    }

    /// A quoted phrase: its terms as one requirement.
    private mutating func add(phrase text: String, tokenizer: inout SearchTokenizer, endsQuery: Bool) {
        let groups = Self.tokens(of: text, tokenizer: &tokenizer)
        guard let first = groups.first else { return }
        var terms: [SearchTerm] = []
        let start = first.position
        for group in groups {
            for var term in group.terms {
                term.offset += group.position - start
                terms.append(term)
            }
        }
        if endsQuery, let last = groups.last, last.reachesEnd, terms.last?.kind == .word {
            terms[terms.count - 1].isPrefix = true
        }
        requirements.append(Requirement(terms: terms, text: groups.map(\.text).joined(separator: " ")))
    }

    /// The words and runs of `text`: each word one term; each run its
    /// bigrams (or its one character), offsets from the run's start.
    private static func tokens(of text: String, tokenizer: inout SearchTokenizer) -> [(terms: [SearchTerm], text: String, position: Int, reachesEnd: Bool)] {
        var groups: [(terms: [SearchTerm], text: String, position: Int, reachesEnd: Bool)] = []
        var text = text
        text.withUTF8 { bytes in
            var position = 0
            var runStart = -1
            var runCharacters: [String] = []
            var runEnd = 0
            func finishRun() {
                guard runStart >= 0 else { return }
                var terms: [SearchTerm] = []
                if runCharacters.count == 1 {
                    terms = [SearchTerm(.character, runCharacters[0])]
                } else {
                    for offset in 0..<(runCharacters.count - 1) {
                        terms.append(SearchTerm(.bigram, runCharacters[offset] + runCharacters[offset + 1], offset: offset))
                    }
                }
                groups.append((terms, runCharacters.joined(), runStart, runEnd == bytes.count))
                runStart = -1
                runCharacters = []
            }
            tokenizer.forEachToken(in: bytes, position: &position) { token, folded, _ in
                let foldedText = String(decoding: folded, as: UTF8.self)
                switch token.kind {
                case .word:
                    finishRun()
                    groups.append(([SearchTerm(.word, foldedText)], foldedText, token.position, token.range.upperBound == bytes.count))
                case .character:
                    if token.startsRun {
                        finishRun()
                        runStart = token.position
                    }
                    runCharacters.append(foldedText)
                    runEnd = token.range.upperBound
                case .bigram:
                    break
                }
            }
            finishRun()
        }
        return groups
    }
}
