/// Finds the links of a stretch of prose and where their destinations are
/// written, following CommonMark's inline rules (section 6): backslash
/// escapes, code spans, autolinks, and the brackets' look for links and
/// images (an inline `(destination "title")`, or a full, collapsed or
/// shortcut reference to a defined label), with links not inside links.
///
/// It reads bytes only, so it can be wrong where CommonMark's rules it
/// leaves out matter (raw HTML, a table's cells, container markers inside
/// a title); `LinkReader` therefore checks what it finds against cmark's
/// own reading and keeps only the links both agree on.
struct InlineLinkScanner {
    /// One link or image found, in the order cmark's tree lists them (by
    /// where the opening bracket is).
    struct Found: Hashable {
        enum Kind: Hashable {
            /// `(destination …)`: its bytes, whether in angle brackets, and
            /// its text as CommonMark reads it (`nil` when unknown).
            case inline(range: Range<Int>, isAngleBracketed: Bool, url: String?)
            /// A reference to a defined label; the definition's URL.
            case reference(url: String?)
            /// `<scheme:…>` or `<address@host>`.
            case autolink(url: String)
        }

        /// Where the link starts (its `[`, `![` or `<`).
        var start: Int
        var isImage: Bool
        var kind: Kind

        /// The URL cmark gives the node, when known.
        var url: String? {
            switch kind {
            case .inline(_, _, let url): url
            case .reference(let url): url
            case .autolink(let url): url
            }
        }
    }

    let bytes: [UInt8]
    /// Normalized labels of the document's definitions, with their URLs.
    let definitions: [String: String]

    private struct Opener {
        var position: Int
        var isImage: Bool
        var isActive = true
    }

