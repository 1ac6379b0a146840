import CTileditICU

/// ICU's word break iterator (UAX #29 with the root locale's tailoring and
/// dictionaries for Thai, Lao, Khmer, Myanmar and CJK) over UTF-8 text.
///
/// Not thread-safe: each thread of work makes its own. The iterator is
/// opened on first use; if ICU cannot open it (missing data), every
/// boundary falls back to none: the text is one word where it has letters.
final class ICUWordBreaker {
    private var iterator: UnsafeMutableRawPointer?
    private var didOpen = false
    /// The text as UTF-16, and each code unit's UTF-8 offset (one more
    /// entry: the end).
    private var units: [UInt16] = []
    private var offsets: [Int] = []

    init() {}

    deinit {
        if let iterator { tiledit_icu_word_breaker_close(iterator) }
    }

    /// Calls `body` with the UTF-8 range (offsets into `text`) of each word
    /// of `text`: each segment between two boundaries whose rule status is
    /// a word's (letters, numbers, kana, ideographs), in order.
    func forEachWord(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        guard !text.isEmpty else { return }
        decode(text)
        guard let iterator = openedIterator() else {
            body(0..<text.count)
            return
        }
        // The iterator keeps a pointer to the text: the whole walk happens
        // inside this closure.
        units.withUnsafeBufferPointer { buffer in
            guard tiledit_icu_word_breaker_set_text(iterator, buffer.baseAddress, Int32(buffer.count)) else {
                body(0..<text.count)
                return
            }
            var start = Int(tiledit_icu_word_breaker_first(iterator))
            while true {
                let end = Int(tiledit_icu_word_breaker_next(iterator))
                guard end >= 0, end <= buffer.count, start < end else { break }
                if tiledit_icu_word_breaker_is_word(iterator) {
                    body(offsets[start]..<offsets[end])
                }
                start = end
            }
            _ = tiledit_icu_word_breaker_set_text(iterator, nil, 0)
        }
    }

    private func openedIterator() -> UnsafeMutableRawPointer? {
        if !didOpen {
            didOpen = true
            iterator = tiledit_icu_word_breaker_open()
        }
        return iterator
    }

    /// UTF-8 to UTF-16 with the offset of every code unit. Ill-formed bytes
    /// (which `ContentCheck` keeps out of the index) become U+FFFD.
    private func decode(_ text: UnsafeBufferPointer<UInt8>) {
        units.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        var index = 0
        while index < text.count {
            let (value, length) = UTF8Scalar.decode(text, at: index)
            if value >= 0x10000 {
                let shifted = value - 0x10000
                units.append(UInt16(0xD800 + (shifted >> 10)))
                units.append(UInt16(0xDC00 + (shifted & 0x3FF)))
                offsets.append(index)
                offsets.append(index)
            } else {
                units.append(UInt16(value))
                offsets.append(index)
            }
            index += length
        }
        offsets.append(text.count)
    }
}
