import TileditModel

/// The list editor of a list field (ARCHITECTURE.md, "View models"): its
/// items one per row, added, edited, removed and moved one at a time, each
/// change returned as the operation that writes the whole list (the model
/// keeps the list's style and changes only its bytes); the item being
/// typed is offered the workspace's values for the key (`ListValueRanking`).
extension InspectorModel {
    /// Handles `action` and returns the operation the editor must apply
    /// for it, if any; the editor then calls `finishList(_:refusal:)`.
    func handleList(_ action: InspectorListAction) -> DocumentOperation? {
        if case .opened(let key) = action {
            guard editing == nil, let field = field(key), field.input == .list, subject.blockID != nil else { return nil }
            refusal = nil
            if let index = fields.firstIndex(where: { $0.key == key }) { onMovedFieldSelection(by: index - (selectedFieldIndex ?? 0)) }
            list = InspectorListField(key: key, items: field.items, selection: 0, typing: nil)
            return nil
        }
        guard var open = list else { return nil }
        refusal = nil
        switch action {
        case .opened:
            return nil
        case .closed:
            if let typing = open.typing, !typing.text.trimmingCharacters(in: .whitespaces).isEmpty {
                let operation = commit(open, typing: typing)
                if operation == nil, refusal == nil { list = nil }
                return operation
            }
            list = nil
            return nil
        case .movedSelection(let offset):
            guard open.typing == nil else { return nil }
            if let moved = ListPosition.moved(open.selectedIndex ?? 0, by: offset, count: open.items.count) { open.selection = moved }
        case .beganAddingItem:
            open.typing = typing(.newItem, text: "", in: open)
        case .beganEditingItem:
            guard let index = open.selectedIndex else { return nil }
            open.typing = typing(.item(index), text: open.items[index], in: open)
        case .changedItem(let text):
            guard let current = open.typing else { return nil }
            open.typing = typing(current.target, text: text, in: open)
        case .movedCompletion(let offset):
            guard var typing = open.typing, !typing.completions.isEmpty else { return nil }
            let count = typing.completions.count
            let start = typing.highlighted ?? (offset > 0 ? -1 : 0)
            typing.highlighted = ((start + offset) % count + count) % count
            open.typing = typing
        case .acceptedCompletion:
            guard let current = open.typing, let proposed = current.proposed else { return nil }
            open.typing = typing(current.target, text: proposed.value, in: open)
        case .committedItem:
            guard let typing = open.typing else { return nil }
            return commit(open, typing: typing)
        case .discardedItem:
            open.typing = nil
        case .removedItem:
            guard open.typing == nil, let index = open.selectedIndex else { return nil }
            var items = open.items
            items.remove(at: index)
            return form?.operation(removingItem: index, key: open.key, flat: isFlatFrontMatter) ?? form?.operation(writingItems: items, key: open.key)
        case .movedItem(let offset):
            guard open.typing == nil, let index = open.selectedIndex,
                  let target = ListPosition.moved(index, by: offset, count: open.items.count), target != index else { return nil }
            var items = open.items
            items.insert(items.remove(at: index), at: target)
            // One place at a time with the item's bytes; a longer move (none of the keys makes one) writes the list.
            let byBytes = abs(target - index) == 1 ? form?.operation(movingItem: index, by: target - index, key: open.key, flat: isFlatFrontMatter) : nil
            return byBytes ?? form?.operation(writingItems: items, key: open.key)
        }
        list = open
        return nil
    }

    /// The editor applied the operation `handleList(action)` returned
    /// (`refusal == nil`), or refused it: the typing is dropped once
    /// written and the selection follows the item; refused, the typing
    /// stays, with the reason.
    func finishList(_ action: InspectorListAction, refusal error: EditError?) {
        if let error {
            refusal = ViewError(error.message)
            return
        }
        guard var open = list else { return }
        switch action {
        case .committedItem, .closed:
            if case .item(let index)? = open.typing?.target { open.selection = index } else { open.selection = open.items.count - 1 }
            open.typing = nil
            list = action == .closed ? nil : open
        case .movedItem(let offset):
            if let index = open.selectedIndex, let moved = ListPosition.moved(index, by: offset, count: open.items.count) { open.selection = moved }
            list = open
        case .opened, .movedSelection, .beganAddingItem, .beganEditingItem, .changedItem, .movedCompletion, .acceptedCompletion,
             .discardedItem, .removedItem:
            list = open
        }
    }

    /// The list follows the document after every change (an undo, an
    /// outside edit): its items are read again; it closes when its field is gone.
    func followList() {
        guard var open = list else { return }
        guard let field = field(open.key), field.input == .list else {
            list = nil
            return
        }
        open.items = field.items
        if let typing = open.typing { open.typing = self.typing(typing.target, text: typing.text, in: open, highlighted: typing.highlighted) }
        list = open
    }

    /// The operation writing the typed item (the highlighted completion,
    /// else the text), or `nil` with the reason when it cannot be an item.
    private func commit(_ open: InspectorListField, typing: InspectorListField.Typing) -> DocumentOperation? {
        let chosen = typing.highlighted.flatMap { typing.completions.indices.contains($0) ? typing.completions[$0].value : nil }
        let item = (chosen ?? typing.text).trimmingCharacters(in: .whitespaces)
        if let problem = Self.problem(with: item, target: typing.target, in: open, commaSeparated: isFlatFrontMatter) {
            refusal = ViewError(problem)
            return nil
        }
        var items = open.items
        switch typing.target {
        case .newItem:
            items.append(item)
        case .item(let index):
            guard items.indices.contains(index) else { return nil }
            guard items[index] != item else {
                // Given back unchanged: no edit, the typing just closes.
                var unchanged = open
                unchanged.typing = nil
                list = unchanged
                return nil
            }
            items[index] = item
        }
        return form?.operation(writingItems: items, key: open.key)
    }

    /// Whether the list is in Tiledown's flat front matter (comma-separated
    /// values, no quotes or comments of their own).
    private var isFlatFrontMatter: Bool {
        if case .frontMatter = subject { document?.dialect == .tiledown } else { false }
    }

    /// Why `item` cannot go into the list: empty, already there (case
    /// and diacritics ignored), or on more than one line; in Tiledown's
    /// flat front matter a comma would split it in two.
    static func problem(with item: String, target: InspectorListField.Target, in list: InspectorListField, commaSeparated: Bool) -> String? {
        if item.isEmpty { return "an item needs some text" }
        if item.contains(where: \.isNewline) { return "an item is one line" }
        let folded = ListValueRanking.fold(item)
        for (index, existing) in list.items.enumerated() where ListValueRanking.fold(existing) == folded {
            if case .item(index) = target { continue }
            return "`\(existing)` is already in the list"
        }
        if commaSeparated, item.contains(",") { return "Tiledown front matter lists are comma-separated; an item cannot hold a comma" }
        return nil
    }

    /// The typing of `text` for `target`, with its completions.
    private func typing(
        _ target: InspectorListField.Target, text: String, in open: InspectorListField, highlighted: Int? = nil
    ) -> InspectorListField.Typing {
        var others = open.items
        if case .item(let index) = target, others.indices.contains(index) { others.remove(at: index) }
        let completions = ListValueRanking.completions(typed: text, uses: valuesInUse(open.key), excluding: others)
        return InspectorListField.Typing(
            target: target, text: text, completions: completions, highlighted: highlighted.flatMap { completions.indices.contains($0) ? $0 : nil })
    }
}
