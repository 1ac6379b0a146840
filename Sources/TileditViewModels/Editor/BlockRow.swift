import TileditModel

/// One row of the block list: what a renderer shows for a block.
public struct BlockRow: Equatable, Sendable, Identifiable {
    /// The block's stable identity.
    public var id: BlockID
    /// What the block is, for a badge: "heading 2", "tile callout", …
    public var kindLabel: String
    /// A one-line summary: heading text, a paragraph's first line, a tile's
    /// title or id, the front matter's title (at most `summaryLimit` characters).
    public var summary: String
    /// File lines of the block, from 1.
    public var lines: ClosedRange<Int>
    /// Number of errors in the block.
    public var errorCount: Int
    /// Number of warnings in the block.
    public var warningCount: Int
    /// Whether the block is a tile (typed form in the inspector).
    public var isTile: Bool
    /// Whether the block is kept raw (only its text can be edited).
    public var isRaw: Bool

    /// Longest summary, in characters.
    public static let summaryLimit = 120

    public init(id: BlockID, kindLabel: String, summary: String, lines: ClosedRange<Int>, errorCount: Int, warningCount: Int, isTile: Bool, isRaw: Bool) {
        self.id = id
        self.kindLabel = kindLabel
        self.summary = summary
        self.lines = lines
        self.errorCount = errorCount
        self.warningCount = warningCount
        self.isTile = isTile
        self.isRaw = isRaw
    }

    /// The row of the block at `index` of `document`.
    public init(document: MarkdownDocument, index: Int) {
        let kind = document.kind(at: index)
        let range = document.range(at: index)
        let text = document.storage.string(range.lowerBound..<Swift.min(range.upperBound, range.lowerBound + 600))
        self.init(
            id: document.id(at: index), kindLabel: kind.displayName, summary: Self.summary(kind: kind, text: text),
            lines: document.lines(at: index),
            errorCount: document.diagnosticCount(at: index, severity: .error),
            warningCount: document.diagnosticCount(at: index, severity: .warning),
            isTile: kind.tile != nil, isRaw: { if case .raw = kind { true } else { false } }())
    }

    static func summary(kind: BlockKind, text: String) -> String {
        let summary: String
        switch kind {
        case .frontMatter(let frontMatter):
            summary = frontMatter.summary
        case .tile(let tile):
            let label = tile.value("title")?.text ?? tile.value("label")?.text ?? tile.value("username")?.text
            summary = [tile.id, label].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        case .recentPosts:
            summary = "recent posts"
        default:
            // The first line as Markdown ends lines (LF, CR, CRLF; a NEL or U+2028 is text).
            let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).first { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.map(String.init) ?? ""
            summary = stripMarkers(line, kind: kind)
        }
        let clean = summary.replacingControlCharacters()
        return clean.count > summaryLimit ? String(clean.prefix(summaryLimit - 1)) + "…" : clean
    }

    /// A prose line without its block markers (`#`, `-`, `>`, fences).
    private static func stripMarkers(_ line: String, kind: BlockKind) -> String {
        var text = Substring(line).drop { $0 == " " || $0 == "\t" }
        switch kind {
        case .heading:
            text = text.drop { $0 == "#" }.drop { $0 == " " }
            while text.last == "#" || text.last == " " { text = text.dropLast() }
        case .list:
            if let first = text.first, "-*+".contains(first) { text = text.dropFirst().drop { $0 == " " } } else {
                text = text.drop { $0.isNumber }.dropFirst().drop { $0 == " " }
            }
        case .blockQuote:
            text = text.drop { $0 == ">" || $0 == " " }
        case .fencedCode(let info):
            return info.isEmpty ? "code" : info
        default:
            break
        }
        return String(text)
    }
}

extension String {
    /// The text with tabs shown as spaces and every other character a
    /// terminal would act on as its visible escape (`VisibleText`: `\u{1B}`,
    /// `\u{202E}`, …), as the commands show them: a summary never hides
    /// them, and never holds a NUL that would cut a C string short.
    func replacingControlCharacters() -> String {
        VisibleText.escaped(contains("\t") ? replacingOccurrences(of: "\t", with: " ") : self)
    }
}
