/// The undo and redo stacks of one document, as a value (ARCHITECTURE.md,
/// "The editing model"): each entry is a change (its edits and their
/// inverse) with the selection to go back to, and a revision number that
/// tells whether the text is the one on disk. Generic over the change and
/// the selection so every format keeps its history the same way: Markdown
/// as `EditHistory` (`DocumentChange`, `BlockID`), YAML with its own
/// change and node identity.
///
/// Laws, tested over generated documents: undoing a recorded change gives
/// the bytes from before it; redoing it gives the bytes after it; a new
/// change empties the redo stack; the history is dirty exactly when its
/// revision is not the saved one.
public struct UndoHistory<Change: UndoableChange, Selection: Sendable & Equatable>: Sendable, Equatable {
    /// One undoable change.
    public struct Entry: Sendable, Equatable {
        /// What the change did, with its inverse.
        public var change: Change
        /// What was selected before the change.
        public var selectionBefore: Selection?
        /// The selected row's position before the change, to select a
        /// neighbor when that row is gone (`nil` when unknown).
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
    public mutating func record(_ change: Change, selectionBefore: Selection?, indexBefore: Int?) {
        guard !change.isEmpty else { return }
        undoStack.append(Entry(change: change, selectionBefore: selectionBefore, indexBefore: indexBefore, revision: nextRevision))
        nextRevision += 1
        redoStack = []
    }

    /// Moves the last change to the redo stack; the caller applies its
    /// inverse to the document.
    ///
    /// - Returns: the entry undone, or `nil` when there is none.
    public mutating func popUndo() -> Entry? {
        guard let entry = undoStack.popLast() else { return nil }
        redoStack.append(entry)
        return entry
    }

    /// Moves the last undone change back to the undo stack; the caller
    /// applies its edits to the document again.
    ///
    /// - Returns: the entry redone, or `nil` when there is none.
    public mutating func popRedo() -> Entry? {
        guard let entry = redoStack.popLast() else { return nil }
        undoStack.append(entry)
        return entry
    }

    /// The text of `revision` is now on disk (a save of it succeeded).
    public mutating func markSaved(_ revision: Int) {
        savedRevision = revision
    }
}

/// The history of a Markdown document.
public typealias EditHistory = UndoHistory<DocumentChange, BlockID>

extension UndoHistory where Change == DocumentChange, Selection == BlockID {
    /// Undoes the last change on `document`.
    ///
    /// - Returns: the entry undone, or `nil` when there is none.
    public mutating func undo(_ document: inout MarkdownDocument) -> Entry? {
        guard let entry = popUndo() else { return nil }
        _ = document.undo(entry.change)
        return entry
    }

    /// Redoes the last undone change on `document`.
    ///
    /// - Returns: the entry redone and the block to select, or `nil` when
    ///   there is none.
    public mutating func redo(_ document: inout MarkdownDocument) -> (entry: Entry, focus: BlockID?)? {
        guard let entry = popRedo() else { return nil }
        return (entry, document.redo(entry.change))
    }
}
