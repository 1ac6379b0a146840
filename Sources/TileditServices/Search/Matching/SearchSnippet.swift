/// The text a result shows: its line, trimmed, cut around the match.
enum SearchSnippet {
    /// `line` (UTF-8) trimmed of spaces and tabs, cut to about `width`
    /// characters around the UTF-8 offsets `match`, between words where it
    /// can, with `…` where it was cut.
    static func cut(_ line: UnsafeBufferPointer<UInt8>, around match: Range<Int>, width: Int = 80) -> String {
        // A line of at most `width` bytes has at most `width` characters: only trimmed.
        if line.count <= width {
            var start = 0
            var end = line.count
            while start < end && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
            while end > start && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        }
        let text = String(decoding: line, as: UTF8.self)
        // Characters before the match start.
        var matchStart = 0
        var offset = 0
        for character in text {
            guard offset < match.lowerBound else { break }
            offset += character.utf8.count
            matchStart += 1
        }
        return cut(text, matchStart: matchStart, width: width)
    }

    /// `text` cut as above, around the character at `matchStart`.
    static func cut(_ text: String, matchStart: Int, width: Int = 80) -> String {
        let characters = Array(text)
        var start = 0
        while start < characters.count && (characters[start] == " " || characters[start] == "\t") { start += 1 }
        var end = characters.count
        while end > start && (characters[end - 1] == " " || characters[end - 1] == "\t") { end -= 1 }
        guard end - start > width else { return String(characters[start..<end]) }
        let anchor = Swift.min(Swift.max(matchStart, start), end)
        // About a third of the room before the match.
        var from = Swift.max(start, Swift.min(anchor - width / 3, end - width))
        var to = Swift.min(end, from + width)
        if from > start, from < Swift.min(anchor, to), let space = characters[from..<Swift.min(anchor, to)].firstIndex(of: " ") { from = space + 1 }
        if to < end, Swift.max(from, anchor) < to, let space = characters[Swift.max(from, anchor)..<to].lastIndex(of: " ") { to = space }
        var snippet = String(characters[from..<to]).trimmingSpaces()
        if from > start { snippet = "…" + snippet }
        if to < end { snippet += "…" }
        return snippet
    }
}
