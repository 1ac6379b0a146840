import Foundation
import Observation
import TileditModel
import TileditServices

/// The editor of one Markdown document (ARCHITECTURE.md, "View models"),
/// coordinating parts with one job each: `BlockEdits` (the document, its
/// `EditHistory`, structural edits, the selection each change leaves),
/// `InspectorModel` and `InspectorTyping` (the selected block's form or
/// text, applied to the text), `BlockCreation` (new tiles and paragraphs,
/// and where the typing goes next), `TileCatalogPicker` and `EditorPrompt`
/// (its sheets), `MarkdownSessionOwner` (the file as its `DocumentSession`
/// sees it: loading, saving, conflicts, autosave, the recovery journal).
@Observable @MainActor
public final class DocumentEditorModel {
    /// Where the editor navigates.
    public typealias Destination = DocumentEditorDestination
    /// What the editor needs from outside.
    public typealias Dependencies = DocumentEditorDependencies

    /// The file.
    public let url: URL
    /// The path shown to the user (relative to the workspace).
    public let displayPath: String
    /// How front matter is read.
    public let dialect: FrontMatterDialect
    /// Where the editor navigates.
    public private(set) var destination: Destination?
    /// The inspector of the selected block.
    public let inspector: InspectorModel
    /// The file's life with the disk: saving, conflicts, the journal, autosave.
    public let session: DocumentSession

    /// The document, its history, the selection and the structural edits
    /// (the app sets its `selectionChanged`, for the preview).
    let edits: BlockEdits
    @ObservationIgnored private let typing: InspectorTyping
    @ObservationIgnored private let creation: BlockCreation
    @ObservationIgnored private let sessionOwner: MarkdownSessionOwner
    /// The tile types the catalog offers, in the user's order.
    @ObservationIgnored private let tileCatalog: TileCatalog

    /// `documentChanged` is told after every load and change (the preview follows it: `immediately`
    /// for a load, a reload or restored edits); `documentSaved` after every save, with the bytes written,
    /// and after the file was read again from disk (the search index and the document list follow it).
    public init(
        url: URL, displayPath: String, dialect: FrontMatterDialect, dependencies: Dependencies,
        documentChanged: @escaping @MainActor (MarkdownDocument, _ immediately: Bool) -> Void = { _, _ in },
        documentSaved: @escaping @MainActor (URL, [UInt8]) -> Void = { _, _ in }
    ) {
        self.url = url
        self.displayPath = displayPath
        self.dialect = dialect
        tileCatalog = dependencies.catalog
        let inspector = InspectorModel()
        let session = DocumentSession(url: url, store: dependencies.store, clock: dependencies.clock, autosaveDelay: dependencies.autosaveDelay)
        let edits = BlockEdits(inspector: inspector, session: session, documentChanged: documentChanged)
        self.inspector = inspector
        self.session = session
        self.edits = edits
        typing = InspectorTyping(inspector: inspector, edits: edits, session: session)
        creation = BlockCreation(edits: edits, inspector: inspector, typing: typing)
        sessionOwner = MarkdownSessionOwner(
            url: url, displayPath: displayPath, dialect: dialect, dependencies: dependencies, session: session, edits: edits,
            inspector: inspector, documentSaved: documentSaved)
        session.owner = sessionOwner
        sessionOwner.asks = { [weak self] question in self?.destination = Destination(question) }
        sessionOwner.withdrew = { [weak self] question in
            guard let self, self.destination?.sessionQuestion == question else { return }
            self.destination = nil
        }
        sessionOwner.settledConflict = { [weak self] in
            guard let self, self.destination?.isConflict == true || self.destination?.conflictReview != nil else { return }
            self.destination = nil
        }
    }

    // MARK: Derived state

