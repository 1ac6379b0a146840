/// Reading a collection's shape and one child at a time, without handing
/// out every child: `pairs`, `items` and `content` move each child by a
/// pending shift as they hand it out (see `YAMLNode`'s notes on moving), so
/// on a collection of 20,000 items after an edit they cost 20,000 copies
/// each time. A view of one row or one path asks through these instead.
extension YAMLNode {
    /// Whether the node is a mapping, block or flow (YAML 1.2 section
    /// 3.2.1.1); reads no child.
    public var isMapping: Bool {
        switch storedKind {
        case .blockMapping, .flowMapping: true
        default: false
        }
    }

    /// Whether the node is a sequence, block or flow; reads no child.
    public var isSequence: Bool {
        switch storedKind {
        case .blockSequence, .flowSequence: true
        default: false
        }
    }

    /// The alias's name (`*name` without the `*`); `nil` when the node is
    /// not an alias.
    public var aliasName: String? {
        if case .alias = storedKind { return text }
        return nil
    }

    /// The position (from 0) of the first pair of this mapping whose key is
    /// a scalar written as `key` (the key's text as read, any style); `nil`
    /// when the node is not a mapping or has no such key. Searched as
    /// stored: a key's text does not move, so no pair is copied.
    public func firstPairIndex(withScalarKey key: String) -> Int? {
        switch storedKind {
        case .blockMapping(let pairs), .flowMapping(let pairs):
            pairs.firstIndex { $0.key.storedKind.scalarStyle != nil && $0.key.text == key }
        default:
            nil
        }
    }

    /// The byte range (UTF-8, as handed out) of the child at `position`
    /// (from 0): a pair's from the start of its key to the end of whichever
    /// of key and value ends later, an item's its own; `nil` when there is
    /// no such child.
    public func childSpan(at position: Int) -> Range<Int>? {
        switch storedKind {
        case .blockMapping(let pairs), .flowMapping(let pairs):
            guard pairs.indices.contains(position) else { return nil }
            let pair = pairs[position]
            let start = pair.key.range.lowerBound + childShift
            return start..<(Swift.max(start, Swift.max(pair.key.range.upperBound, pair.value.range.upperBound) + childShift))
        case .blockSequence(let items), .flowSequence(let items):
            guard items.indices.contains(position) else { return nil }
            return (items[position].range.lowerBound + childShift)..<(items[position].range.upperBound + childShift)
        default:
            return nil
        }
    }

    /// The node at child `position` (from 0): a pair's value or an item,
    /// moved as handed out; `nil` when there is no such child.
    public func child(at position: Int) -> YAMLNode? {
        pair(at: position)?.value ?? item(at: position)
    }
}
