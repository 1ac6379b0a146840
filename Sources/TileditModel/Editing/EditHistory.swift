/// The undo and redo stacks of one document, as a value (ARCHITECTURE.md,
/// "The editing model"): each entry is a `DocumentChange` (its edits and
/// their inverse) with the selection to go back to, and a revision number
/// that tells whether the text is the one on disk.
///
/// Laws, tested over generated documents: undoing a recorded change gives
/// the bytes from before it; redoing it gives the bytes after it; a new
/// change empties the redo stack; the history is dirty exactly when its
/// revision is not the saved one.
public struct EditHistory: Sendable, Equatable {
    /// One undoable change.
    public struct Entry: Sendable, Equatable {
        /// What the change did, with its inverse.
        public var change: DocumentChange
        /// The block selected before the change.
        public var selectionBefore: BlockID?
        /// The selected block's position before the change, to select a
        /// neighbor when that block is gone.
        public var indexBefore: Int?
        /// The revision the text has after the change.
        public var revision: Int
    }

    private var undoStack: [Entry] = []
    private var redoStack: [Entry] = []
    private var nextRevision = 1
    /// The revision of the text on disk (as loaded or last saved).
    public private(set) var savedRevision = 0

    /// An empty history of a text as loaded.
    public init() {}

    /// The revision of the current text: 0 as loaded, then a new number
    /// for each change; undo and redo go back to earlier numbers.
    public var revision: Int { undoStack.last?.revision ?? 0 }

    /// Whether the text differs from the one on disk.
    public var isDirty: Bool { revision != savedRevision }

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }

    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records `change`, already applied to the document, as one undoable
    /// step; empties the redo stack. A change with no edits is not recorded.
    public mutating func record(_ change: DocumentChange, selectionBefore: BlockID?, indexBefore: Int?) {
        guard !change.edits.isEmpty else { return }
        undoStack.append(Entry(change: change, selectionBefore: selectionBefore, indexBefore: indexBefore, revision: nextRevision))
        nextRevision += 1
        redoStack = []
    }

    /// Undoes the last change on `document`.
    ///
    /// - Returns: the entry undone, or `nil` when there is none.
    public mutating func undo(_ document: inout MarkdownDocument) -> Entry? {
        guard let entry = undoStack.popLast() else { return nil }
        _ = document.undo(entry.change)
        redoStack.append(entry)
        return entry
    }

    /// Redoes the last undone change on `document`.
    ///
    /// - Returns: the entry redone and the block to select, or `nil` when
    ///   there is none.
    public mutating func redo(_ document: inout MarkdownDocument) -> (entry: Entry, focus: BlockID?)? {
        guard let entry = redoStack.popLast() else { return nil }
        let focus = document.redo(entry.change)
        undoStack.append(entry)
        return (entry, focus)
    }

    /// The text of `revision` is now on disk (a save of it succeeded).
    public mutating func markSaved(_ revision: Int) {
        savedRevision = revision
    }
}
