/// Word-wraps styled text to a width in display columns.
///
/// Lines break at spaces and next to CJK characters (see
/// `DisplayWidth.allowsBreak(between:and:)`); spaces at a break are
/// dropped; a word wider than a line is split between characters. `"\n"`
/// in the text is a hard line break. Lines after the first start with
/// `continuationIndent` spaces (a hanging indent).
struct LineWrapper {
    private struct Glyph {
        var character: Character
        var style: TextStyle
        var width: Int
    }

    let width: Int
    let continuationIndent: Int
    private(set) var lines: [StyledLine] = []
    private var line = StyledLine()
    private var lineWidth = 0
    private var lineHasContent = false
    private var word: [Glyph] = []
    private var wordWidth = 0
    private var spaces: [Glyph] = []
    private var spacesWidth = 0

    /// A wrapper for lines of `width` columns (at least 1).
    init(width: Int, continuationIndent: Int = 0) {
        self.width = Swift.max(width, 1)
        self.continuationIndent = continuationIndent < self.width ? Swift.max(continuationIndent, 0) : 0
    }

    /// Adds `text` in `style`.
    mutating func append(_ text: String, _ style: TextStyle = .plain) {
        for character in text {
            switch character {
            case " ", "\t":
                flushWord()
                spaces.append(Glyph(character: " ", style: style, width: 1))
                spacesWidth += 1
            case "\n", "\r\n", "\r":
                breakLine()
            default:
                if let last = word.last, DisplayWidth.allowsBreak(between: last.character, and: character) {
                    flushWord()
                }
                let glyphWidth = DisplayWidth.of(character)
                word.append(Glyph(character: character, style: style, width: glyphWidth))
                wordWidth += glyphWidth
            }
        }
    }

    /// Adds every run of `runs`.
    mutating func append(_ runs: [StyledRun]) {
        for run in runs { append(run.text, run.style) }
    }

    /// Ends the current line (a hard break).
    mutating func breakLine() {
        flushWord()
        endLine()
    }

    /// The wrapped lines (a last line with nothing on it is left out).
    mutating func finish() -> [StyledLine] {
        flushWord()
        if lineHasContent { endLine() }
        return lines
    }

    private mutating func endLine() {
        lines.append(line)
        line = StyledLine()
        if continuationIndent > 0 { line.append(String(repeating: " ", count: continuationIndent)) }
        lineWidth = continuationIndent
        lineHasContent = false
        spaces.removeAll()
        spacesWidth = 0
    }

    private mutating func flushWord() {
        guard !word.isEmpty else { return }
        if lineHasContent {
            if lineWidth + spacesWidth + wordWidth <= width {
                place(spaces)
                lineWidth += spacesWidth
            } else {
                endLine()
            }
        }
        spaces.removeAll()
        spacesWidth = 0
        if lineWidth + wordWidth <= width {
            place(word)
            lineWidth += wordWidth
        } else {
            // Wider than a line: split between characters.
            for glyph in word {
                if lineHasContent && lineWidth + glyph.width > width { endLine() }
                place([glyph])
                lineWidth += glyph.width
                lineHasContent = true
            }
        }
        lineHasContent = true
        word.removeAll(keepingCapacity: true)
        wordWidth = 0
    }

    private mutating func place(_ glyphs: [Glyph]) {
        var index = glyphs.startIndex
        while index < glyphs.endIndex {
            let style = glyphs[index].style
            var text = ""
            while index < glyphs.endIndex && glyphs[index].style == style {
                text.append(glyphs[index].character)
                index += 1
            }
            line.append(text, style)
        }
    }

    /// `text` cut into lines of at most `width` columns between characters,
    /// with no word wrapping (for code); tabs expand to the next multiple of 4.
    static func hardWrap(_ text: String, width: Int) -> [String] {
        let width = Swift.max(width, 1)
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for character in text {
            if character == "\t" {
                let spaces = 4 - currentWidth % 4
                for _ in 0..<spaces {
                    if currentWidth >= width {
                        lines.append(current)
                        current = ""
                        currentWidth = 0
                    }
                    current.append(" ")
                    currentWidth += 1
                }
                continue
            }
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > width && currentWidth > 0 {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            current.append(character)
            currentWidth += characterWidth
        }
        lines.append(current)
        return lines
    }
}
