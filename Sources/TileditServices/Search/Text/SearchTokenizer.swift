/// Cuts text into search tokens and folds them (`SearchFolder`).
///
/// - Words follow the word boundaries of UAX #29 (Unicode Text
///   Segmentation) as ICU's word break iterator finds them for the root
///   locale: `don't`, `e.g`, `3.14`, `1,000`, `me@example.org` and
///   `snake_case` are one word each; spaces and punctuation are not words.
///   Underscores at either end of a word are dropped (Markdown emphasis,
///   `_word_`). Text in the scripts ICU needs its own rules or dictionaries
///   for (Hebrew, Thai, Lao, Khmer, Myanmar) goes through ICU's iterator;
///   other text through a fast path that follows the same rules, so most
///   text is not converted to UTF-16.
/// - Han, Hiragana, Katakana and Hangul are written without spaces between
///   words, so a run of them is indexed as overlapping bigrams (`東京都` →
///   `東京`, `京都`) plus single characters (for one-character queries).
///   Character `i` of a run and the bigram starting there share a position;
///   the run takes one position per character.
///
/// Not thread-safe (ICU iterator, scratch buffers, the fold cache): each
/// thread of work makes its own.
final class SearchTokenizer {
    /// A token of the text.
    struct Token {
        /// What the token is.
        enum Kind: UInt8, Sendable {
            /// A word (UAX #29).
            case word = 0
            /// Two characters of a run of Han, Hiragana, Katakana or Hangul.
            case bigram = 1
            /// One character of such a run.
            case character = 2
        }

        var kind: Kind
        /// UTF-8 offsets in the tokenized text (for a run that needed
        /// normalizing, the whole run).
        var range: Range<Int>
        /// Words count one position each, characters of a run one each.
        var position: Int
        /// Whether this is the first character of a run.
        var startsRun = false
    }

    let folder = SearchFolder()
    private let breaker = ICUWordBreaker()
    /// Folded and accent-free forms of non-ASCII words seen before.
    private var foldCache = ByteStringTable()
    private var foldCacheForms: [(folded: Range<Int>, stripped: Range<Int>)] = []
    private var foldCacheStorage: [UInt8] = []
    private var folded: [UInt8] = []
    private var stripped: [UInt8] = []
    private var runBytes: [UInt8] = []
    private var clusters: [Range<Int>] = []

    /// Entries in the fold cache before it is emptied (memory stays bounded
    /// on text with many distinct non-ASCII words).
    static let foldCacheLimit = 50_000

    init() {}

    // MARK: Tokens

    /// Calls `body` with each token of `text`, its folded form and its
    /// accent-free form (equal to the folded form when it has no accents),
    /// both valid during the call only. Positions start at `position`,
    /// which is left after the last token.
    func forEachToken(
        in text: UnsafeBufferPointer<UInt8>, position: inout Int,
        _ body: (Token, _ folded: UnsafeBufferPointer<UInt8>, _ stripped: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var cutter = WordCutter()
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            let wordClass: WordBreakClass
            var length = 1
            if byte < 0x80 {
                wordClass = WordBreakClass.ascii[Int(byte)]
            } else {
                let decoded = UTF8Scalar.decode(text, at: index)
                length = decoded.length
                wordClass = WordBreakClass.of(nonASCII: decoded.value)
            }
            switch wordClass {
            case .bigram:
                if let word = cutter.finish() { emitWord(word, in: text, position: &position, body) }
                index = emitRun(from: index, in: text, position: &position, body)
                continue
            case .needsBreakIterator:
                // From the start of the word being read (or here) to the next
                // hard boundary, ICU decides.
                let start = cutter.wordStart ?? index
                cutter = WordCutter()
                let end = Self.pieceEnd(after: index, in: text)
                breaker.forEachWord(in: UnsafeBufferPointer(rebasing: text[start..<end])) { range in
                    emitWord((range.lowerBound + start)..<(range.upperBound + start), in: text, position: &position, body)
                }
                index = end
                continue
            default:
                if let word = cutter.read(wordClass, at: index, length: length) {
                    emitWord(word, in: text, position: &position, body)
                }
            }
            index += length
        }
        if let word = cutter.finish() { emitWord(word, in: text, position: &position, body) }
    }

