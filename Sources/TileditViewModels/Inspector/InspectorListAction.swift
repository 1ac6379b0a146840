/// What the user did in a list field opened as a list, sent through
/// `DocumentEditorModel.onInspectorList(_:)`.
public enum InspectorListAction: Equatable, Sendable {
    /// Opened the list field `key` of the subject (its items one per row).
    case opened(String)
    /// Left the list: an item being typed is applied first (kept open,
    /// with the reason, when refused).
    case closed
    /// Moved the item selection `by` items (any offset; it stays within the items).
    case movedSelection(by: Int)
    /// Started typing a new item.
    case beganAddingItem
    /// Started typing over the selected item.
    case beganEditingItem
    /// Typed: the item now holds `text`; the completions follow it.
    case changedItem(String)
    /// Moved the highlighted completion `by` places (wrapping).
    case movedCompletion(by: Int)
    /// Took the highlighted completion (else the first) as the typed text.
    case acceptedCompletion
    /// Confirmed the item (Enter): the highlighted completion, else the
    /// typed text, is added or written over the item.
    case committedItem
    /// Threw the typed item away; the items stay as they are.
    case discardedItem
    /// Removed the selected item.
    case removedItem
    /// Moved the selected item `by` places (up is negative), within the list.
    case movedItem(by: Int)
}
