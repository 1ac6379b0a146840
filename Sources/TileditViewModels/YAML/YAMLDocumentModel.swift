import Foundation
import Observation
import TileditModel
import TileditServices

/// The editor of one YAML file (`.yml`, `.yaml`): the tree of every
/// document of the stream, a typed field for the selected scalar,
/// structural edits, undo and redo, and saving with the same conflict
/// detection and recovery journal as Markdown documents.
///
/// The file's bytes are the truth (`YAMLFileDocument`): every edit replaces
/// only the bytes of the nodes it touches, the file is parsed again, and
/// the edit is kept only when the file still reads without errors and the
/// edited node reads back as meant; otherwise nothing changes and
/// `notes` says why.
///
/// The tree is expanded lazily: only the rows of expanded mappings and
/// sequences exist (`rowCount`), and a row's text is made when a renderer
/// asks for it (`row(at:)`), so a 10 MB file opens with one row per
/// top-level key. Documents of a stream with several start expanded;
/// mappings and sequences start collapsed.
@Observable @MainActor
public final class YAMLDocumentModel {
    /// Where the editor navigates.
    public enum Destination: Equatable, Sendable {
        /// The file changed on disk: reload, overwrite or keep both.
        case conflict
        /// The file was deleted on disk.
        case deletedOnDisk
        /// The file is read-only for the user: save anyway (keeping its
        /// mode) or cancel. `message` says which file and its mode.
        case confirmOverrideReadOnly(message: String)
        /// Unsaved edits from an earlier session were found.
        case recovery(date: Date, fileChangedSince: Bool)
    }

    /// What the editor needs from outside.
    public struct Dependencies: Sendable {
        public var store: DocumentStore
        public var clock: any Clock<Duration>
        /// Time after the last change before an automatic save; `nil` turns autosave off.
        public var autosaveDelay: Duration?

        public init(store: DocumentStore, clock: any Clock<Duration>, autosaveDelay: Duration? = nil) {
            self.store = store
            self.clock = clock
            self.autosaveDelay = autosaveDelay
        }
    }

    private struct VisibleRow: Hashable {
        var id: YAMLNodeID
        var depth: Int
        var isDocument: Bool
    }

    /// The file.
    public let url: URL
    /// The path shown to the user.
    public let displayPath: String
    /// The file, once loaded.
    public private(set) var file: Loadable<YAMLFileDocument> = .idle
    /// The selected node.
    public private(set) var selection: YAMLNodeID?
    /// The typed field of the selected scalar, `nil` when the selection is not one.
    public private(set) var field: YAMLScalarField?
    /// Where the editor navigates.
    public private(set) var destination: Destination?
    /// What the last action wants the user to know: why an edit was
    /// refused, or which other places see a changed value.
    public private(set) var notes: [String] = []
    /// The file's life with the disk: saving, conflicts, the journal, autosave.
    public let session: DocumentSession

