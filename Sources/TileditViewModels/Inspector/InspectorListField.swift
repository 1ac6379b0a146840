/// A list field of the inspector opened as a list (`InspectorModel.list`):
/// a front-matter list (`tags`, or any key whose value is a list) or a
/// tile's list property, its items one per row, the selected item, and
/// the item being typed with the values the workspace offers for it.
///
/// Every change to the items (added, edited, removed, moved) is applied
/// at once as one undoable change that writes only the list's bytes, in
/// the file's own style (`DocumentOperation.setFrontMatterList`,
/// `setTileProperty`); only the typed item waits for Enter.
public struct InspectorListField: Equatable, Sendable {
    /// What an item being typed will be.
    public enum Target: Equatable, Sendable {
        /// A new item, added after the last one.
        case newItem
        /// The item at this position, edited in place.
        case item(Int)
    }

    /// The item being typed.
    public struct Typing: Equatable, Sendable {
        /// Where the item goes.
        public var target: Target
        /// The text typed so far.
        public var text: String
        /// The workspace's values for the key matching `text`
        /// (`ListValueRanking`: most used first, then by name).
        public var completions: [ListValueCompletion]
        /// The completion the arrows moved to, `nil` before they move.
        public var highlighted: Int?

        /// The completion Tab takes: the highlighted one, else the first.
        public var proposed: ListValueCompletion? {
            completions.indices.contains(highlighted ?? 0) ? completions[highlighted ?? 0] : nil
        }
    }

    /// The field's key.
    public var key: String
    /// The items, as the document has them now.
    public var items: [String]
    /// Position of the selected item (kept within `items`; read through
    /// `selectedIndex`).
    var selection: Int
    /// The item being typed, if any.
    public var typing: Typing?

    /// Position of the selected item, `nil` when the list is empty.
    public var selectedIndex: Int? { items.isEmpty ? nil : Swift.min(Swift.max(0, selection), items.count - 1) }

    /// The selected item.
    public var selectedItem: String? { selectedIndex.map { items[$0] } }
}
