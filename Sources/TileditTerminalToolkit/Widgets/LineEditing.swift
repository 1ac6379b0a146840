import TileditTextLayout

/// Editing steps over one line held as grapheme clusters, shared by
/// `TextField` and `TextArea`. Offsets count grapheme clusters from 0.
enum LineEditing {
    /// Inserts `inserted` (no line breaks) at `offset` of `line` and returns
    /// the new line and the cursor after the insertion. Scalars that join
    /// the cluster before them (a ZWJ, a second regional indicator, a
    /// combining mark typed after its base) leave the cursor where the
    /// joined cluster ends.
    static func insert(_ inserted: String, into line: String, at offset: Int) -> (line: String, cursor: Int) {
        let characters = Array(line)
        let offset = min(max(0, offset), characters.count)
        let prefix = String(characters[..<offset]) + inserted
        let result = prefix + String(characters[offset...])
        return (result, min(prefix.count, result.count))
    }

    /// Removes the clusters in `range` from `line`.
    static func remove(_ range: Range<Int>, from line: String) -> String {
        var characters = Array(line)
        let lower = min(max(0, range.lowerBound), characters.count)
        let upper = min(max(lower, range.upperBound), characters.count)
        characters.removeSubrange(lower..<upper)
        return String(characters)
    }

    /// Whether `character` belongs to a word (letters, digits, marks,
    /// connector punctuation such as `_`).
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
            || character.unicodeScalars.first?.properties.generalCategory == .connectorPunctuation
    }

    /// The start of the word before `offset` (skipping separators first).
    static func wordStart(before offset: Int, in characters: [Character]) -> Int {
        var index = min(offset, characters.count)
        while index > 0, !isWordCharacter(characters[index - 1]) {
            index -= 1
        }
        while index > 0, isWordCharacter(characters[index - 1]) {
            index -= 1
        }
        return index
    }

    /// The end of the word after `offset` (skipping separators first).
    static func wordEnd(after offset: Int, in characters: [Character]) -> Int {
        var index = max(0, offset)
        while index < characters.count, !isWordCharacter(characters[index]) {
            index += 1
        }
        while index < characters.count, isWordCharacter(characters[index]) {
            index += 1
        }
        return index
    }

    /// Display columns of `characters[range]`, drawn from its start (a
    /// TAB reaches the next tab stop counted from there).
    static func columns(of characters: [Character], in range: Range<Int>) -> Int {
        var total = 0
        for index in range where index >= 0 && index < characters.count {
            total += DisplayWidth.advance(of: characters[index], at: total)
        }
        return total
    }

    /// The offset in `range` whose left edge is the last one at or before
    /// display column `column` (relative to `range.lowerBound`); never past
    /// `limit`.
    static func offset(atColumn column: Int, in characters: [Character], range: Range<Int>, limit: Int) -> Int {
        var position = 0
        var index = range.lowerBound
        while index < limit, index < characters.count {
            let width = DisplayWidth.advance(of: characters[index], at: position)
            if position + width > column {
                break
            }
            position += width
            index += 1
        }
        return index
    }

    /// `text` with every line break (LF, CR, CRLF: CommonMark's and the
    /// files' line endings) turned into a space, for single-line fields.
    /// Other characters Unicode counts as line breaks (VT, FF, NEL,
    /// U+2028, U+2029) stay as they are, shown as escapes: a value holding
    /// one is not changed by opening its field.
    static func joiningLines(_ text: String) -> String {
        guard text.contains(where: isLineBreak) else { return text }
        return String(text.map { isLineBreak($0) ? " " : $0 })
    }

    /// Whether `character` is LF, CR or CRLF.
    static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }
}
