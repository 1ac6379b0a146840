import TileditModel

/// Decides whether one document matches a query and where the best match
/// is, by reading the document's text: what the index leaves to the moment
/// a result is shown (its line, its snippet, whether a phrase's words are
/// next to each other), and what the one-shot `tiledit search` does for
/// every file.
///
/// Not thread-safe (it holds a `SearchTokenizer`): each thread of work
/// makes its own.
final class SearchMatcher {
    /// A matching document.
    struct Match {
        /// Per requirement of the query: the zones (bit `1 << zone`) in which
        /// all of its terms occur, as the index records them.
        var masks: [UInt8]
        var result: SearchResult
    }

    let query: SearchQuery
    private var tokenizer = SearchTokenizer()
    private let terms: [PreparedTerm]
    /// Per requirement: each term's index in `terms` and its offset.
    private let requirementTerms: [[(term: Int, offset: Int)]]
    /// Each term's bytes, when it is an ASCII word: text without them holds
    /// it only in a word with a byte of 0x80 or above (`CAFÉ` for `cafe`).
    private let needleOfTerm: [ASCIINeedle?]
    /// Whether every term is an ASCII word.
    private let queryIsASCII: Bool
    private let tags: [PreparedText]
    private let tileTypes: [PreparedText]

    /// A term ready to compare with tokens.
    private struct PreparedTerm {
        var kind: SearchTokenizer.Token.Kind
        var bytes: [UInt8]
        var isPrefix: Bool
        /// Compared with the accent-free form of the text (the term has no accents).
        var comparesStripped: Bool

        func matches(_ kind: SearchTokenizer.Token.Kind, folded: UnsafeBufferPointer<UInt8>, stripped: UnsafeBufferPointer<UInt8>) -> Bool {
            guard kind == self.kind else { return false }
            let candidate = comparesStripped ? stripped : folded
            guard isPrefix ? candidate.count >= bytes.count : candidate.count == bytes.count else { return false }
            var index = 0
            while index < bytes.count {
                if candidate[index] != bytes[index] { return false }
                index += 1
            }
            return true
        }
    }

    /// A tag or tile type of the query, folded.
    private struct PreparedText {
        var text: String
        var comparesStripped: Bool
    }

    /// One place a term occurs.
    private struct Occurrence {
        var passage: Int
        var position: Int
        /// Index into the document's lines.
        var line: Int
        /// UTF-8 offsets within the line's tokenized text.
        var range: Range<Int>
    }

    init(query: SearchQuery) {
        self.query = query
        let folder = tokenizer.folder
        var prepared: [PreparedTerm] = []
        var indexByTerm: [SearchTerm: Int] = [:]
        var requirementTerms: [[(term: Int, offset: Int)]] = []
        for requirement in query.requirements {
            var entries: [(term: Int, offset: Int)] = []
            for term in requirement.terms {
                var key = term
                key.offset = 0
                let index: Int
                if let known = indexByTerm[key] {
                    index = known
                } else {
                    index = prepared.count
                    indexByTerm[key] = index
                    let kind: SearchTokenizer.Token.Kind = switch term.kind {
                    case .word: .word
                    case .bigram: .bigram
                    case .character: .character
                    }
                    prepared.append(PreparedTerm(
                        kind: kind, bytes: Array(term.text.utf8), isPrefix: term.isPrefix,
                        comparesStripped: folder.fold(term.text).stripped == term.text))
                }
                entries.append((index, term.offset))
            }
            requirementTerms.append(entries)
        }
        terms = prepared
        self.requirementTerms = requirementTerms
        needleOfTerm = prepared.map { $0.kind == .word ? ASCIINeedle($0.bytes) : nil }
        queryIsASCII = needleOfTerm.allSatisfy { $0 != nil }
        tags = query.tags.map { PreparedText(text: $0, comparesStripped: folder.fold($0).stripped == $0) }
        tileTypes = query.tileTypes.map { PreparedText(text: $0, comparesStripped: folder.fold($0).stripped == $0) }
    }

