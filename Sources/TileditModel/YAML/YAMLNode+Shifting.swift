/// Moving a tree by a number of bytes lazily, and equality of trees as
/// they read (see `YAMLNode`'s notes on moving).
extension YAMLNode {
    /// The same tree with every range moved by `offset` bytes (bounds must
    /// stay within `Int32`). O(1): the children are moved when handed out
    /// (see the type's notes).
    public func shifted(by offset: Int) -> YAMLNode {
        var copy = self
        copy.shift(by: offset)
        return copy
    }

    /// The pair at `index` (from 0) of a mapping, moved as handed out;
    /// `nil` when the node is not a mapping or has no such pair. Unlike
    /// `pairs`, copies no other pair.
    public func pair(at index: Int) -> YAMLPair? {
        switch storedKind {
        case .blockMapping(let pairs), .flowMapping(let pairs):
            guard pairs.indices.contains(index) else { return nil }
            return YAMLPair(key: pairs[index].key.shifted(by: childShift), value: pairs[index].value.shifted(by: childShift))
        default:
            return nil
        }
    }

    /// The item at `index` (from 0) of a sequence, moved as handed out;
    /// `nil` when the node is not a sequence or has no such item. Unlike
    /// `items`, copies no other item.
    public func item(at index: Int) -> YAMLNode? {
        switch storedKind {
        case .blockSequence(let items), .flowSequence(let items):
            guard items.indices.contains(index) else { return nil }
            return items[index].shifted(by: childShift)
        default:
            return nil
        }
    }

    /// Replaces the pair at `index` (from 0) of this mapping with `pair`
    /// (ranges as handed out) and moves every later pair by `delta` bytes.
    /// The pairs are changed in place when no other copy of the node
    /// shares them (an incremental read of a 10 MB file's root; a pending
    /// move is then taken by every pair).
    ///
    /// - Returns: whether the node is a mapping with such a pair; when not,
    ///   it is unchanged.
    mutating func replacePair(at index: Int, with pair: YAMLPair, movingLaterBy delta: Int) -> Bool {
        var pairs: [YAMLPair]
        let isFlow: Bool
        switch storedKind {
        case .blockMapping(let stored): (pairs, isFlow) = (stored, false)
        case .flowMapping(let stored): (pairs, isFlow) = (stored, true)
        default: return false
        }
        guard pairs.indices.contains(index) else { return false }
        let (shift, anchor, tag, scalarRange) = (childShift, anchor, tag, properties?.scalarRange)
        // The node lets go of its pairs, so `pairs` is their one owner unless another version shares them.
        setStorage(kind: .alias, anchor: nil, tag: nil, scalarRange: nil)
        for position in pairs.indices {
            let move = position < index ? shift : shift + delta
            if position == index {
                pairs[position] = pair
            } else if move != 0 {
                // In place: no copy of the pair, and no new properties for a value no other version shares.
                pairs[position].key.shift(by: move)
                pairs[position].value.shift(by: move)
            }
        }
        setStorage(kind: isFlow ? .flowMapping(pairs) : .blockMapping(pairs), anchor: anchor, tag: tag, scalarRange: scalarRange)
        return true
    }

    /// Replaces the item at `index` (from 0) of this sequence with `item`
    /// and moves every later item by `delta` bytes, as `replacePair` does.
    ///
    /// - Returns: whether the node is a sequence with such an item; when
    ///   not, it is unchanged.
    mutating func replaceItem(at index: Int, with item: YAMLNode, movingLaterBy delta: Int) -> Bool {
        var items: [YAMLNode]
        let isFlow: Bool
        switch storedKind {
        case .blockSequence(let stored): (items, isFlow) = (stored, false)
        case .flowSequence(let stored): (items, isFlow) = (stored, true)
        default: return false
        }
        guard items.indices.contains(index) else { return false }
        let (shift, anchor, tag, scalarRange) = (childShift, anchor, tag, properties?.scalarRange)
        setStorage(kind: .alias, anchor: nil, tag: nil, scalarRange: nil)
        for position in items.indices {
            let move = position < index ? shift : shift + delta
            if position == index {
                items[position] = item
            } else if move != 0 {
                items[position].shift(by: move)
            }
        }
        setStorage(kind: isFlow ? .flowSequence(items) : .blockSequence(items), anchor: anchor, tag: tag, scalarRange: scalarRange)
        return true
    }

    // MARK: Equality

    /// Whether the two nodes read the same: text, style, anchor, tag,
    /// ranges and children as handed out (pending moves applied).
    public static func == (left: YAMLNode, right: YAMLNode) -> Bool {
        guard left.text == right.text, left.start == right.start, left.end == right.end,
              left.anchor == right.anchor, left.tag == right.tag, left.properties?.scalarRange == right.properties?.scalarRange else { return false }
        // With the same pending move the stored children compare as they are
        // (an array shared by both compares at once); otherwise moved.
        return left.childShift == right.childShift ? left.storedKind == right.storedKind : left.kind == right.kind
    }

    /// Hashes what `==` compares of the node itself (children by count
    /// only, so a pending move is never applied to hash).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(anchor)
        hasher.combine(tag)
        hasher.combine(properties?.scalarRange)
        hasher.combine(childCount)
        hasher.combine(collectionStyle)
        hasher.combine(storedKind.scalarStyle)
    }
}

extension YAMLNode.Kind {
    /// The kind with each child moved by `offset` (lazily: one level).
    func shiftingChildren(by offset: Int) -> YAMLNode.Kind {
        switch self {
        case .blockMapping(let pairs): .blockMapping(Self.shifted(pairs, by: offset))
        case .flowMapping(let pairs): .flowMapping(Self.shifted(pairs, by: offset))
        case .blockSequence(let items): .blockSequence(items.map { $0.shifted(by: offset) })
        case .flowSequence(let items): .flowSequence(items.map { $0.shifted(by: offset) })
        case .plainScalar, .singleQuotedScalar, .doubleQuotedScalar, .literalScalar, .foldedScalar, .alias: self
        }
    }

    private static func shifted(_ pairs: [YAMLPair], by offset: Int) -> [YAMLPair] {
        pairs.map { YAMLPair(key: $0.key.shifted(by: offset), value: $0.value.shifted(by: offset)) }
    }
}
