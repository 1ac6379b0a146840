/// Generates Tiledown Markdown documents deterministically: every CommonMark
/// block kind, GFM tables, display math, fenced chart/mermaid code, and
/// tiles of every built-in type (plus shorthands, unknown types, tiles kept
/// raw) at a chosen rate. Used by property tests and benchmarks.
public struct TiledownGenerator: Sendable {
    /// Front matter of generated documents.
    public enum FrontMatterStyle: Sendable, CaseIterable {
        case none
        case yaml
        case flat
    }

    public var frontMatter: FrontMatterStyle
    /// `"\n"`, `"\r\n"` or `"\r"`.
    public var lineEnding: String
    /// About one block in this many is a tile.
    public var tileEvery: Int
    /// Include constructs that stress the parser (unclosed fences, raw tiles,
    /// stray closers, lazy lines, blocks without blank lines between them).
    public var includesTrickyBlocks: Bool

    private var random: SeededGenerator
    private var tileCounter = 0

    public init(seed: UInt64, frontMatter: FrontMatterStyle = .yaml, lineEnding: String = "\n", tileEvery: Int = 20, includesTrickyBlocks: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.frontMatter = frontMatter
        self.lineEnding = lineEnding
        self.tileEvery = tileEvery
        self.includesTrickyBlocks = includesTrickyBlocks
    }

    /// A document of at least `bytes` bytes (UTF-8).
    public mutating func document(bytes target: Int) -> String {
        var parts: [String] = []
        var size = 0
        if let header = frontMatterText() {
            parts.append(header)
            size += header.utf8.count
        }
        var blockNumber = 0
        while size < target {
            blockNumber += 1
            let block = blockNumber % tileEvery == 0 ? tile() : prose(blockNumber)
            parts.append(block)
            size += block.utf8.count + 1
        }
        return join(parts)
    }

    /// A document of `count` blocks (front matter not counted).
    public mutating func document(blocks count: Int) -> String {
        var parts: [String] = []
        if let header = frontMatterText() { parts.append(header) }
        for number in 1...Swift.max(count, 1) {
            parts.append(number % tileEvery == 0 || Int.random(in: 0..<tileEvery, using: &random) == 0 ? tile() : prose(number))
        }
        return join(parts)
    }

    /// Text fragments for random edits: structure characters and whole lines
    /// that change how blocks are read.
    public static let editFragments: [String] = [
        "\n", "\n\n", "x", "word ", "é", "🚀", "# ", "## Title\n", "- ", "* item\n", "1. ", "> ", "    ", "```", "```\n", "~~~\n",
        ":::", ":::\n", ":::tile callout\n", ":::tile chart\ntype: bar\n:::\n", "id: x-1\n", "title: |\n  a\n", "---\n", "===\n",
        "<!--\n", "-->\n", "<div>\n", "| a | b |\n|---|---|\n", "[ref]: /url\n", "$$\n", ":::recent:::\n", "\t", "  \n", "key: value\n",
        "\r", "\r\n", "\r\r", "[^n]: note\n", "[^n]", "[x\n", "]: /u\n", "    more\n",
        // Other sites' syntax: YAML's document end marker, admonitions, table rows.
        "...\n", ":::note\n", ":::tip Title\n", "::::warning\n", "::::\n", "| a |\n", "|---|\n", "| c | d |\n",
    ]

    // MARK: Pieces

    private mutating func frontMatterText() -> String? {
        switch frontMatter {
        case .none:
            return nil
        case .yaml:
            return lines([
                "---", "# Page settings", "title: \"Generated page \(pick(["one", "two", "three"]))\"", "date: 2024-05-0\(Int.random(in: 1...9, using: &random))",
                "tags: [alpha, beta]", "draft: false", "version: 1.10", "description: |", "  A generated document.", "  Second line.", "---",
            ])
        case .flat:
            return lines([
                "---", "title: Generated page: flat", "date: 2024-05-01", "tags: alpha, beta", "draft: false", "slug: posts/generated", "---",
            ])
        }
    }