    /// Where a document may hold the query's terms (UTF-8 offsets, sorted),
    /// found without reading it line by line; `nil` when it cannot match.
    /// A term is found where its ASCII word occurs in the bytes (ignoring
    /// ASCII case), or in a word with a byte of 0x80 or above that folds
    /// into it (`CAFÉ`, fullwidth letters, Han); each must be found in the
    /// document or its path (a title from the file name). A document of
    /// ASCII only must also hold every ASCII tag and tile type of the query.
    ///
    /// - Parameter firstNonASCII: the offset of the first byte of 0x80 or
    ///   above in `bytes` (`bytes.count` when none), when the caller found
    ///   it already (`ContentCheck.examine`); `nil` to find it here.
    func hits(in bytes: [UInt8], path: String, firstNonASCII knownFirstNonASCII: Int? = nil) -> [Int]? {
        var found = [Bool](repeating: false, count: terms.count)
        var missing = terms.count
        var offsets: [Int] = []
        let firstNonASCII = bytes.withUnsafeBufferPointer { buffer in
            for (index, needle) in needleOfTerm.enumerated() {
                guard let needle else { continue }
                var occurs = false
                needle.forEachOccurrence(in: buffer) { offset in
                    offsets.append(offset)
                    occurs = true
                    return true
                }
                if occurs || Self.withBytes(of: path, { needle.occurs(in: $0) }) {
                    found[index] = true
                    missing -= 1
                }
            }
            return knownFirstNonASCII.map { Swift.min(Swift.max(0, $0), buffer.count) } ?? Self.firstNonASCII(in: buffer, from: 0)
        }
        if firstNonASCII == bytes.count {
            guard missing == 0 else { return nil }
            guard !query.tags.isEmpty || !query.tileTypes.isEmpty else { return offsets.sorted() }
            let filters = (query.tags + query.tileTypes).compactMap { ASCIINeedle(Array($0.utf8)) }
            let passes = bytes.withUnsafeBufferPointer { buffer in
                Self.withBytes(of: path) { path in filters.allSatisfy { $0.occurs(in: buffer) || $0.occurs(in: path) } }
            }
            return passes ? offsets.sorted() : nil
        }
        bytes.withUnsafeBufferPointer { buffer in
            forEachNonASCIIWord(in: buffer, from: firstNonASCII) { start, kind, folded, stripped in
                for (index, term) in terms.enumerated() where term.matches(kind, folded: folded, stripped: stripped) {
                    offsets.append(start)
                    if !found[index] {
                        found[index] = true
                        missing -= 1
                    }
                }
                return false
            }
        }
        if missing > 0 {
            Self.withBytes(of: path) { buffer in
                forEachNonASCIIWord(in: buffer) { _, kind, folded, stripped in
                    for (index, term) in terms.enumerated() where !found[index] && term.matches(kind, folded: folded, stripped: stripped) {
                        found[index] = true
                        missing -= 1
                    }
                    return missing == 0
                }
            }
        }
        return missing == 0 ? offsets.sorted() : nil
    }

