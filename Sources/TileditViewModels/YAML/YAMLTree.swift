import TileditModel

/// The YAML editor's tree, expanded lazily: only the rows of expanded
/// mappings and sequences exist, so a 10 MB file opens with one row per
/// top-level key. Documents of a stream with several start expanded and
/// each has a row; mappings and sequences start collapsed. Rows are made
/// with an explicit stack (no recursion), their text only when shown
/// (`YAMLTreeRowBuilder`).
struct YAMLTree {
    /// One visible row: the node, its depth, and whether it is a document's row.
    struct Row: Hashable {
        var id: YAMLNodeID
        var depth: Int
        var isDocument: Bool
    }

    /// The visible rows, in file order.
    private(set) var rows: [Row] = []
    private var expanded: Set<YAMLNodeID> = []
    private var collapsedDocuments: Set<Int> = []

    /// Position of `selection`'s row: its node's row, else its document's.
    func index(of selection: YAMLNodeID?) -> Int? {
        selection.flatMap { id in rows.firstIndex { $0.id == id && !$0.isDocument } ?? rows.firstIndex { $0.id == id } }
    }

    /// Whether `row` is expanded: `true`/`false` for a document, mapping or
    /// sequence that has children, `nil` for anything else.
    func isExpanded(_ row: Row, in file: YAMLFileDocument) -> Bool? {
        if row.isDocument {
            guard row.id.document >= 0, row.id.document < file.documents.count, let root = file.documents[row.id.document].root else { return nil }
            return root.isMapping || root.isSequence ? !collapsedDocuments.contains(row.id.document) : nil
        }
        guard let node = YAMLNodeLocator(file: file).resolve(row.id)?.node else { return nil }
        return (node.childCount ?? 0) > 0 ? expanded.contains(row.id) : nil
    }

    /// Whether the collection `id` is marked expanded (its children shown
    /// when it has any).
    func isMarkedExpanded(_ id: YAMLNodeID) -> Bool {
        expanded.contains(id)
    }

    /// Makes the rows again from `file` (none without a file).
    mutating func rebuild(_ file: YAMLFileDocument?) {
        guard let file else { return rows = [] }
        var rows: [Row] = []
        let several = file.documents.count > 1
        for (index, document) in file.documents.enumerated() {
            let rootID = YAMLNodeID(document: index)
            if several {
                rows.append(Row(id: rootID, depth: 0, isDocument: true))
                if collapsedDocuments.contains(index) { continue }
            }
            guard let root = document.root else { continue }
            if root.isMapping || root.isSequence {
                appendChildren(of: root, id: rootID, depth: several ? 1 : 0, to: &rows)
            } else if !several {
                // A scalar or alias document; in a stream, its document row is its row.
                rows.append(Row(id: rootID, depth: 0, isDocument: false))
            }
        }
        self.rows = rows
    }

    private func appendChildren(of node: YAMLNode, id: YAMLNodeID, depth: Int, to rows: inout [Row]) {
        // An explicit stack: expanded nesting is bounded by the parser's depth limit, but no recursion is needed.
        var stack: [(YAMLNode, YAMLNodeID, Int)] = []
        func push(_ node: YAMLNode, _ id: YAMLNodeID, _ depth: Int) {
            for position in (0..<(node.childCount ?? 0)).reversed() {
                if let child = node.child(at: position) { stack.append((child, id.child(position), depth)) }
            }
        }
        push(node, id, depth)
        while let entry = stack.popLast() {
            let (child, childID, childDepth) = entry
            rows.append(Row(id: childID, depth: childDepth, isDocument: false))
            if expanded.contains(childID), (child.childCount ?? 0) > 0 {
                push(child, childID, childDepth + 1)
            }
        }
    }

    /// Expands the ancestors of `id` so that its row is visible. With
    /// `changedEntry` (the only top-level entry whose nodes changed since
    /// the rows were made, `YAMLFileDocument.lastEntryRead`) and nothing
    /// newly expanded, only that entry's rows are made again.
    mutating func reveal(_ id: YAMLNodeID, in file: YAMLFileDocument?, changedEntry: (document: Int, index: Int)? = nil) {
        var opened = collapsedDocuments.remove(id.document) != nil
        var ancestor = id.parent
        while let current = ancestor {
            if !current.positions.isEmpty && expanded.insert(current).inserted { opened = true }
            ancestor = current.parent
        }
        rebuild(file, changedEntry: opened ? nil : changedEntry)
    }

