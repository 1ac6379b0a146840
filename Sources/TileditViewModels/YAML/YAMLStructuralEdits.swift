import TileditModel

/// The YAML editor's structural edits: keys added, renamed and removed,
/// sequence items added, removed, moved and duplicated. Each plans its
/// byte edits (through the model's `YAMLFileDocument` editing or
/// `YAMLSourceEdits`) and goes through `YAMLFileEdits`, which keeps an
/// edit only when the file reads back as meant; a refusal is a note,
/// never a throw.
@MainActor
struct YAMLStructuralEdits {
    let edits: YAMLFileEdits

    private var locator: YAMLNodeLocator? { edits.file.value.map(YAMLNodeLocator.init) }

    /// Adds `key: value` to the selected mapping (or the mapping holding
    /// the selected pair), expands it and selects the new pair.
    func addKey(_ key: String, value: String) -> Bool {
        guard let file = edits.file.value, let locator, let target = locator.targetCollection(mapping: true, selection: edits.selection) else {
            return edits.refuse("select a mapping or one of its keys")
        }
        guard !key.isEmpty else { return edits.refuse("a key cannot be empty") }
        guard let pairs = locator.resolve(target)?.node.pairs else { return edits.refuse("select a mapping or one of its keys") }
        if pairs.contains(where: { $0.key.scalar?.value == key }) { return edits.refuse("`\(key)` is already a key of this mapping") }
        guard let path = locator.path(of: target) else { return edits.refuse("a key on the way to this mapping is not a plain key or appears twice") }
        var copy = file
        do {
            let change = try copy.setValue(at: YAMLPath(path.components + [.key(key)]), to: value, document: target.document)
            let added = target.child(pairs.count)
            guard YAMLNodeLocator(file: copy).resolve(added)?.key?.scalar?.value == key else { return edits.refuse("the key would not read back as given") }
            edits.record(edits: change.edits, before: file, after: copy, selectionAfter: added)
            edits.expand(target)
            edits.select(added)
            edits.notes = change.notes
            return true
        } catch {
            return edits.refuse(error.message)
        }
    }

    /// Renames the selected key, keeping its quoting when the new name can be written in it.
    func renameKey(to name: String) -> Bool {
        guard let file = edits.file.value, let locator, let id = edits.selection, let found = locator.resolve(id), let key = found.key, let parent = found.parent else {
            return edits.refuse("select a key to rename it")
        }
        guard !name.isEmpty else { return edits.refuse("a key cannot be empty") }
        if parent.pairs?.contains(where: { $0.key.scalar?.value == name }) == true { return edits.refuse("`\(name)` is already a key of this mapping") }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        guard let edit = planner.renameKey(key, to: name, inFlow: locator.isInFlow(id)) else {
            return edits.refuse("this key is not a single value; rename it in the source")
        }
        return edits.perform([edit], select: id, notes: []) { after in
            YAMLNodeLocator(file: after).resolve(id)?.key?.scalar?.value == name ? nil : "the key would not read back as `\(name)`"
        }
    }

    /// Removes the selected pair or sequence item, selecting a neighbor.
    func removeSelection() -> Bool {
        guard let file = edits.file.value, let locator, let id = edits.selection, let position = id.positions.last, let parentID = id.parent,
              let parent = locator.resolve(parentID)?.node else {
            return edits.refuse("select a key or an item to remove it")
        }
        if let pairs = parent.pairs {
            guard let path = locator.path(of: id) else { return edits.refuse("this key appears twice or is not a plain key; remove it in the source") }
            var copy = file
            do {
                let change = try copy.removeValue(at: path, document: id.document)
                guard YAMLNodeLocator(file: copy).resolve(parentID)?.node.pairs?.count == pairs.count - 1 else {
                    return edits.refuse("removing the key would change more than the key")
                }
                let next = pairs.count - 1 > 0 ? parentID.child(Swift.min(position, pairs.count - 2)) : parentID
                edits.record(edits: change.edits, before: file, after: copy, selectionAfter: next)
                edits.notes = []
                return true
            } catch {
                return edits.refuse(error.message)
            }
        }
        guard let items = parent.items else { return edits.refuse("select a key or an item to remove it") }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        guard let removal = planner.removeItem(items, position, flow: parent.collectionStyle == .flow) else {
            return edits.refuse("this item shares its line with another; remove it in the source")
        }
        let next = items.count > 1 ? parentID.child(Swift.min(position, items.count - 2)) : parentID
        return edits.perform(removal, select: next, notes: []) { after in
            YAMLNodeLocator(file: after).resolve(parentID)?.node.items?.count == items.count - 1 ? nil : "removing the item would change more than the item"
        }
    }

