import Foundation
import Observation
import TileditModel
import TileditServices

/// The editor of one Markdown document: its blocks, the selection, undo and
/// redo, and, through its `DocumentSession`, saving (atomic, never over a
/// file changed on disk), autosave and the recovery journal
/// (ARCHITECTURE.md, "The editing model").
///
/// Every edit goes through the document engine as one `DocumentChange`; the
/// model keeps the changes in an `EditHistory` for undo and redo and
/// derives everything else (rows, dirtiness, the save state) from the
/// document and that history.
@Observable @MainActor
public final class DocumentEditorModel {
    /// Where the editor navigates: one optional value.
    public enum Destination: Equatable, Sendable {
        /// The tile catalog sheet; a chosen tile is inserted at `index`.
        case tileCatalog(insertAt: Int)
        /// Confirm deleting a block.
        case confirmDelete(BlockID)
        /// The file changed on disk: reload, overwrite or keep both.
        case conflict
        /// The file was deleted on disk.
        case deletedOnDisk
        /// The file is read-only for the user: save anyway (keeping its
        /// mode) or cancel. `message` says which file and its mode.
        case confirmOverrideReadOnly(message: String)
        /// Unsaved edits from an earlier session were found.
        case recovery(date: Date, fileChangedSince: Bool)
        /// Confirm throwing away what was typed into a field or the text.
        case confirmDiscardTyping(InspectorModel.Editing)
        /// Something failed; the message says what to do.
        case alert(ViewError)

        public var tileCatalog: Int? {
            if case .tileCatalog(let index) = self { return index }
            return nil
        }

        public var confirmDelete: BlockID? {
            if case .confirmDelete(let id) = self { return id }
            return nil
        }

        public var isConflict: Bool { self == .conflict }

        public var isDeletedOnDisk: Bool { self == .deletedOnDisk }

        public var confirmOverrideReadOnly: String? {
            if case .confirmOverrideReadOnly(let message) = self { return message }
            return nil
        }

        public var recovery: (date: Date, fileChangedSince: Bool)? {
            if case .recovery(let date, let changed) = self { return (date, changed) }
            return nil
        }

        public var alert: ViewError? {
            if case .alert(let error) = self { return error }
            return nil
        }

        public var confirmDiscardTyping: InspectorModel.Editing? {
            if case .confirmDiscardTyping(let target) = self { return target }
            return nil
        }
    }

    /// What the editor needs from outside.
    public struct Dependencies: Sendable {
        public var store: DocumentStore
        public var clock: any Clock<Duration>
        public var catalog: TileCatalog
        public var formatOnSave: Bool
        /// Time after the last change before an automatic save; `nil` turns autosave off.
        public var autosaveDelay: Duration?

        public init(
            store: DocumentStore, clock: any Clock<Duration>, catalog: TileCatalog = .builtIn,
            formatOnSave: Bool = false, autosaveDelay: Duration? = nil
        ) {
            self.store = store
            self.clock = clock
            self.catalog = catalog
            self.formatOnSave = formatOnSave
            self.autosaveDelay = autosaveDelay
        }
    }

    /// The file.
    public let url: URL
    /// The path shown to the user (relative to the workspace).
    public let displayPath: String
    /// How front matter is read.
    public let dialect: FrontMatterDialect
    /// The document, once loaded.
    public private(set) var document: Loadable<MarkdownDocument> = .idle
    /// The selected block.
    public private(set) var selection: BlockID?
    /// Where the editor navigates.
    public private(set) var destination: Destination?
    /// Things the last change wants the user to know.
    public private(set) var notes: [String] = []
    /// The inspector of the selected block.
    public let inspector = InspectorModel()
    /// The file's life with the disk: saving, conflicts, the journal, autosave.
    public let session: DocumentSession
    /// Writes the unsaved edits to the recovery journal as they change.
    public var journal: JournalWriter { session.journal }

    private var history = EditHistory()
    /// Position of the selection, kept to select a neighbor when it goes away.
    private var lastKnownIndex: Int?

