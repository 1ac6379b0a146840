import Observation
import TileditModel

/// One Markdown document's text as its editor changes it: the document,
/// its undo history (`EditHistory`), the selection each change leaves
/// (`BlockSelection`), the notes of the last change, and the structural
/// edits the user asks for (move, insert, duplicate, delete, format,
/// fix). Every change is one `DocumentChange` planned by the document
/// engine (ARCHITECTURE.md, "The editing model").
///
/// After every change it brings the others along, in this order: the
/// preview (`documentChanged`), the inspector, then the session (save
/// state, journal, autosave); after a selection that changes no text,
/// the inspector only.
@Observable @MainActor
final class BlockEdits {
    /// The document, once loaded.
    private(set) var document: Loadable<MarkdownDocument> = .idle {
        didSet { documentChanges &+= 1 }
    }
    /// How many times `document` was set: a renderer's cache of something
    /// made from the document holds while this stays the same.
    @ObservationIgnored private(set) var documentChanges = 0
    /// The selected block.
    private(set) var selection = BlockSelection()
    /// What the last change (or the editor) wants the user to know.
    var notes: [String] = [] {
        didSet { notesLast = .untilChange }
    }
    /// How long `notes` stay true; set after them (setting them makes it
    /// `.untilChange`).
    var notesLast = NotesLifetime.untilChange

    /// How long a note stays true.
    enum NotesLifetime: Equatable {
        /// Until the next change or selection replaces it.
        case untilChange
        /// Until the document is saved (a merge "not saved yet").
        case untilSave
        /// While values typed and not applied remain (a save that left them out).
        case whilePendingValues
    }
    /// The changes to undo and redo, and the revision on disk.
    private(set) var history = EditHistory()

    @ObservationIgnored private let inspector: InspectorModel
    @ObservationIgnored private let session: DocumentSession
    @ObservationIgnored private let documentChanged: @MainActor (MarkdownDocument, _ immediately: Bool) -> Void
    /// Told the selected block's position (from 0) after every selection
    /// (the preview follows it, `PreviewModel.onSelectedBlock`).
    @ObservationIgnored var selectionChanged: @MainActor (Int?) -> Void = { _ in }

    init(inspector: InspectorModel, session: DocumentSession, documentChanged: @escaping @MainActor (MarkdownDocument, _ immediately: Bool) -> Void) {
        self.inspector = inspector
        self.session = session
        self.documentChanged = documentChanged
    }

    private var current: MarkdownDocument? { document.value }

    // MARK: Loading

    /// Reading the file began; the last document stays shown meanwhile.
    func beganLoading() {
        document = .loading(previous: document.value)
    }

    /// Reading the file failed with `error`.
    func failedLoading(_ error: ViewError) {
        document = .failed(error)
    }

    /// Reading the file was cancelled: what was shown stays, else nothing yet.
    func cancelledLoading() {
        document = document.value.map { .loaded($0) } ?? .idle
    }

    /// `loaded` was read from disk: the history and the values typed start
    /// afresh, the selection stays on its block when it is still there
    /// (else the first block), and the preview renders at once.
    func loaded(_ loaded: MarkdownDocument) {
        document = .loaded(loaded)
        history = EditHistory()
        inspector.clearPending()
        select(selection.id.flatMap { loaded.index(of: $0) != nil ? $0 : nil } ?? BlockSelection.edge(last: false, in: loaded))
        documentChanged(loaded, true)
    }

    // MARK: Selection

    /// Selects `id` (`nil`: nothing); the inspector follows.
    func select(_ id: BlockID?) {
        selection.select(id, in: current)
        inspector.update(document: current, selection: selection.id)
        selectionChanged(selection.lastKnownIndex)
    }

    /// A selection the user made: the last change's notes are done with.
    func selectByUser(_ id: BlockID) {
        if id != selection.id { notes = [] }
        select(id)
    }

    /// Selects the block `offset` rows from the selection (any offset).
    func moveSelection(by offset: Int) {
        guard let current, let target = selection.moved(by: offset, in: current) else { return }
        selectByUser(target)
    }

    /// Selects the first or the last block.
    func selectEdge(last: Bool) {
        guard let current, let target = BlockSelection.edge(last: last, in: current) else { return }
        selectByUser(target)
    }

    /// Selects the block covering `line` (from 1).
    func selectLine(_ line: Int) {
        guard let current, let index = current.blockIndex(atLine: line) else { return }
        selectByUser(current.id(at: index))
    }

    // MARK: Structural edits

    /// Applies `operation` as one undoable change.
    ///
    /// - Throws: the engine's `EditError` when it refuses (or
    ///   `.invalidPosition(0)` before a document is loaded); nothing changed then.
    func apply(_ operation: DocumentOperation) throws(EditError) {
        guard var changed = current else { throw .invalidPosition(0) }
        let before = selection.id
        let change = try changed.perform(operation)
        document = .loaded(changed)
        if record(change, selectionBefore: before) { textChanged() }
    }

    /// Moves the selected block `offset` places.
    func moveSelected(by offset: Int) throws(EditError) {
        guard let id = selection.id, let index = current?.index(of: id) else { return }
        try apply(.moveBlock(id, to: index + offset))
    }

    /// Moves the selected block to `index` (from 0).
    func moveSelected(to index: Int) throws(EditError) {
        guard let id = selection.id else { return }
        try apply(.moveBlock(id, to: index))
    }