    /// The document, once loaded.
    public var document: Loadable<MarkdownDocument> { edits.document }
    /// A number that changes whenever `document` does (never the same for
    /// two documents of one editor): what a renderer keys a cache of
    /// something made from the document by, instead of comparing documents.
    public var documentChanges: Int { edits.documentChanges }
    /// The selected block.
    public var selection: BlockID? { edits.selection.id }
    /// What the last change wants the user to know, or why an action was refused.
    public var notes: [String] { edits.notes }
    /// Whether there are edits not saved: changes to the text, or values typed and not applied.
    public var isDirty: Bool { sessionOwner.sessionIsDirty }
    /// The values typed and not applied, each as `` `key` of BLOCK: why ``
    /// (or the block's typed text), for save notes and the quit question.
    public var pendingDescriptions: [String] {
        document.value.map { PendingValueSummary.lines(inspector.pending, newParagraph: inspector.newParagraph, in: $0) } ?? []
    }
    /// Where the document stands with the file on disk.
    public var saveState: SaveState { session.saveState }
    /// Whether there is a change to undo.
    public var canUndo: Bool { edits.history.canUndo }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { edits.history.canRedo }
    /// Number of blocks.
    public var blockCount: Int { document.value?.blockCount ?? 0 }
    /// Position of the selected block.
    public var selectedIndex: Int? { selection.flatMap { document.value?.index(of: $0) } }
    /// The selected block.
    public var selectedBlock: Block? { selection.flatMap { document.value?.block(id: $0) } }
    /// Number of errors and warnings in the document.
    public var diagnosticCounts: (errors: Int, warnings: Int) { document.value?.diagnosticTotals ?? (0, 0) }
    /// The tile types offered by the catalog sheet.
    public var catalog: [TileSchema] { tileCatalog.schemas }

    /// The row of the block at `index` (renderers ask only for visible rows).
    public func row(at index: Int) -> BlockRow? {
        guard let document = document.value, index >= 0, index < document.blockCount else { return nil }
        return BlockRow(document: document, index: index)
    }

    // MARK: Loading and the journal

    /// Loads the document (the renderer calls this when the editor appears)
    /// and offers unsaved edits found in the journal.
    public func onAppeared() async {
        guard case .idle = document else { return }
        await sessionOwner.load()
        if let entry = await sessionOwner.journaledEdits() {
            destination = .recovery(date: entry.date, fileChangedSince: session.fileChanged(since: entry))
        }
    }

