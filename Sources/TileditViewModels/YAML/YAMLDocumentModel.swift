import Foundation
import Observation
import TileditModel
import TileditServices

/// The editor of one YAML file (`.yml`, `.yaml`; ARCHITECTURE.md, "View
/// models"). The bytes are the truth: an edit replaces only the bytes of
/// the nodes it touches and is kept only when the file still reads
/// without errors and reads back as meant; otherwise `notes` says why.
/// It coordinates parts with one job each: `YAMLFileEdits` (the file,
/// selection, field and history), `YAMLTree` (the tree, expanded lazily,
/// rows made by `YAMLTreeRowBuilder` for the visible range only),
/// `YAMLNodeLocator` (nodes, paths, anchors), `YAMLScalarField` and
/// `YAMLValueWriter` (the typed field), `YAMLStructuralEdits`, and
/// `YAMLSessionOwner` (the file as its `DocumentSession` sees it).
@Observable @MainActor
public final class YAMLDocumentModel {
    /// Where the editor navigates.
    public typealias Destination = YAMLDocumentDestination
    /// What the editor needs from outside.
    public typealias Dependencies = YAMLDocumentDependencies

    /// The file.
    public let url: URL
    /// The path shown to the user.
    public let displayPath: String
    /// Where the editor navigates.
    public private(set) var destination: Destination?
    /// Whether the user is typing into the field (`onTappedEdit()` began it).
    public private(set) var isEditingField = false
    /// The file's life with the disk: saving, conflicts, the journal, autosave.
    public let session: DocumentSession

    private let edits: YAMLFileEdits
    @ObservationIgnored private let sessionOwner: YAMLSessionOwner

    /// An editor of the file at `url`, loaded by `onAppeared()`.
    ///
    /// - Parameter documentSaved: told after every save with the file
    ///   written and its bytes (the search index and the document list
    ///   follow it), also for the copy "keep both" writes, and after the
    ///   file was read again from disk.
    public init(
        url: URL, displayPath: String, dependencies: Dependencies,
        documentSaved: @escaping @MainActor (URL, [UInt8]) -> Void = { _, _ in }
    ) {
        self.url = url
        self.displayPath = displayPath
        let session = DocumentSession(url: url, store: dependencies.store, clock: dependencies.clock, autosaveDelay: dependencies.autosaveDelay)
        let edits = YAMLFileEdits(session: session)
        self.session = session
        self.edits = edits
        sessionOwner = YAMLSessionOwner(url: url, displayPath: displayPath, session: session, edits: edits, documentSaved: documentSaved)
        session.owner = sessionOwner
        sessionOwner.asks = { [weak self] question in self?.destination = Destination(question) }
        sessionOwner.settledConflict = { [weak self] in
            guard let self, self.destination?.sessionQuestion == .conflict || self.destination?.conflictReview != nil else { return }
            self.destination = nil
        }
    }

    /// An editor of `bytes` already read (a headless command, a test); a
    /// save writes them to `url` without checking what is on disk there.
    public convenience init(url: URL, displayPath: String, bytes: [UInt8], dependencies: Dependencies) {
        self.init(url: url, displayPath: displayPath, dependencies: dependencies)
        edits.opened(YAMLFileDocument(bytes: bytes))
    }

    // MARK: Derived state

