import Foundation
import Observation
import TileditModel
import TileditServices

/// The editor of one Markdown document: its blocks, the selection, undo and
/// redo, saving (atomic, never over a file changed on disk), autosave and
/// the recovery journal (ARCHITECTURE.md, "The editing model").
///
/// Every edit goes through the document engine as one `DocumentChange`; the
/// model keeps the changes for undo and redo and derives everything else
/// (rows, dirtiness, the save state) from the document and that history.
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

    private struct HistoryEntry: Equatable {
        var serial: Int
        var change: DocumentChange
        var selectionBefore: BlockID?
        /// Position of the selection before the change, to select a
        /// neighbor when the selected block goes away.
        var indexBefore: Int?
    }

    fileprivate enum SaveFlow: Equatable {
        case idle
        case saving
        case saved
        case failed(ViewError)
        case conflict
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
    /// Writes the unsaved edits to the recovery journal as they change.
    public let journal: JournalWriter

    private var undoStack: [HistoryEntry] = []
    private var redoStack: [HistoryEntry] = []
    private var savedSerial = 0
    /// Position of the selection, kept to select a neighbor when it goes away.
    private var lastKnownIndex: Int?
    private var nextSerial = 1
    private var saveFlow = SaveFlow.idle
    private var fingerprint: FileFingerprint?
    /// The disk version a periodic check last reported as a conflict.
    @ObservationIgnored private var reportedConflictHash: ContentHash?

    @ObservationIgnored private var dependencies: Dependencies
    @ObservationIgnored private let documentChanged: @MainActor (MarkdownDocument, _ immediately: Bool) -> Void
    @ObservationIgnored private let documentSaved: @MainActor (URL, [UInt8]) -> Void
    /// The pending automatic save (tests await it).
    @ObservationIgnored private(set) var autosaveTask: Task<Void, Never>?

    /// - Parameters:
    ///   - documentChanged: told after every load and change (the preview
    ///     follows it: at once for a load, a reload or restored edits, after
    ///     a pause for typing).
    ///   - documentSaved: told after every save with the bytes written (the search index follows it).
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
        journal = JournalWriter(url: url, store: dependencies.store)
    }

    deinit {
        autosaveTask?.cancel()
    }

    // MARK: Derived state

    /// Whether there are edits not saved: changes to the text, or values
    /// typed and not applied.
    public var isDirty: Bool { hasTextChanges || inspector.hasPendingValues }

    /// Whether the text differs from the file as loaded or last saved.
    private var hasTextChanges: Bool { (undoStack.last?.serial ?? 0) != savedSerial }

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
    public var saveState: SaveState {
        switch saveFlow {
        case .saving: return .saving
        case .conflict: return .conflict
        case .failed(let error): return .failed(error)
        case .saved: return isDirty ? .dirty : .saved
        case .idle: return isDirty ? .dirty : .clean
        }
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

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
        guard let loaded = fingerprint, document.value != nil else { return }
        if let entry = try? await dependencies.store.pendingJournal(url), entry.bytes != document.value?.bytes || !entry.pendingValues.isEmpty {
            destination = .recovery(date: entry.date, fileChangedSince: entry.baseHash != loaded.hash)
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
        // The edits were made to the file as it was then: when it has
        // changed on disk since, saving them is a conflict, not an overwrite.
        if let base = entry.baseHash, base != fingerprint?.hash { fingerprint?.hash = base }
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
        journal.write(.nothing)
        await journal.flush()
    }

    private func load() async {
        document = .loading(previous: document.value)
        do {
            let file = try await dependencies.store.load(url)
            let loaded = MarkdownDocument(bytes: file.bytes, dialect: dialect, catalog: dependencies.catalog)
            fingerprint = file.fingerprint
            document = .loaded(loaded)
            undoStack = []
            redoStack = []
            savedSerial = 0
            saveFlow = .idle
            inspector.clearPending()
            select(selection.flatMap { loaded.index(of: $0) != nil ? $0 : nil } ?? (loaded.blockCount > 0 ? loaded.id(at: 0) : nil))
            documentChanged(loaded, true)
        } catch {
            document = .failed(ViewError(Self.message(error)))
        }
    }

    /// The user chose what to do with journaled edits.
    /// The editor settings changed (the settings screen): later saves use
    /// `formatOnSave`, and autosave follows `autosaveDelay` (`nil`: off)
    /// from now on, rescheduled when there are unsaved edits.
    public func onChangedSettings(formatOnSave: Bool, autosaveDelay: Duration?) {
        dependencies.formatOnSave = formatOnSave
        dependencies.autosaveDelay = autosaveDelay
        scheduleAutosave()
    }

    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard destination?.recovery != nil else { return }
        destination = nil
        switch choice {
        case .restore:
            guard let entry = try? await dependencies.store.pendingJournal(url) else { return }
            restore(entry)
        case .discard:
            journal.write(.nothing)
            await journal.flush()
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

    public func onTappedUndo() {
        guard let entry = undoStack.popLast(), var current = document.value else { return }
        _ = current.undo(entry.change)
        document = .loaded(current)
        redoStack.append(entry)
        notes = []
        followSelection(entry.selectionBefore ?? entry.change.focus, fallbackIndex: entry.indexBefore)
        changed()
    }

    public func onTappedRedo() {
        guard let entry = redoStack.popLast(), var current = document.value else { return }
        let focus = current.redo(entry.change)
        document = .loaded(current)
        undoStack.append(entry)
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
        undoStack.append(HistoryEntry(serial: nextSerial, change: change, selectionBefore: selectionBefore, indexBefore: indexBefore))
        nextSerial += 1
        redoStack = []
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

    /// After every change: the save state, the journal, autosave.
    private func changed(immediately: Bool = false) {
        if saveFlow == .saved || saveFlow.isFailure { saveFlow = .idle }
        if let current = document.value { documentChanged(current, immediately) }
        inspector.update(document: document.value, selection: selection)
        journal.write(journalContent)
        scheduleAutosave()
    }

    /// After typing that changed no text: the save state and the journal.
    private func changedPending() {
        if saveFlow == .saved, isDirty { saveFlow = .idle }
        journal.write(journalContent)
    }

    /// What the journal must hold now.
    private var journalContent: JournalWriter.Content {
        guard isDirty, let current = document.value else { return .nothing }
        var values: [JournalEntry.PendingValue] = []
        for (id, pending) in inspector.pending {
            guard let index = current.index(of: id) else { continue }
            for (key, text) in pending.fields { values.append(JournalEntry.PendingValue(block: index, key: key, text: text)) }
            if let text = pending.text { values.append(JournalEntry.PendingValue(block: index, key: nil, text: text)) }
        }
        values.sort { ($0.block, $0.key ?? "") < ($1.block, $1.key ?? "") }
        return .edits(bytes: current.bytes, baseHash: fingerprint?.hash, pendingValues: values)
    }

    private func scheduleAutosave() {
        autosaveTask?.cancel()
        guard let delay = dependencies.autosaveDelay, isDirty else { return }
        let wait = dependencies.clock.sleeper(for: delay)
        autosaveTask = Task { [weak self] in
            do {
                try await wait()
            } catch {
                return
            }
            await self?.onTappedSave()
        }
    }

    // MARK: Saving

    /// Saves the document atomically; a file changed on disk since it was
    /// loaded becomes a conflict, never an overwrite.
    public func onTappedSave() async {
        await save(expected: fingerprint)
    }

    /// The user answered the read-only question with "save anyway": the
    /// file is written keeping its mode (`SaveOptions.overridesReadOnly`).
    public func onConfirmedOverrideReadOnly() async {
        guard destination?.confirmOverrideReadOnly != nil else { return }
        destination = nil
        saveFlow = .idle
        await save(expected: fingerprint, options: SaveOptions(overridesReadOnly: true))
    }

    private func save(expected: FileFingerprint?, options: SaveOptions = SaveOptions()) async {
        guard document.value != nil, saveFlow != .saving else { return }
        if dependencies.formatOnSave { onTappedFormat() }
        guard let current = document.value else { return }
        let serial = undoStack.last?.serial ?? 0
        saveFlow = .saving
        do {
            let written = try await dependencies.store.saveWithOptions(url, current.bytes, expected, options)
            fingerprint = written
            savedSerial = serial
            saveFlow = .saved
            documentSaved(url, current.bytes)
            // Values typed and not applied are not in the file: they stay
            // in the journal, and the user is told.
            journal.write(journalContent)
            let unsaved = pendingDescriptions
            if !unsaved.isEmpty {
                notes = ["Saved; not in the file until fixed or discarded: " + unsaved.joined(separator: "; ") + "."]
            }
        } catch let error as DocumentStoreError {
            switch error {
            case .conflict:
                saveFlow = .conflict
                destination = .conflict
            case .deletedOnDisk:
                saveFlow = .failed(ViewError(error.message))
                destination = .deletedOnDisk
            case .notWritable:
                // Other editors ask too: a rename would bypass the file's
                // own permission, so the user decides.
                saveFlow = .failed(ViewError(error.message))
                destination = .confirmOverrideReadOnly(message: error.message)
            default:
                saveFlow = .failed(ViewError(error.message))
            }
        } catch is CancellationError {
            saveFlow = .idle
        } catch {
            saveFlow = .failed(ViewError(error.localizedDescription))
        }
    }

    /// The user settled a conflict with the file on disk.
    public func onChoseConflictResolution(_ resolution: ConflictResolution) async {
        guard destination == .conflict || saveFlow == .conflict else { return }
        destination = nil
        switch resolution {
        case .reload:
            await load()
        case .overwrite:
            do {
                let onDisk = try await dependencies.store.load(url)
                saveFlow = .idle
                await save(expected: onDisk.fingerprint)
            } catch {
                saveFlow = .failed(ViewError(Self.message(error)))
            }
        case .keepBoth:
            guard let current = document.value else { return }
            do {
                let copy = try await dependencies.store.saveCopy(url, current.bytes)
                // A new file: the search index and the document list take it in.
                documentSaved(copy, current.bytes)
                await load()
                notes = ["Your edits were saved as \(copy.lastPathComponent)."]
            } catch {
                saveFlow = .failed(ViewError(Self.message(error)))
            }
        }
    }

    /// The file was deleted on disk: write it again.
    public func onTappedSaveAgain() async {
        guard destination == .deletedOnDisk else { return }
        destination = nil
        saveFlow = .idle
        await save(expected: nil)
    }

    /// Loads the file again when it changed on disk and there are no
    /// unsaved edits; with unsaved edits a change on disk is a conflict.
    public func onCheckedDisk() async {
        guard document.value != nil, saveFlow != .saving else { return }
        guard let onDisk = try? await dependencies.store.load(url) else { return }
        guard onDisk.hash != fingerprint?.hash else { return }
        if isDirty {
            // Said once per version on disk: an alert dismissed with Cancel
            // does not come back under the user's typing (a key meant for
            // the document could answer it); a save raises it again.
            guard saveFlow != .conflict || onDisk.hash != reportedConflictHash else { return }
            reportedConflictHash = onDisk.hash
            saveFlow = .conflict
            destination = .conflict
        } else {
            await load()
        }
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? DocumentStoreError { return error.message }
        return error.localizedDescription
    }
}

private extension DocumentEditorModel.SaveFlow {
    var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}
