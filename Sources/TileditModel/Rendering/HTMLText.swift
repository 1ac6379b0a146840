/// HTML escaping and URL percent-encoding for the HTML renderer.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in element
    /// content and in double-quoted attribute values, and U+0000 replaced
    /// by U+FFFD, as CommonMark does for prose (spec section 2.3,
    /// "Insecure characters"): no NUL reaches the page, nor cmark's C
    /// strings, which would end at it.
    static func escaped(_ text: String) -> String {
        var needsEscaping = false
        for byte in text.utf8 where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 || byte == 0 {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{0}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// `text` escaped, its lines joined with `<br>` and a line break.
    static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { escaped(String($0.hasSuffix("\r") ? $0.dropLast() : $0)) }
            .joined(separator: "<br>\n")
    }

    /// `text` percent-encoded as one URL path segment: everything but the
    /// unreserved characters of RFC 3986 (`A–Z a–z 0–9 - . _ ~`) becomes
    /// `%XX` of its UTF-8 bytes; U+0000 is first replaced by U+FFFD, as in
    /// `escaped(_:)`.
    static func percentEncodedPathSegment(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.replacingNUL().utf8 {
            switch byte {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result.append("%")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

extension String {
    /// The text with U+0000 replaced by U+FFFD (CommonMark spec section 2.3).
    func replacingNUL() -> String {
        guard utf8.contains(0) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace and line breaks.
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
