import TileditModel

/// The YAML editor's structural edits: keys added, renamed and removed,
/// sequence items added, removed, moved and duplicated. Each names the
/// model's `YAMLOperation` for the selection (its path and document) and
/// the node to select after it; the model plans and checks the bytes
/// (`YAMLFileEdits.perform`). A refusal is a note, never a throw.
@MainActor
struct YAMLStructuralEdits {
    let edits: YAMLFileEdits

    private var locator: YAMLNodeLocator? { edits.file.value.map(YAMLNodeLocator.init) }

    /// Adds `key: value` to the selected mapping (or the mapping holding
    /// the selected pair), expands it and selects the new pair; a `nil`
    /// value adds the key with no value (`key:`).
    func addKey(_ key: String, value: String?) -> Bool {
        guard let locator, let target = locator.targetCollection(mapping: true, selection: edits.selection),
              let pairs = locator.resolve(target)?.node.pairs else {
            return edits.refuse("select a mapping or one of its keys")
        }
        guard let path = locator.path(of: target) else { return edits.refuse("a key on the way to this mapping is not a plain key or appears twice") }
        let added = target.child(pairs.count)
        guard edits.perform(.addKey(to: path, key: key, value: value), document: target.document, select: added) else { return false }
        edits.expand(target)
        edits.select(added)
        return true
    }

    /// Renames the selected key, keeping its quoting when the new name can be written in it.
    func renameKey(to name: String) -> Bool {
        guard let locator, let id = edits.selection, locator.resolve(id)?.key != nil else { return edits.refuse("select a key to rename it") }
        guard let path = locator.path(of: id) else { return edits.refuse("this key appears twice or is not a plain key; rename it in the source") }
        return edits.perform(.renameKey(path, to: name), document: id.document, select: id)
    }

    /// Removes the selected pair or sequence item, selecting a neighbor.
    func removeSelection() -> Bool {
        guard let locator, let id = edits.selection, let position = id.positions.last, let parentID = id.parent,
              let parent = locator.resolve(parentID)?.node else {
            return edits.refuse("select a key or an item to remove it")
        }
        guard let path = locator.path(of: id) else { return edits.refuse("this key appears twice or is not a plain key; remove it in the source") }
        if let pairs = parent.pairs {
            let next = pairs.count > 1 ? parentID.child(Swift.min(position, pairs.count - 2)) : parentID
            return edits.perform(.removeKey(path), document: id.document, select: next)
        }
        guard let items = parent.items else { return edits.refuse("select a key or an item to remove it") }
        let next = items.count > 1 ? parentID.child(Swift.min(position, items.count - 2)) : parentID
        return edits.perform(.removeItem(path), document: id.document, select: next)
    }

    /// Appends `value` to the selected sequence (or the sequence holding
    /// the selected item), expands it and selects the new item; a `nil`
    /// value appends an item with no value (`-` alone, `null` in a flow sequence).
    func addItem(_ value: String?) -> Bool {
        guard let locator, let target = locator.targetCollection(mapping: false, selection: edits.selection),
              let items = locator.resolve(target)?.node.items else {
            return edits.refuse("select a sequence or one of its items")
        }
        guard let path = locator.path(of: target) else { return edits.refuse("a key on the way to this sequence is not a plain key or appears twice") }
        let added = target.child(items.count)
        guard edits.perform(.appendItem(to: path, item: value), document: target.document, select: added) else { return false }
        edits.expand(target)
        edits.select(added)
        return true
    }

    /// Moves the selected item `offset` places (−1 up, +1 down) in its
    /// sequence, or the selected key in its mapping.
    func moveItem(by offset: Int) -> Bool {
        if let (id, path, position) = selectedItem() {
            return edits.perform(.moveItem(path, by: offset), document: id.document, select: id.parent?.child(position + offset))
        }
        guard let locator, let id = edits.selection, let position = id.positions.last, let parentID = id.parent,
              locator.resolve(parentID)?.node.pairs != nil, let path = locator.path(of: id) else {
            return edits.refuse("select a sequence item or a key to move it")
        }
        return edits.perform(.moveKey(path, by: offset), document: id.document, select: parentID.child(position + offset))
    }

    /// Inserts a copy of the selected item right after it and selects the copy.
    func duplicateItem() -> Bool {
        guard let (id, path, position) = selectedItem() else { return edits.refuse("select a sequence item to duplicate it") }
        return edits.perform(.duplicateItem(path), document: id.document, select: id.parent?.child(position + 1))
    }

    /// The selected sequence item: its identity, path and position.
    private func selectedItem() -> (YAMLNodeID, YAMLPath, Int)? {
        guard let locator, let id = edits.selection, let position = id.positions.last, let parentID = id.parent,
              locator.resolve(parentID)?.node.items != nil, let path = locator.path(of: id) else { return nil }
        return (id, path, position)
    }
}
