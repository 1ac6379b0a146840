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
/// A value with scratch buffers and a fold cache, and references to an ICU
/// iterator and normalizer state: not for sharing between threads; each
/// thread of work makes its own.
struct SearchTokenizer {
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
    /// Whether runs of ASCII letters and digits are read many bytes at a
    /// time and, when nothing joins them, emitted as words at once; off,
    /// every byte goes through the word rules one at a time (the general
    /// path, which tests compare the fast one with).
    var usesASCIIRuns = true
    private let breaker = ICUWordBreaker()
    /// Folded and accent-free forms of non-ASCII words seen before.
    private var foldCache = ByteStringTable()
    private var foldCacheForms: [(folded: Range<Int>, stripped: Range<Int>)] = []
    private var foldCacheStorage: [UInt8] = []
    private var folded: [UInt8] = []
    private var stripped: [UInt8] = []
    private var runBytes: [UInt8] = []
    private var clusters: [Range<Int>] = []
    private var normalizedClusters: [Range<Int>] = []

    /// Entries in the fold cache before it is emptied (memory stays bounded
    /// on text with many distinct non-ASCII words).
    static let foldCacheLimit = 50_000

    init() {}

    // MARK: Tokens

    /// Calls `body` with each token of `text`, its folded form and its
    /// accent-free form (equal to the folded form when it has no accents),
    /// both valid during the call only. Positions start at `position`,
    /// which is left after the last token.
    mutating func forEachToken(
        in text: UnsafeBufferPointer<UInt8>, position: inout Int,
        _ body: (Token, _ folded: UnsafeBufferPointer<UInt8>, _ stripped: UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var cutter = WordCutter()
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte < 0x80 {
                if usesASCIIRuns && WordBreakClass.isASCIIAlphanumeric(byte) {
                    // A run of ASCII letters and digits stays together (WB5,
                    // WB8-WB10): the rules only look at its ends.
                    let start = index
                    var hasUppercase = false
                    index = ASCIIRun.end(in: text, from: start, hasUppercase: &hasUppercase)
                    // Most words: nothing before the run joins it and the byte
                    // after it is ASCII that neither joins nor extends a word,
                    // so the run is the word.
                    if cutter.wordStart == nil && (index == count || (text[index] < 0x80 && WordBreakClass.of(ascii: text[index]) == .other)) {
                        emitASCIIWord(start..<index, hasUppercase: hasUppercase, in: text, position: &position, body)
                        continue
                    }
                    if let word = cutter.read(WordBreakClass.of(ascii: byte), at: start, length: 1) {
                        emitWord(word, in: text, position: &position, body)
                    }
                    cutter.extend(to: index, last: WordBreakClass.of(ascii: text[index - 1]))
                    continue
                }
                let wordClass = WordBreakClass.of(ascii: byte)
                // A space or punctuation between words: nothing to end.
                if wordClass == .other && cutter.wordStart == nil {
                    index += 1
                    continue
                }
                if let word = cutter.read(wordClass, at: index, length: 1) {
                    emitWord(word, in: text, position: &position, body)
                }
                index += 1
                continue
            }
            let (value, length) = UTF8Scalar.decode(text, at: index)
            let wordClass = WordBreakClass.of(nonASCII: value)
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
        var afterJoiner = false
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                if WordBreakClass.isHardBoundary(byte) && !afterJoiner { return index }
                afterJoiner = false
                index += 1
                continue
            }
            let (value, length) = UTF8Scalar.decode(text, at: index)
            switch WordBreakClass.of(nonASCII: value) {
            // WB3c: a pictograph after a zero width joiner stays with it.
            case .other where !afterJoiner, .bigram where !afterJoiner: return index
            default: index += length
            }
            afterJoiner = value == 0x200D
        }
        return index
    }

    // MARK: Words

    /// Emits a word of ASCII letters and digits only (as `emitWord` would).
    @inline(__always)
    private mutating func emitASCIIWord(
        _ range: Range<Int>, hasUppercase: Bool, in text: UnsafeBufferPointer<UInt8>, position: inout Int,
        _ body: (Token, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let token = Token(kind: .word, range: range, position: position)
        position += 1
        let word = UnsafeBufferPointer(rebasing: text[range])
        guard hasUppercase else {
            body(token, word, word)
            return
        }
        folded.removeAll(keepingCapacity: true)
        folded.append(contentsOf: word)
        folded.withUnsafeMutableBufferPointer { ASCIIRun.lowercase($0) }
        folded.withUnsafeBufferPointer { body(token, $0, $0) }
    }

    private mutating func emitWord(
        _ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, position: inout Int,
        _ body: (Token, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard !Self.endsInMarksAfterExtendNumLet(range, in: text) else { return }
        let (start, end) = Self.trimmed(range, in: text)
        guard start < end else { return }
        let word = UnsafeBufferPointer(rebasing: text[start..<end])
        let token = Token(kind: .word, range: start..<end, position: position)
        position += 1
        var hasUppercase = false
        var isASCII = true
        for byte in word {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte &- 0x41 < 26 { hasUppercase = true }
        }
        if isASCII {
            guard hasUppercase else {
                body(token, word, word)
                return
            }
            folded.removeAll(keepingCapacity: true)
            for byte in word { folded.append(byte &- 0x41 < 26 ? byte + 32 : byte) }
            folded.withUnsafeBufferPointer { body(token, $0, $0) }
            return
        }
        let forms = cachedForms(of: word)
        foldCacheStorage.withUnsafeBufferPointer { storage in
            body(token, UnsafeBufferPointer(rebasing: storage[forms.folded]), UnsafeBufferPointer(rebasing: storage[forms.stripped]))
        }
    }

    /// Whether a word ends in marks or format characters right after an
    /// `ExtendNumLet` (`a_\u{301}`): ICU's rules give such a segment the
    /// status of no word, and the fast path follows them.
    @inline(__always)
    static func endsInMarksAfterExtendNumLet(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        // Marks are never ASCII.
        guard range.upperBound > range.lowerBound, text[range.upperBound - 1] >= 0x80 else { return false }
        var end = range.upperBound
        var sawMark = false
        while end > range.lowerBound {
            var lead = end - 1
            while lead > range.lowerBound && text[lead] & 0xC0 == 0x80 { lead -= 1 }
            let value = UTF8Scalar.decode(text, at: lead).value
            let wordClass = value < 0x80 ? WordBreakClass.of(ascii: UInt8(value)) : WordBreakClass.of(nonASCII: value)
            if wordClass == .extend || value == 0x200D {
                sawMark = true
                end = lead
                continue
            }
            return sawMark && wordClass == .extendNumberOrLetter
        }
        return false
    }

    /// A word without the `ExtendNumLet` characters (`_`, `‿`) at its ends
    /// (Markdown emphasis, `_word_`) and the marks that belong to them.
    @inline(__always)
    static func trimmed(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        if range.upperBound > range.lowerBound, WordBreakClass.isASCIIAlphanumeric(text[range.lowerBound]),
           WordBreakClass.isASCIIAlphanumeric(text[range.upperBound - 1]) {
            return (range.lowerBound, range.upperBound)
        }
        var start = range.lowerBound
        var end = range.upperBound
        while start < end {
            if text[start] == UInt8(ascii: "_") {
                start += 1
                continue
            }
            guard text[start] >= 0x80 else { break }
            let (value, length) = UTF8Scalar.decode(text, at: start)
            let wordClass = WordBreakClass.of(nonASCII: value)
            guard wordClass == .extend || wordClass == .extendNumberOrLetter else { break }
            start += length
        }
        while end > start {
            if text[end - 1] == UInt8(ascii: "_") {
                end -= 1
                continue
            }
            guard text[end - 1] >= 0x80 else { break }
            // The scalar ending here: back over continuation bytes.
            var lead = end - 1
            while lead > start && text[lead] & 0xC0 == 0x80 { lead -= 1 }
            let (value, _) = UTF8Scalar.decode(text, at: lead)
            guard WordBreakClass.of(nonASCII: value) == .extendNumberOrLetter else { break }
            end = lead
        }
        return (start, end)
    }

    private mutating func cachedForms(of word: UnsafeBufferPointer<UInt8>) -> (folded: Range<Int>, stripped: Range<Int>) {
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
    private mutating func emitRun(
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
            normalizedClusters.removeAll(keepingCapacity: true)
            let bytes = runBytes
            bytes.withUnsafeBufferPointer { normalized in
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
    private mutating func emitRunTokens(
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
        // Most characters of these scripts are letters: marks are in few blocks.
        switch value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200C...0x200F, 0x20D0...0x20FF, 0x302A...0x302F, 0x3099...0x309A,
             0xFE00...0xFE2F, 0xFF9E...0xFF9F, 0xE0100...0xE01EF:
            break
        default:
            return false
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