    /// The file, once loaded.
    public var file: Loadable<YAMLFileDocument> { edits.file }
    /// The selected node.
    public var selection: YAMLNodeID? { edits.selection }
    /// The typed field of the selected scalar, `nil` when the selection is not one.
    public var field: YAMLScalarField? { edits.field }
    /// What the last action wants the user to know: why an edit was
    /// refused, or which other places see a changed value.
    public var notes: [String] { edits.notes }
    /// The file's bytes as edited.
    public var bytes: [UInt8] { file.value?.bytes ?? [] }
    /// Whether there are edits not saved.
    public var isDirty: Bool { edits.history.isDirty }
    /// Where the file stands with the file on disk.
    public var saveState: SaveState { session.saveState }
    /// Whether there is an edit to undo.
    public var canUndo: Bool { edits.history.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { edits.history.canRedo }
    /// Problems in the file (syntax errors stop all edits until fixed), in file order.
    public var diagnostics: [Diagnostic] { file.value?.diagnostics ?? [] }
    /// Number of errors and warnings in the file.
    public var diagnosticCounts: (errors: Int, warnings: Int) {
        diagnostics.reduce(into: (0, 0)) { counts, diagnostic in
            if diagnostic.severity == .error { counts.0 += 1 } else if diagnostic.severity == .warning { counts.1 += 1 }
        }
    }
    /// Number of documents in the stream.
    public var documentCount: Int { file.value?.documents.count ?? 0 }
    /// Number of visible rows.
    public var rowCount: Int { edits.tree.rows.count }
    /// Position of the selected row among the visible rows.
    public var selectedRow: Int? { edits.selectedRow }

    /// The visible row at `index` (renderers ask only for the rows on screen).
    public func row(at index: Int) -> YAMLTreeRow? { edits.row(at: index) }

    /// The node at `id`, if it exists.
    public func node(_ id: YAMLNodeID) -> YAMLNode? { edits.resolve(id)?.node }

    /// The path from the document's root to `id` (`services.web.ports.0`),
    /// `nil` when a key on the way is not a scalar or appears twice in its mapping.
    public func path(of id: YAMLNodeID) -> YAMLPath? { locator?.path(of: id) }

    /// The identity of the node at `path` in `document`, following explicit keys only.
    public func id(of path: YAMLPath, document: Int = 0) -> YAMLNodeID? { locator?.id(of: path, document: document) }

    /// The places sharing the value of `id` through an anchor: the anchored
    /// node first, then its aliases in file order (YAML 1.2 section 7.1).
    /// Empty when the node neither has an anchor nor is an alias.
    public func sharedPlaces(of id: YAMLNodeID) -> [YAMLPlace] { locator?.sharedPlaces(of: id, lines: edits.lines) ?? [] }

    private var locator: YAMLNodeLocator? { file.value.map(YAMLNodeLocator.init) }

    // MARK: Loading

    /// Loads the file (the renderer calls this when the editor appears) and
    /// offers unsaved edits found in the journal.
    public func onAppeared() async {
        guard case .idle = file else { return }
        await sessionOwner.load()
        if let entry = await sessionOwner.journaledEdits() {
            destination = .recovery(date: entry.date, fileChangedSince: session.fileChanged(since: entry))
        }
    }

    /// The user chose what to do with journaled edits.
    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard destination?.recovery != nil else { return }
        destination = nil
        switch choice {
        case .restore: if let entry = await session.pendingJournalEntry() { sessionOwner.restore(entry) }
        case .discard: await session.discardJournal()
        }
    }

    // MARK: Tree and selection

    /// The user selected a node.
    public func onSelected(_ id: YAMLNodeID) { selecting { edits.selectRevealing(id) } }

    /// The user moved the selection `offset` visible rows (any offset; kept within the rows).
    public func onMovedSelection(by offset: Int) { selecting { edits.moveSelection(by: offset) } }

    /// Expands the selected mapping, sequence or document; when it is
    /// expanded already, selects its first child (`→`).
    public func onExpandedSelection() { selecting { edits.expandSelection() } }

    /// Collapses the selected node; when it is collapsed or has no children,
    /// selects its parent (`←`).
    public func onCollapsedSelection() { selecting { edits.collapseSelection() } }

    /// The user toggled the node `id` open or closed.
    public func onToggled(_ id: YAMLNodeID) { selecting { edits.toggle(id) } }

    /// Runs `change`; typing into the field ends when the selection moves.
    private func selecting(_ change: () -> Void) {
        let before = selection
        change()
        if selection != before { isEditingField = false }
    }

    // MARK: The typed field

    /// The user asked to edit the selection (Enter): a collapsed mapping
    /// or sequence expands; a value of one line opens its field for
    /// typing; a value of several lines is refused with a note.
    public func onTappedEdit() {
        guard let index = selectedRow, let row = row(at: index) else { return }
        if row.isExpanded == false { return onExpandedSelection() }
        guard let field else { return }
        guard field.isSingleLine else { return edits.notes = ["A value of several lines is edited with `tiledit set` for now"] }
        isEditingField = true
    }

    /// The user typed in the field: the text is checked against the field's type.
    public func onEditedField(_ text: String) { edits.field?.typed(text) }

    /// The user chose another type for the field (a string that should be a number, …).
    public func onChoseFieldType(_ type: YAMLValueType) { edits.field?.chose(type) }