    private var dependencies: Dependencies
    private var expanded: Set<YAMLNodeID> = []
    private var collapsedDocuments: Set<Int> = []
    private var visible: [VisibleRow] = []
    private var history = UndoHistory<YAMLChange, YAMLNodeID>()
    @ObservationIgnored private var lineStartsCache: [Int]?
    @ObservationIgnored private let documentSaved: @MainActor (URL, [UInt8]) -> Void

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
        self.dependencies = dependencies
        self.documentSaved = documentSaved
        session = DocumentSession(url: url, store: dependencies.store, clock: dependencies.clock, autosaveDelay: dependencies.autosaveDelay)
        session.owner = self
    }

    /// An editor of `bytes` already read (a headless command, a test); a
    /// save writes them to `url` without checking what is on disk there.
    public init(url: URL, displayPath: String, bytes: [UInt8], dependencies: Dependencies) {
        self.url = url
        self.displayPath = displayPath
        self.dependencies = dependencies
        documentSaved = { _, _ in }
        session = DocumentSession(url: url, store: dependencies.store, clock: dependencies.clock, autosaveDelay: dependencies.autosaveDelay)
        session.owner = self
        opened(YAMLFileDocument(bytes: bytes))
    }

    // MARK: Derived state

    /// The file's bytes as edited.
    public var bytes: [UInt8] { file.value?.bytes ?? [] }

    /// Whether there are edits not saved.
    public var isDirty: Bool { history.isDirty }

    /// Where the file stands with the file on disk.
    public var saveState: SaveState { session.saveState }

    /// Whether there is an edit to undo.
    public var canUndo: Bool { history.canUndo }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { history.canRedo }

    /// Problems in the file (syntax errors stop all edits until fixed), in file order.
    public var diagnostics: [Diagnostic] { file.value?.diagnostics ?? [] }

    /// Number of documents in the stream.
    public var documentCount: Int { file.value?.documents.count ?? 0 }

    /// Number of visible rows.
    public var rowCount: Int { visible.count }

    /// Position of the selected row among the visible rows.
    public var selectedRow: Int? { selection.flatMap { id in visible.firstIndex { $0.id == id && !$0.isDocument } ?? visible.firstIndex { $0.id == id } } }

    /// The visible row at `index` (renderers ask only for the rows on screen).
    public func row(at index: Int) -> YAMLTreeRow? {
        guard index >= 0, index < visible.count, let file = file.value else { return nil }
        let entry = visible[index]
        if entry.isDocument {
            let document = file.documents[entry.id.document]
            return YAMLTreeRow(
                id: entry.id, depth: 0, label: "Document \(entry.id.document + 1)", kind: .document(empty: document.root == nil),
                summary: document.root.map(Self.summary) ?? "empty",
                isExpanded: document.root?.pairs != nil || document.root?.items != nil ? !collapsedDocuments.contains(entry.id.document) : nil,
                anchor: nil, tag: nil, comments: [], line: line(of: document.range.lowerBound))
        }
        guard let found = resolve(entry.id) else { return nil }
        return makeRow(found, id: entry.id, depth: entry.depth, in: file)
    }

    /// The node at `id`, if it exists.
    public func node(_ id: YAMLNodeID) -> YAMLNode? { resolve(id)?.node }

    /// The path from the document's root to `id` (`services.web.ports.0`),
    /// `nil` when a key on the way is not a scalar or appears twice in its mapping.
    public func path(of id: YAMLNodeID) -> YAMLPath? {
        guard let file = file.value, id.document >= 0, id.document < file.documents.count, var current = file.documents[id.document].root else { return nil }
        var components: [YAMLPathComponent] = []
        for position in id.positions {
            if let pairs = current.pairs {
                guard position >= 0, position < pairs.count, let key = pairs[position].key.scalar?.value else { return nil }
                guard pairs.firstIndex(where: { $0.key.scalar?.value == key }) == position else { return nil }
                components.append(.key(key))
                current = pairs[position].value
            } else if let items = current.items, position >= 0, position < items.count {
                components.append(.index(position))
                current = items[position]
            } else {
                return nil
            }
        }
        return YAMLPath(components)
    }

    /// The identity of the node at `path` in `document`, following explicit keys only.
    public func id(of path: YAMLPath, document: Int = 0) -> YAMLNodeID? {
        guard let file = file.value, document >= 0, document < file.documents.count, var current = file.documents[document].root else { return nil }
        var id = YAMLNodeID(document: document)
        for component in path.components {
            switch (component, current.content) {
            case (.key(let key), .mapping(let pairs)):
                guard let position = pairs.firstIndex(where: { $0.key.scalar?.value == key }) else { return nil }
                id = id.child(position)
                current = pairs[position].value
            case (.index(let index), .sequence(let items)) where index >= 0 && index < items.count:
                id = id.child(index)
                current = items[index]
            case (.index(let index), .mapping(let pairs)):
                guard let position = pairs.firstIndex(where: { $0.key.scalar?.value == String(index) }) else { return nil }
                id = id.child(position)
                current = pairs[position].value
            default:
                return nil
            }
        }
        return id
    }

    /// The places sharing the value of `id` through an anchor: the anchored
    /// node first, then its aliases in file order (aliases refer to the most
    /// recent `&name` before them, YAML 1.2 section 7.1). Empty when the
    /// node neither has an anchor nor is an alias.
    public func sharedPlaces(of id: YAMLNodeID) -> [YAMLPlace] {
        guard let found = resolve(id), let file = file.value, let root = file.documents[id.document].root else { return [] }
        let name: String
        if case .alias(let alias) = found.node.content { name = alias } else if let anchor = found.node.anchor { name = anchor } else { return [] }
        var occurrences: [(offset: Int, id: YAMLNodeID, isAnchor: Bool)] = []
        var stack: [(YAMLNode, YAMLNodeID)] = [(root, YAMLNodeID(document: id.document))]
        while let entry = stack.popLast() {
            let (node, nodeID) = entry
            if node.anchor == name { occurrences.append((node.range.lowerBound, nodeID, true)) }
            if case .alias(let alias) = node.content, alias == name { occurrences.append((node.range.lowerBound, nodeID, false)) }
            if let pairs = node.pairs {
                for (position, pair) in pairs.enumerated().reversed() { stack.append((pair.value, nodeID.child(position))) }
            } else if let items = node.items {
                for (position, item) in items.enumerated().reversed() { stack.append((item, nodeID.child(position))) }
            }
        }
        occurrences.sort { $0.offset < $1.offset }
        // The anchor in force at the node: its own, or the last one before the alias.
        let offset = found.node.range.lowerBound
        guard let anchorIndex = occurrences.lastIndex(where: { $0.isAnchor && $0.offset <= offset }) else { return [] }
        var places = [occurrences[anchorIndex]]
        for occurrence in occurrences[(anchorIndex + 1)...] {
            if occurrence.isAnchor { break }
            places.append(occurrence)
        }
        // A place's line is its row's: the key's or the dash's line.
        return places.map { place in
            YAMLPlace(id: place.id, path: path(of: place.id)?.description ?? place.id.description, line: line(of: resolve(place.id)?.start ?? place.offset), isAnchor: place.isAnchor)
        }
    }

    // MARK: Loading

    /// Loads the file (the renderer calls this when the editor appears) and
    /// offers unsaved edits found in the journal.
    public func onAppeared() async {
        guard case .idle = file else { return }
        await load()
        guard session.fingerprint != nil, file.value != nil else { return }
        if let entry = await session.pendingJournalEntry(), entry.bytes != file.value?.bytes {
            destination = .recovery(date: entry.date, fileChangedSince: session.fileChanged(since: entry))
        }
    }

    private func load() async {
        file = .loading(previous: file.value)
        do {
            let loaded = try await session.load()
            history = UndoHistory()
            opened(YAMLFileDocument(bytes: loaded))
        } catch {
            file = .failed(ViewError(DocumentSession.message(error)))
        }
    }

    private func opened(_ document: YAMLFileDocument) {
        file = .loaded(document)
        lineStartsCache = nil
        rebuildRows()
        let keep = selection.flatMap { resolve($0) != nil ? $0 : nil }
        select(keep ?? visible.first?.id)
    }

    /// The user chose what to do with journaled edits.
    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard case .recovery = destination else { return }
        destination = nil
        switch choice {
        case .restore:
            guard let entry = await session.pendingJournalEntry(), let current = file.value else { return }
            let edits = [TextEdit(range: 0..<current.bytes.count, replacement: entry.bytes)]
            var restored = current
            restored.apply(edits)
            session.adoptBase(of: entry)
            record(edits: edits, before: current, after: restored, selectionAfter: selection)
        case .discard:
            await session.discardJournal()
        }
    }

    // MARK: Tree and selection

    /// The user selected a node.
    public func onSelected(_ id: YAMLNodeID) {
        guard resolve(id) != nil || visible.contains(where: { $0.id == id }) else { return }
        reveal(id)
        select(id)
    }

    /// The user moved the selection `offset` visible rows (arrow keys).
    public func onMovedSelection(by offset: Int) {
        guard !visible.isEmpty else { return }
        let current = selectedRow ?? 0
        select(visible[Swift.min(Swift.max(current + offset, 0), visible.count - 1)].id)
    }

    /// Expands the selected mapping, sequence or document; when it is
    /// expanded already, selects its first child (`→`).
    public func onExpandedSelection() {
        guard let selection, let index = selectedRow, let row = row(at: index), let isExpanded = row.isExpanded else { return }
        if isExpanded {
            if index + 1 < visible.count, visible[index + 1].depth > visible[index].depth { select(visible[index + 1].id) }
        } else {
            setExpanded(selection, true, document: visible[index].isDocument)
        }
    }

    /// Collapses the selected node; when it is collapsed or has no children,
    /// selects its parent (`←`).
    public func onCollapsedSelection() {
        guard let selection, let index = selectedRow, let row = row(at: index) else { return }
        let isDocument = visible[index].isDocument
        if row.isExpanded == true {
            setExpanded(selection, false, document: isDocument)
        } else if let parentIndex = visible[..<index].lastIndex(where: { $0.depth < visible[index].depth }) {
            select(visible[parentIndex].id)
        }
    }

    /// The user toggled the node `id` open or closed.
    public func onToggled(_ id: YAMLNodeID) {
        if let entry = visible.first(where: { $0.id == id && $0.isDocument }) {
            setExpanded(entry.id, collapsedDocuments.contains(id.document), document: true)
        } else {
            setExpanded(id, !expanded.contains(id), document: false)
        }
    }

    private func setExpanded(_ id: YAMLNodeID, _ open: Bool, document: Bool) {
        if document {
            if open { collapsedDocuments.remove(id.document) } else { collapsedDocuments.insert(id.document) }
        } else {
            if open { expanded.insert(id) } else { expanded.remove(id) }
        }
        rebuildRows()
        if let selection, !visible.contains(where: { $0.id == selection }) { select(id) }
    }

    /// Expands the ancestors of `id` so that its row is visible.
    private func reveal(_ id: YAMLNodeID) {
        collapsedDocuments.remove(id.document)
        var ancestor = id.parent
        while let current = ancestor {
            if !current.positions.isEmpty { expanded.insert(current) }
            ancestor = current.parent
        }
        rebuildRows()
    }

    private func select(_ id: YAMLNodeID?) {
        selection = id
        field = nil
        guard let id, let found = resolve(id), let scalar = found.node.scalar else { return }
        field = YAMLScalarField(id: id, type: YAMLValueType(scalar), text: scalar.value, original: scalar.value, problem: nil)
    }

    // MARK: Scalar field

    /// The user typed in the field: the text is checked against the field's type.
    public func onEditedField(_ text: String) {
        guard var current = field else { return }
        current.text = text
        current.problem = current.type.problem(with: text)
        field = current
    }

    /// The user chose another type for the field (a string that should be a number, …).
    public func onChoseFieldType(_ type: YAMLValueType) {
        guard var current = field else { return }
        current.type = type
        current.problem = type.problem(with: current.text)
        field = current
    }

    /// Writes the field's text into the file.
    ///
    /// - Returns: whether the file changed; when not, `field.problem` or
    ///   `notes` says why.
    @discardableResult
    public func onCommittedField() -> Bool {
        guard let current = field else { return false }
        if let problem = current.type.problem(with: current.text) {
            field?.problem = problem
            return false
        }
        guard current.text != current.original || current.type != resolve(current.id).flatMap({ $0.node.scalar.map(YAMLValueType.init) }) else { return false }
        let changed = write(current.text, as: current.type, at: current.id)
        if !changed, let note = notes.first { field?.problem = note }
        return changed
    }

    private func write(_ text: String, as type: YAMLValueType, at id: YAMLNodeID) -> Bool {
        guard let file = file.value, let found = resolve(id) else { return refuse("the value is no longer in the file") }
        if case .alias(let name) = found.node.content {
            let anchor = sharedPlaces(of: id).first
            return refuse("this is an alias of `&\(name)`; edit the anchored value\(anchor.map { " on line \($0.line)" } ?? "")")
        }
        guard let scalar = found.node.scalar else { return refuse("this is \(found.node.kindDescription), not a single value") }
        if scalar.isEmptyPlain && (found.node.anchor != nil || found.node.tag != nil) {
            // Where the value goes beside its `&anchor` or `!tag` is not known from the parse; nothing is guessed.
            return refuse("an empty value with an anchor or a tag is edited in the source")
        }
        guard let path = path(of: id) else { return refuse("a key on the way to this value is not a plain key or appears twice; edit it in the source") }
        var sharing = sharedPlaces(of: id).count - 1
        if sharing < 0 { sharing = 0 }
        let shareNote = sharing > 0 ? ["\(sharing) other place\(sharing == 1 ? " uses" : "s use") the anchor `&\(found.node.anchor ?? "")` and will see this change"] : []
        let written = type == .null && text.isEmpty ? "null" : text
        if type == .string {
            var copy = file
            do {
                let change = try copy.setValue(at: path, to: text, document: id.document)
                if let after = readBack(id, in: copy), after.value == text, YAMLValueType(after) == .string || text.isEmpty && after.style != .plain {
                    record(edits: change.edits, before: file, after: copy, selectionAfter: id)
                    notes = change.notes.isEmpty ? shareNote : change.notes
                    return true
                }
            } catch {
                // The writer keeps styles it can; double quotes hold any text.
            }
            // The text would read as another type, or not as given, in its style: it needs double quotes.
            let quoted = YAMLScalarWriter.singleLine(.text(text), style: .doubleQuoted, inFlow: true) ?? YAMLScalarWriter.doubleQuoted(text)
            let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
            let plans = planner.replaceScalar(found.node, key: found.key, with: quoted)
            if plans.isEmpty { return refuse("the value cannot be written here") }
            for edit in plans {
                let done = perform([edit], select: id, notes: shareNote) { [self] after in
                    guard let read = readBack(id, in: after), read.value == text, YAMLValueType(read) == .string else { return "the value would not read back as the text given" }
                    return nil
                }
                if done { return true }
            }
            return false
        }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        let plans = planner.replaceScalar(found.node, key: found.key, with: written)
        if plans.isEmpty { return refuse("the value cannot be written here") }
        for edit in plans {
            let done = perform([edit], select: id, notes: shareNote) { [self] after in
                guard let read = readBack(id, in: after), read.value == written, read.style == .plain, YAMLValueType(read) == type else {
                    return "`\(written)` would not read back as a \(type.rawValue) here"
                }
                return nil
            }
            if done { return true }
        }
        return false
    }

    private func readBack(_ id: YAMLNodeID, in file: YAMLFileDocument) -> YAMLScalar? {
        Self.resolve(id, in: file)?.node.scalar
    }

    // MARK: Keys

    /// Adds `key: value` to the selected mapping (or to the mapping holding
    /// the selected pair) and selects it.
    @discardableResult
    public func onAddedKey(_ key: String, value: String) -> Bool {
        guard let file = file.value, let target = targetCollection(mapping: true) else { return refuse("select a mapping or one of its keys") }
        guard !key.isEmpty else { return refuse("a key cannot be empty") }
        guard let mapping = resolve(target)?.node, let pairs = mapping.pairs else { return refuse("select a mapping or one of its keys") }
        if pairs.contains(where: { $0.key.scalar?.value == key }) { return refuse("`\(key)` is already a key of this mapping") }
        guard let path = path(of: target) else { return refuse("a key on the way to this mapping is not a plain key or appears twice") }
        var copy = file
        do {
            let change = try copy.setValue(at: YAMLPath(path.components + [.key(key)]), to: value, document: target.document)
            let added = target.child(pairs.count)
            guard Self.resolve(added, in: copy)?.key?.scalar?.value == key else { return refuse("the key would not read back as given") }
            record(edits: change.edits, before: file, after: copy, selectionAfter: added)
            expanded.insert(target)
            rebuildRows()
            select(added)
            notes = change.notes
            return true
        } catch {
            return refuse(error.message)
        }
    }

    /// Renames the selected key, keeping its quoting when the new name can be written in it.
    @discardableResult
    public func onRenamedKey(to name: String) -> Bool {
        guard let file = file.value, let id = selection, let found = resolve(id), let key = found.key, let parent = found.parent else {
            return refuse("select a key to rename it")
        }
        guard !name.isEmpty else { return refuse("a key cannot be empty") }
        if parent.pairs?.contains(where: { $0.key.scalar?.value == name }) == true { return refuse("`\(name)` is already a key of this mapping") }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        guard let edit = planner.renameKey(key, to: name, inFlow: isInFlow(id)) else { return refuse("this key is not a single value; rename it in the source") }
        return perform([edit], select: id, notes: []) { after in
            Self.resolve(id, in: after)?.key?.scalar?.value == name ? nil : "the key would not read back as `\(name)`"
        }
    }

    /// Removes the selected pair or sequence item, selecting a neighbor.
    @discardableResult
    public func onRemovedSelection() -> Bool {
        guard let file = file.value, let id = selection, let position = id.positions.last, let parentID = id.parent, let parent = resolve(parentID)?.node else {
            return refuse("select a key or an item to remove it")
        }
        if let pairs = parent.pairs {
            guard let path = path(of: id) else { return refuse("this key appears twice or is not a plain key; remove it in the source") }
            var copy = file
            do {
                let change = try copy.removeValue(at: path, document: id.document)
                guard Self.resolve(parentID, in: copy)?.node.pairs?.count == pairs.count - 1 else { return refuse("removing the key would change more than the key") }
                let next = pairs.count - 1 > 0 ? parentID.child(Swift.min(position, pairs.count - 2)) : parentID
                record(edits: change.edits, before: file, after: copy, selectionAfter: next)
                notes = []
                return true
            } catch {
                return refuse(error.message)
            }
        }
        guard let items = parent.items else { return refuse("select a key or an item to remove it") }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        guard let edits = planner.removeItem(items, position, flow: parent.collectionStyle == .flow) else {
            return refuse("this item shares its line with another; remove it in the source")
        }
        let next = items.count > 1 ? parentID.child(Swift.min(position, items.count - 2)) : parentID
        return perform(edits, select: next, notes: []) { after in
            Self.resolve(parentID, in: after)?.node.items?.count == items.count - 1 ? nil : "removing the item would change more than the item"
        }
    }

    // MARK: Sequence items

    /// Appends `value` to the selected sequence (or the sequence holding the
    /// selected item) and selects it.
    @discardableResult
    public func onAddedItem(_ value: String) -> Bool {
        guard let file = file.value, let target = targetCollection(mapping: false), let items = resolve(target)?.node.items else {
            return refuse("select a sequence or one of its items")
        }
        guard let path = path(of: target) else { return refuse("a key on the way to this sequence is not a plain key or appears twice") }
        var copy = file
        do {
            let change = try copy.appendItem(at: path, item: value, document: target.document)
            let added = target.child(items.count)
            guard Self.resolve(added, in: copy)?.node.scalar?.value == value else { return refuse("the item would not read back as given") }
            record(edits: change.edits, before: file, after: copy, selectionAfter: added)
            expanded.insert(target)
            rebuildRows()
            select(added)
            notes = []
            return true
        } catch {
            return refuse(error.message)
        }
    }

    /// Moves the selected item `offset` places (−1 up, +1 down) in its sequence.
    @discardableResult
    public func onMovedItem(by offset: Int) -> Bool {
        guard let file = file.value, let id = selection, let position = id.positions.last, let parentID = id.parent,
              let parent = resolve(parentID)?.node, let items = parent.items else { return refuse("select a sequence item to move it") }
        guard offset == -1 || offset == 1 else { return refuse("items move one place at a time") }
        let target = position + offset
        guard target >= 0, target < items.count else { return refuse(offset < 0 ? "the item is first already" : "the item is last already") }
        let flow = parent.collectionStyle == .flow
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        let low = Swift.min(position, target)
        guard let edits = planner.swapItems(items, low, flow: flow), let lowSpan = planner.itemSpan(items, low, flow: flow),
              let highSpan = planner.itemSpan(items, low + 1, flow: flow) else { return refuse("these items share a line; move them in the source") }
        let lowText = Array(file.bytes[lowSpan])
        let highText = Array(file.bytes[highSpan])
        return perform(edits, select: parentID.child(target), notes: []) { after in
            guard let moved = Self.resolve(parentID, in: after)?.node.items, moved.count == items.count else { return "moving the item would change the sequence" }
            let check = YAMLSourceEdits(bytes: after.bytes, lineEnding: after.lineEnding)
            guard let newLow = check.itemSpan(moved, low, flow: flow), let newHigh = check.itemSpan(moved, low + 1, flow: flow),
                  Array(after.bytes[newLow]) == highText, Array(after.bytes[newHigh]) == lowText else { return "moving the item would change the sequence" }
            return nil
        }
    }

    /// Inserts a copy of the selected item right after it and selects the copy.
    @discardableResult
    public func onDuplicatedItem() -> Bool {
        guard let file = file.value, let id = selection, let position = id.positions.last, let parentID = id.parent,
              let parent = resolve(parentID)?.node, let items = parent.items else { return refuse("select a sequence item to duplicate it") }
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        guard let edits = planner.duplicateItem(items, position, flow: parent.collectionStyle == .flow) else {
            return refuse("this item shares its line with another; duplicate it in the source")
        }
        return perform(edits, select: parentID.child(position + 1), notes: []) { after in
            guard let copies = Self.resolve(parentID, in: after)?.node.items, copies.count == items.count + 1 else { return "the copy would change the sequence" }
            return nil
        }
    }

    // MARK: Undo and redo

    /// Undoes the last edit and selects what it changed.
    public func onTappedUndo() {
        guard var current = file.value, let entry = history.popUndo() else { return }
        current.apply(entry.change.inverse)
        applied(current, select: entry.selectionBefore)
        notes = []
    }

    /// Redoes the last undone edit.
    public func onTappedRedo() {
        guard var current = file.value, let entry = history.popRedo() else { return }
        current.apply(entry.change.edits)
        applied(current, select: entry.change.selectionAfter)
        notes = []
    }

    // MARK: Saving

    /// Saves the file atomically; a file changed on disk since it was loaded
    /// becomes a conflict, never an overwrite; a read-only file asks first.
    public func onTappedSave() async {
        await session.save()
    }

    /// The user answered the read-only question with "save anyway": the
    /// file is written keeping its mode (`SaveOptions.overridesReadOnly`).
    public func onConfirmedOverrideReadOnly() async {
        guard case .confirmOverrideReadOnly = destination else { return }
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

    /// The user dismissed the destination.
    public func onDismissed() {
        destination = nil
    }

    /// The alert shown, with its buttons; `nil` when there is none.
    public var alert: AlertState<SessionChoice>? {
        switch destination {
        case .conflict?: SessionAlert.conflict(displayPath: displayPath)
        case .deletedOnDisk?: SessionAlert.deletedOnDisk(displayPath: displayPath)
        case .confirmOverrideReadOnly(let message)?: SessionAlert.overrideReadOnly(message: message)
        case .recovery(let date, let changed)?: SessionAlert.recovery(displayPath: displayPath, date: date, fileChangedSince: changed)
        case nil: nil
        }
    }

    /// The user chose a button of `alert` (or closed it: its `dismissal`).
    public func onChose(_ choice: SessionChoice) async {
        await answer(choice)
    }

    // MARK: Applying edits

    private func refuse(_ message: String) -> Bool {
        notes = [message]
        return false
    }

    /// Applies `edits` to a copy and keeps it when the file still reads
    /// without errors and `check` finds nothing wrong.
    private func perform(_ edits: [TextEdit], select next: YAMLNodeID?, notes: [String], check: (YAMLFileDocument) -> String?) -> Bool {
        guard let current = file.value else { return false }
        if let error = current.diagnostics.first(where: { $0.severity == .error }) {
            return refuse("the file has an error to fix first: line \(error.location.line): \(error.message)")
        }
        var copy = current
        copy.apply(edits)
        if let error = copy.diagnostics.first(where: { $0.severity == .error }) {
            return refuse("the edit would break the file (\(error.message)); nothing was changed")
        }
        if let problem = check(copy) { return refuse(problem) }
        record(edits: edits, before: current, after: copy, selectionAfter: next)
        self.notes = notes
        return true
    }

    private func record(edits: [TextEdit], before: YAMLFileDocument, after: YAMLFileDocument, selectionAfter: YAMLNodeID?) {
        let original = before.bytes
        let inverse = TextEdit.inverses(of: edits, original: { Array(original[$0]) })
        history.record(YAMLChange(edits: edits, inverse: inverse, selectionAfter: selectionAfter), selectionBefore: selection, indexBefore: selectedRow)
        applied(after, select: selectionAfter)
    }

    private func applied(_ document: YAMLFileDocument, select next: YAMLNodeID?) {
        file = .loaded(document)
        lineStartsCache = nil
        if let next, resolve(next) != nil { reveal(next) } else { rebuildRows() }
        select(next.flatMap { resolve($0) != nil ? $0 : nil } ?? visible.first?.id)
        session.textChanged()
    }

    // MARK: Tree

    private struct Found {
        var node: YAMLNode
        /// The key, when the node is a mapping's value.
        var key: YAMLNode?
        /// The mapping or sequence holding the node.
        var parent: YAMLNode?
        /// The dash of a block sequence item or the key, where its row starts.
        var start: Int
    }

    private func resolve(_ id: YAMLNodeID) -> Found? {
        file.value.flatMap { Self.resolve(id, in: $0) }
    }

    private static func resolve(_ id: YAMLNodeID, in file: YAMLFileDocument) -> Found? {
        guard id.document >= 0, id.document < file.documents.count, let root = file.documents[id.document].root else { return nil }
        var found = Found(node: root, key: nil, parent: nil, start: root.range.lowerBound)
        for position in id.positions {
            if let pairs = found.node.pairs, position >= 0, position < pairs.count {
                found = Found(node: pairs[position].value, key: pairs[position].key, parent: found.node, start: pairs[position].key.range.lowerBound)
            } else if let items = found.node.items, position >= 0, position < items.count {
                found = Found(node: items[position], key: nil, parent: found.node, start: items[position].range.lowerBound)
            } else {
                return nil
            }
        }
        return found
    }

    private func isInFlow(_ id: YAMLNodeID) -> Bool {
        var ancestor = id.parent
        while let current = ancestor {
            if resolve(current)?.node.collectionStyle == .flow { return true }
            ancestor = current.parent
        }
        return false
    }

    /// The collection an add goes into: the selection when it is one, else its parent.
    private func targetCollection(mapping: Bool) -> YAMLNodeID? {
        guard let selection, let node = resolve(selection)?.node else { return nil }
        let isTarget: (YAMLNode) -> Bool = { mapping ? $0.pairs != nil : $0.items != nil }
        if isTarget(node) { return selection }
        if let parent = selection.parent, let parentNode = resolve(parent)?.node, isTarget(parentNode) { return parent }
        return nil
    }

    private func rebuildRows() {
        var rows: [VisibleRow] = []
        guard let file = file.value else {
            visible = []
            return
        }
        let several = file.documents.count > 1
        for (index, document) in file.documents.enumerated() {
            let rootID = YAMLNodeID(document: index)
            if several {
                rows.append(VisibleRow(id: rootID, depth: 0, isDocument: true))
                if collapsedDocuments.contains(index) { continue }
            }
            guard let root = document.root else { continue }
            let depth = several ? 1 : 0
            if several && root.pairs == nil && root.items == nil {
                // A scalar or alias document: its document row is its row.
                continue
            }
            if root.pairs != nil || root.items != nil {
                appendChildren(of: root, id: rootID, depth: depth, to: &rows)
            } else {
                rows.append(VisibleRow(id: rootID, depth: depth, isDocument: false))
            }
        }
        visible = rows
    }

    private func appendChildren(of node: YAMLNode, id: YAMLNodeID, depth: Int, to rows: inout [VisibleRow]) {
        // An explicit stack: expanded nesting is bounded by the parser's depth limit, but no recursion is needed.
        var stack: [(YAMLNode, YAMLNodeID, Int)] = []
        func push(_ node: YAMLNode, _ id: YAMLNodeID, _ depth: Int) {
            let children: [YAMLNode] = node.pairs?.map(\.value) ?? node.items ?? []
            for (position, child) in children.enumerated().reversed() { stack.append((child, id.child(position), depth)) }
        }
        push(node, id, depth)
        while let entry = stack.popLast() {
            let (child, childID, childDepth) = entry
            rows.append(VisibleRow(id: childID, depth: childDepth, isDocument: false))
            if expanded.contains(childID), child.pairs?.isEmpty == false || child.items?.isEmpty == false {
                push(child, childID, childDepth + 1)
            }
        }
    }

    private func makeRow(_ found: Found, id: YAMLNodeID, depth: Int, in file: YAMLFileDocument) -> YAMLTreeRow {
        let node = found.node
        let label: String
        if let key = found.key {
            label = key.scalar?.value ?? "(complex key)"
        } else if found.parent != nil, let position = id.positions.last {
            label = "- \(position + 1)"
        } else {
            label = ""
        }
        let kind: YAMLTreeRow.Kind
        var isExpanded: Bool?
        var commentEnd: Int?
        let planner = YAMLSourceEdits(bytes: file.bytes, lineEnding: file.lineEnding)
        switch node.content {
        case .scalar(let scalar):
            kind = .scalar(YAMLValueType(scalar))
            commentEnd = scalar.style == .literal || scalar.style == .folded ? nil : scalar.range.upperBound
        case .alias(let name):
            kind = .alias(name)
            commentEnd = node.range.upperBound
        case .mapping(let pairs):
            kind = .mapping(count: pairs.count)
            if !pairs.isEmpty { isExpanded = expanded.contains(id) }
        case .sequence(let items):
            kind = .sequence(count: items.count)
            if !items.isEmpty { isExpanded = expanded.contains(id) }
        }
        if node.pairs != nil || node.items != nil {
            if node.collectionStyle == .flow {
                commentEnd = node.range.upperBound
            } else if let key = found.key {
                commentEnd = planner.indicator(0x3A, after: key.range.upperBound).map { $0 + 1 }
            }
        }
        var start = found.start
        if found.key == nil, found.parent?.collectionStyle == .block, let dash = planner.dashBefore(start) { start = dash }
        return YAMLTreeRow(
            id: id, depth: depth, label: label, kind: kind, summary: Self.summary(node), isExpanded: isExpanded,
            anchor: node.anchor, tag: node.tag, comments: planner.comments(start: start, end: commentEnd), line: line(of: start))
    }

    private static func summary(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let scalar): scalar.value.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        case .alias(let name): "*\(name)"
        case .mapping(let pairs): pairs.count == 1 ? "{1 key}" : "{\(pairs.count) keys}"
        case .sequence(let items): items.count == 1 ? "[1 item]" : "[\(items.count) items]"
        }
    }

    /// Line (from 1) of a byte offset, through a table of line starts made once per version of the file.
    private func line(of offset: Int) -> Int {
        let starts: [Int]
        if let cached = lineStartsCache {
            starts = cached
        } else {
            var found = [0]
            let bytes = file.value?.bytes ?? []
            var index = 0
            while index < bytes.count {
                if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { found.append(index + 1) }
                index += 1
            }
            lineStartsCache = found
            starts = found
        }
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }
}

extension YAMLDocumentModel: SessionQuestionAnswering {}

extension YAMLDocumentModel: DocumentSessionOwner {
    public var sessionBytes: [UInt8]? { file.value?.bytes }

    public var sessionRevision: Int { history.revision }

    public var sessionIsDirty: Bool { isDirty }

    public var sessionPendingValues: [JournalEntry.PendingValue] { [] }

    public func sessionWillSave() {}

    public func sessionDidSave(_ bytes: [UInt8], revision: Int) {
        history.markSaved(revision)
        documentSaved(url, bytes)
    }

    public func sessionDidKeepCopy(_ copy: URL, _ bytes: [UInt8]) {
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
