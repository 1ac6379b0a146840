/// Splits text into search terms: runs of letters and digits, lowercased.
/// Everything else (spaces, punctuation, Markdown marks) separates terms.
public enum SearchTokenizer {
    /// The terms of `text`, in order.
    public static func terms(in text: String) -> [String] {
        var result: [String] = []
        forEachTerm(in: text) { term, _ in result.append(term) }
        return result
    }

    /// Calls `body` with each term of `text` and its range in `text`.
    public static func forEachTerm(in text: String, _ body: (String, Range<String.Index>) -> Void) {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        forEachTerm(inContiguous: text) { term, start, end in
            body(term, utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end))
        }
    }

    /// Calls `body` with each term of `text` (indexing, where the ranges
    /// are not needed).
    public static func forEachTerm(in text: String, _ body: (String) -> Void) {
        var text = text
        text.makeContiguousUTF8()
        forEachTerm(inContiguous: text) { term, _, _ in body(term) }
    }

    /// The scanner: each term with its start and end, UTF-8 offsets.
    private static func forEachTerm(inContiguous text: String, _ body: (String, Int, Int) -> Void) {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            var start = -1
            var isASCII = true
            // ASCII words are lowercased byte by byte into this buffer.
            var word: [UInt8] = []
            word.reserveCapacity(32)
            func finish(at end: Int) {
                guard start >= 0 else { return }
                if isASCII {
                    body(String(decoding: word, as: UTF8.self), start, end)
                } else {
                    body(String(decoding: bytes[start..<end], as: UTF8.self).lowercased(), start, end)
                }
                start = -1
                isASCII = true
                word.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                        if start < 0 { start = index }
                        word.append(byte)
                    } else if byte >= 0x41 && byte <= 0x5A {
                        if start < 0 { start = index }
                        word.append(byte + 32)
                    } else {
                        finish(at: index)
                    }
                    index += 1
                    continue
                }
                // A multi-byte scalar: decode it to ask whether it is a letter or digit.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                var value = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
                var next = index + 1
                while next < index + length && next < bytes.count {
                    value = value << 6 | UInt32(bytes[next] & 0x3F)
                    next += 1
                }
                if let scalar = Unicode.Scalar(value), isWordScalar(scalar) {
                    if start < 0 { start = index }
                    isASCII = false
                } else {
                    finish(at: index)
                }
                index = next
            }
            finish(at: bytes.count)
        }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
    }
}