    /// The user chose what to do with journaled edits.
    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard destination?.recovery != nil else { return }
        destination = nil
        await sessionOwner.recover(choice)
    }

    /// Forgets the unsaved edits: the journal entry goes, pending values too (quitting with Discard).
    func discardEdits() async { await sessionOwner.discardEdits() }

    /// The editor settings changed (the settings screen): later saves use
    /// `formatOnSave`, and autosave follows `autosaveDelay` (`nil`: off)
    /// from now on, rescheduled when there are unsaved edits.
    public func onChangedSettings(formatOnSave: Bool, autosaveDelay: Duration?) {
        sessionOwner.formatOnSave = formatOnSave
        session.autosaveDelay = autosaveDelay
        session.scheduleAutosave()
    }

    // MARK: Selection

    /// The user selected a block.
    public func onSelectedBlock(_ id: BlockID) {
        if document.value?.index(of: id) != nil { edits.selectByUser(id) }
    }

    /// The user moved the selection by `offset` rows (any offset; kept within the blocks).
    public func onMovedSelection(by offset: Int) { edits.moveSelection(by: offset) }

    /// The user jumped to the first or last block.
    public func onSelectedEdge(last: Bool) { edits.selectEdge(last: last) }

    /// Selects the block covering `line` (from 1), e.g. a search result.
    public func onSelectedLine(_ line: Int) { edits.selectLine(line) }

    // MARK: Inspector

    /// The user acted in the inspector: typing is kept as pending values;
    /// an action that changes the text is applied as one undoable change.
    public func onInspector(_ action: InspectorModel.Action) { typing.perform(action) }

    /// The user acted in a list field opened as a list: each change to its
    /// items is applied as one undoable change (`InspectorModel.list`).
    public func onInspectorList(_ action: InspectorListAction) { typing.performList(action) }

    /// The user asked to throw away what they typed into a field or the
    /// text: asked first when something typed would be lost; otherwise
    /// the field just closes.
    public func onTappedDiscardTyping(_ target: InspectorModel.Editing) {
        if inspector.losesTyping(discarding: target) { destination = .confirmDiscardTyping(target) } else { typing.discard(target) }
    }

    /// The user confirmed throwing the typing away.
    public func onConfirmedDiscardTyping() {
        guard let target = destination?.confirmDiscardTyping else { return }
        destination = nil
        typing.discard(target)
    }

    /// Applies every value typed into the selected block, then saves when all were
    /// applied; one that is not valid stops the save and stays, with its message.
    public func onTappedSaveApplyingTyping() async {
        if typing.applyAll() { await onTappedSave() }
    }

    /// The selected block's text for an editor outside Tiledit; `nil`, with
    /// a note saying why, when the block is not prose (it has a form).
    public func onTappedEditExternally() -> ExternalEdit? { typing.externalEdit() }

    /// The outside editor gave back `text` for `edit`: applied to its block
    /// as one undoable change (nothing when unchanged), or a note when the block is gone.
    public func onEditedExternally(_ edit: ExternalEdit, text: String) { typing.applyExternal(edit, text: text) }

    // MARK: Block operations

    /// Moves the selected block one place up.
    public func onTappedMoveUp() { showingRefusal { try edits.moveSelected(by: -1) } }

    /// Moves the selected block one place down.
    public func onTappedMoveDown() { showingRefusal { try edits.moveSelected(by: 1) } }

    /// Moves the selected block to `index` (from 0).
    public func onMovedBlock(to index: Int) { showingRefusal { try edits.moveSelected(to: index) } }

    /// Opens a new paragraph's empty text area after the selection; it is
    /// inserted when left with text (`InspectorModel.newParagraph`).
    public func onTappedInsertParagraph() { creation.beginParagraph() }

    /// Duplicates the selected block.
    public func onTappedDuplicate() { showingRefusal { try edits.duplicateSelected() } }

    /// Asks to confirm deleting the selected block.
    public func onTappedDelete() { if let id = selection { destination = .confirmDelete(id) } }

    /// The user confirmed the deletion: the next block (else the previous) is selected.
    public func onConfirmedDelete() {
        let id = destination?.confirmDelete
        destination = nil
        if let id { showingRefusal { try edits.delete(id) } }
    }

    /// Rewrites the document in canonical form (one undoable change); the
    /// note says what changed, or that it was already canonical (`FormatReport`).
    public func onTappedFormat() {
        if let report = edits.format() { edits.notes = [report.message] }
    }

    /// Applies the first fix among the selected block's problems; a note says when it has none.
    public func onTappedApplyFix() {
        if !edits.fixSelected(), document.value != nil { edits.notes = ["This block has no fix"] }
    }

    /// Undoes the last change and selects what it changed.
    public func onTappedUndo() { edits.undo() }

    /// Redoes the last undone change.
    public func onTappedRedo() { edits.redo() }

    /// Runs a structural edit; the engine's refusal (an `EditError`) is shown as an alert.
    private func showingRefusal(_ edit: () throws -> Void) {
        do {
            try edit()
        } catch {
            destination = .alert(ViewError((error as? EditError)?.message ?? "\(error)"))
        }
    }

    // MARK: Sheets, prompts and alerts

    /// Opens the tile catalog to insert a tile after the selection; the
    /// new tile's form opens on its first field that needs a value.
    public func onTappedInsertTile() {
        let picker = creation.catalogPicker(catalog: catalog, close: { [weak self] in self?.destination = nil }) { [weak self] error in
            self?.destination = .alert(ViewError(error.message))
        }
        if let picker { destination = .tileCatalog(picker) }
    }

    /// Asks where to move the selected block (`BlockEdits.movePositions`).
    public func onTappedMoveTo() { if let positions = edits.movePositions { ask(positions) } }

    /// Asks for a line to go to.
    public func onTappedGoToLine() { if document.value != nil { ask(.goToLine) } }

    /// Asks for the name of a property to add, for a tile or the front
    /// matter; otherwise a note says why not.
    public func onTappedAddProperty() {
        guard inspector.subject.hasProperties else { return edits.notes = ["Only tiles and front matter have properties"] }
        ask(.addProperty)
    }

    private func ask(_ kind: EditorPrompt.Kind) { destination = .prompt(.answering(kind, in: self)) }

    /// Closes the sheet, prompt or alert without acting.
    public func onDismissed() { destination = nil }

    /// The alert or confirmation shown, with its buttons; `nil` when there
    /// is none or the destination is a sheet or a prompt.
    public var alert: AlertState<EditorAlertChoice>? {
        destination.flatMap {
            EditorAlert.alert(
                for: $0, displayPath: displayPath, document: document.value, conflictLink: session.conflictLink,
                diskProblem: session.diskProblem, isDirty: isDirty)
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
}
