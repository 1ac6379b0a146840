/// A node of a YAML tree as written in its file (YAML 1.2 section 3.2.1,
/// representation graph, before tags are resolved).
///
/// Values are kept as written: a scalar holds its text (with quotes and
/// escapes already read), never a re-typed number or boolean. `range` is a
/// byte range (UTF-8) in the coordinates the parser was given: the node's
/// first byte (its anchor or tag, when present, is not included) to just
/// past its last byte.
public struct YAMLNode: Sendable, Hashable {
    /// What the node holds.
    public enum Content: Sendable, Hashable {
        /// A scalar: text and the style it was written in.
        case scalar(YAMLScalar)
        /// A mapping: key/value pairs in source order (`<<` merge keys kept as pairs).
        case mapping([YAMLPair])
        /// A sequence: items in source order.
        case sequence([YAMLNode])
        /// An alias `*name` to the node anchored `&name`.
        case alias(String)
    }

    /// Block (indentation) or flow (`[…]`, `{…}`) layout of a collection.
    public enum CollectionStyle: String, Sendable, Hashable, Codable {
        case block
        case flow
    }

    public var content: Content
    /// The anchor name (`&name`), if any.
    public var anchor: String?
    /// The tag as written (e.g. `!!str`), if any.
    public var tag: String?
    /// Byte range of the node (see the type's notes).
    public var range: Range<Int>
    /// Layout of a mapping or sequence; `.block` for scalars and aliases.
    public var collectionStyle: CollectionStyle

    public init(content: Content, anchor: String? = nil, tag: String? = nil, range: Range<Int>, collectionStyle: CollectionStyle = .block) {
        self.content = content
        self.anchor = anchor
        self.tag = tag
        self.range = range
        self.collectionStyle = collectionStyle
    }

    /// The scalar, when the node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The pairs, when the node is a mapping.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items, when the node is a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The value of the first pair whose key is the plain or quoted scalar `key`.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.scalar?.value == key }?.value
    }

    /// A short word for the node's kind, for messages: "a mapping", "a list", …
    public var kindDescription: String {
        switch content {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias(let name): "an alias of `&\(name)`"
        }
    }

    /// The same tree with every range moved by `offset` bytes.
    public func shifted(by offset: Int) -> YAMLNode {
        var copy = self
        copy.range = (range.lowerBound + offset)..<(range.upperBound + offset)
        switch content {
        case .scalar(var scalar):
            scalar.range = (scalar.range.lowerBound + offset)..<(scalar.range.upperBound + offset)
            copy.content = .scalar(scalar)
        case .mapping(let pairs):
            copy.content = .mapping(pairs.map { YAMLPair(key: $0.key.shifted(by: offset), value: $0.value.shifted(by: offset)) })
        case .sequence(let items):
            copy.content = .sequence(items.map { $0.shifted(by: offset) })
        case .alias:
            break
        }
        return copy
    }
}

/// A key/value pair of a mapping.
public struct YAMLPair: Sendable, Hashable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A scalar as written.
public struct YAMLScalar: Sendable, Hashable {
    /// How the scalar is written (YAML 1.2 section 7 and 8.1).
    public enum Style: String, Sendable, Hashable, Codable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// The text, quotes and escapes read (`"3.10"` gives `3.10`).
    public var value: String
    /// The style it is written in.
    public var style: Style
    /// Bytes of the scalar token: quotes included; for block scalars from the
    /// `|`/`>` indicator through the last content line (its line break
    /// excluded).
    public var range: Range<Int>

    public init(value: String, style: Style, range: Range<Int>) {
        self.value = value
        self.style = style
        self.range = range
    }

    /// Whether the scalar is an empty plain scalar (`key:` with no value, a YAML null).
    public var isEmptyPlain: Bool { style == .plain && value.isEmpty }
}

/// One document of a YAML stream.
public struct YAMLDocumentNode: Sendable, Hashable {
    /// The root node; `nil` for an empty document.
    public var root: YAMLNode?
    /// Bytes of the document, including `---`/`...` markers when written.
    public var range: Range<Int>

    public init(root: YAMLNode?, range: Range<Int>) {
        self.root = root
        self.range = range
    }
}