    @ObservationIgnored private var dependencies: Dependencies
    @ObservationIgnored private let documentChanged: @MainActor (MarkdownDocument, _ immediately: Bool) -> Void
    @ObservationIgnored private let documentSaved: @MainActor (URL, [UInt8]) -> Void
    /// The pending automatic save (tests await it).
    var autosaveTask: Task<Void, Never>? { session.autosaveTask }

    /// - Parameters:
    ///   - documentChanged: told after every load and change (the preview
    ///     follows it: at once for a load, a reload or restored edits, after
    ///     a pause for typing).
    ///   - documentSaved: told after every save with the bytes written, and
    ///     after the file was read again from disk with its bytes (the search
    ///     index and the document list follow it).
    public init(
        url: URL, displayPath: String, dialect: FrontMatterDialect, dependencies: Dependencies,
        documentChanged: @escaping @MainActor (MarkdownDocument, _ immediately: Bool) -> Void = { _, _ in },
        documentSaved: @escaping @MainActor (URL, [UInt8]) -> Void = { _, _ in }
    ) {
        self.url = url
        self.displayPath = displayPath
        self.dialect = dialect
        self.dependencies = dependencies
        self.documentChanged = documentChanged
        self.documentSaved = documentSaved
        session = DocumentSession(url: url, store: dependencies.store, clock: dependencies.clock, autosaveDelay: dependencies.autosaveDelay)
        session.owner = self
    }

    // MARK: Derived state

    /// Whether there are edits not saved: changes to the text, or values
    /// typed and not applied.
    public var isDirty: Bool { hasTextChanges || inspector.hasPendingValues }

    /// Whether the text differs from the file as loaded or last saved.
    private var hasTextChanges: Bool { history.isDirty }