    /// Calls `body` with the UTF-8 bytes of `text`: its own storage when it
    /// has contiguous storage (a native string), else a copy.
    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The best rank a document with these hits can have, as (zone, minus
    /// the number of requirements met there), compared as a tuple: never
    /// better than the rank `match` finds, so documents can be matched in
    /// this order and only until enough results are certain. A hit in the
    /// front matter's title field is the title zone, elsewhere in the front
    /// matter the front matter zone, after it the body zone, or the title
    /// zone when there is no title field (a heading may be the title).
    func bestRank(hits: [Int], bytes: [UInt8], kind: DocumentKind, dialect: FrontMatterDialect) -> (zone: Int, count: Int) {
        let best = (0, -requirementTerms.count)
        guard kind == .markdown, !hits.isEmpty else { return best }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let (frontMatter, start, end) = FrontMatter.leading(in: buffer, dialect: dialect) else { return best }
            let fields = frontMatter.fields.sorted { $0.lineOffset < $1.lineOffset }
            guard let title = frontMatter.field("title"), !title.value.trimmingSpaces().isEmpty,
                  let titleIndex = fields.firstIndex(where: { $0.lineOffset == title.lineOffset })
            else { return best }
            // The title field's lines, as byte offsets.
            var lineStarts: [Int] = []
            var position = start
            while position < end {
                lineStarts.append(position)
                while position < end && buffer[position] != 0x0A && buffer[position] != 0x0D { position += 1 }
                // CRLF is one line ending; a lone CR or LF another.
                position += position + 1 < end && buffer[position] == 0x0D && buffer[position + 1] == 0x0A ? 2 : 1
            }
            let firstLine = title.lineOffset
            let endLine = titleIndex + 1 < fields.count ? fields[titleIndex + 1].lineOffset : lineStarts.count - 1
            guard firstLine < lineStarts.count else { return best }
            let titleBytes = lineStarts[firstLine]..<(endLine < lineStarts.count ? lineStarts[endLine] : end)
            var zone = 2
            for hit in hits {
                if titleBytes.contains(hit) { return best }
                if hit < end { zone = 1 }
            }
            return (zone, -requirementTerms.count)
        }
    }

