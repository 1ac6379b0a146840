import Foundation

/// The documents of the workspace with unsaved edits left by an earlier
/// session (a crash, a killed process), listed at start-up to restore or
/// discard, one selected.
public struct RecoveryList: Equatable, Sendable {
    /// One document with recoverable edits.
    public struct Item: Equatable, Sendable, Identifiable {
        /// The document's path, relative to the workspace.
        public var path: String
        /// When the edits were journaled.
        public var date: Date
        /// Whether the file changed on disk since the edits were made
        /// (saving them will then raise a conflict).
        public var fileChangedSince: Bool
        /// How many values were typed and not applied.
        public var pendingValueCount: Int

        public var id: String { path }

        public init(path: String, date: Date, fileChangedSince: Bool, pendingValueCount: Int) {
            self.path = path
            self.date = date
            self.fileChangedSince = fileChangedSince
            self.pendingValueCount = pendingValueCount
        }
    }

    /// The documents, by path.
    public var items: [Item]
    /// The position of the selected document.
    public var selection: Int

    public init(items: [Item], selection: Int = 0) {
        self.items = items
        self.selection = selection
    }

    /// The selected document.
    public var selected: Item? { items.indices.contains(selection) ? items[selection] : nil }

    /// The list with the selection moved `offset` rows (any offset), kept on an item.
    func movingSelection(by offset: Int) -> RecoveryList {
        var next = self
        next.selection = ListPosition.moved(selection, by: offset, count: items.count) ?? 0
        return next
    }

    /// The list after the selected item was restored or discarded; `nil`
    /// when none is left.
    func removingSelected() -> RecoveryList? {
        guard items.indices.contains(selection) else { return self }
        var next = self
        next.items.remove(at: selection)
        next.selection = Swift.min(selection, Swift.max(0, next.items.count - 1))
        return next.items.isEmpty ? nil : next
    }
}