    private mutating func prose(_ number: Int) -> String {
        let choice = Int.random(in: 0..<(includesTrickyBlocks ? 28 : 19), using: &random)
        switch choice {
        case 0: return "# Heading \(number) with *emphasis*"
        case 1: return "## Section \(number)"
        case 2: return lines(["Setext heading \(number)", "-----------------"])
        case 3, 4, 5: return paragraph()
        case 6: return lines(["- first item with `code`", "- second item", "  - nested item", "- third item"])
        case 7: return lines(["3. third", "4. fourth with **strong**", "5. fifth"])
        case 8: return lines(["> A quote with _emphasis_", "> over two lines", ">", "> - and a list"])
        case 9: return lines(["```swift", "let value = \(number)", "print(value)", "```"])
        case 10: return lines(["    indented code \(number)", "    more code"])
        case 11: return lines(["| Name | Value |", "|:-----|------:|", "| a    | \(number) |", "| b    | 2 |"])
        case 12: return "***"
        case 13: return lines(["<!--", "A comment", "", "with a blank line", "-->"])
        case 14: return lines(["[ref-\(number)]: https://example.com/\(number) \"Title\""])
        case 15: return lines(["$$", "\\int_0^1 x^\(number) dx", "$$"])
        case 16: return lines(["```chart", "type: line", "labels: A, B", "series: S = 1, 2", "```"])
        case 17: return lines(["```mermaid", "graph TD", "  A --> B", "```"])
        case 18: return paragraph() + lineEnding + "Hard break  " + lineEnding + "after spaces."
        case 19: return lines(["Paragraph directly above", "# a heading"])
        case 20: return lines(["> lazy quote", "continuation", "==="])
        case 21: return ":::"
        case 22: return lines([":::tile callout", "id: outer-\(number)", ":::tile callout", "title: inner", ":::"])
        case 24: return lines(["A note[^n\(number)] in a sentence.", "", "[^n\(number)]: The note.", "", "    Its second paragraph."])
        case 25: return lines(["[Label over", "  two lines \(number)]:", "/url-\(number)", "\"A title\"", "", "See [the page][label over two lines \(number)]."])
        case 26: return lines(["> [^q\(number)]: A note in a quote.", "", "Quoted note[^q\(number)] and [a\(number)][]."])
        case 27: return lines(["[a\(number)]: </a b> 'T'", "[b\(number)]:", "  /b", "[c\(number)]: /c"])
        default: return lines(["<div>", "html block \(number)", "</div>"])
        }
    }

    private mutating func paragraph() -> String {
        let words = ["Tiledown", "keeps", "every", "byte", "of", "text", "*as*", "written", "**bold**", "`code`", "[link](https://example.com)", "naïve", "日本語", "emoji 🎉", "and", "more"]
        var sentence: [String] = []
        for _ in 0..<Int.random(in: 8...40, using: &random) { sentence.append(pick(words)) }
        var text = ""
        var column = 0
        for word in sentence {
            if column > 60 {
                text += lineEnding
                column = 0
            } else if !text.isEmpty {
                text += " "
                column += 1
            }
            text += word
            column += word.count
        }
        return text + "."
    }

    private mutating func tile() -> String {
        tileCounter += 1
        let id = "tile-\(tileCounter)"
        let text: String
        switch Int.random(in: 0..<10, using: &random) {
        case 0: text = lines([":::tile callout", "id: \(id)", "title: Note \(tileCounter)", "body: A callout body with text."])
        case 1: text = lines([":::tile callout", "id: \(id)", "title: Long note", "body: |", "  First paragraph.", "", "  Second paragraph.", ":::"])
        case 2: text = lines([":::tile counter", "id: \(id)", "label: Clicks", ":::"])
        case 3: text = lines([":::tile embed", "id: \(id)", "url: https://www.youtube.com/watch?v=dQw4w9WgXcQ", "title: A video", "aspectRatio: 16/9", ":::"])
        case 4: text = lines([":::tile chart", "id: \(id)", "type: bar", "title: Numbers", "labels: Jan, Feb, Mar", "series.Downloads: 12, 19, 7", "series.Stars: 3, 8, 5", ":::"])
        case 5: text = lines([":::chart", "type: line", "labels: A, B", "series.Visits: 1, 2", ":::"])
        case 6: text = lines([":::mermaid", "graph TD", "  A[Write] --> B[Build]", ":::"])
        case 7: text = lines([":::tile buttondown", "id: \(id)", "username: example", "title: Newsletter", "tags:", "- news", "- tiles", ":::"])
        case 8: text = lines([":::tile service-form", "id: \(id)", "service: calculator", "operation: add", "mode: proxy", "submitLabel: Go", ":::"])
        default: text = lines([":::tile custom-widget", "id: \(id)", "color: blue", ":::"])
        }
        return text.hasSuffix(":::") ? text : text + lineEnding + ":::"
    }

    private func lines(_ lines: [String]) -> String { lines.joined(separator: lineEnding) }

    private mutating func pick(_ choices: [String]) -> String { choices[Int.random(in: 0..<choices.count, using: &random)] }

    private mutating func join(_ parts: [String]) -> String {
        var text = ""
        for (index, part) in parts.enumerated() {
            text += part + lineEnding
            if index + 1 < parts.count {
                let separator = includesTrickyBlocks ? Int.random(in: 0..<8, using: &random) : 1
                text += separator == 0 ? "" : separator == 7 ? lineEnding + lineEnding : lineEnding
            }
        }
        return text
    }
}