    /// The match in `bytes`, or `nil` when the document does not match.
    ///
    /// - Parameters:
    ///   - hits: `hits(in:path:)` of the document, if already known: only
    ///     lines holding one are tokenized.
    ///   - ranking: when the index ranked the document: the zone it ranked
    ///     it by (the best zone holding a term) and its title; the index
    ///     checked the filters. `nil` to work everything out here.
    func match(
        _ bytes: [UInt8], path: String, kind: DocumentKind, dialect: FrontMatterDialect, fallbackTitle: String,
        hits knownHits: [Int]? = nil, ranking: (zone: SearchZone, title: String)? = nil
    ) -> Match? {
        let rankingZone = ranking?.zone
        let hits: [Int]
        if requirementTerms.isEmpty {
            hits = []
        } else if let knownHits {
            hits = knownHits
        } else {
            guard let found = self.hits(in: bytes, path: path) else { return nil }
            hits = found
        }
        return bytes.withUnsafeBufferPointer { buffer -> Match? in
            let fallbackBytes = Array(fallbackTitle.utf8)
            var occurrences = [[Occurrence]](repeating: [], count: terms.count)
            var termMasks = [UInt8](repeating: 0, count: terms.count)
            /// The lines read, for the line and snippet of the result.
            var read: [SearchLine] = []
            var position = 0
            var passage = -1
            var passageZones: [SearchZone] = []
            var nextHit = 0
            // Ranked by the index, with words only: the first passage of the
            // ranking zone that holds every word is the one to show.
            let stopsAtFullPassage = rankingZone != nil && requirementTerms.allSatisfy { $0.count == 1 }
            var inPassage = [Bool](repeating: false, count: terms.count)
            var inPassageCount = 0
            var stopped = requirementTerms.isEmpty
            // Ranked by the index, the document needs nothing more once the
            // passage to show is found: the cut stops there.
            let readsOn = ranking == nil || requirementTerms.isEmpty
            let outline = fallbackBytes.withUnsafeBufferPointer { fallback in
                SearchLineCutter.cut(
                    buffer, kind: kind, dialect: dialect, readsTags: readsOn && !query.tags.isEmpty, fallbackTitle: { fallbackTitle }
                ) { line in
                    guard !stopped else { return readsOn }
                    if line.startsPassage || passage < 0 {
                        if stopsAtFullPassage && inPassageCount == terms.count {
                            stopped = true
                            return readsOn
                        }
                        passage += 1
                        passageZones.append(line.zone)
                        if stopsAtFullPassage {
                            for index in inPassage.indices { inPassage[index] = false }
                            inPassageCount = 0
                        }
                    }
                    let source = line.number == 0 ? fallback : buffer
                    guard line.range.upperBound <= source.count else { return true }
                    let text = UnsafeBufferPointer(rebasing: source[line.range])
                    if line.number > 0 {
                        // Only lines holding a hit can hold a term.
                        while nextHit < hits.count && hits[nextHit] < line.range.lowerBound { nextHit += 1 }
                        guard nextHit < hits.count && hits[nextHit] < line.range.upperBound else {
                            // A gap, so that no phrase reaches across a line of other words.
                            if text.contains(where: { $0 >= 0x80 || WordBreakClass.isASCIIAlphanumeric($0) }) { position += 1 }
                            return true
                        }
                    }
                    let zoneBit = UInt8(1) << UInt8(line.zone.rawValue)
                    let currentPassage = passage
                    let lineIndex = read.count
                    read.append(line)
                    let counts = stopsAtFullPassage && line.zone == rankingZone
                    tokenizer.forEachToken(in: text, position: &position) { token, folded, stripped in
                        for (index, term) in terms.enumerated() where term.matches(token.kind, folded: folded, stripped: stripped) {
                            termMasks[index] |= zoneBit
                            occurrences[index].append(Occurrence(passage: currentPassage, position: token.position, line: lineIndex, range: token.range))
                            if counts && !inPassage[index] {
                                inPassage[index] = true
                                inPassageCount += 1
                            }
                        }
                    }
                    return true
                }
            }
            guard ranking != nil || passesFilters(outline) else { return nil }
            guard !requirementTerms.isEmpty else {
                return Match(masks: [], result: filterResult(outline, path: path, buffer: buffer))
            }
            // Each requirement: its occurrences (a phrase: where it starts).
            var satisfied: [[Occurrence]] = []
            var masks: [UInt8] = []
            for entries in requirementTerms {
                var mask: UInt8 = 0x7
                for entry in entries { mask &= termMasks[entry.term] }
                let found = Self.occurrences(of: entries, in: occurrences)
                guard !found.isEmpty else { return nil }
                satisfied.append(found)
                masks.append(mask)
            }
            let union = masks.reduce(0, |)
            let zone = rankingZone ?? SearchZone(rawValue: union.trailingZeroBitCount) ?? .body
            guard let shown = bestOccurrence(satisfied, passageZones: passageZones, rankingZone: zone) else { return nil }
            let line = read[shown.line]
            let result: SearchResult
            let title = ranking?.title ?? outline.title
            if zone == .title {
                let number = line.number > 0 ? line.number : outline.titleLine
                result = SearchResult(path: path, title: title, zone: .title, line: number, snippet: titleSnippet(title))
            } else {
                let bounds = Self.lineBounds(around: line.range.lowerBound, in: buffer)
                let matchStart = line.range.lowerBound + shown.range.lowerBound - bounds.lowerBound
                let snippet = SearchSnippet.cut(UnsafeBufferPointer(rebasing: buffer[bounds]), around: matchStart..<matchStart)
                result = SearchResult(path: path, title: title, zone: zone, line: line.number, snippet: snippet)
            }
            return Match(masks: masks, result: result)
        }
    }

    // MARK: Filters

    private func passesFilters(_ outline: SearchOutline) -> Bool {
        if let draft = query.draft, outline.isDraft != draft { return false }
        if !tags.isEmpty {
            let forms = outline.tags.map { tokenizer.folder.fold($0) }
            for tag in tags where !forms.contains(where: { (tag.comparesStripped ? $0.stripped : $0.folded) == tag.text }) { return false }
        }
        if !tileTypes.isEmpty {
            let forms = outline.tileTypes.map { tokenizer.folder.fold($0) }
            for type in tileTypes where !forms.contains(where: { (type.comparesStripped ? $0.stripped : $0.folded) == type.text }) { return false }
        }
        return true
    }

