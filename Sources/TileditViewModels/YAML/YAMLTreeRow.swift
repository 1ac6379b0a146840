import TileditModel

/// One visible row of the YAML tree: a document, a key with its value, or
/// a sequence item. Rows are made on request for the visible range only.
public struct YAMLTreeRow: Sendable, Hashable {
    /// What the row shows.
    public enum Kind: Sendable, Hashable {
        /// A document of a stream with several; `empty` when it has no content.
        case document(empty: Bool)
        /// A mapping with `count` pairs.
        case mapping(count: Int)
        /// A sequence with `count` items.
        case sequence(count: Int)
        /// A scalar, edited as `type`.
        case scalar(YAMLValueType)
        /// An alias `*name`.
        case alias(String)
    }

    /// The node (for a document row, its root).
    public var id: YAMLNodeID
    /// Nesting depth, from 0.
    public var depth: Int
    /// The key (mapping value), `- n` with n from 1 (sequence item), `Document n`
    /// (from 1), or empty for a root.
    public var label: String
    public var kind: Kind
    /// The scalar's value on one line (line breaks as `⏎`), `{n keys}`,
    /// `[n items]`, or `*name`.
    public var summary: String
    /// `true`/`false` for a mapping or sequence that has children, `nil` otherwise.
    public var isExpanded: Bool?
    /// The node's anchor (`&name`), if any.
    public var anchor: String?
    /// The node's tag as a person writes it (`!!int`, `!local`), if any.
    public var tag: String?
    /// Comments next to the node: the comment lines right above it, then the
    /// comment after it on its line, each without `#` and surrounding spaces.
    public var comments: [String]
    /// Line of the node's first byte, from 1.
    public var line: Int
    /// The file's diagnostics from this row's start to the next row's, in
    /// file order (a folded collection's include those inside it).
    public var diagnostics: [Diagnostic] = []

    /// The most serious of `diagnostics`, `nil` when there are none.
    public var severity: Diagnostic.Severity? { diagnostics.map(\.severity).max() }
}
