/// A document as a renderer-neutral preview: what each block looks like in
/// terms of structure (blocks inside quotes and list items, headings,
/// code, tables, tile frames) and inline runs with semantic roles, with no
/// width, font or color. A renderer lays it out: the terminal wraps it to
/// its columns, a window would set it in its own text views
/// (ARCHITECTURE.md, "The preview").
///
/// The items are flat, in reading order; each names the containers around
/// it (quotes, list items), outermost first, so that laying it out needs no
/// recursion however deep the source nests. Containers deeper than
/// `StyledDocumentBuilder.maximumDepth` are not listed (their content shows
/// at that depth).
public struct StyledDocument: Sendable, Hashable {
    /// The items, in reading order.
    public var items: [StyledItem]

    public init(items: [StyledItem] = []) {
        self.items = items
    }
}

/// One leaf of the preview: a paragraph, a heading, a code block, a table,
/// a tile frame…, with the containers around it.
public struct StyledItem: Sendable, Hashable {
    /// The document block it comes from (position, from 0).
    public var block: Int
    /// Quotes and list items around the item, outermost first.
    public var containers: [StyledContainer]
    /// Whether a blank line separates the item from the one before it in
    /// the same block (sibling blocks and loose lists do; tight lists do
    /// not), and how many of `containers` that line is inside (a quote's
    /// bar goes on, a list item's indent does not matter): `nil` for none.
    public var blankLineContainers: Int?
    /// What the item shows.
    public var content: StyledContent

    public init(block: Int, containers: [StyledContainer] = [], blankLineContainers: Int? = nil, content: StyledContent) {
        self.block = block
        self.containers = containers
        self.blankLineContainers = blankLineContainers
        self.content = content
    }
}

/// A container around preview items.
public enum StyledContainer: Sendable, Hashable {
    /// A block quote.
    case quote
    /// A list item: its marker (shown before the item's first line only,
    /// when `isFirst`), the widest marker of its list (to align the items),
    /// and how deep it is among lists (from 0, for bullet shapes).
    case listItem(marker: ListMarker, markerWidth: Int, depth: Int, isFirst: Bool)
}

/// The marker of a list item.
public enum ListMarker: Sendable, Hashable {
    /// A bullet (`-`, `*`, `+`).
    case bullet
    /// A number and its delimiter (`1.`, `2)`).
    case number(Int, delimiter: Character)
    /// A task box (`- [ ]`, `- [x]`).
    case task(isDone: Bool)

    /// The marker as text, for the number and task forms (`3.`, `[x]`);
    /// a bullet's shape is the renderer's choice.
    public var text: String? {
        switch self {
        case .bullet: nil
        case .number(let number, let delimiter): "\(number)\(delimiter)"
        case .task(let isDone): isDone ? "[x]" : "[ ]"
        }
    }
}

/// What a preview item shows.
public enum StyledContent: Sendable, Hashable {
    /// A paragraph of inline runs.
    case paragraph([InlineRun])
    /// A heading of `level` (1–6).
    case heading(level: Int, [InlineRun])
    /// Code, shown as written; `meaning` says when a fenced block is a
    /// chart or a diagram (the renderer labels it).
    case code(String, meaning: FencedCodeMeaning)
    /// Raw HTML, shown as written.
    case html(String)
    /// A thematic break.
    case thematicBreak
    /// A GFM table.
    case table(StyledTable)
    /// Display math: its TeX.
    case math(String)
    /// Text shown as written, in a muted role (link reference definitions,
    /// prose that did not parse).
    case plain(String)
    /// A framed block: front matter, a tile, `:::recent:::`, a raw block.
    case frame(StyledFrame)
}

/// One stretch of inline text with what it is.
public struct InlineRun: Sendable, Hashable, CustomStringConvertible {
    /// The text; `"\n"` is a hard line break.
    public var text: String
    /// What the text is.
    public var roles: InlineRoles

    public init(_ text: String, _ roles: InlineRoles = []) {
        self.text = text
        self.roles = roles
    }

    /// `text` followed by the roles, e.g. `"Title"[strong]`.
    public var description: String { "\(text.debugDescription)\(roles)" }
}

/// The semantic roles of inline text, as a set (a run can be both `strong`
/// and a `link`). A renderer maps roles to its own styles.
public struct InlineRoles: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Emphasis (`*text*`).
    public static let emphasis = InlineRoles(rawValue: 1 << 0)
    /// Strong emphasis (`**text**`), and a table's header row.
    public static let strong = InlineRoles(rawValue: 1 << 1)
    /// A code span or inline HTML.
    public static let code = InlineRoles(rawValue: 1 << 2)
    /// A link's text, an image's description.
    public static let link = InlineRoles(rawValue: 1 << 3)
    /// A link's target shown after its text, when the text does not show it.
    public static let linkTarget = InlineRoles(rawValue: 1 << 4)
    /// Struck-through text (`~~text~~`).
    public static let strikethrough = InlineRoles(rawValue: 1 << 5)
    /// Secondary text: notices, property keys' separators.
    public static let muted = InlineRoles(rawValue: 1 << 6)
    /// Something wrong: an unknown tile type, a raw block's message.
    public static let error = InlineRoles(rawValue: 1 << 7)
    /// A tile's type or a property key.
    public static let label = InlineRoles(rawValue: 1 << 8)

    private static let names: [(InlineRoles, String)] = [
        (.emphasis, "emphasis"), (.strong, "strong"), (.code, "code"), (.link, "link"), (.linkTarget, "linkTarget"),
        (.strikethrough, "strikethrough"), (.muted, "muted"), (.error, "error"), (.label, "label"),
    ]

    /// The roles, e.g. `[strong, link]`, or `[]` for plain text.
    public var description: String {
        "[" + Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// A GFM table: cells of inline runs, column alignments, the header row.
public struct StyledTable: Sendable, Hashable {
    /// How a column's cells sit in it.
    public enum Alignment: Sendable, Hashable {
        case left, center, right
    }

    /// One alignment per column.
    public var alignments: [Alignment]
    /// The rows, each with one cell per column (missing cells empty).
    public var rows: [[[InlineRun]]]
    /// Whether the first row is the header.
    public var hasHeader: Bool

    public init(alignments: [Alignment], rows: [[[InlineRun]]], hasHeader: Bool) {
        self.alignments = alignments
        self.rows = rows
        self.hasHeader = hasHeader
    }
}

/// A framed block: a label in the frame's top edge, then properties and
/// notices inside.
public struct StyledFrame: Sendable, Hashable {
    /// What the frame holds.
    public enum Kind: Sendable, Hashable {
        case frontMatter
        /// A tile; `isKnown` is false for a type the catalog does not know.
        case tile(type: String, isKnown: Bool)
        case recentPosts
        /// A block kept as written (a tile that could not be read, say).
        case raw
    }

    /// One line of the frame's content.
    public enum Line: Sendable, Hashable {
        /// `key: value`, the value wrapped after the key.
        case property(key: String, value: String)
        /// `key:`, then one item per line.
        case list(key: String, items: [String])
        /// `key:`, then the value's lines as written.
        case literal(key: String, text: String)
        /// A notice in inline runs (wrapped).
        case notice([InlineRun])
        /// Text as written, in a muted role, one line per line.
        case verbatim(String)
    }

    public var kind: Kind
    /// The label, in runs (e.g. `chart`, or `callout · unknown tile type`).
    public var label: [InlineRun]
    public var lines: [Line]

    public init(kind: Kind, label: [InlineRun], lines: [Line]) {
        self.kind = kind
        self.label = label
        self.lines = lines
    }
}
