import Foundation
import Observation
import TileditModel
import TileditServices

/// The application: the workspace session (closed, opening, open, failed),
/// the document list, the open document's editor and preview, and the
/// screens over them (search, settings, alerts). Quitting with unsaved
/// changes asks first.
@Observable @MainActor
public final class AppModel {
    /// The workspace session.
    public enum Session: Equatable, Sendable {
        case closed
        case opening(path: String)
        case open(root: URL)
        case failed(ViewError)

        public var root: URL? {
            if case .open(let root) = self { return root }
            return nil
        }
    }

    /// What the app shows over the panes.
    public enum Destination: Equatable {
        case search(SearchModel)
        case settings(SettingsModel)
        /// Unsaved documents: save them, discard them, or stay.
        case confirmQuit(unsavedPaths: [String])
        /// Documents with edits left by an earlier session: restore or discard.
        case recoverEdits(RecoveryList)
        /// What the start-up check did with files interrupted saves left.
        case interruptedSaves([InterruptedSave])
        case alert(ViewError)

        public static func == (lhs: Destination, rhs: Destination) -> Bool {
            switch (lhs, rhs) {
            case (.search(let a), .search(let b)): a === b
            case (.settings(let a), .settings(let b)): a === b
            case (.confirmQuit(let a), .confirmQuit(let b)): a == b
            case (.recoverEdits(let a), .recoverEdits(let b)): a == b
            case (.interruptedSaves(let a), .interruptedSaves(let b)): a == b
            case (.alert(let a), .alert(let b)): a == b
            default: false
            }
        }

        public var recoverEdits: RecoveryList? {
            if case .recoverEdits(let list) = self { return list }
            return nil
        }

        public var interruptedSaves: [InterruptedSave]? {
            if case .interruptedSaves(let saves) = self { return saves }
            return nil
        }

        public var search: SearchModel? {
            if case .search(let model) = self { return model }
            return nil
        }

        public var settings: SettingsModel? {
            if case .settings(let model) = self { return model }
            return nil
        }

        public var confirmQuit: [String]? {
            if case .confirmQuit(let paths) = self { return paths }
            return nil
        }

        public var alert: ViewError? {
            if case .alert(let error) = self { return error }
            return nil
        }
    }

    /// Everything the app uses from outside, injected by the executable.
    public struct Dependencies: Sendable {
        public var workspace: WorkspaceClient
        public var store: DocumentStore
        public var search: SearchClient
        public var rendering: RenderingClient
        public var settings: SettingsClient
        public var clock: any Clock<Duration>
        public var fileSystem: FileSystem
        public var catalog: TileCatalog
        /// How often the open document is compared with the file on disk; `nil` never.
        public var diskCheckInterval: Duration?

        public init(
            workspace: WorkspaceClient, store: DocumentStore, search: SearchClient, rendering: RenderingClient,
            settings: SettingsClient, clock: any Clock<Duration>, fileSystem: FileSystem, catalog: TileCatalog = .builtIn,
            diskCheckInterval: Duration? = .seconds(2)
        ) {
            self.workspace = workspace
            self.store = store
            self.search = search
            self.rendering = rendering
            self.settings = settings
            self.clock = clock
            self.fileSystem = fileSystem
            self.catalog = catalog
            self.diskCheckInterval = diskCheckInterval
        }
    }

    /// The workspace session.
    public private(set) var session = Session.closed
    /// The document list, once a workspace is opening or open.
    public private(set) var documents: DocumentListModel?
    /// The open document's editor.
    public private(set) var editor: DocumentEditorModel?
    /// The YAML file open in the editor (`.yml`, `.yaml`), when the open
    /// document is one; `editor` is then `nil`.
    public private(set) var yamlEditor: YAMLDocumentModel?
    /// The preview of the open document.
    public let preview: PreviewModel
    /// What the app shows over the panes.
    public private(set) var destination: Destination?
    /// The editor settings in effect.
    public private(set) var settings = Settings()
    /// Set when the user quit; the renderer exits.
    public private(set) var hasQuit = false