    /// The user stepped the field's type `step` places through the types (wrapping).
    public func onSteppedFieldType(by step: Int) {
        if let field { onChoseFieldType(field.steppedType(by: step)) }
    }

    /// The user flipped a boolean field: the other value is written at once.
    public func onToggledField() {
        guard let toggled = field?.toggledBoolean else { return }
        onEditedField(toggled)
        onCommittedField()
    }

    /// Writes the field's text into the file (Enter); typing ends once it is written.
    ///
    /// - Returns: whether the file changed; when not, `field.problem` or
    ///   `notes` says why (an unchanged value changes nothing).
    @discardableResult
    public func onCommittedField() -> Bool {
        guard let current = field else { return false }
        if let problem = current.type.problem(with: current.text) {
            edits.field?.problem = problem
            return false
        }
        guard current.text != current.original || current.type != edits.resolve(current.id).flatMap({ $0.node.scalar.map(YAMLValueType.init) }) else { return false }
        let changed = YAMLValueWriter(edits: edits).write(current.text, as: current.type, at: current.id)
        if !changed, let note = notes.first { edits.field?.problem = note }
        if changed { isEditingField = false }
        return changed
    }

    /// The user left the field by any key but Enter: a valid changed value
    /// is written; an invalid one stays in the field with its message.
    public func onLeftField() {
        if field?.canApply == true { onCommittedField() }
        isEditingField = false
    }

    /// The user threw the typing away: the field shows the value in the file again.
    public func onDiscardedFieldTyping() {
        if let original = field?.original { onEditedField(original) }
        isEditingField = false
    }

    // MARK: Structural edits

    /// Asks for the name of a key to add to the selected mapping (or the
    /// one holding the selected pair); the pair is added with an empty value.
    public func onTappedAddKey() {
        destination = .prompt(EditorPrompt(kind: .addKey) { [weak self] answer in
            self?.destination = nil
            if case .add(let name) = answer { self?.onAddedKey(name, value: "") }
        })
    }

    /// Adds `key: value` to the selected mapping (or to the mapping holding
    /// the selected pair) and selects it.
    @discardableResult
    public func onAddedKey(_ key: String, value: String) -> Bool { structural { $0.addKey(key, value: value) } }

    /// Renames the selected key, keeping its quoting when the new name can be written in it.
    @discardableResult
    public func onRenamedKey(to name: String) -> Bool { structural { $0.renameKey(to: name) } }

    /// Removes the selected pair or sequence item, selecting a neighbor.
    @discardableResult
    public func onRemovedSelection() -> Bool { structural { $0.removeSelection() } }

    /// Appends `value` to the selected sequence (or the sequence holding the
    /// selected item) and selects it.
    @discardableResult
    public func onAddedItem(_ value: String) -> Bool { structural { $0.addItem(value) } }

    /// Moves the selected item `offset` places (−1 up, +1 down) in its sequence.
    @discardableResult
    public func onMovedItem(by offset: Int) -> Bool { structural { $0.moveItem(by: offset) } }

    /// Inserts a copy of the selected item right after it and selects the copy.
    @discardableResult
    public func onDuplicatedItem() -> Bool { structural { $0.duplicateItem() } }

    private func structural(_ edit: (YAMLStructuralEdits) -> Bool) -> Bool {
        let kept = edit(YAMLStructuralEdits(edits: edits))
        if kept { isEditingField = false }
        return kept
    }

    // MARK: Undo and redo

    /// Undoes the last edit and selects what it changed.
    public func onTappedUndo() { selecting { edits.undo() } }

    /// Redoes the last undone edit.
    public func onTappedRedo() { selecting { edits.redo() } }

    // MARK: Alerts

    /// The user dismissed the destination.
    public func onDismissed() { destination = nil }

    /// The alert shown, with its buttons; `nil` when there is none or the
    /// destination is a prompt.
    public var alert: AlertState<SessionChoice>? { destination?.alert(displayPath: displayPath) }

    /// The user chose a button of `alert` (or closed it: its `dismissal`).
    public func onChose(_ choice: SessionChoice) async { await answer(choice) }
}

extension YAMLDocumentModel: DocumentSessionEditor {
    public var sessionQuestion: DocumentSession.Question? { destination?.sessionQuestion }
}
