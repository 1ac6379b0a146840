/// How a tile directive was written.
public enum TileForm: String, Sendable, Hashable, Codable {
    /// `:::tile <type>` … `:::`.
    case directive
    /// `:::chart` … `:::` (type `chart`).
    case chartShorthand
    /// `:::mermaid` … `:::` (type `mermaid`; the body is its `definition`).
    case mermaidShorthand
}

/// One `key: value` entry of a tile body with where it is written.
///
/// Spans are byte ranges relative to the start of the tile's block (its
/// opening `:::` line starts at 0).
public struct TileProperty: Sendable, Hashable {
    /// The key, trimmed (e.g. `title`, `series.Downloads`).
    public var key: String
    /// The value as the grammar reads it.
    public var value: TileValue
    /// The property's whole lines, from its first line through its last list
    /// item or literal line, including the last line's terminator.
    public var span: Range<Int>
    /// The key's text on the first line.
    public var keySpan: Range<Int>
    /// The value's text on the first line (after the separator whitespace);
    /// empty at the end of the key line for lists and literals.
    public var valueSpan: Range<Int>
    /// Zero-based line of the property's first line within the block
    /// (the opening line is 0).
    public var lineOffset: Int
    /// For lists, the text before `-` on the first item line (e.g. `""` or
    /// `"  "`); for literals, the indentation of the first content line.
    public var continuationIndent: String

    public init(
        key: String, value: TileValue, span: Range<Int>, keySpan: Range<Int>, valueSpan: Range<Int>,
        lineOffset: Int, continuationIndent: String = ""
    ) {
        self.key = key
        self.value = value
        self.span = span
        self.keySpan = keySpan
        self.valueSpan = valueSpan
        self.lineOffset = lineOffset
        self.continuationIndent = continuationIndent
    }
}

/// A parsed tile directive (ARCHITECTURE.md, "The Tiledown format").
public struct Tile: Sendable, Hashable {
    /// The tile type (`callout`, `chart`, …); unknown types are kept.
    public var type: String
    /// How the directive was written.
    public var form: TileForm
    /// Properties in source order.
    public var properties: [TileProperty]
    /// Byte range of the closing `:::` line relative to the block start,
    /// including its terminator.
    public var closingSpan: Range<Int>
    /// Byte range of the opening line relative to the block start,
    /// including its terminator.
    public var openingSpan: Range<Int>

    public init(type: String, form: TileForm, properties: [TileProperty], openingSpan: Range<Int>, closingSpan: Range<Int>) {
        self.type = type
        self.form = form
        self.properties = properties
        self.openingSpan = openingSpan
        self.closingSpan = closingSpan
    }

    /// The first property named `key`.
    public func property(_ key: String) -> TileProperty? {
        properties.first { $0.key == key }
    }

    /// The value of the first property named `key`.
    public func value(_ key: String) -> TileValue? { property(key)?.value }

    /// The tile's `id` property, when it has a non-empty one.
    public var id: String? {
        guard let value = value("id")?.text, !value.isEmpty else { return nil }
        return value
    }
}
