import Observation
import TileditModel

/// One YAML file as its editor changes it: the file's bytes (the truth,
/// `YAMLFileDocument`, read in the file's dialect), the tree (`YAMLTree`),
/// the selection and the typed field of a selected scalar, the undo
/// history (`UndoHistory`) and the notes of the last action. Edits are the
/// model's `YAMLOperation`s, planned and checked by `YAMLFileDocument`
/// (`perform`); a refused one changes nothing and the notes say why.
/// After every kept edit the session follows (save state, journal,
/// autosave).
@Observable @MainActor
final class YAMLFileEdits {
    /// The file, once loaded.
    private(set) var file: Loadable<YAMLFileDocument> = .idle
    /// The selected node.
    private(set) var selection: YAMLNodeID?
    /// The typed field of the selected scalar, `nil` when the selection is not one.
    var field: YAMLScalarField?
    /// Whether the user is typing into the field; it ends when another node is selected.
    var isTyping = false
    /// Whether the field holds typing not written into the file (an
    /// invalid value left in it, or one being typed): an unsaved edit.
    var hasPendingTyping: Bool { field.map { $0.text != $0.original } ?? false }
    /// Unsaved: edits not saved, or typing not written.
    var isDirty: Bool { history.isDirty || hasPendingTyping }
    /// What the last action wants the user to know.
    var notes: [String] = []
    /// The edits to undo and redo, and the revision on disk.
    private(set) var history = UndoHistory<YAMLChange, YAMLNodeID>()
    /// The visible rows and what is expanded.
    private(set) var tree = YAMLTree()

    /// Lines of the current bytes, taken from the file when first needed.
    @ObservationIgnored private var lineTableCache: YAMLLineTable?
    @ObservationIgnored private let session: DocumentSession
    /// How the file is read: Tiledown's flat lines for `tiledown.yml`, YAML otherwise.
    let dialect: YAMLFileDocument.Dialect

    init(session: DocumentSession, dialect: YAMLFileDocument.Dialect) {
        self.session = session
        self.dialect = dialect
    }

    /// Lines of the current bytes.
    var lines: YAMLLineTable {
        if let cached = lineTableCache { return cached }
        let table = YAMLLineTable(starts: file.value?.lineStartTable ?? YAMLLineStarts())
        lineTableCache = table
        return table
    }

    /// Position of the selected row among the visible rows.
    var selectedRow: Int? { tree.index(of: selection) }

    /// The node at `id` in the current file.
    func resolve(_ id: YAMLNodeID) -> YAMLFoundNode? {
        file.value.flatMap { YAMLNodeLocator(file: $0).resolve(id) }
    }

    /// The visible row at `index`, made now.
    func row(at index: Int) -> YAMLTreeRow? {
        guard tree.rows.indices.contains(index), let file = file.value else { return nil }
        // The first row takes what comes before it, the last what comes after.
        let start = index == 0 ? 0 : YAMLTreeRowBuilder.start(of: tree.rows[index], in: file) ?? 0
        let end = index + 1 < tree.rows.count ? YAMLTreeRowBuilder.start(of: tree.rows[index + 1], in: file) ?? Int.max : Int.max
        let diagnostics = file.diagnostics(in: start..<Swift.max(start, end))
        return YAMLTreeRowBuilder.make(tree.rows[index], tree: tree, file: file, lines: lines, diagnostics: diagnostics)
    }

    // MARK: Loading

    /// Reading the file began; the last version stays shown meanwhile.
    func beganLoading() {
        file = .loading(previous: file.value)
    }

    /// Reading the file failed with `error`.
    func failedLoading(_ error: ViewError) {
        file = .failed(error)
    }

    /// Reading the file was cancelled: what was shown stays, else nothing yet.
    func cancelledLoading() {
        file = file.value.map { .loaded($0) } ?? .idle
    }

    /// `bytes` were read from disk: the history starts afresh.
    func loaded(_ bytes: [UInt8]) {
        history = UndoHistory()
        opened(YAMLFileDocument(bytes: bytes, dialect: dialect))
    }