    /// The values typed and not applied, each as `` `key` of BLOCK: why ``
    /// (or the block's typed text), for save notes and the quit question.
    public var pendingDescriptions: [String] {
        guard let document = document.value else { return [] }
        return inspector.pending.compactMap { id, values -> (Int, [String])? in
            guard let index = document.index(of: id), let row = row(at: index) else { return nil }
            let form = InspectorForm(document: document, block: document.block(at: index), pending: values)
            var lines = values.fields.keys.sorted().map { key in
                let message = form.fields.first { $0.key == key }?.message
                return "`\(key)` of \(row.kindLabel) \(index + 1)" + (message.map { ": \($0)" } ?? "")
            }
            if values.text != nil { lines.append("the text of \(row.kindLabel) \(index + 1)") }
            return (index, lines)
        }.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// Where the document stands with the file on disk.
    public var saveState: SaveState { session.saveState }

    /// Whether there is a change to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { history.canRedo }

    /// Number of blocks.
    public var blockCount: Int { document.value?.blockCount ?? 0 }

    /// The row of the block at `index` (renderers ask only for visible rows).
    public func row(at index: Int) -> BlockRow? {
        guard let document = document.value, index >= 0, index < document.blockCount else { return nil }
        return BlockRow(document: document, index: index)
    }

    /// Position of the selected block.
    public var selectedIndex: Int? { selection.flatMap { document.value?.index(of: $0) } }

    /// The selected block.
    public var selectedBlock: Block? { selection.flatMap { document.value?.block(id: $0) } }

    /// Number of errors and warnings in the document.
    public var diagnosticCounts: (errors: Int, warnings: Int) {
        document.value?.diagnosticTotals ?? (0, 0)
    }

    /// The tile types offered by the catalog sheet.
    public var catalog: [TileSchema] { dependencies.catalog.schemas }

    // MARK: Loading

    /// Loads the document (the renderer calls this when the editor appears)
    /// and offers unsaved edits found in the journal.
    public func onAppeared() async {
        guard case .idle = document else { return }
        await load()
        guard session.fingerprint != nil, document.value != nil else { return }
        if let entry = await session.pendingJournalEntry(), entry.bytes != document.value?.bytes || !entry.pendingValues.isEmpty {
            destination = .recovery(date: entry.date, fileChangedSince: session.fileChanged(since: entry))
        }
    }

    /// Restores journaled edits (the start-up list's Restore): the text and
    /// the values typed and not applied.
    func restore(_ entry: JournalEntry) {
        guard var current = document.value else { return }
        if destination?.recovery != nil { destination = nil }
        // Only values typed and not applied, the text as on disk: no text edit.
        let change = entry.bytes == current.bytes
            ? nil : current.perform(edits: [TextEdit(range: 0..<current.storage.count, replacement: entry.bytes)])
        document = .loaded(current)
        session.adoptBase(of: entry)
        var values: [BlockID: PendingBlockValues] = [:]
        for value in entry.pendingValues where value.block >= 0 && value.block < current.blockCount {
            let id = current.id(at: value.block)
            var block = values[id] ?? PendingBlockValues()
            if let key = value.key {
                block.fields[key] = value.text
                if !Self.blockHasField(current.block(at: value.block), key) { block.addedKeys.append(key) }
            } else {
                block.text = value.text
            }
            values[id] = block
        }
        inspector.restore(values)
        if let change, !change.edits.isEmpty { record(change, selectionBefore: selection, renderingAtOnce: true) } else { changed(immediately: true) }
    }

    /// Whether the block is a tile or front matter that writes `key`, or a
    /// schema knows it (a restored value for any other key was being added).
    private static func blockHasField(_ block: Block, _ key: String) -> Bool {
        switch block.kind {
        case .tile(let tile): tile.property(key) != nil || key == "id" || key == "mode"
        case .frontMatter(let frontMatter): frontMatter.field(key) != nil || FrontMatterSchema.tiledown.field(key) != nil
        default: false
        }
    }

    /// Waits until the journal holds the latest edits (before quitting on a signal).
    public func flushJournal() async {
        await journal.flush()
    }

    /// Forgets the unsaved edits: the journal entry goes, pending values too
    /// (quitting with Discard).
    func discardEdits() async {
        inspector.clearPending()
        await session.discardJournal()
    }

    private func load() async {
        document = .loading(previous: document.value)
        do {
            let bytes = try await session.load()
            let loaded = MarkdownDocument(bytes: bytes, dialect: dialect, catalog: dependencies.catalog)
            document = .loaded(loaded)
            history = EditHistory()
            inspector.clearPending()
            select(selection.flatMap { loaded.index(of: $0) != nil ? $0 : nil } ?? (loaded.blockCount > 0 ? loaded.id(at: 0) : nil))
            documentChanged(loaded, true)
        } catch {
            document = .failed(ViewError(DocumentSession.message(error)))
        }
    }

    /// The user chose what to do with journaled edits.
    /// The editor settings changed (the settings screen): later saves use
    /// `formatOnSave`, and autosave follows `autosaveDelay` (`nil`: off)
    /// from now on, rescheduled when there are unsaved edits.
    public func onChangedSettings(formatOnSave: Bool, autosaveDelay: Duration?) {
        dependencies.formatOnSave = formatOnSave
        dependencies.autosaveDelay = autosaveDelay
        session.autosaveDelay = autosaveDelay
        session.scheduleAutosave()
    }

    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard destination?.recovery != nil else { return }
        destination = nil
        switch choice {
        case .restore:
            guard let entry = await session.pendingJournalEntry() else { return }
            restore(entry)
        case .discard:
            await session.discardJournal()
        }
    }

    // MARK: Selection

    /// The user selected a block.
    public func onSelectedBlock(_ id: BlockID) {
        guard document.value?.index(of: id) != nil else { return }
        selectByUser(id)
    }

    /// The user moved the selection by `offset` rows (arrows, page keys).
    public func onMovedSelection(by offset: Int) {
        guard let document = document.value, document.blockCount > 0 else { return }
        let current = selectedIndex ?? 0
        let target = Swift.max(0, Swift.min(document.blockCount - 1, current + offset))
        selectByUser(document.id(at: target))
    }