    /// Where a piece handed to ICU ends: before the next character that is
    /// a boundary on both sides whatever surrounds it (a space, most
    /// punctuation, a bigram script). A double quote does not end it
    /// (Hebrew acronyms such as `צה"ל` are one word).
    private static func pieceEnd(after start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                if WordBreakClass.ascii[Int(byte)] == .other && byte != UInt8(ascii: "\"") { return index }
                index += 1
                continue
            }
            let (value, length) = UTF8Scalar.decode(text, at: index)
            switch WordBreakClass.of(nonASCII: value) {
            case .other, .bigram: return index
            default: index += length
            }
        }
        return index
    }

    // MARK: Words

    private func emitWord(
        _ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, position: inout Int,
        _ body: (Token, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end && text[start] == UInt8(ascii: "_") { start += 1 }
        while end > start && text[end - 1] == UInt8(ascii: "_") { end -= 1 }
        guard start < end else { return }
        // What is left must start with a letter or digit, not a lone mark.
        if text[start] >= 0x80, WordBreakClass.of(nonASCII: UTF8Scalar.decode(text, at: start).value) == .extend { return }
        let word = UnsafeBufferPointer(rebasing: text[start..<end])
        let token = Token(kind: .word, range: start..<end, position: position)
        position += 1
        if !word.contains(where: { $0 >= 0x80 }) {
            folded.removeAll(keepingCapacity: true)
            for byte in word { folded.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
            folded.withUnsafeBufferPointer { body(token, $0, $0) }
            return
        }
        let forms = cachedForms(of: word)
        foldCacheStorage.withUnsafeBufferPointer { storage in
            body(token, UnsafeBufferPointer(rebasing: storage[forms.folded]), UnsafeBufferPointer(rebasing: storage[forms.stripped]))
        }
    }

    private func cachedForms(of word: UnsafeBufferPointer<UInt8>) -> (folded: Range<Int>, stripped: Range<Int>) {
        if let id = foldCache.identity(of: word) { return foldCacheForms[Int(id)] }
        if foldCache.count >= Self.foldCacheLimit {
            foldCache = ByteStringTable()
            foldCacheForms.removeAll(keepingCapacity: true)
            foldCacheStorage.removeAll(keepingCapacity: true)
        }
        folder.fold(word, folded: &folded, stripped: &stripped)
        let foldedStart = foldCacheStorage.count
        foldCacheStorage.append(contentsOf: folded)
        let strippedStart = foldCacheStorage.count
        foldCacheStorage.append(contentsOf: stripped)
        let forms = (foldedStart..<strippedStart, strippedStart..<foldCacheStorage.count)
        foldCache.intern(word)
        foldCacheForms.append(forms)
        return forms
    }

    // MARK: Runs of Han, Hiragana, Katakana and Hangul

    /// Emits the run starting at `start` and returns where it ends. A
    /// character is a scalar of those scripts with the marks after it.
    private func emitRun(
        from start: Int, in text: UnsafeBufferPointer<UInt8>, position: inout Int,
        _ body: (Token, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        clusters.removeAll(keepingCapacity: true)
        var index = start
        var isStable = true
        while index < text.count {
            guard text[index] >= 0x80 else { break }
            let (value, length) = UTF8Scalar.decode(text, at: index)
            let wordClass = WordBreakClass.of(nonASCII: value)
            if wordClass == .bigram && (!Self.isMark(value) || clusters.isEmpty) {
                clusters.append(index..<(index + length))
                if !Self.isStableBigramScalar(value) { isStable = false }
            } else if (wordClass == .extend || wordClass == .bigram || value == 0x200D), let last = clusters.last {
                // A mark, variation selector or joiner belongs to the character before it.
                clusters[clusters.count - 1] = last.lowerBound..<(index + length)
                isStable = false
            } else {
                break
            }
            index += length
        }
        if isStable {
            emitRunTokens(range: start..<index, source: text, sourceClusters: clusters, position: &position, body)
        } else {
            // Normalize the whole run, then cut the result into characters.
            folder.foldBigramText(UnsafeBufferPointer(rebasing: text[start..<index]), into: &runBytes)
            var normalizedClusters: [Range<Int>] = []
            runBytes.withUnsafeBufferPointer { normalized in
                var offset = 0
                while offset < normalized.count {
                    let (value, length) = UTF8Scalar.decode(normalized, at: offset)
                    if Self.isMark(value) || value == 0x200D, let last = normalizedClusters.last {
                        normalizedClusters[normalizedClusters.count - 1] = last.lowerBound..<(offset + length)
                    } else {
                        normalizedClusters.append(offset..<(offset + length))
                    }
                    offset += length
                }
                emitRunTokens(range: start..<index, source: normalized, sourceClusters: normalizedClusters, wholeRange: true, position: &position, body)
            }
        }
        return Swift.max(index, start + 1)
    }

    /// Emits character `i` and the bigram of characters `i` and `i + 1` at
    /// position `position + i`, for each character of a run.
    private func emitRunTokens(
        range: Range<Int>, source: UnsafeBufferPointer<UInt8>, sourceClusters: [Range<Int>], wholeRange: Bool = false,
        position: inout Int, _ body: (Token, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        for (offset, cluster) in sourceClusters.enumerated() {
            let character = UnsafeBufferPointer(rebasing: source[cluster])
            body(Token(kind: .character, range: wholeRange ? range : cluster, position: position + offset, startsRun: offset == 0), character, character)
            if offset + 1 < sourceClusters.count {
                let pair = cluster.lowerBound..<sourceClusters[offset + 1].upperBound
                let bigram = UnsafeBufferPointer(rebasing: source[pair])
                body(Token(kind: .bigram, range: wholeRange ? range : pair, position: position + offset), bigram, bigram)
            }
        }
        position += sourceClusters.count
    }

    /// Scalars `NFKC_Casefold` leaves as they are: unified Han ideographs,
    /// Hiragana and Katakana letters, Hangul syllables.
    private static func isStableBigramScalar(_ value: UInt32) -> Bool {
        switch value {
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x20000...0x2A6DF:
            true
        default:
            false
        }
    }

    private static func isMark(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