    /// Where a new block goes: after the selection, else at the end.
    var insertionIndex: Int {
        BlockSelection.insertionIndex(after: selection.id.flatMap { current?.index(of: $0) }, blockCount: current?.blockCount ?? 0)
    }

    /// The positions the selected block can move to, as a prompt asks
    /// for them: from 1 (from 2 under front matter, which stays first) to
    /// the number of blocks; `nil` with nothing selected.
    var movePositions: EditorPrompt.Kind? {
        guard selection.id != nil, let current else { return nil }
        return .moveBlock(firstPosition: current.frontMatter != nil ? 2 : 1, blockCount: current.blockCount)
    }

    /// Duplicates the selected block.
    func duplicateSelected() throws(EditError) {
        guard let id = selection.id else { return }
        try apply(.duplicateBlock(id))
    }

    /// Deletes the block `id`; the block after it (else before it) is selected.
    func delete(_ id: BlockID) throws(EditError) {
        guard let index = current?.index(of: id), let before = current else { return }
        let next = BlockSelection.neighbor(ofDeleted: index, in: before)
        try apply(.deleteBlock(id))
        if let next { select(next) }
    }

    /// Rewrites the document in canonical form (one undoable change).
    ///
    /// - Returns: what it changed; `nil` before a document is loaded.
    @discardableResult
    func format() -> FormatReport? {
        guard let current else { return nil }
        let edits = CanonicalFormatter().edits(for: current)
        apply(edits: edits)
        return FormatReport(edits: edits, in: current)
    }

    /// Applies `diagnostic`'s fix, if it has one.
    func fix(_ diagnostic: Diagnostic) {
        guard let fix = diagnostic.fix else { return }
        apply(edits: fix.edits)
    }

    /// Applies the first fix among the selected block's problems.
    ///
    /// - Returns: whether the block had one.
    func fixSelected() -> Bool {
        guard let diagnostic = selection.id.flatMap({ current?.block(id: $0) })?.diagnostics.first(where: { $0.fix != nil }) else { return false }
        fix(diagnostic)
        return true
    }

    /// Applies byte edits planned elsewhere as one undoable change, the
    /// selection kept on its block.
    private func apply(edits: [TextEdit]) {
        guard var changed = current, !edits.isEmpty else { return }
        let before = selection.id
        let change = changed.perform(edits: edits, focus: selection.id)
        document = .loaded(changed)
        if record(change, selectionBefore: before) { textChanged() }
    }

    /// Replaces the whole text with `bytes` (journaled edits): the
    /// pending values are restored by `restoringPending` against the new
    /// blocks, before the change is recorded and the others follow at once.
    func restore(_ bytes: [UInt8], restoringPending: (MarkdownDocument) -> Void) {
        guard var changed = current else { return }
        let before = selection.id
        // The text as on disk, only values typed and not applied: no text edit.
        let change = bytes == changed.bytes ? nil : changed.perform(edits: [TextEdit(range: 0..<changed.storage.count, replacement: bytes)])
        document = .loaded(changed)
        restoringPending(changed)
        if let change { record(change, selectionBefore: before) }
        textChanged(immediately: true)
    }

    /// Takes a merged text (`ConflictReview`) as one undoable change, the
    /// smallest edit from the text as it is; clean only when `matchesDisk`
    /// (the merge gave the disk's text), since no revision is on disk else.
    func takeMerged(_ bytes: [UInt8], matchesDisk: Bool) {
        guard var changed = current else { return }
        let before = selection.id
        if let edit = TextEdit.difference(from: changed.bytes, to: bytes) {
            let change = changed.perform(edits: [edit], focus: before)
            document = .loaded(changed)
            record(change, selectionBefore: before)
        }
        history.markSaved(matchesDisk ? history.revision : -1)
        textChanged(immediately: true)
    }

    /// Records `change`, already applied, for undo; its notes become the
    /// notes and the selection follows its focus.
    ///
    /// - Returns: whether there was anything to record.
    @discardableResult
    private func record(_ change: DocumentChange, selectionBefore: BlockID?) -> Bool {
        guard !change.edits.isEmpty, let current else { return false }
        let indexBefore = selection.lastKnownIndex
        history.record(change, selectionBefore: selectionBefore, indexBefore: indexBefore)
        notes = change.notes
        select(selection.following(change.focus ?? selectionBefore, fallbackIndex: indexBefore, in: current))
        return true
    }

    // MARK: Undo

    /// Undoes the last change and selects what it changed.
    func undo() {
        guard var changed = current, let entry = history.undo(&changed) else { return }
        document = .loaded(changed)
        notes = []
        select(selection.following(entry.selectionBefore ?? entry.change.focus, fallbackIndex: entry.indexBefore, in: changed))
        textChanged()
    }

    /// Redoes the last undone change.
    func redo() {
        guard var changed = current, let (entry, focus) = history.redo(&changed) else { return }
        document = .loaded(changed)
        notes = entry.change.notes
        select(selection.following(focus ?? entry.change.focus, fallbackIndex: entry.indexBefore, in: changed))
        textChanged()
    }

    /// The text of `revision` is on disk now.
    func markSaved(_ revision: Int) {
        history.markSaved(revision)
    }

    /// After every change: the preview, the inspector, then the session.
    private func textChanged(immediately: Bool = false) {
        if let current { documentChanged(current, immediately) }
        inspector.update(document: current, selection: selection.id)
        session.textChanged()
    }
}
