import Foundation
import Observation
import TileditModel
import TileditServices

/// The editor of one YAML file (`.yml`, `.yaml`, `tiledown.yml` read as
/// Tiledown's flat lines; ARCHITECTURE.md, "View models"). Edits are the
/// model's `YAMLOperation`s: only the bytes of the nodes touched change,
/// and a refused edit changes nothing (`notes` says why). Its parts:
/// `YAMLFileEdits` (file, selection, field, history), `YAMLTree` and
/// `YAMLTreeRowBuilder` (the tree, expanded lazily, rows made for the
/// visible range), `YAMLNodeLocator`, `YAMLFieldEditing` (the typed field,
/// on one line or several), `YAMLStructuralEdits`, `YAMLSessionOwner`.
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
        let edits = YAMLFileEdits(session: session, dialect: YAMLFileDocument.Dialect(fileName: url.lastPathComponent))
        self.session = session
        self.edits = edits
        sessionOwner = YAMLSessionOwner(url: url, displayPath: displayPath, session: session, edits: edits, documentSaved: documentSaved)
        session.owner = sessionOwner
        sessionOwner.asks = { [weak self] question in self?.destination = Destination(question) }
        sessionOwner.withdrew = { [weak self] question in
            guard let self, self.destination?.sessionQuestion == question else { return }
            self.destination = nil
        }
        sessionOwner.settledConflict = { [weak self] in
            guard let self, self.destination?.sessionQuestion == .conflict || self.destination?.conflictReview != nil else { return }
            self.destination = nil
        }
    }

    /// An editor of `bytes` already read (a headless command, a test); a
    /// save writes them to `url` without checking what is on disk there.
    public convenience init(url: URL, displayPath: String, bytes: [UInt8], dependencies: Dependencies) {
        self.init(url: url, displayPath: displayPath, dependencies: dependencies)
        edits.opened(YAMLFileDocument(bytes: bytes, dialect: edits.dialect))
    }

    // MARK: Derived state

    /// The file, once loaded.
    public var file: Loadable<YAMLFileDocument> { edits.file }
    /// The selected node.
    public var selection: YAMLNodeID? { edits.selection }
    /// The typed field of the selected scalar, `nil` when the selection is not one.
    public var field: YAMLScalarField? { edits.field }
    /// Whether the user is typing into the field (`onTappedEdit()` began
    /// it; a text area when `field.isSingleLine` is false).
    public var isEditingField: Bool { edits.isTyping }
    /// What the last action wants the user to know: why an edit was
    /// refused, or which other places see a changed value.
    public var notes: [String] { edits.notes }
    /// The file's bytes as edited.
    public var bytes: [UInt8] { file.value?.bytes ?? [] }
    /// Whether there are edits not saved, or typing not written.
    public var isDirty: Bool { edits.isDirty }
    /// Why the field's typing is not in the file (its message), while it is not.
    public var pendingProblem: String? { edits.hasPendingTyping ? edits.field?.problem ?? "not written yet" : nil }
    /// Where the file stands with the file on disk (typing not written is unsaved too).
    public var saveState: SaveState { edits.hasPendingTyping && [.clean, .saved].contains(session.saveState) ? .dirty : session.saveState }
    /// Whether there is an edit to undo.
    public var canUndo: Bool { edits.history.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { edits.history.canRedo }
    /// Problems in the file (syntax errors stop all edits until fixed), in file order.
    public var diagnostics: [Diagnostic] { file.value?.diagnostics ?? [] }
    /// Number of errors and warnings in the file.
    public var diagnosticCounts: (errors: Int, warnings: Int) { file.value?.diagnosticTotals ?? (0, 0) }
    /// Whether the file is Tiledown's site configuration (`tiledown.yml`),
    /// read as its flat `key: value` lines.
    public var isSiteConfiguration: Bool { edits.dialect == .flat }
    /// The diagnostics shown with the selected row, in file order.
    public var selectedDiagnostics: [Diagnostic] { selectedRow.flatMap(row(at:))?.diagnostics ?? [] }
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

    /// The user selected a node (typing ends when the selection moves).
    public func onSelected(_ id: YAMLNodeID) { edits.selectRevealing(id) }

    /// The user moved the selection `offset` visible rows (any offset; kept within the rows).
    public func onMovedSelection(by offset: Int) { edits.moveSelection(by: offset) }

    /// Expands the selected mapping, sequence or document; when it is
    /// expanded already, selects its first child (`→`).
    public func onExpandedSelection() { edits.expandSelection() }

    /// Collapses the selected node; when it is collapsed or has no children,
    /// selects its parent (`←`).
    public func onCollapsedSelection() { edits.collapseSelection() }

    /// The user toggled the node `id` open or closed.
    public func onToggled(_ id: YAMLNodeID) { edits.toggle(id) }

    /// Selects the deepest node on `line` (from 1) or spanning it, opening
    /// what hides it (a search result, `:`); nothing when no node is there.
    public func onSelectedLine(_ line: Int) {
        guard let file = file.value, let id = YAMLNodeLocator(file: file).id(atLine: line, lines: edits.lines) else { return }
        onSelected(id)
    }

    // MARK: The typed field

    /// The user asked to edit the selection (Enter): a collapsed mapping
    /// or sequence expands; a value opens its field for typing.
    public func onTappedEdit() { fieldEditing.begin() }

    /// The user typed in the field: the text is checked against the field's type.
    public func onEditedField(_ text: String) { edits.typed(text) }

    /// The user chose another type for the field (a string that should be a number, …).
    public func onChoseFieldType(_ type: YAMLValueType) { edits.field?.chose(type) }

    /// The user stepped the field `step` places (`←`/`→` outside it): to
    /// the next value of a closed set in `tiledown.yml`, written at once,
    /// else to the next type (wrapping).
    public func onSteppedFieldType(by step: Int) { fieldEditing.step(by: step) }

    /// The user chose `value` among the field's choices: it is written at once.
    @discardableResult
    public func onChoseFieldValue(_ value: String) -> Bool { fieldEditing.write(value) }

    /// The user flipped a boolean field: the other value is written at once.
    public func onToggledField() {
        if let toggled = field?.toggledBoolean { onChoseFieldValue(toggled) }
    }

    /// Writes the field's value into the file (Enter on one line); typing
    /// ends once it is written.
    ///
    /// - Returns: whether the file changed; when not, `field.problem` or
    ///   `notes` says why (an unchanged value changes nothing).
    @discardableResult
    public func onCommittedField() -> Bool { fieldEditing.commit() }

    /// The user left the field by any key but Enter: a valid changed value
    /// is written; an invalid one stays in the field with its message.
    public func onLeftField() { fieldEditing.leave() }

    /// The user threw the typing away: the field shows the value in the file again.
    public func onDiscardedFieldTyping() { fieldEditing.discard() }

    private var fieldEditing: YAMLFieldEditing { YAMLFieldEditing(edits: edits) }

    /// Applies the fix of the first diagnostic of the selected row that
    /// has one, as one undoable edit (`x`).
    @discardableResult
    public func onTappedApplyFix() -> Bool {
        guard let fix = selectedDiagnostics.lazy.compactMap(\.fix).first else { return edits.refuse("nothing to fix here") }
        return edits.apply(fix)
    }

    // MARK: Structural edits

    /// Asks for the name of a key to add to the selected mapping (or the
    /// one holding the selected pair); the pair is added with no value
    /// (`key:`), so what is typed into it next is written by its type.
    public func onTappedAddKey() { ask(.addKey) { $0.onAddedKey($1) } }

    /// `a` on the tree: adds at the selected node, as the inspector does.
    /// A selected mapping takes a key (asked for); a selected sequence, or
    /// an item of one, takes an empty item, selected; anything else asks for
    /// a key of the mapping holding it (refused, with the reason in
    /// `notes`, where there is none).
    public func onTappedAdd() {
        if let locator, let id = selection, locator.resolve(id)?.node.pairs == nil,
           locator.targetCollection(mapping: false, selection: id) != nil {
            onAddedItem()
            return
        }
        onTappedAddKey()
    }

    /// Asks for the selected key's new name, the old one typed in.
    public func onTappedRenameKey() {
        guard let id = selection, let key = edits.resolve(id)?.key?.scalar?.value else { return edits.notes = ["select a key to rename it"] }
        ask(.renameKey(current: key), text: key) { $0.onRenamedKey(to: $1) }
    }

    /// Asks for a line to go to.
    public func onTappedGoToLine() { ask(.goToLine) { $0.onSelectedLine(Int($1) ?? 0) } }

    /// Shows a prompt of `kind`; its accepted answer (a name, a line) closes it and goes to `then`.
    private func ask(_ kind: EditorPrompt.Kind, text: String = "", then: @escaping @MainActor (YAMLDocumentModel, String) -> Void) {
        destination = .prompt(EditorPrompt(kind: kind, text: text) { [weak self] answer in
            self?.destination = nil
            if let self, let text = answer.text { then(self, text) }
        })
    }

    /// Adds `key: value` to the selected mapping (or to the mapping holding
    /// the selected pair) and selects it; with no value (the default) the
    /// key is written `key:`, a null that takes the type of the text typed into it.
    @discardableResult
    public func onAddedKey(_ key: String, value: String? = nil) -> Bool { structural { $0.addKey(key, value: value) } }

    /// Renames the selected key, keeping its quoting when the new name can be written in it.
    @discardableResult
    public func onRenamedKey(to name: String) -> Bool { structural { $0.renameKey(to: name) } }

    /// Removes the selected pair or sequence item, selecting a neighbor.
    @discardableResult
    public func onRemovedSelection() -> Bool { structural { $0.removeSelection() } }

    /// Appends `value` to the selected sequence (or the sequence holding the
    /// selected item) and selects it; with no value (the default) the item
    /// is a null (`-` alone; `null` in a flow sequence) that takes the type
    /// of the text typed into it.
    @discardableResult
    public func onAddedItem(_ value: String? = nil) -> Bool { structural { $0.addItem(value) } }

    /// Moves the selected item `offset` places (−1 up, +1 down) in its sequence.
    @discardableResult
    public func onMovedItem(by offset: Int) -> Bool { structural { $0.moveItem(by: offset) } }

    /// Inserts a copy of the selected item right after it and selects the copy.
    @discardableResult
    public func onDuplicatedItem() -> Bool { structural { $0.duplicateItem() } }

    private func structural(_ edit: (YAMLStructuralEdits) -> Bool) -> Bool {
        let kept = edit(YAMLStructuralEdits(edits: edits))
        if kept { edits.isTyping = false }
        return kept
    }

    // MARK: Undo, redo and alerts

    /// Undoes the last edit and selects what it changed.
    public func onTappedUndo() { edits.undo() }

    /// Redoes the last undone edit.
    public func onTappedRedo() { edits.redo() }

    /// The user dismissed the destination.
    public func onDismissed() { destination = nil }

    /// The alert shown, with its buttons; `nil` when there is none or the
    /// destination is a prompt.
    public var alert: AlertState<SessionChoice>? {
        destination?.alert(displayPath: displayPath, conflictLink: session.conflictLink, diskProblem: session.diskProblem, isDirty: isDirty)
    }

    /// The user chose a button of `alert` (or closed it: its `dismissal`).
    public func onChose(_ choice: SessionChoice) async { await answer(choice) }
}