    /// Makes the rows again from `file`: with `changedEntry` (see
    /// `reveal`), only the rows under that entry, the others kept (rows
    /// name nodes by position, which the entry's edit did not change).
    mutating func rebuild(_ file: YAMLFileDocument?, changedEntry: (document: Int, index: Int)?) {
        guard let file, let changedEntry, changedEntry.document >= 0, changedEntry.document < file.documents.count,
              let entryNode = file.documents[changedEntry.document].root?.pair(at: changedEntry.index)?.value
                ?? file.documents[changedEntry.document].root?.item(at: changedEntry.index) else { return rebuild(file) }
        let entryID = YAMLNodeID(document: changedEntry.document).child(changedEntry.index)
        // Its row is not shown when its document is folded: nothing to make.
        guard let row = rows.firstIndex(where: { $0.id == entryID && !$0.isDocument }) else { return }
        var end = row + 1
        while end < rows.count && rows[end].depth > rows[row].depth { end += 1 }
        var children: [Row] = []
        if expanded.contains(entryID), (entryNode.childCount ?? 0) > 0 {
            appendChildren(of: entryNode, id: entryID, depth: rows[row].depth + 1, to: &children)
        }
        rows.replaceSubrange((row + 1)..<end, with: children)
    }

    /// Expands the collection `id` (an addition went into it).
    mutating func expand(_ id: YAMLNodeID, in file: YAMLFileDocument?) {
        expanded.insert(id)
        rebuild(file)
    }

    /// `→` on the row at `index`: a collapsed node expands; an expanded one
    /// gives its first child to select.
    ///
    /// - Returns: the node to select, `nil` to keep the selection.
    mutating func expandOrEnter(at index: Int, in file: YAMLFileDocument, selection: YAMLNodeID) -> YAMLNodeID? {
        guard rows.indices.contains(index), let isExpanded = isExpanded(rows[index], in: file) else { return nil }
        if isExpanded {
            return index + 1 < rows.count && rows[index + 1].depth > rows[index].depth ? rows[index + 1].id : nil
        }
        return setExpanded(rows[index].id, true, document: rows[index].isDocument, in: file, selection: selection)
    }

    /// `←` on the row at `index`: an expanded node collapses; any other
    /// gives its parent's row to select.
    ///
    /// - Returns: the node to select, `nil` to keep the selection.
    mutating func collapseOrLeave(at index: Int, in file: YAMLFileDocument, selection: YAMLNodeID) -> YAMLNodeID? {
        guard rows.indices.contains(index), rows[index].isDocument || YAMLNodeLocator(file: file).resolve(rows[index].id) != nil else { return nil }
        if isExpanded(rows[index], in: file) == true {
            return setExpanded(rows[index].id, false, document: rows[index].isDocument, in: file, selection: selection)
        }
        return rows[..<index].lastIndex { $0.depth < rows[index].depth }.map { rows[$0].id }
    }

    /// Opens or closes the node `id` (a document's row when it is one).
    ///
    /// - Returns: the node to select when the selection's row went away.
    mutating func toggle(_ id: YAMLNodeID, in file: YAMLFileDocument?, selection: YAMLNodeID?) -> YAMLNodeID? {
        if rows.contains(where: { $0.id == id && $0.isDocument }) {
            return setExpanded(id, collapsedDocuments.contains(id.document), document: true, in: file, selection: selection)
        }
        return setExpanded(id, !expanded.contains(id), document: false, in: file, selection: selection)
    }

    /// - Returns: `id` when `selection`'s row is no longer visible, else `nil`.
    private mutating func setExpanded(_ id: YAMLNodeID, _ open: Bool, document: Bool, in file: YAMLFileDocument?, selection: YAMLNodeID?) -> YAMLNodeID? {
        if document {
            if open { collapsedDocuments.remove(id.document) } else { collapsedDocuments.insert(id.document) }
        } else {
            if open { expanded.insert(id) } else { expanded.remove(id) }
        }
        rebuild(file)
        if let selection, !rows.contains(where: { $0.id == selection }) { return id }
        return nil
    }

    /// The node `offset` rows from `index` (any offset, kept within the rows).
    func moved(from index: Int?, by offset: Int) -> YAMLNodeID? {
        ListPosition.moved(index ?? 0, by: offset, count: rows.count).map { rows[$0].id }
    }
}
