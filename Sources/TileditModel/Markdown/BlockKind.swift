/// What a block of a Tiledown document is.
///
/// Prose kinds follow CommonMark block names (CommonMark 0.30, "Leaf blocks"
/// and "Container blocks") plus the GFM table; tile kinds follow ARCHITECTURE.md,
/// "The Tiledown format".
public enum BlockKind: Sendable, Hashable {
    /// Front matter at the start of the file. (`indirect`, like `.tile`:
    /// the large, rare payloads live in a box so every block's kind, stored
    /// once per block, stays small.)
    indirect case frontMatter(FrontMatter)
    /// An ATX (`# Title`) or setext (`Title` + `===`) heading.
    case heading(level: Int, isSetext: Bool)
    case paragraph
    /// A bullet or ordered list (top level, with everything nested in it).
    /// (`indirect`: its 48-byte payload would make every block's kind,
    /// and so every entry of a document's table, 32 bytes larger.)
    indirect case list(ListInfo)
    case blockQuote
    /// A fenced code block; `info` is the info string as written.
    case fencedCode(info: String)
    case indentedCode
    /// A GFM table.
    case table
    case thematicBreak
    case htmlBlock
    /// Lines of link reference definitions (`[label]: url "title"`,
    /// CommonMark 4.7, in every form: labels and titles over several lines,
    /// several definitions in a row).
    case linkReferenceDefinitions
    /// A GFM footnote definition (`[^label]: text`, with its continuation
    /// lines indented four spaces); `label` as written between `[^` and `]`.
    case footnoteDefinition(label: String)
    /// `$$ … $$` display math (a paragraph with a typed meaning).
    case displayMath
    /// A tile directive that follows the grammar.
    indirect case tile(Tile)
    /// `:::recent:::`: the site's recent posts.
    case recentPosts
    /// A container directive that is not a tile: a Docusaurus admonition or
    /// remark directive (`:::note`, `:::tip Title`, `::::warning`), from its
    /// opening line through the closing line of colons. Kept byte for byte;
    /// `name` as written after the colons (`note`).
    case directive(name: String)
    /// Text kept verbatim because it could not be read (see the block's diagnostics).
    case raw(RawBlockOrigin)

    /// A short name for lists and messages ("heading 2", "tile callout", …).
    public var displayName: String {
        switch self {
        case .frontMatter: "front matter"
        case .heading(let level, _): "heading \(level)"
        case .paragraph: "paragraph"
        case .list(let info): info.isOrdered ? "ordered list" : "bullet list"
        case .blockQuote: "block quote"
        case .fencedCode(let info):
            switch FencedCodeMeaning(info: info) {
            case .chart: "chart (fenced)"
            case .mermaid: "mermaid (fenced)"
            case .code(let language): language.isEmpty ? "fenced code" : "code \(language)"
            }
        case .indentedCode: "indented code"
        case .table: "table"
        case .thematicBreak: "thematic break"
        case .htmlBlock: "HTML block"
        case .linkReferenceDefinitions: "link reference definitions"
        case .footnoteDefinition(let label): "footnote \(label)"
        case .displayMath: "display math"
        case .tile(let tile): "tile \(tile.type)"
        case .recentPosts: "recent posts"
        case .directive(let name): "directive \(name)"
        case .raw(let origin):
            switch origin {
            case .tile(let type): "tile \(type ?? "?") (raw)"
            case .unparsed: "raw"
            }
        }
    }

    /// Whether the block is prose (CommonMark/GFM), as opposed to front
    /// matter, a tile directive, another container directive or a raw block.
    public var isProse: Bool {
        switch self {
        case .frontMatter, .tile, .recentPosts, .directive, .raw: false
        default: true
        }
    }

    /// The tile, when the block is one.
    public var tile: Tile? {
        if case .tile(let tile) = self { return tile }
        return nil
    }

    /// The front matter, when the block is one.
    public var frontMatter: FrontMatter? {
        if case .frontMatter(let frontMatter) = self { return frontMatter }
        return nil
    }
}

/// Where a raw block came from.
public enum RawBlockOrigin: Sendable, Hashable {
    /// A tile directive whose body broke the grammar; its declared type, if any.
    case tile(type: String?)
    /// Text no reader claimed.
    case unparsed
}

/// The shape of a list block.
public struct ListInfo: Sendable, Hashable {
    /// Ordered (`1.`) or bullet (`-`, `*`, `+`).
    public var isOrdered: Bool
    /// An ordered list's start number as written (kept by the formatter).
    public var start: Int
    /// The bullet character or the ordered delimiter (`.` or `)`).
    public var marker: Character
    /// Whether the list is tight (no blank lines between items).
    public var isTight: Bool
    /// Number of top-level items.
    public var itemCount: Int

    public init(isOrdered: Bool, start: Int, marker: Character, isTight: Bool, itemCount: Int) {
        self.isOrdered = isOrdered
        self.start = start
        self.marker = marker
        self.isTight = isTight
        self.itemCount = itemCount
    }
}

/// The typed meaning of a fenced code block, from its info string's first word.
public enum FencedCodeMeaning: Sendable, Hashable {
    /// ```` ```chart ```` : a static chart.
    case chart
    /// ```` ```mermaid ````: a diagram.
    case mermaid
    /// Code in a language (empty when none is given).
    case code(language: String)

    public init(info: String) {
        let language = String(info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" }).first ?? "")
        switch language.lowercased() {
        case "chart": self = .chart
        case "mermaid": self = .mermaid
        default: self = .code(language: language)
        }
    }
}