    /// Appends `value` to the selected sequence (or the sequence holding
    /// the selected item), expands it and selects the new item.
    func addItem(_ value: String) -> Bool {
        guard let file = edits.file.value, let locator, let target = locator.targetCollection(mapping: false, selection: edits.selection),
              let items = locator.resolve(target)?.node.items else {
            return edits.refuse("select a sequence or one of its items")
        }
        guard let path = locator.path(of: target) else { return edits.refuse("a key on the way to this sequence is not a plain key or appears twice") }
        var copy = file
        do {
            let change = try copy.appendItem(at: path, item: value, document: target.document)
            let added = target.child(items.count)
            guard YAMLNodeLocator(file: copy).resolve(added)?.node.scalar?.value == value else { return edits.refuse("the item would not read back as given") }
            edits.record(edits: change.edits, before: file, after: copy, selectionAfter: added)
            edits.expand(target)
            edits.select(added)
            edits.notes = []
            return true
        } catch {
            return edits.refuse(error.message)
        }
    }

    /// Moves the selected item `offset` places (−1 up, +1 down) in its sequence.
    func moveItem(by offset: Int) -> Bool {
        guard let file = edits.file.value, let locator, let id = edits.selection, let position = id.positions.last, let parentID = id.parent,
              let parent = locator.resolve(parentID)?.node, let items = parent.items else { return edits.refuse("select a sequence item to move it") }
        guard offset == -1 || offset == 1 else { return edits.refuse("items move one place at a time") }
        let target = position + offset
        guard target >= 0, target < items.count else { return edits.refuse(offset < 0 ? "the item is first already" : "the item is last already") }
        let flow = parent.collectionStyle == .flow
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        let low = Swift.min(position, target)
        guard let swap = planner.swapItems(items, low, flow: flow), let lowSpan = planner.itemSpan(items, low, flow: flow),
              let highSpan = planner.itemSpan(items, low + 1, flow: flow) else { return edits.refuse("these items share a line; move them in the source") }
        let lowText = Array(file.bytes[lowSpan])
        let highText = Array(file.bytes[highSpan])
        return edits.perform(swap, select: parentID.child(target), notes: []) { after in
            guard let moved = YAMLNodeLocator(file: after).resolve(parentID)?.node.items, moved.count == items.count else { return "moving the item would change the sequence" }
            let check = YAMLSourceEdits(bytes: after.bytes, lineEnding: after.lineEnding)
            guard let newLow = check.itemSpan(moved, low, flow: flow), let newHigh = check.itemSpan(moved, low + 1, flow: flow),
                  Array(after.bytes[newLow]) == highText, Array(after.bytes[newHigh]) == lowText else { return "moving the item would change the sequence" }
            return nil
        }
    }

    /// Inserts a copy of the selected item right after it and selects the copy.
    func duplicateItem() -> Bool {
        guard let file = edits.file.value, let locator, let id = edits.selection, let position = id.positions.last, let parentID = id.parent,
              let parent = locator.resolve(parentID)?.node, let items = parent.items else { return edits.refuse("select a sequence item to duplicate it") }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        guard let copy = planner.duplicateItem(items, position, flow: parent.collectionStyle == .flow) else {
            return edits.refuse("this item shares its line with another; duplicate it in the source")
        }
        return edits.perform(copy, select: parentID.child(position + 1), notes: []) { after in
            guard let copies = YAMLNodeLocator(file: after).resolve(parentID)?.node.items, copies.count == items.count + 1 else { return "the copy would change the sequence" }
            return nil
        }
    }
}