    /// The links in `range` of `bytes`, ordered by where they start.
    func scan(_ range: Range<Int>) -> [Found] {
        var found: [Found] = []
        var openers: [Opener] = []
        var index = range.lowerBound
        let end = Swift.min(range.upperBound, bytes.count)
        while index < end {
            let byte = bytes[index]
            switch byte {
            case Byte.backslash:
                index += index + 1 < end && LinkText.isASCIIPunctuation(bytes[index + 1]) ? 2 : 1
            case Byte.backtick:
                index = skipCodeSpan(at: index, end: end)
            case Byte.lessThan:
                if let (url, after) = autolink(at: index, end: end) {
                    found.append(Found(start: index, isImage: false, kind: .autolink(url: url)))
                    index = after
                } else {
                    index += 1
                }
            case UInt8(ascii: "!") where index + 1 < end && bytes[index + 1] == Byte.openBracket:
                openers.append(Opener(position: index, isImage: true))
                index += 2
            case Byte.openBracket:
                openers.append(Opener(position: index, isImage: false))
                index += 1
            case Byte.closeBracket:
                guard let opener = openers.popLast() else {
                    index += 1
                    continue
                }
                guard opener.isActive else {
                    index += 1
                    continue
                }
                let textStart = opener.position + (opener.isImage ? 2 : 1)
                if let (kind, after) = linkTail(textStart: textStart, closer: index, end: end) {
                    found.append(Found(start: opener.position, isImage: opener.isImage, kind: kind))
                    // No link inside a link: the brackets opened before it no longer make links.
                    if !opener.isImage {
                        for position in openers.indices where !openers[position].isImage { openers[position].isActive = false }
                    }
                    index = after
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
        return found.sorted { $0.start < $1.start }
    }

    // MARK: After the closing bracket

    /// What follows the `]` at `closer`: an inline destination, a full or
    /// collapsed reference, or the bracketed text as a shortcut reference.
    private func linkTail(textStart: Int, closer: Int, end: Int) -> (Found.Kind, Int)? {
        let next = closer + 1
        if next < end, bytes[next] == UInt8(ascii: "("), let inline = inlineTail(at: next + 1, end: end) {
            return inline
        }
        if next < end, bytes[next] == Byte.openBracket, let (label, after) = bracketedLabel(at: next, end: end) {
            let key = label.isEmpty ? text(textStart..<closer) : label
            if let url = definitions[LinkLabel.normalized(key)] { return (.reference(url: url), after) }
            // `[text][unknown]` is not a link, and `[text]` alone is not one either then.
            if !label.isEmpty { return nil }
        }
        let shortcut = text(textStart..<closer)
        if !shortcut.hasPrefix("^"), let url = definitions[LinkLabel.normalized(shortcut)] { return (.reference(url: url), next) }
        return nil
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[Swift.max(range.lowerBound, 0)..<Swift.max(range.lowerBound, range.upperBound)], as: UTF8.self)
    }

    /// `[label]` at `start`: the label (empty for `[]`) and the index after it.
    private func bracketedLabel(at start: Int, end: Int) -> (String, Int)? {
        var index = start + 1
        while index < end, index - start <= 1000 {
            switch bytes[index] {
            case Byte.backslash: index += 2
            case Byte.openBracket: return nil
            case Byte.closeBracket:
                let label = text((start + 1)..<index)
                return label.allSatisfy(\.isWhitespace) && !label.isEmpty ? nil : (label, index + 1)
            default: index += 1
            }
        }
        return nil
    }

    /// `destination "title")` after `(`: the destination and the index after `)`.
    private func inlineTail(at start: Int, end: Int) -> (Found.Kind, Int)? {
        var index = skipWhitespace(from: start, end: end)
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: ")") {
            return (.inline(range: index..<index, isAngleBracketed: false, url: ""), index + 1)
        }
        guard let (range, isAngle, after) = destination(at: index, end: end) else { return nil }
        index = skipWhitespace(from: after, end: end)
        guard index < end else { return nil }
        if bytes[index] != UInt8(ascii: ")") {
            // A title needs whitespace before it.
            guard index > after, let titleEnd = title(at: index, end: end) else { return nil }
            index = skipWhitespace(from: titleEnd, end: end)
            guard index < end, bytes[index] == UInt8(ascii: ")") else { return nil }
        }
        return (.inline(range: range, isAngleBracketed: isAngle, url: LinkText.unescaped(bytes[range])), index + 1)
    }

    /// A destination at `start`: `<…>` (no line break, no unescaped `<`)
    /// or a run without spaces or controls whose parentheses balance.
    /// Returns its bytes (inside the brackets), whether bracketed, and the
    /// index after it.
    func destination(at start: Int, end: Int) -> (Range<Int>, Bool, Int)? {
        guard start < end else { return nil }
        if bytes[start] == Byte.lessThan {
            var index = start + 1
            while index < end {
                switch bytes[index] {
                case Byte.backslash: index += 2
                case UInt8(ascii: ">"): return ((start + 1)..<index, true, index + 1)
                case Byte.lessThan, Byte.newline, Byte.carriageReturn: return nil
                default: index += 1
                }
            }
            return nil
        }
        var index = start
        var depth = 0
        while index < end {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7F { break }
            if byte == Byte.backslash, index + 1 < end, LinkText.isASCIIPunctuation(bytes[index + 1]) {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "(") {
                depth += 1
                // CommonMark bounds the nesting (cmark: 32 levels).
                if depth > 32 { return nil }
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            }
            index += 1
        }
        guard index > start, depth == 0 else { return nil }
        return (start..<index, false, index)
    }

    /// A title at `start` (`"…"`, `'…'` or `(…)`, escapes allowed, no blank
    /// line inside); the index after it.
    func title(at start: Int, end: Int) -> Int? {
        guard start < end else { return nil }
        let close: UInt8
        switch bytes[start] {
        case Byte.quote: close = Byte.quote
        case Byte.apostrophe: close = Byte.apostrophe
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return nil
        }
        var index = start + 1
        var lineIsBlank = false
        while index < end {
            let byte = bytes[index]
            if byte == Byte.backslash {
                index += 2
                continue
            }
            if byte == close { return index + 1 }
            if close == UInt8(ascii: ")") && byte == UInt8(ascii: "(") { return nil }
            if byte == Byte.newline || byte == Byte.carriageReturn {
                if lineIsBlank { return nil }
                lineIsBlank = true
            } else if !Byte.isSpaceOrTab(byte) {
                lineIsBlank = false
            }
            index += 1
        }
        return nil
    }

    /// Spaces and tabs, with at most one line break among them.
    func skipWhitespace(from start: Int, end: Int) -> Int {
        var index = start
        var sawLineBreak = false
        while index < end {
            let byte = bytes[index]
            if Byte.isSpaceOrTab(byte) {
                index += 1
            } else if byte == Byte.newline || byte == Byte.carriageReturn {
                if sawLineBreak { break }
                sawLineBreak = true
                index += byte == Byte.carriageReturn && index + 1 < end && bytes[index + 1] == Byte.newline ? 2 : 1
            } else {
                break
            }
        }
        return index
    }

    // MARK: Code spans and autolinks

    /// After a code span opened at `start`, or after its backticks when no
    /// run of as many closes it (then they are text).
    private func skipCodeSpan(at start: Int, end: Int) -> Int {
        var runEnd = start
        while runEnd < end && bytes[runEnd] == Byte.backtick { runEnd += 1 }
        let length = runEnd - start
        var index = runEnd
        while index < end {
            guard bytes[index] == Byte.backtick else {
                index += 1
                continue
            }
            var closeEnd = index
            while closeEnd < end && bytes[closeEnd] == Byte.backtick { closeEnd += 1 }
            if closeEnd - index == length { return closeEnd }
            index = closeEnd
        }
        return runEnd
    }

    /// An autolink at `start` (`<scheme:…>`, `<address@host>`): the URL
    /// cmark gives it and the index after `>`.
    private func autolink(at start: Int, end: Int) -> (String, Int)? {
        var index = start + 1
        while index < end, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            if byte <= 0x20 || byte == Byte.lessThan || byte == 0x7F { return nil }
            index += 1
        }
        guard index < end else { return nil }
        let inside = Array(bytes[(start + 1)..<index])
        let text = String(decoding: inside, as: UTF8.self)
        if let colon = inside.firstIndex(of: Byte.colon), (2...32).contains(colon),
           Self.isLetter(inside[0]), inside[1..<colon].allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") || $0 == Byte.hyphen }) {
            return (text, index + 1)
        }
        if let at = inside.firstIndex(of: UInt8(ascii: "@")), at > 0, at < inside.count - 1, !inside.contains(Byte.backslash) {
            return ("mailto:" + text, index + 1)
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