    /// Shows `document`: the rows are made again and the selection stays
    /// when its node is still there, else the first row is selected.
    func opened(_ document: YAMLFileDocument) {
        file = .loaded(document)
        lineTableCache = nil
        tree.rebuild(document)
        select(selection.flatMap { resolve($0) != nil ? $0 : nil } ?? tree.rows.first?.id)
    }

    // MARK: Selection and the tree

    /// Selects `id` (`nil`: nothing); a scalar gets its typed field.
    func select(_ id: YAMLNodeID?) {
        // Typing not written ends with the field: the journal lets it go too.
        let hadTyping = hasPendingTyping
        defer { if hadTyping { session.pendingValuesChanged() } }
        if id != selection { isTyping = false }
        selection = id
        field = nil
        guard let id, let document = file.value, let found = resolve(id), let scalar = found.node.scalar else { return }
        let editable = document.editableText(of: scalar)
        var made = YAMLScalarField(id: id, type: YAMLValueType(scalar), text: editable.text, original: editable.text, problem: nil, editable: editable)
        made.typeFollowsText = made.type == .null && found.node.tag == nil
        if dialect == .flat, let key = found.key?.scalar?.value {
            // Tiledown's values are raw text, checked against the key's rule.
            made.type = .string
            made.typeFollowsText = false
            made.siteKey = key
            made.siteKind = SiteConfigurationSchema.tiledown.key(key)?.kind
        }
        field = made
    }

    /// Selects `id` after expanding what hides its row; nothing for a node
    /// that is not there.
    func selectRevealing(_ id: YAMLNodeID) {
        guard resolve(id) != nil || tree.rows.contains(where: { $0.id == id }) else { return }
        tree.reveal(id, in: file.value)
        select(id)
    }

    /// The user typed `text` into the field: it is checked, and the
    /// journal keeps it, so a crash loses no typing.
    func typed(_ text: String) {
        field?.typed(text)
        session.pendingValuesChanged()
    }

    /// Selects the row `offset` rows from the selection (any offset).
    func moveSelection(by offset: Int) {
        if let target = tree.moved(from: selectedRow, by: offset) { select(target) }
    }

    /// `→`: expands the selected collection, or enters it when expanded.
    func expandSelection() {
        guard let selection, let index = selectedRow, let file = file.value else { return }
        if let next = tree.expandOrEnter(at: index, in: file, selection: selection) { select(next) }
    }

    /// `←`: collapses the selected collection, or selects its parent.
    func collapseSelection() {
        guard let selection, let index = selectedRow, let file = file.value else { return }
        if let next = tree.collapseOrLeave(at: index, in: file, selection: selection) { select(next) }
    }

    /// Opens or closes the node `id`.
    func toggle(_ id: YAMLNodeID) {
        if let next = tree.toggle(id, in: file.value, selection: selection) { select(next) }
    }

    /// Shows the children of the collection `id` (an addition went into it).
    func expand(_ id: YAMLNodeID) {
        tree.expand(id, in: file.value)
    }

    // MARK: Applying edits

    /// Sets `message` as the note; always `false` (the edit was refused).
    func refuse(_ message: String) -> Bool {
        notes = [message]
        return false
    }

