import Synchronization

/// A node of a YAML tree as written in its file (YAML 1.2 section 3.2.1,
/// representation graph, before tags are resolved).
///
/// Values are kept as written: a scalar holds its text (with quotes and
/// escapes already read), never a re-typed number or boolean. `range` is a
/// byte range (UTF-8) in the coordinates the parser was given: the node's
/// first byte (its anchor or tag, when present, is not included) to just
/// past its last byte.
///
/// Storage: a node takes 32 bytes (a pair 64), since a 10 MB YAML file
/// holds close to a million of them. Offsets are kept as 32-bit signed
/// integers, so every range bound must lie within ±2 GiB (`Int32`); the
/// editor opens files of at most 256 MB and `YAMLParser` refuses larger
/// input. Setting a range beyond that traps. Anchors and tags, which few
/// nodes have, sit behind one shared reference.
///
/// Moving a tree (`shifted(by:)`, what an incremental read does to every
/// node after the edited entry) is lazy: a collection's own range moves at
/// once, its children's offsets are kept as they were with the move noted
/// beside them (in the shared reference), and each child is handed out
/// moved, its own children carrying the move on one level down. Moving a
/// collection is so O(1), whatever it holds; reading a moved one costs a
/// copy of the children read. Two nodes are equal when they read the same
/// (ranges as handed out), however their moves are noted.
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

    /// The node's kind with its style and children, in one word.
    enum Kind: Sendable, Hashable {
        case plainScalar
        case singleQuotedScalar
        case doubleQuotedScalar
        case literalScalar
        case foldedScalar
        case alias
        case blockMapping([YAMLPair])
        case flowMapping([YAMLPair])
        case blockSequence([YAMLNode])
        case flowSequence([YAMLNode])

        init(scalarStyle: YAMLScalar.Style) {
            switch scalarStyle {
            case .plain: self = .plainScalar
            case .singleQuoted: self = .singleQuotedScalar
            case .doubleQuoted: self = .doubleQuotedScalar
            case .literal: self = .literalScalar
            case .folded: self = .foldedScalar
            }
        }

        var scalarStyle: YAMLScalar.Style? {
            switch self {
            case .plainScalar: .plain
            case .singleQuotedScalar: .singleQuoted
            case .doubleQuotedScalar: .doubleQuoted
            case .literalScalar: .literal
            case .foldedScalar: .folded
            case .alias, .blockMapping, .flowMapping, .blockSequence, .flowSequence: nil
            }
        }
    }

    /// The rare parts of a node: anchor, tag, a scalar range that differs
    /// from the node's (only a caller's `init` or setter makes one), and the
    /// bytes by which a collection's children are yet to be moved.
    ///
    /// The pending move is the one part changed in place, and only by
    /// `YAMLNode.shift(by:)` when the node is the one holder of its
    /// properties (`isKnownUniquelyReferenced`): an incremental read of a
    /// large file moves thousands of top-level collections per edit, and
    /// a new object for each was most of that read's time. It is an
    /// `Atomic` so that the class stays checked `Sendable`; no other
    /// thread can see it while it changes, since nothing else holds it.
    final class Properties: Sendable, Hashable {
        let kind: Kind
        let anchor: String?
        let tag: String?
        let scalarRange: Range<Int>?
        /// Whether `kind` is a collection with at least one child, kept so
        /// that a move in place reads nothing but this object.
        let hasChildren: Bool
        private let pendingShift: Atomic<Int>

        init(kind: Kind, anchor: String?, tag: String?, scalarRange: Range<Int>?, childShift: Int = 0) {
            self.kind = kind
            self.anchor = anchor
            self.tag = tag
            self.scalarRange = scalarRange
            switch kind {
            case .blockMapping(let pairs), .flowMapping(let pairs): hasChildren = !pairs.isEmpty
            case .blockSequence(let items), .flowSequence(let items): hasChildren = !items.isEmpty
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar, .literalScalar, .foldedScalar, .alias: hasChildren = false
            }
            pendingShift = Atomic(childShift)
        }

        /// Bytes to add to every range under the children stored in `kind`
        /// (0 for scalars and aliases).
        var childShift: Int {
            pendingShift.load(ordering: .relaxed)
        }

        /// Adds `offset` bytes to the pending move; only for a node that
        /// alone holds these properties (see the type's notes).
        func addToChildShift(_ offset: Int) {
            pendingShift.add(offset, ordering: .relaxed)
        }

        static func == (left: Properties, right: Properties) -> Bool {
            left.kind == right.kind && left.anchor == right.anchor && left.tag == right.tag && left.scalarRange == right.scalarRange
                && left.childShift == right.childShift
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(anchor)
            hasher.combine(tag)
            hasher.combine(scalarRange)
            hasher.combine(childShift)
        }
    }

    /// A kind alone, or with properties (8 bytes either way).
    enum Storage: Sendable, Hashable {
        case bare(Kind)
        case withProperties(Properties)
    }

    /// A scalar's value or an alias's name; empty for collections.
    private(set) var text: String
    private var storage: Storage
    /// Offsets as handed out (`YAMLNode+Shifting` moves them).
    var start: Int32
    var end: Int32

    /// A node from its parts, as the parser builds it.
    ///
    /// - Parameters:
    ///   - text: the scalar's value or the alias's name; empty for collections.
    ///   - kind: kind, style and children.
    ///   - anchor: the anchor name, if any.
    ///   - tag: the tag as written, if any.
    ///   - range: the node's bytes; bounds within `Int32` (traps otherwise).
    init(text: String, kind: Kind, anchor: String? = nil, tag: String? = nil, range: Range<Int>) {
        self.text = text
        if anchor == nil && tag == nil {
            storage = .bare(kind)
        } else {
            storage = .withProperties(Properties(kind: kind, anchor: anchor, tag: tag, scalarRange: nil))
        }
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
    }

    /// A node; for a scalar, `range` may differ from the scalar's own.
    ///
    /// `collectionStyle` is kept for mappings and sequences only (scalars
    /// and aliases are `.block`). Range bounds must fit in `Int32` (see the
    /// type's notes); larger ones trap.
    public init(content: Content, anchor: String? = nil, tag: String? = nil, range: Range<Int>, collectionStyle: CollectionStyle = .block) {
        text = ""
        storage = .bare(.alias)
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
        setParts(content: content, collectionStyle: collectionStyle, anchor: anchor, tag: tag)
    }

    /// The kind, style and children, whether or not the node has
    /// properties; children are handed out moved by a pending shift.
    var kind: Kind {
        switch storage {
        case .bare(let kind): kind
        case .withProperties(let properties):
            properties.childShift == 0 ? properties.kind : properties.kind.shiftingChildren(by: properties.childShift)
        }
    }

    /// The kind as stored: children not yet moved by `childShift`.
    var storedKind: Kind {
        switch storage {
        case .bare(let kind): kind
        case .withProperties(let properties): properties.kind
        }
    }

    /// Bytes the stored children are yet to be moved by.
    var childShift: Int {
        properties?.childShift ?? 0
    }

    var properties: Properties? {
        if case .withProperties(let properties) = storage { return properties }
        return nil
    }

    /// The scalar's own range: the node's unless a caller set another.
    private var scalarRange: Range<Int> {
        properties?.scalarRange ?? range
    }

    /// Rebuilds the stored parts; properties are boxed only when one is set.
    private mutating func setParts(content: Content, collectionStyle: CollectionStyle, anchor: String?, tag: String?) {
        let kind: Kind
        var scalarRange: Range<Int>?
        switch content {
        case .scalar(let scalar):
            text = scalar.value
            kind = Kind(scalarStyle: scalar.style)
            if scalar.range != range { scalarRange = scalar.range }
        case .alias(let name):
            text = name
            kind = .alias
        case .mapping(let pairs):
            text = ""
            kind = collectionStyle == .flow ? .flowMapping(pairs) : .blockMapping(pairs)
        case .sequence(let items):
            text = ""
            kind = collectionStyle == .flow ? .flowSequence(items) : .blockSequence(items)
        }
        setStorage(kind: kind, anchor: anchor, tag: tag, scalarRange: scalarRange)
    }

    /// Sets the stored parts; `kind`'s children are as stored, to be moved
    /// by `childShift` when handed out.
    mutating func setStorage(kind: Kind, anchor: String?, tag: String?, scalarRange: Range<Int>?, childShift: Int = 0) {
        if anchor == nil && tag == nil && scalarRange == nil && childShift == 0 {
            storage = .bare(kind)
        } else {
            storage = .withProperties(Properties(kind: kind, anchor: anchor, tag: tag, scalarRange: scalarRange, childShift: childShift))
        }
    }

    /// Moves every range of the tree by `offset` bytes (bounds must stay
    /// within `Int32`), as `shifted(by:)` does. O(1), and without a new
    /// properties object when the node alone holds its own: the pending
    /// move of a collection's children is then changed in place (the
    /// common case of an incremental read moving the top-level entries
    /// after the edited one; a node another version shares gets a new one).
    mutating func shift(by offset: Int) {
        guard offset != 0 else { return }
        start = Int32(Int(start) + offset)
        end = Int32(Int(end) + offset)
        guard case .withProperties(var properties) = storage else {
            // No properties: a collection with children gets them, to note the move.
            guard (childCount ?? 0) > 0 else { return }
            storage = .withProperties(Properties(kind: storedKind, anchor: nil, tag: nil, scalarRange: nil, childShift: offset))
            return
        }
        // Only the properties object is read: a large file's top-level
        // values lie all over memory, and each object reached costs a cache miss.
        guard properties.scalarRange != nil || properties.hasChildren else { return }  // an anchor or a tag alone does not move
        if properties.scalarRange == nil {
            // The node lets go of its properties, so `properties` is their one holder unless another copy shares them.
            storage = .bare(.alias)
            if isKnownUniquelyReferenced(&properties) {
                properties.addToChildShift(offset)
                storage = .withProperties(properties)
                return
            }
            storage = .withProperties(properties)
        }
        let scalarRange = properties.scalarRange.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        setStorage(
            kind: properties.kind, anchor: properties.anchor, tag: properties.tag, scalarRange: scalarRange,
            childShift: properties.hasChildren ? properties.childShift + offset : 0)
    }

    /// What the node holds.
    public var content: Content {
        get {
            switch kind {
            case .alias: .alias(text)
            case .blockMapping(let pairs), .flowMapping(let pairs): .mapping(pairs)
            case .blockSequence(let items), .flowSequence(let items): .sequence(items)
            case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar, .literalScalar, .foldedScalar:
                .scalar(YAMLScalar(value: text, style: kind.scalarStyle ?? .plain, range: scalarRange))
            }
        }
        set {
            setParts(content: newValue, collectionStyle: collectionStyle, anchor: anchor, tag: tag)
        }
    }

    /// The anchor name (`&name`), if any.
    public var anchor: String? {
        get { properties?.anchor }
        set { setStorage(kind: storedKind, anchor: newValue, tag: tag, scalarRange: properties?.scalarRange, childShift: childShift) }
    }

    /// The tag as written (e.g. `!!str`), if any.
    public var tag: String? {
        get { properties?.tag }
        set { setStorage(kind: storedKind, anchor: anchor, tag: newValue, scalarRange: properties?.scalarRange, childShift: childShift) }
    }

    /// Byte range of the node (see the type's notes). Setting it leaves a
    /// scalar's own range where it was; bounds must fit in `Int32`.
    public var range: Range<Int> {
        get { Int(start)..<Int(end) }
        set {
            if storedKind.scalarStyle != nil && properties?.scalarRange == nil && newValue != range {
                setStorage(kind: storedKind, anchor: anchor, tag: tag, scalarRange: range, childShift: childShift)
            }
            start = Int32(newValue.lowerBound)
            end = Int32(newValue.upperBound)
            if properties?.scalarRange == newValue {
                setStorage(kind: storedKind, anchor: anchor, tag: tag, scalarRange: nil, childShift: childShift)
            }
        }
    }

    /// Layout of a mapping or sequence; `.block` for scalars and aliases
    /// (setting it on them has no effect).
    public var collectionStyle: CollectionStyle {
        get {
            switch storedKind {
            case .flowMapping, .flowSequence: .flow
            default: .block
            }
        }
        set {
            switch storedKind {
            case .blockMapping(let pairs), .flowMapping(let pairs):
                setStorage(kind: newValue == .flow ? .flowMapping(pairs) : .blockMapping(pairs), anchor: anchor, tag: tag, scalarRange: nil, childShift: childShift)
            case .blockSequence(let items), .flowSequence(let items):
                setStorage(kind: newValue == .flow ? .flowSequence(items) : .blockSequence(items), anchor: anchor, tag: tag, scalarRange: nil, childShift: childShift)
            default:
                break
            }
        }
    }

    /// The scalar, when the node is one.
    public var scalar: YAMLScalar? {
        guard let style = storedKind.scalarStyle else { return nil }
        return YAMLScalar(value: text, style: style, range: scalarRange)
    }

    /// The pairs, when the node is a mapping.
    public var pairs: [YAMLPair]? {
        switch kind {
        case .blockMapping(let pairs), .flowMapping(let pairs): pairs
        default: nil
        }
    }

    /// The items, when the node is a sequence.
    public var items: [YAMLNode]? {
        switch kind {
        case .blockSequence(let items), .flowSequence(let items): items
        default: nil
        }
    }

    /// The value of the first pair whose key is a scalar with exactly the
    /// bytes of `key` (keys that differ only in Unicode normalization are
    /// different keys).
    public subscript(key: String) -> YAMLNode? {
        switch storedKind {
        case .blockMapping(let pairs), .flowMapping(let pairs):
            // Searched as stored (a key's text does not move), the one found moved.
            pairs.first { $0.key.storedKind.scalarStyle != nil && $0.key.text.utf8.elementsEqual(key.utf8) }?.value.shifted(by: childShift)
        default:
            nil
        }
    }

    /// How many pairs or items the node holds; `nil` for a scalar or alias.
    /// Unlike `pairs` and `items`, never copies the children.
    public var childCount: Int? {
        switch storedKind {
        case .blockMapping(let pairs), .flowMapping(let pairs): pairs.count
        case .blockSequence(let items), .flowSequence(let items): items.count
        case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar, .literalScalar, .foldedScalar, .alias: nil
        }
    }

    /// Whether the node is a scalar whose value is `value` as Swift's `==`
    /// compares text (canonically equivalent spellings are equal), without
    /// making a `YAMLScalar`.
    public func isScalar(equalTo value: String) -> Bool {
        storedKind.scalarStyle != nil && text == value
    }

    /// A short word for the node's kind, for messages: "a mapping", "a list", …
    public var kindDescription: String {
        switch storedKind {
        case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar, .literalScalar, .foldedScalar: "a scalar"
        case .blockMapping, .flowMapping: "a mapping"
        case .blockSequence, .flowSequence: "a list"
        case .alias: "an alias of `&\(text)`"
        }
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