    /// The user jumped to the first or last block.
    public func onSelectedEdge(last: Bool) {
        guard let document = document.value, document.blockCount > 0 else { return }
        selectByUser(document.id(at: last ? document.blockCount - 1 : 0))
    }

    /// Selects the block covering `line` (from 1), e.g. a search result.
    public func onSelectedLine(_ line: Int) {
        guard let document = document.value, let index = document.blockIndex(atLine: line) else { return }
        selectByUser(document.id(at: index))
    }

    /// A selection the user made: the last change's notes are done with.
    private func selectByUser(_ id: BlockID) {
        if id != selection { notes = [] }
        select(id)
    }

    private func select(_ id: BlockID?) {
        selection = id
        lastKnownIndex = id.flatMap { document.value?.index(of: $0) }
        inspector.update(document: document.value, selection: id)
    }

    // MARK: Inspector

    /// The user asked to throw away what they typed into a field or the
    /// text: asked first when something typed is not applied; otherwise
    /// the field just closes (nothing is lost).
    public func onTappedDiscardTyping(_ target: InspectorModel.Editing) {
        let pending = inspector.subjectPending
        switch target {
        case .field(let key):
            if pending.fields[key] != nil || pending.addedKeys.contains(key) {
                destination = .confirmDiscardTyping(target)
            } else {
                onInspector(.discardedField(key))
            }
        case .text:
            if pending.text != nil { destination = .confirmDiscardTyping(target) } else { onInspector(.discardedText) }
        }
    }

    /// The user confirmed throwing the typing away.
    public func onConfirmedDiscardTyping() {
        guard let target = destination?.confirmDiscardTyping else { return }
        destination = nil
        switch target {
        case .field(let key): onInspector(.discardedField(key))
        case .text: onInspector(.discardedText)
        }
    }

    /// The user acted in the inspector: typing is kept as pending values;
    /// an action that changes the text is applied as one undoable change.
    public func onInspector(_ action: InspectorModel.Action) {
        if let operation = inspector.handle(action) {
            let refusal = apply(operation)
            inspector.finish(action, refusal: refusal)
        }
        // Typing is an unsaved edit from the first key: the journal follows it.
        changedPending()
    }

    // MARK: Block operations

    /// Moves the selected block one place up.
    public func onTappedMoveUp() { moveSelection(by: -1) }

    /// Moves the selected block one place down.
    public func onTappedMoveDown() { moveSelection(by: 1) }

    /// Moves the selected block to `index`.
    public func onMovedBlock(to index: Int) {
        guard let id = selection else { return }
        apply(.moveBlock(id, to: index), showingRefusal: true)
    }

    private func moveSelection(by offset: Int) {
        guard let id = selection, let index = selectedIndex else { return }
        apply(.moveBlock(id, to: index + offset), showingRefusal: true)
    }

    /// Opens the tile catalog to insert a tile after the selection.
    public func onTappedInsertTile() {
        guard document.value != nil else { return }
        destination = .tileCatalog(insertAt: (selectedIndex ?? (blockCount - 1)) + 1)
    }

    /// The user chose a tile type in the catalog sheet.
    public func onChoseTile(_ type: String) {
        guard let index = destination?.tileCatalog else { return }
        destination = nil
        apply(.insertTile(type: type, at: index), showingRefusal: true)
    }

    /// Inserts an empty paragraph after the selection, selected for editing.
    public func onTappedInsertParagraph() {
        apply(.insertText("New paragraph.", at: (selectedIndex ?? (blockCount - 1)) + 1), showingRefusal: true)
    }

    /// Duplicates the selected block.
    public func onTappedDuplicate() {
        guard let id = selection else { return }
        apply(.duplicateBlock(id), showingRefusal: true)
    }

    /// Asks to confirm deleting the selected block.
    public func onTappedDelete() {
        guard let id = selection else { return }
        destination = .confirmDelete(id)
    }

