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
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var start: String.Index?
        var word = String.UnicodeScalarView()
        var isASCII = true
        func finish(at end: String.Index) {
            guard let wordStart = start else { return }
            let text = String(word)
            body(isASCII ? text : text.lowercased(), wordStart..<end)
            start = nil
            word = String.UnicodeScalarView()
            isASCII = true
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let value = scalar.value
            if value < 0x80 {
                if (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) {
                    if start == nil { start = index }
                    word.append(scalar)
                } else if value >= 0x41 && value <= 0x5A {
                    if start == nil { start = index }
                    word.append(Unicode.Scalar(UInt8(value + 32)))
                } else {
                    finish(at: index)
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark {
                if start == nil { start = index }
                word.append(scalar)
                isASCII = false
            } else {
                finish(at: index)
            }
            index = scalars.index(after: index)
        }
        finish(at: scalars.endIndex)
    }
}