    /// For a query of filters only: the `tags` field, the first tile of a
    /// wanted type, the `draft` field, or the title.
    private func filterResult(_ outline: SearchOutline, path: String, buffer: UnsafeBufferPointer<UInt8>) -> SearchResult {
        var line: Int?
        if !tags.isEmpty { line = outline.tagsLine }
        if line == nil, !tileTypes.isEmpty {
            for type in outline.tileTypes {
                let form = tokenizer.folder.fold(type)
                if tileTypes.contains(where: { (($0.comparesStripped ? form.stripped : form.folded) == $0.text) }) {
                    line = outline.tileTypeLines[type]
                    break
                }
            }
        }
        if line == nil, query.draft != nil { line = outline.draftLine }
        guard let line, let bounds = Self.bounds(ofLine: line, in: buffer) else {
            return SearchResult(path: path, title: outline.title, zone: .title, line: outline.titleLine, snippet: SearchSnippet.cut(outline.title, matchStart: 0))
        }
        return SearchResult(
            path: path, title: outline.title, zone: .title, line: line,
            snippet: SearchSnippet.cut(UnsafeBufferPointer(rebasing: buffer[bounds]), around: 0..<0))
    }

    // MARK: Finding the match to show

    /// Where each requirement is met: a one-term requirement wherever its
    /// term occurs; several terms where the first occurs and every other at
    /// its offset from it, in the same passage.
    private static func occurrences(of entries: [(term: Int, offset: Int)], in occurrences: [[Occurrence]]) -> [Occurrence] {
        guard let first = entries.first else { return [] }
        guard entries.count > 1 else { return occurrences[first.term] }
        var places: [Set<Int>] = []
        for entry in entries.dropFirst() {
            places.append(Set(occurrences[entry.term].map { key(passage: $0.passage, position: $0.position - entry.offset + first.offset) }))
        }
        return occurrences[first.term].filter { start in
            let key = key(passage: start.passage, position: start.position)
            return places.allSatisfy { $0.contains(key) }
        }
    }

    private static func key(passage: Int, position: Int) -> Int {
        passage << 32 | (position & 0xFFFF_FFFF)
    }

    /// In the ranking zone, the passage meeting the most requirements (one
    /// meeting a phrase first), earliest on ties, and in it the earliest
    /// phrase start, else the earliest term. A phrase met only outside the
    /// ranking zone is shown where it is.
    private func bestOccurrence(_ satisfied: [[Occurrence]], passageZones: [SearchZone], rankingZone: SearchZone) -> Occurrence? {
        var requirementsByPassage: [Int: Set<Int>] = [:]
        var phrasePassages = Set<Int>()
        for (requirement, found) in satisfied.enumerated() {
            let isPhrase = requirementTerms[requirement].count > 1
            for occurrence in found {
                requirementsByPassage[occurrence.passage, default: []].insert(requirement)
                if isPhrase { phrasePassages.insert(occurrence.passage) }
            }
        }
        func passageZone(_ passage: Int) -> SearchZone { passage < passageZones.count ? passageZones[passage] : .body }
        var chosen: Int?
        if !phrasePassages.isEmpty && !phrasePassages.contains(where: { passageZone($0) == rankingZone }) {
            chosen = phrasePassages.min()
        } else {
            var chosenScore = -1
            for (passage, requirements) in requirementsByPassage where passageZone(passage) == rankingZone {
                let score = requirements.count * 2 + (phrasePassages.contains(passage) ? 1 : 0)
                if score > chosenScore || (score == chosenScore && passage < chosen ?? Int.max) {
                    chosen = passage
                    chosenScore = score
                }
            }
            if chosen == nil { chosen = requirementsByPassage.keys.min() }
        }
        guard let passage = chosen else { return nil }
        let earliest = { (candidates: [Occurrence]) -> Occurrence? in
            candidates.filter { $0.passage == passage }.min { ($0.line, $0.position) < ($1.line, $1.position) }
        }
        if phrasePassages.contains(passage) {
            let starts = satisfied.enumerated().filter { requirementTerms[$0.offset].count > 1 }.flatMap(\.element)
            if let start = earliest(starts) { return start }
        }
        return earliest(satisfied.flatMap { $0 })
    }