    @ObservationIgnored private let dependencies: Dependencies
    /// Editors opened in this session, by path, so switching documents keeps unsaved edits.
    @ObservationIgnored private var editors: [String: DocumentEditorModel] = [:]
    /// YAML editors opened in this session, by path.
    @ObservationIgnored private var yamlEditors: [String: YAMLDocumentModel] = [:]
    /// Index building and disk checks (tests await them).
    @ObservationIgnored private(set) var indexTask: Task<Void, Never>?
    /// The document list catching up with the last save (tests await it).
    @ObservationIgnored private(set) var savedSummaryTask: Task<Void, Never>?
    @ObservationIgnored private var watchTask: Task<Void, Never>?
    /// Search index updates after saves and closes, one after another in
    /// the order they were asked for (tests await the last).
    @ObservationIgnored private(set) var indexUpdateTask: Task<Void, Never>?
    /// Opening a chosen search result; a newer choice replaces it.
    @ObservationIgnored private var openResultTask: Task<Void, Never>?
    /// A destination waiting behind the one shown (the recoverable edits
    /// behind the interrupted saves found at start-up).
    @ObservationIgnored private var queuedDestination: Destination?

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
        preview = PreviewModel(rendering: dependencies.rendering, clock: dependencies.clock)
    }

    deinit {
        indexTask?.cancel()
        watchTask?.cancel()
        indexUpdateTask?.cancel()
        openResultTask?.cancel()
        savedSummaryTask?.cancel()
    }

    /// Runs `work` on the search index after every update asked for before it.
    private func updateIndex(_ work: @escaping @Sendable () async -> Void) {
        let previous = indexUpdateTask
        indexUpdateTask = Task {
            await previous?.value
            await work()
        }
    }

    /// Ends the session: every task this model started stops, then the renderer exits.
    private func quit() {
        indexTask?.cancel()
        watchTask?.cancel()
        indexUpdateTask?.cancel()
        openResultTask?.cancel()
        hasQuit = true
    }

    // MARK: Derived state

    /// Paths of open documents with unsaved edits.
    public var unsavedPaths: [String] {
        (editors.values.filter(\.isDirty).map(\.displayPath) + yamlEditors.values.filter(\.isDirty).map(\.displayPath)).sorted()
    }

    /// The catalog in the user's order.
    public var catalog: TileCatalog { dependencies.catalog.ordered(by: settings.catalogOrder) }

    // MARK: Opening

    /// Opens `path` (a folder as the workspace, or a file with the folder
    /// around it), relative to `currentDirectory`.
    public func onAppeared(path: String?, currentDirectory: URL) async {
        let target = path.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : currentDirectory.appendingPathComponent($0) } ?? currentDirectory
        session = .opening(path: path ?? ".")
        settings = (try? await dependencies.settings.load()) ?? Settings()
        let (root, file) = await workspaceRoot(for: target.standardizedFileURL)
        // Before the documents are read: a document an interrupted save
        // left incomplete is restored from its backup first.
        let interrupted = await dependencies.store.recoverInterruptedSaves(root)
        let list = DocumentListModel(
            root: root, workspace: dependencies.workspace, store: dependencies.store,
            open: { [weak self] path in await self?.openDocument(path) },
            deleted: { [weak self] path in self?.closeDocument(path) },
            hasUnsavedEdits: { [weak self] path in self?.unsavedPaths.contains(path) ?? false })
        documents = list
        await list.onAppeared()
        switch list.workspace {
        case .failed(let error):
            session = .failed(error)
            return
        default:
            session = .open(root: root)
        }
        startWatching()
        await listRecoverableEdits(root: root)
        if !interrupted.isEmpty {
            queuedDestination = destination
            destination = .interruptedSaves(interrupted)
        }
        if let file {
            if list.workspace.value?.document(at: file) == nil {
                destination = .alert(ViewError("Tiledit cannot open \(file): only Markdown (.md) and YAML (.yml, .yaml) documents open. Its folder is open instead."))
            } else {
                await list.onSelectedDocument(file)
            }
        } else if let first = list.visibleDocuments.first(where: { $0.isReadable && $0.kind == .markdown }) {
            await list.onSelectedDocument(first.path)
        }
        // After the first document is open: the build reads and tokenizes
        // every file on every core, and would otherwise slow the parse the
        // first frame waits for.
        if let workspace = list.workspace.value {
            let search = dependencies.search
            indexTask = Task { try? await search.build(workspace) }
        }
    }

    /// The workspace root for a path: a folder is its own root; a file's
    /// root is the nearest folder above it with `tiledown.yml`, else its folder.
    private func workspaceRoot(for url: URL) async -> (URL, String?) {
        let fileSystem = dependencies.fileSystem
        guard let status = try? fileSystem.status(url), status.kind != .folder else { return (url, nil) }
        var folder = url.deletingLastPathComponent()
        var candidate = folder
        while candidate.path != "/" {
            if (try? fileSystem.status(candidate.appendingPathComponent("tiledown.yml"))) != nil {
                folder = candidate
                break
            }
            candidate.deleteLastPathComponent()
        }
        let relative = url.path.hasPrefix(folder.path + "/") ? String(url.path.dropFirst(folder.path.count + 1)) : url.lastPathComponent
        return (folder, relative)
    }

    // MARK: Recovery

    /// Lists the workspace's documents that have edits in the journal.
    private func listRecoverableEdits(root: URL) async {
        guard let entries = try? await dependencies.store.pendingJournals(), let workspace = documents?.workspace.value else { return }
        var items: [RecoveryList.Item] = []
        for entry in entries {
            guard let path = entry.documentURL.relativePath(in: root), workspace.document(at: path) != nil else { continue }
            let onDisk = try? await dependencies.store.load(entry.documentURL)
            items.append(RecoveryList.Item(
                path: path, date: entry.date, fileChangedSince: entry.baseHash != nil && onDisk?.hash != entry.baseHash,
                pendingValueCount: entry.pendingValues.count))
        }
        if !items.isEmpty { destination = .recoverEdits(RecoveryList(items: items)) }
    }

    /// The user moved the selection in the list of recoverable edits.
    public func onMovedRecoverySelection(by offset: Int) {
        guard var list = destination?.recoverEdits, !list.items.isEmpty else { return }
        list.selection = Swift.max(0, Swift.min(list.items.count - 1, list.selection + offset))
        destination = .recoverEdits(list)
    }

    /// The user restored (the document opens with the edits) or discarded
    /// the selected document's recoverable edits.
    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard let list = destination?.recoverEdits, let item = list.selected, let root = session.root else { return }
        destination = list.removingSelected().map { .recoverEdits($0) }
        switch choice {
        case .restore:
            await documents?.onSelectedDocument(item.path)
            if let editor, editor.displayPath == item.path, editor.destination?.recovery != nil {
                await editor.onChoseRecovery(.restore)
            }
        case .discard:
            try? await dependencies.store.clearJournal(root.appendingPathComponent(item.path))
            if let editor = editors[item.path], editor.destination?.recovery != nil { editor.onDismissed() }
        }
    }

    /// Opens the document at `path` (relative to the workspace) in the editor.
    func openDocument(_ path: String) async {
        guard let root = session.root ?? documents?.root else { return }
        if let existing = yamlEditors[path] {
            editor = nil
            yamlEditor = existing
            preview.onChangedDocument(nil)
            return
        }
        if let existing = editors[path] {
            editor = existing
            yamlEditor = nil
            preview.onChangedDocument(existing.document.value, immediately: true)
            return
        }
        let url = root.appendingPathComponent(path)
        let summary = documents?.workspace.value?.document(at: path)
        if let summary, case .unreadable(let problem) = summary.readability {
            destination = .alert(ViewError(problem.message(path: path)))
            return
        }
        if summary?.kind == .yaml {
            await openYAML(path, url: url)
            return
        }
        let dialect = summary?.dialect ?? FrontMatterDialectRule.dialect(forFileAt: url, workspaceRoot: root, fileSystem: dependencies.fileSystem)
        let opened = DocumentEditorModel(
            url: url, displayPath: path, dialect: dialect, dependencies: editorDependencies(),
            documentChanged: { [weak self] document, immediately in
                guard let self, self.editor?.url == url else { return }
                self.preview.onChangedDocument(document, immediately: immediately)
            },
            documentSaved: { [weak self] url, bytes in self?.documentSaved(url, bytes) })
        editors[path] = opened
        editor = opened
        yamlEditor = nil
        await opened.onAppeared()
        preview.onChangedDocument(opened.document.value, immediately: true)
    }

    /// Opens the YAML file at `path` in a YAML editor (its tree in the blocks
    /// pane, its selected value in the inspector; no preview).
    private func openYAML(_ path: String, url: URL) async {
        let opened = YAMLDocumentModel(
            url: url, displayPath: path, dependencies: .init(store: dependencies.store, clock: dependencies.clock),
            documentSaved: { [weak self] url, bytes in self?.documentSaved(url, bytes) })
        yamlEditors[path] = opened
        editor = nil
        yamlEditor = opened
        preview.onChangedDocument(nil)
        await opened.onAppeared()
    }

    /// A document (Markdown or YAML) was written: the search index and the
    /// document list take in `bytes`, one save after another in save order.
    private func documentSaved(_ url: URL, _ bytes: [UInt8]) {
        guard let root = session.root ?? documents?.root else { return }
        let relative = url.relativePath(in: root) ?? url.lastPathComponent
        let search = dependencies.search
        updateIndex { await search.update(relative, bytes) }
        let list = documents
        // In the order of the saves: a later summary never lands before an earlier one.
        let previous = savedSummaryTask
        savedSummaryTask = Task {
            await previous?.value
            await list?.onSavedDocument(relative)
        }
    }

    private func editorDependencies() -> DocumentEditorModel.Dependencies {
        DocumentEditorModel.Dependencies(
            store: dependencies.store, clock: dependencies.clock, catalog: catalog,
            formatOnSave: settings.formatOnSave,
            autosaveDelay: settings.autosaveDelay)
    }

    private func closeDocument(_ path: String) {
        editors[path] = nil
        yamlEditors[path] = nil
        if yamlEditor?.displayPath == path { yamlEditor = nil }
        if editor?.displayPath == path {
            editor = nil
            preview.onChangedDocument(nil)
        }
        let search = dependencies.search
        updateIndex { await search.remove(path) }
    }

    /// Compares the open document with the file on disk now and then.
    private func startWatching() {
        watchTask?.cancel()
        guard let interval = dependencies.diskCheckInterval else { return }
        let clock = dependencies.clock
        let first = clock.sleeper(for: interval)
        watchTask = Task { [weak self] in
            var wait = first
            while !Task.isCancelled {
                do { try await wait() } catch { return }
                await self?.editor?.onCheckedDisk()
                await self?.yamlEditor?.onCheckedDisk()
                wait = clock.sleeper(for: interval)
            }
        }
    }

    // MARK: Screens

    /// Opens the search screen.
    public func onTappedSearch() {
        let model = SearchModel(search: dependencies.search, clock: dependencies.clock) { [weak self] result in
            guard let self else { return }
            self.openResultTask?.cancel()
            self.openResultTask = Task { await self.openResult(result) }
        }
        destination = .search(model)
    }

    /// Opens a search result: the document, with the matched block selected.
    func openResult(_ result: SearchResult) async {
        destination = nil
        await documents?.onSelectedDocument(result.path)
        editor?.onSelectedLine(result.line)
    }

    /// Opens the settings screen.
    public func onTappedSettings() {
        let model = SettingsModel(client: dependencies.settings) { [weak self] settings in
            guard let self else { return }
            self.settings = settings
            // Open documents follow at once, not only those opened later.
            for editor in self.editors.values {
                editor.onChangedSettings(formatOnSave: settings.formatOnSave, autosaveDelay: settings.autosaveDelay)
            }
        }
        destination = .settings(model)
    }

    /// The alert shown over the panes, with its buttons; `nil` when there is
    /// none or the destination is a sheet.
    public var alert: AlertState<AppAlertChoice>? { destination.flatMap(AppAlert.alert) }

    /// The user chose a button of `alert` (or closed it: its `dismissal`).
    public func onChose(_ choice: AppAlertChoice) async {
        switch choice {
        case .quit(let saving): await onConfirmedQuit(saving: saving)
        case .dismiss: onDismissed()
        }
    }

    /// Closes the screen shown over the panes (the one queued behind it,
    /// if any, comes up).
    public func onDismissed() {
        destination = queuedDestination
        queuedDestination = nil
    }

    // MARK: Quitting

    /// The process was asked to end (SIGTERM, SIGHUP): the journal gets
    /// every document's latest edits, then the app quits.
    public func onReceivedTermination() async {
        await flushJournals()
        quit()
    }

    /// Waits until the journal holds every open document's latest edits.
    func flushJournals() async {
        for editor in editors.values { await editor.flushJournal() }
        for editor in yamlEditors.values { await editor.session.journal.flush() }
    }

    /// Quits, or asks first when documents have unsaved edits.
    public func onTappedQuit() {
        let unsaved = unsavedPaths
        if unsaved.isEmpty {
            quit()
        } else {
            destination = .confirmQuit(unsavedPaths: unsaved)
        }
    }

    /// The user answered the quit confirmation.
    ///
    /// - Parameter saving: save every unsaved document first (quitting only
    ///   when all saves succeed), or discard the edits.
    public func onConfirmedQuit(saving: Bool) async {
        guard destination?.confirmQuit != nil else { return }
        destination = nil
        let dirty = editors.values.filter(\.isDirty)
        let dirtyYAML = yamlEditors.values.filter(\.isDirty)
        if saving {
            for editor in dirtyYAML { await editor.onTappedSave() }
            if let failed = dirtyYAML.first(where: \.isDirty) {
                destination = .alert(ViewError("Could not save \(failed.displayPath) (\(failed.notes.first ?? "changed on disk or not writable")); nothing was quit."))
                return
            }
            for editor in dirty { await editor.onTappedSave() }
            let failed = dirty.filter(\.isDirty)
            if !failed.isEmpty {
                // Each with its reason: a conflict with the disk, or the save's error.
                let reasons = failed.map { editor in
                    switch editor.saveState {
                    case .conflict: "\(editor.displayPath) (changed on disk: choose reload, overwrite or keep both)"
                    case .failed(let error): "\(editor.displayPath) (\(error.message))"
                    default:
                        // Saved, but values typed and not applied are not in the file.
                        "\(editor.displayPath) (not applied: \(editor.pendingDescriptions.joined(separator: "; ")); fix or discard them)"
                    }
                }
                destination = .alert(ViewError("Could not save \(reasons.joined(separator: ", ")); nothing was quit."))
                return
            }
        } else {
            for editor in dirty { await editor.discardEdits() }
            // The journal forgets their edits, so the next start offers nothing to recover.
            for editor in dirtyYAML { await editor.session.discardJournal() }
        }
        quit()
    }
}
