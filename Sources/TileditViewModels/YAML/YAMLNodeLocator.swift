import TileditModel

/// Finding nodes of one version of a YAML file: by identity, by path, the
/// path of a node, the collection an addition goes into, and the places
/// sharing a value through an anchor. A pure value over the file; every
/// position is checked, and nothing recurses.
struct YAMLNodeLocator {
    let file: YAMLFileDocument

    /// The node at `id`, `nil` when there is none.
    func resolve(_ id: YAMLNodeID) -> YAMLFoundNode? {
        guard id.document >= 0, id.document < file.documents.count, let root = file.documents[id.document].root else { return nil }
        var found = YAMLFoundNode(node: root, key: nil, parent: nil, start: root.range.lowerBound)
        for position in id.positions {
            // One child taken, not the whole collection (a moved one copies what it hands out).
            if let pair = found.node.pair(at: position) {
                found = YAMLFoundNode(node: pair.value, key: pair.key, parent: found.node, start: pair.key.range.lowerBound)
            } else if let item = found.node.item(at: position) {
                found = YAMLFoundNode(node: item, key: nil, parent: found.node, start: item.range.lowerBound)
            } else {
                return nil
            }
        }
        return found
    }

    /// The path from the document's root to `id` (`services.web.ports.0`),
    /// `nil` when a key on the way is not a scalar or appears twice in its mapping.
    func path(of id: YAMLNodeID) -> YAMLPath? {
        guard id.document >= 0, id.document < file.documents.count, var current = file.documents[id.document].root else { return nil }
        var components: [YAMLPathComponent] = []
        for position in id.positions {
            if let pairs = current.pairs {
                guard position >= 0, position < pairs.count, let key = pairs[position].key.scalar?.value else { return nil }
                // The first key equal to it must be this one (each frame asks, so no pair is copied).
                for index in 0..<position where pairs[index].key.isScalar(equalTo: key) { return nil }
                components.append(.key(key))
                current = pairs[position].value
            } else if let items = current.items, position >= 0, position < items.count {
                components.append(.index(position))
                current = items[position]
            } else {
                return nil
            }
        }
        return YAMLPath(components)
    }

    /// The identity of the node at `path` in `document`, following explicit keys only.
    func id(of path: YAMLPath, document: Int) -> YAMLNodeID? {
        guard document >= 0, document < file.documents.count, var current = file.documents[document].root else { return nil }
        var id = YAMLNodeID(document: document)
        for component in path.components {
            switch (component, current.content) {
            case (.key(let key), .mapping(let pairs)):
                guard let position = pairs.firstIndex(where: { $0.key.scalar?.value == key }) else { return nil }
                id = id.child(position)
                current = pairs[position].value
            case (.index(let index), .sequence(let items)) where index >= 0 && index < items.count:
                id = id.child(index)
                current = items[index]
            case (.index(let index), .mapping(let pairs)):
                guard let position = pairs.firstIndex(where: { $0.key.scalar?.value == String(index) }) else { return nil }
                id = id.child(position)
                current = pairs[position].value
            default:
                return nil
            }
        }
        return id
    }

    /// The deepest node written on `line` (from 1) or spanning it: the
    /// pair or item whose bytes (key to value) reach the line, found
    /// from the document holding it down, without recursion; `nil` when no
    /// node is there (a comment above the first key, an empty document).
    func id(atLine line: Int, lines: YAMLLineTable) -> YAMLNodeID? {
        let lineStart = lines.offset(ofLine: line)
        let lineEnd = line < lines.count ? lines.offset(ofLine: line + 1) : Int.max
        guard let document = file.documents.lastIndex(where: { $0.range.lowerBound <= lineStart }) ?? file.documents.indices.first,
              var node = file.documents[document].root else { return nil }
        var id = YAMLNodeID(document: document)
        var found: YAMLNodeID?
        if node.pairs == nil && node.items == nil { return node.range.lowerBound < lineEnd ? id : nil }
        while true {
            // The children's spans: a pair from its key, an item from its node.
            let spans: [(start: Int, end: Int, node: YAMLNode)] = node.pairs?.map {
                ($0.key.range.lowerBound, Swift.max($0.key.range.upperBound, $0.value.range.upperBound), $0.value)
            } ?? node.items?.map { ($0.range.lowerBound, $0.range.upperBound, $0) } ?? []
            guard let position = spans.lastIndex(where: { $0.start < lineEnd }) else { break }
            let span = spans[position]
            guard span.start >= lineStart || span.end > lineStart else { break }
            id = id.child(position)
            found = id
            node = span.node
            if node.pairs == nil && node.items == nil { break }
        }
        return found
    }

    /// Whether a flow collection (`{…}`, `[…]`) holds `id`.
    func isInFlow(_ id: YAMLNodeID) -> Bool {
        var ancestor = id.parent
        while let current = ancestor {
            if resolve(current)?.node.collectionStyle == .flow { return true }
            ancestor = current.parent
        }
        return false
    }

    /// The mapping (or sequence) an addition goes into: `selection` when it
    /// is one, else the collection holding it.
    func targetCollection(mapping: Bool, selection: YAMLNodeID?) -> YAMLNodeID? {
        guard let selection, let node = resolve(selection)?.node else { return nil }
        let isTarget: (YAMLNode) -> Bool = { mapping ? $0.pairs != nil : $0.items != nil }
        if isTarget(node) { return selection }
        if let parent = selection.parent, let parentNode = resolve(parent)?.node, isTarget(parentNode) { return parent }
        return nil
    }

    /// The places sharing the value of `id` through an anchor: the anchored
    /// node first, then its aliases in file order (aliases refer to the most
    /// recent `&name` before them, YAML 1.2 section 7.1). Empty when the
    /// node neither has an anchor nor is an alias. A place's line is its row's.
    func sharedPlaces(of id: YAMLNodeID, lines: YAMLLineTable) -> [YAMLPlace] {
        guard let found = resolve(id), let root = file.documents[id.document].root else { return [] }
        let name: String
        if case .alias(let alias) = found.node.content { name = alias } else if let anchor = found.node.anchor { name = anchor } else { return [] }
        var occurrences: [(offset: Int, id: YAMLNodeID, isAnchor: Bool)] = []
        var stack: [(YAMLNode, YAMLNodeID)] = [(root, YAMLNodeID(document: id.document))]
        while let entry = stack.popLast() {
            let (node, nodeID) = entry
            if node.anchor == name { occurrences.append((node.range.lowerBound, nodeID, true)) }
            if case .alias(let alias) = node.content, alias == name { occurrences.append((node.range.lowerBound, nodeID, false)) }
            if let pairs = node.pairs {
                for (position, pair) in pairs.enumerated().reversed() { stack.append((pair.value, nodeID.child(position))) }
            } else if let items = node.items {
                for (position, item) in items.enumerated().reversed() { stack.append((item, nodeID.child(position))) }
            }
        }
        occurrences.sort { $0.offset < $1.offset }
        // The anchor in force at the node: its own, or the last one before the alias.
        let offset = found.node.range.lowerBound
        guard let anchorIndex = occurrences.lastIndex(where: { $0.isAnchor && $0.offset <= offset }) else { return [] }
        var places = [occurrences[anchorIndex]]
        for occurrence in occurrences[(anchorIndex + 1)...] {
            if occurrence.isAnchor { break }
            places.append(occurrence)
        }
        return places.map { place in
            YAMLPlace(id: place.id, path: path(of: place.id)?.description ?? place.id.description, line: lines.line(of: resolve(place.id)?.start ?? place.offset), isAnchor: place.isAnchor)
        }
    }
}