    /// The title cut around the first query term in it.
    private func titleSnippet(_ title: String) -> String {
        var bytes = Array(title.utf8)
        var matchStart: Int?
        var position = 0
        bytes.withUnsafeMutableBufferPointer { mutable in
            let buffer = UnsafeBufferPointer(mutable)
            tokenizer.forEachToken(in: buffer, position: &position) { token, folded, stripped in
                guard matchStart == nil, terms.contains(where: { $0.matches(token.kind, folded: folded, stripped: stripped) }) else { return }
                matchStart = token.range.lowerBound
            }
        }
        bytes = []
        return title.utf8.withContiguousStorageIfAvailable { SearchSnippet.cut($0, around: (matchStart ?? 0)..<(matchStart ?? 0)) }
            ?? SearchSnippet.cut(title, matchStart: 0)
    }

    // MARK: Lines

    /// Calls `body` with each token (and where it starts) of the parts of
    /// `text` around its bytes of 0x80 and above (from `first`, at or before
    /// the first such byte) (each part from one hard
    /// word boundary to the next, so it is cut as the whole text is), until
    /// `body` answers true.
    private func forEachNonASCIIWord(
        in text: UnsafeBufferPointer<UInt8>, from first: Int = 0,
        _ body: (_ start: Int, SearchTokenizer.Token.Kind, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        var index = first
        var done = false
        while index < text.count && !done {
            index = Self.firstNonASCII(in: text, from: index)
            guard index < text.count else { break }
            var start = index
            while start > 0 && !WordBreakClass.isHardBoundary(text[start - 1]) { start -= 1 }
            var end = index
            var foldsToASCII = false
            while end < text.count && !WordBreakClass.isHardBoundary(text[end]) {
                if text[end] >= 0x80 && !foldsToASCII {
                    let (value, length) = UTF8Scalar.decode(text, at: end)
                    foldsToASCII = !Self.neverFoldsToASCII(value)
                    end += length
                } else {
                    end += 1
                }
            }
            // Han, kana, Hangul and pictographs never fold into the ASCII
            // words of a query of ASCII words only.
            if !foldsToASCII && queryIsASCII {
                index = end
                continue
            }
            var position = 0
            tokenizer.forEachToken(in: UnsafeBufferPointer(rebasing: text[start..<end]), position: &position) { token, folded, stripped in
                if !done { done = body(start + token.range.lowerBound, token.kind, folded, stripped) }
            }
            index = end
        }
    }

    /// The offset of the first byte of 0x80 or above at or after `start`
    /// (the end when there is none), eight bytes at a time.
    static func firstNonASCII(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = text.baseAddress {
            while index + 8 <= text.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < text.count && text[index] < 0x80 { index += 1 }
        return index
    }

    /// Whether a scalar is one of those that no folding turns into ASCII:
    /// CJK punctuation, kana, Bopomofo, Han, Hangul syllables, pictographs.
    private static func neverFoldsToASCII(_ value: UInt32) -> Bool {
        switch value {
        case 0x3000...0x303F, 0x3040...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0x1F300...0x1FAFF: true
        default: false
        }
    }

    /// The whole line holding `offset`, without its terminator (LF, CRLF
    /// or a lone CR).
    static func lineBounds(around offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = Swift.min(offset, buffer.count)
        while start > 0 && buffer[start - 1] != 0x0A && buffer[start - 1] != 0x0D { start -= 1 }
        var end = Swift.min(offset, buffer.count)
        while end < buffer.count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
        return start..<end
    }

    /// Line `number` (from 1) without its terminator, or `nil` past the end.
    static func bounds(ofLine number: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard number >= 1 else { return nil }
        var start = 0
        var line = 1
        while line < number {
            while start < buffer.count && buffer[start] != 0x0A && buffer[start] != 0x0D { start += 1 }
            guard start < buffer.count else { return nil }
            start += start + 1 < buffer.count && buffer[start] == 0x0D && buffer[start + 1] == 0x0A ? 2 : 1
            line += 1
        }
        return lineBounds(around: start, in: buffer)
    }
}