    /// The user confirmed the deletion.
    public func onConfirmedDelete() {
        guard let id = destination?.confirmDelete, let document = document.value, let index = document.index(of: id) else {
            destination = nil
            return
        }
        destination = nil
        let next = index + 1 < document.blockCount ? document.id(at: index + 1) : index > 0 ? document.id(at: index - 1) : nil
        if apply(.deleteBlock(id), showingRefusal: true) == nil, let next { select(next) }
    }

    /// Closes the sheet or alert without acting.
    public func onDismissed() {
        destination = nil
    }

    /// The alert or confirmation shown, with its buttons; `nil` when there
    /// is none or the destination is a sheet (the tile catalog).
    public var alert: AlertState<EditorAlertChoice>? {
        guard let destination else { return nil }
        let document = document.value
        return EditorAlert.alert(for: destination, displayPath: displayPath) { id in
            guard let document else { return nil }
            return document.index(of: id).map { BlockRow(document: document, index: $0) }.map { "\($0.kindLabel): \($0.summary)" }
        }
    }

    /// The user chose a button of `alert` (or closed it: its `dismissal`).
    public func onChose(_ choice: EditorAlertChoice) async {
        switch choice {
        case .session(let answer): await self.answer(answer)
        case .deleteBlock: onConfirmedDelete()
        case .discardTyping: onConfirmedDiscardTyping()
        case .dismiss: onDismissed()
        }
    }

    /// Rewrites the document in canonical form (one undoable change).
    public func onTappedFormat() {
        guard var current = document.value else { return }
        let edits = CanonicalFormatter().edits(for: current)
        guard !edits.isEmpty else { return }
        let before = selection
        let change = current.perform(edits: edits, focus: selection)
        document = .loaded(current)
        record(change, selectionBefore: before)
    }

    /// Applies a diagnostic's fix.
    public func onTappedFix(_ diagnostic: Diagnostic) {
        guard let fix = diagnostic.fix, var current = document.value else { return }
        let before = selection
        let change = current.perform(edits: fix.edits, focus: selection)
        document = .loaded(current)
        record(change, selectionBefore: before)
    }

    // MARK: Undo

    /// Undoes the last change and selects what it changed.
    public func onTappedUndo() {
        guard var current = document.value, let entry = history.undo(&current) else { return }
        document = .loaded(current)
        notes = []
        followSelection(entry.selectionBefore ?? entry.change.focus, fallbackIndex: entry.indexBefore)
        changed()
    }

    /// Redoes the last undone change.
    public func onTappedRedo() {
        guard var current = document.value, let redone = history.redo(&current) else { return }
        document = .loaded(current)
        let (entry, focus) = redone
        notes = entry.change.notes
        followSelection(focus ?? entry.change.focus, fallbackIndex: entry.indexBefore)
        changed()
    }

    // MARK: Applying changes

    /// Applies `operation` as one undoable change.
    ///
    /// - Returns: why it was refused, or `nil`.
    @discardableResult
    func apply(_ operation: DocumentOperation, showingRefusal: Bool = false) -> EditError? {
        guard var current = document.value else { return .invalidPosition(0) }
        let before = selection
        do {
            let change = try current.perform(operation)
            document = .loaded(current)
            record(change, selectionBefore: before)
            return nil
        } catch {
            if showingRefusal { destination = .alert(ViewError(error.message)) }
            return error
        }
    }

    private func record(_ change: DocumentChange, selectionBefore: BlockID?, renderingAtOnce: Bool = false) {
        guard !change.edits.isEmpty else { return }
        let indexBefore = lastKnownIndex
        history.record(change, selectionBefore: selectionBefore, indexBefore: indexBefore)
        notes = change.notes
        followSelection(change.focus ?? selectionBefore, fallbackIndex: indexBefore)
        changed(immediately: renderingAtOnce)
    }

    /// Keeps a selection on an existing block after a change: the preferred
    /// block, else the current one, else the block now at `fallbackIndex`.
    private func followSelection(_ preferred: BlockID?, fallbackIndex: Int?) {
        guard let document = document.value else { return }
        if let preferred, document.index(of: preferred) != nil {
            select(preferred)
            return
        }
        if let selection, document.index(of: selection) != nil {
            select(selection)
            return
        }
        guard document.blockCount > 0 else { return select(nil) }
        select(document.id(at: Swift.min(fallbackIndex ?? 0, document.blockCount - 1)))
    }

