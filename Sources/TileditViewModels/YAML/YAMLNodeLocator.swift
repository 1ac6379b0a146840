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
            // One child read at a time: a collection moved by an edit copies every child it hands out.
            if current.isMapping {
                guard let pair = current.pair(at: position), let key = pair.key.scalar?.value,
                      current.firstPairIndex(withScalarKey: key) == position else { return nil }
                components.append(.key(key))
                current = pair.value
            } else if let item = current.item(at: position) {
                components.append(.index(position))
                current = item
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
            let position: Int?
            switch component {
            case .key(let key): position = current.firstPairIndex(withScalarKey: key)
            case .index(let index): position = current.isSequence ? index : current.firstPairIndex(withScalarKey: String(index))
            }
            guard let position, let child = current.child(at: position) else { return nil }
            id = id.child(position)
            current = child
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
        if node.childCount == nil { return node.range.lowerBound < lineEnd ? id : nil }
        while let count = node.childCount {
            // The last child starting before the line's end (children are in file order).
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if let span = node.childSpan(at: middle), span.lowerBound < lineEnd { low = middle + 1 } else { high = middle }
            }
            let position = low - 1
            guard let span = node.childSpan(at: position), let child = node.child(at: position) else { break }
            guard span.lowerBound >= lineStart || span.upperBound > lineStart else { break }
            id = id.child(position)
            found = id
            node = child
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
        let isTarget: (YAMLNode) -> Bool = { mapping ? $0.isMapping : $0.isSequence }
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
        if let alias = found.node.aliasName { name = alias } else if let anchor = found.node.anchor { name = anchor } else { return [] }
        var occurrences: [(offset: Int, id: YAMLNodeID, isAnchor: Bool)] = []
        var stack: [(YAMLNode, YAMLNodeID)] = [(root, YAMLNodeID(document: id.document))]
        while let entry = stack.popLast() {
            let (node, nodeID) = entry
            if node.anchor == name { occurrences.append((node.range.lowerBound, nodeID, true)) }
            if node.aliasName == name { occurrences.append((node.range.lowerBound, nodeID, false)) }
            for position in (0..<(node.childCount ?? 0)).reversed() {
                if let child = node.child(at: position) { stack.append((child, nodeID.child(position))) }
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