    /// Performs `operation` on document `document` of the file (the model
    /// plans and checks it, and leaves the file as it was when it refuses)
    /// and keeps the result: one undoable edit, `next` selected, the
    /// model's notes shown.
    ///
    /// - Returns: whether the file changed; when not, `notes` says why.
    func perform(_ operation: YAMLOperation, document: Int, select next: YAMLNodeID?) -> Bool {
        let outcome = changingFile { file -> Result<YAMLFileDocument.Change, EditError> in
            do throws(EditError) {
                return .success(try file.perform(operation, document: document))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case nil:
            return false
        case .failure(let error)?:
            return refuse(error.message)
        case .success(let change)?:
            guard !change.edits.isEmpty else {
                notes = []
                return false
            }
            record(edits: change.edits, inverse: change.inverse, selectionAfter: next)
            notes = change.notes
            return true
        }
    }

    /// Applies the fix of a diagnostic (edits the model planned for this
    /// version of the file) as one undoable edit, keeping the selection.
    ///
    /// - Returns: whether the file changed.
    func apply(_ fix: DiagnosticFix) -> Bool {
        guard !fix.edits.isEmpty else { return false }
        let outcome = changingFile { file -> Result<YAMLFileDocument.Change, EditError> in
            let wasReadable = file.readFailure == nil
            do throws(EditError) {
                return .success(try file.apply(fix.edits, refusing: { after in
                    guard wasReadable, let error = after.readFailure else { return nil }
                    return .invalidValue(message: "the fix would leave the file unreadable (line \(error.location.line): \(error.message)); nothing was changed")
                }))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case nil:
            return false
        case .failure(let error)?:
            return refuse(error.message)
        case .success(let change)?:
            record(edits: change.edits, inverse: change.inverse, selectionAfter: selection)
            notes = [fix.title + ": done"]
            return true
        }
    }

    /// Records `edits`, which made `after` of `before`, as one undoable edit
    /// and shows `after` with `selectionAfter` selected.
    func record(edits: [TextEdit], before: YAMLFileDocument, after: YAMLFileDocument, selectionAfter: YAMLNodeID?) {
        let original = before.bytes
        let inverse = TextEdit.inverses(of: edits, original: { Array(original[$0]) })
        file = .loaded(after)
        record(edits: edits, inverse: inverse, selectionAfter: selectionAfter)
    }

    /// Records `edits` and their `inverse`, already applied to the file, as
    /// one undoable edit and shows the file with `selectionAfter` selected.
    private func record(edits: [TextEdit], inverse: [TextEdit], selectionAfter: YAMLNodeID?) {
        history.record(YAMLChange(edits: edits, inverse: inverse, selectionAfter: selectionAfter), selectionBefore: selection, indexBefore: selectedRow)
        guard let document = file.value else { return }
        applied(document, select: selectionAfter)
    }

    /// Calls `change` on the file with the editor's own reference to it let
    /// go meanwhile, so its bytes have one owner and an edit splices them in
    /// place rather than copying the whole file (ARCHITECTURE.md, "Scale");
    /// the file is put back as `change` left it. `nil` when no file is loaded.
    @discardableResult
    private func changingFile<Outcome>(_ change: (inout YAMLFileDocument) -> Outcome) -> Outcome? {
        guard var document = file.value else { return nil }
        let wasLoading = file.isLoading
        file = .idle
        let result = change(&document)
        file = wasLoading ? .loading(previous: document) : .loaded(document)
        return result
    }

    private func applied(_ document: YAMLFileDocument, select next: YAMLNodeID?) {
        file = .loaded(document)
        lineTableCache = nil
        // After an edit read as one top-level entry, only its rows are made again.
        let entry = document.lastEntryRead
        if let next, resolve(next) != nil { tree.reveal(next, in: document, changedEntry: entry) } else { tree.rebuild(document, changedEntry: entry) }
        select(next.flatMap { resolve($0) != nil ? $0 : nil } ?? tree.rows.first?.id)
        session.textChanged()
    }

    /// Undoes the last edit and selects what it changed.
    func undo() {
        guard file.value != nil, let entry = history.popUndo() else { return }
        changingFile { $0.apply(entry.change.inverse) }
        if let document = file.value { applied(document, select: entry.selectionBefore) }
        notes = []
    }

    /// Redoes the last undone edit.
    func redo() {
        guard file.value != nil, let entry = history.popRedo() else { return }
        changingFile { $0.apply(entry.change.edits) }
        if let document = file.value { applied(document, select: entry.change.selectionAfter) }
        notes = []
    }

    /// The bytes of `revision` are on disk now.
    func markSaved(_ revision: Int) {
        history.markSaved(revision)
    }
}