    /// After every change: the preview, the inspector, then the session
    /// (save state, journal, autosave).
    private func changed(immediately: Bool = false) {
        if let current = document.value { documentChanged(current, immediately) }
        inspector.update(document: document.value, selection: selection)
        session.textChanged()
    }

    /// After typing that changed no text: the save state and the journal.
    private func changedPending() {
        session.pendingValuesChanged()
    }

    // MARK: Saving

    /// Saves the document atomically (formatted first when the settings
    /// say so); a file changed on disk since it was loaded becomes a
    /// conflict, never an overwrite; a read-only file asks first.
    public func onTappedSave() async {
        await session.save()
    }

    /// The user answered the read-only question with "save anyway": the
    /// file is written keeping its mode (`SaveOptions.overridesReadOnly`).
    public func onConfirmedOverrideReadOnly() async {
        guard destination?.confirmOverrideReadOnly != nil else { return }
        destination = nil
        await session.saveOverridingReadOnly()
    }

    /// The user settled a conflict with the file on disk.
    public func onChoseConflictResolution(_ resolution: ConflictResolution) async {
        guard destination == .conflict || session.phase == .conflict else { return }
        destination = nil
        await session.resolveConflict(resolution)
    }

    /// The file was deleted on disk: write it again.
    public func onTappedSaveAgain() async {
        guard destination == .deletedOnDisk else { return }
        destination = nil
        await session.saveAgain()
    }

    /// Loads the file again when it changed on disk and there are no
    /// unsaved edits; with unsaved edits a change on disk is a conflict.
    public func onCheckedDisk() async {
        await session.checkDisk()
    }
}

extension DocumentEditorModel: SessionQuestionAnswering {}

extension DocumentEditorModel: DocumentSessionOwner {
    public var sessionBytes: [UInt8]? { document.value?.bytes }

    public var sessionRevision: Int { history.revision }

    public var sessionIsDirty: Bool { isDirty }

    public var sessionPendingValues: [JournalEntry.PendingValue] {
        guard let current = document.value else { return [] }
        var values: [JournalEntry.PendingValue] = []
        for (id, pending) in inspector.pending {
            guard let index = current.index(of: id) else { continue }
            for (key, text) in pending.fields { values.append(JournalEntry.PendingValue(block: index, key: key, text: text)) }
            if let text = pending.text { values.append(JournalEntry.PendingValue(block: index, key: nil, text: text)) }
        }
        values.sort { ($0.block, $0.key ?? "") < ($1.block, $1.key ?? "") }
        return values
    }

    public func sessionWillSave() {
        if dependencies.formatOnSave { onTappedFormat() }
    }

    public func sessionDidSave(_ bytes: [UInt8], revision: Int) {
        history.markSaved(revision)
        documentSaved(url, bytes)
        // Values typed and not applied are not in the file: the user is told.
        let unsaved = pendingDescriptions
        if !unsaved.isEmpty {
            notes = ["Saved; not in the file until fixed or discarded: " + unsaved.joined(separator: "; ") + "."]
        }
    }

    public func sessionDidKeepCopy(_ copy: URL, _ bytes: [UInt8]) {
        // A new file: the search index and the document list take it in.
        documentSaved(copy, bytes)
        notes = ["Your edits were saved as \(copy.lastPathComponent)."]
    }

    public func sessionAsks(_ question: DocumentSession.Question) {
        switch question {
        case .conflict: destination = .conflict
        case .deletedOnDisk: destination = .deletedOnDisk
        case .overrideReadOnly(let message): destination = .confirmOverrideReadOnly(message: message)
        }
    }

    public func sessionReload() async {
        await load()
        // The file changed on disk: the search index and the document list follow it.
        if let bytes = sessionBytes { documentSaved(url, bytes) }
    }
}
