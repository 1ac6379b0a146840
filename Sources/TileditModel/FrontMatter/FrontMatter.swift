/// How front matter is read (ARCHITECTURE.md, "The Tiledown format").
public enum FrontMatterDialect: String, Sendable, Hashable, Codable {
    /// Tiledown's flat profile: `key: value` lines, split at the first `:`,
    /// values raw strings. Used inside a workspace with `tiledown.yml`.
    case tiledown
    /// Full YAML (a mapping), read with libyaml. Used outside a Tiledown workspace.
    case yaml
}

/// One field of a front matter block.
///
/// Spans are byte ranges relative to the start of the front matter block
/// (its opening `---` line starts at 0).
public struct FrontMatterField: Sendable, Hashable {
    /// The key as written (trimmed; quotes read for YAML keys).
    public var key: String
    /// The value as written: raw text (Tiledown), a scalar's text (YAML), or
    /// the source text of a YAML collection or alias.
    public var value: String
    /// Bytes of the key.
    public var keySpan: Range<Int>
    /// Bytes of the value (a YAML scalar's token with its quotes; empty at the
    /// end of the key for an empty value).
    public var valueSpan: Range<Int>
    /// Zero-based line of the field's key within the block (the opening
    /// `---` is line 0).
    public var lineOffset: Int
    /// The value node (YAML dialect only), ranges relative to the block.
    public var node: YAMLNode?

    public init(key: String, value: String, keySpan: Range<Int>, valueSpan: Range<Int>, lineOffset: Int, node: YAMLNode? = nil) {
        self.key = key
        self.value = value
        self.keySpan = keySpan
        self.valueSpan = valueSpan
        self.lineOffset = lineOffset
        self.node = node
    }
}

/// A front matter block: the lines between an opening `---` on the first
/// line of the file and the next line that is exactly `---`.
public struct FrontMatter: Sendable, Hashable {
    /// How the block was read.
    public var dialect: FrontMatterDialect
    /// Fields in source order (empty when the block could not be read).
    public var fields: [FrontMatterField]
    /// Bytes between the fences, relative to the block start.
    public var contentSpan: Range<Int>
    /// The closing `---` line, relative to the block start, with its terminator.
    public var closingSpan: Range<Int>
    /// The YAML root (YAML dialect), ranges relative to the block start;
    /// `nil` for an empty block or the Tiledown dialect.
    public var yamlRoot: YAMLNode?
    /// Why fields cannot be edited (invalid YAML, not a mapping, a line that
    /// is not `key: value`), or `nil` when they can.
    public var problem: String?
    /// The text between the fences when it could not be read as fields
    /// (YAML that libyaml rejects, a list, several documents), so a view can
    /// show the author what is written; `nil` when the fields were read.
    public var source: String?

    public init(
        dialect: FrontMatterDialect, fields: [FrontMatterField], contentSpan: Range<Int>, closingSpan: Range<Int>,
        yamlRoot: YAMLNode? = nil, problem: String? = nil, source: String? = nil
    ) {
        self.dialect = dialect
        self.fields = fields
        self.contentSpan = contentSpan
        self.closingSpan = closingSpan
        self.yamlRoot = yamlRoot
        self.problem = problem
        self.source = source
    }

    /// The first field whose key has exactly the bytes of `key` (keys that
    /// differ only in Unicode normalization are different keys).
    public func field(_ key: String) -> FrontMatterField? {
        fields.first { $0.key.hasSameBytes(as: key) }
    }

    /// One line for a list of blocks: `title: …`, else the first field,
    /// else, for text that could not be read, its first non-blank line
    /// (so the author sees what is written), else `(empty)`. Line breaks
    /// and control characters are not removed here.
    public var summary: String {
        if let title = field("title") { return "title: \(title.value)" }
        if let first = fields.first { return "\(first.key): \(first.value)" }
        if let source {
            let line = source.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                .first { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
            if let line { return String(line) }
        }
        return "(empty)"
    }

    /// The value of the first field named `key`.
    public subscript(key: String) -> String? { field(key)?.value }
}
