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
    public typealias Session = WorkspaceSession

    /// What the app shows over the panes.
    public typealias Destination = AppDestination

    /// Everything the app uses from outside, injected by the executable.
    public typealias Dependencies = AppDependencies

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
    /// What the preview pane says in place of a preview, `nil` while a
    /// Markdown document is open: a YAML file has none, and with nothing
    /// open there is nothing to show.
    public var previewPlaceholder: String? {
        if editor != nil { return nil }
        return yamlEditor != nil ? "YAML files have no preview" : "No document open"
    }
    /// What the app shows over the panes.
    public internal(set) var destination: Destination?
    /// The editor settings in effect.
    public private(set) var settings = Settings()
    /// Set when the user quit; the renderer exits.
    public internal(set) var hasQuit = false

    @ObservationIgnored private let dependencies: Dependencies
    /// Editors opened in this session, by path.
    @ObservationIgnored let opened: OpenEditors
    /// The search index and the document list following the workspace
    /// (tests await its tasks).
    @ObservationIgnored let indexing: SearchCoordinator
    /// The disk check and opening a chosen search result.
    @ObservationIgnored var tasks = OwnedTasks<Job>()
    /// A destination waiting behind the one shown (the recoverable edits
    /// behind the interrupted saves found at start-up).
    @ObservationIgnored private var queuedDestination: Destination?

    enum Job: Hashable, Sendable {
        case diskCheck, openResult
    }

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
        preview = PreviewModel(rendering: dependencies.rendering, clock: dependencies.clock)
        indexing = SearchCoordinator(search: dependencies.search)
        opened = OpenEditors(store: dependencies.store, clock: dependencies.clock)
    }

    deinit {
        tasks.cancelAll()
    }

    /// Paths of open documents with unsaved edits.
    public var unsavedPaths: [String] { opened.quitWork.unsavedPaths }

    /// The catalog in the user's order.
    public var catalog: TileCatalog { dependencies.catalog.ordered(by: settings.catalogOrder) }

    /// Opens `path` (a folder as the workspace, or a file with the folder
    /// around it), relative to `currentDirectory`.
    public func onAppeared(path: String?, currentDirectory: URL) async {
        session = .opening(path: path ?? ".")
        settings = (try? await dependencies.settings.load()) ?? Settings()
        let start = WorkspaceStart(fileSystem: dependencies.fileSystem, store: dependencies.store)
        let (root, file) = start.root(for: WorkspaceStart.target(path, in: currentDirectory))
        // Before the documents are read: a document an interrupted save
        // left incomplete is restored from its backup first.
        let interrupted = await dependencies.store.recoverInterruptedSaves(root)
        let list = DocumentListModel(
            root: root, workspace: dependencies.workspace, store: dependencies.store, renamer: dependencies.renamer,
            open: { [weak self] path in await self?.openDocument(path) },
            deleted: { [weak self] path in self?.closeDocument(path) },
            hasUnsavedEdits: { [weak self] path in self?.unsavedPaths.contains(path) ?? false },
            renamed: { [weak self] applied, undone in await self?.followRename(applied, undone: undone) },
            summarizesOnAppear: false)
        documents = list
        opened.workspaceRoot = root
        await list.onAppeared()
        if case .failed(let error) = list.workspace {
            session = .failed(error)
            return
        }
        session = .open(root: root)
        startWatching()
        let edits: RecoveryList? = if let workspace = list.workspace.value { await start.recoverableEdits(root: root, workspace: workspace) } else { nil }
        // The interrupted saves come first; the recoverable edits wait behind them.
        (destination, queuedDestination) = interrupted.isEmpty
            ? (edits.map { .recoverEdits($0) }, nil) : (.interruptedSaves(interrupted), edits.map { .recoverEdits($0) })
        switch await WorkspaceStart.firstDocument(file, in: list, readability: dependencies.workspace.readability) {
        case .success(let first?): await list.onSelectedDocument(first)
        case .success(nil): break
        case .failure(let problem): destination = .alert(problem)
        }
        // After the first document is open (its summary came from the
        // editor's parse): the summaries and the index build read every file
        // on every core, and would otherwise slow the parse the first frame
        // waits for.
        list.listing.summarizeRemaining()
        reindex()
    }

    /// The user moved the selection in the list of recoverable edits.
    public func onMovedRecoverySelection(by offset: Int) {
        guard let list = destination?.recoverEdits, !list.items.isEmpty else { return }
        destination = .recoverEdits(list.movingSelection(by: offset))
    }

    /// The user restored (the document opens with the edits) or discarded
    /// the selected document's recoverable edits.
    public func onChoseRecovery(_ choice: RecoveryChoice) async {
        guard let list = destination?.recoverEdits, let item = list.selected, let root = session.root else { return }
        destination = list.removingSelected().map { .recoverEdits($0) }
        if choice == .restore { await documents?.onSelectedDocument(item.path) }
        await opened.choseRecovery(choice, of: item.path, under: root)
    }

    /// Opens the document at `path` (relative to the workspace) in the
    /// editor that fits it (`DocumentOpening`), or says why it cannot.
    func openDocument(_ path: String) async {
        guard let root = session.root ?? documents?.root else { return }
        if opened.yaml[path] != nil || opened.markdown[path] != nil { return show(opened.markdown[path], opened.yaml[path]) }
        let outcome = await DocumentOpening(opened: opened, dependencies: dependencies).open(
            path, root: root, list: documents, settings: settings, catalog: catalog,
            changed: { [weak self] url, document, immediately in
                guard let self, self.editor?.url == url else { return }
                self.preview.onChangedDocument(document, immediately: immediately)
            },
            saved: { [weak self] url, bytes in self?.documentSaved(url, bytes) })
        switch outcome {
        case .refused(let error):
            destination = .alert(error)
        case .yaml(let yaml):
            show(nil, yaml)
            await yaml.onAppeared()
            // As for Markdown: the list's row from the editor's read, not a second one.
            if let summary = opened.parsedSummary(path, root: root) { documents?.listing.take([summary]) }
        case .markdown(let editor):
            let url = editor.url
            editor.edits.selectionChanged = { [weak self] index in
                guard let self, self.editor?.url == url else { return }
                self.preview.onSelectedBlock(index)
            }
            show(editor, nil)
            await editor.onAppeared()
            preview.onChangedDocument(editor.document.value, immediately: true)
            // The list's row from the editor's parse: the file is not parsed twice.
            if let summary = opened.parsedSummary(path, root: root) { documents?.listing.take([summary]) }
        }
    }

    /// Puts the Markdown or the YAML editor in the editor's place; the preview follows.
    private func show(_ markdown: DocumentEditorModel?, _ yaml: YAMLDocumentModel?) {
        editor = markdown
        yamlEditor = yaml
        preview.onChangedDocument(markdown?.document.value, immediately: true)
        preview.onSelectedBlock(markdown?.selectedIndex)
    }

    /// A document (Markdown or YAML) was written, or read again after
    /// another program changed it: the search index and the document list
    /// take in `bytes` (only this document), one after another in order; an
    /// open document's row (Markdown or YAML) comes from its editor's read.
    private func documentSaved(_ url: URL, _ bytes: [UInt8]) {
        // A conflict copy in the hidden `.tiledit/conflicts/` is no document of the workspace.
        guard let root = session.root ?? documents?.root, let path = url.relativePath(in: root), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return }
        let parsed = opened.bytes(path) == bytes ? opened.parsedSummary(path, root: root) : nil
        indexing.saved(path, bytes, summary: parsed, list: documents)
    }

    /// A rename was made or undone: editors, the index and the document shown follow (`RenameFollowing`).
    private func followRename(_ applied: AppliedRename, undone: Bool) async {
        let shown = (path: editor?.displayPath ?? yamlEditor?.displayPath, index: editor?.selectedIndex)
        let move = await RenameFollowing.follow(applied, undone: undone, opened: opened, indexing: indexing) { closeDocument($0) }
        guard let path = shown.path.flatMap(move.mapped) else { return }
        await documents?.onSelectedDocument(path)
        editor?.onMovedSelection(by: shown.index ?? 0)
    }

    private func closeDocument(_ path: String) {
        opened.close(path)
        if yamlEditor?.displayPath == path { yamlEditor = nil }
        if editor?.displayPath == path {
            editor = nil
            preview.onChangedDocument(nil)
        }
        indexing.removed(path)
    }

    /// Compares the open document with the file on disk now and then, and
    /// the folder with the document list (`onCheckedFolder`): the list and
    /// the search index follow outside changes without `R`.
    private func startWatching() {
        guard let interval = dependencies.diskCheckInterval else { return }
        tasks.replace(.diskCheck, with: DiskCheck.every(interval, on: dependencies.clock) { [weak self] in
            await self?.editor?.onCheckedDisk()
            await self?.yamlEditor?.onCheckedDisk()
            if await self?.documents?.onCheckedFolder() == true { await self?.reindex() }
        })
    }

    /// The index reads again the files that changed (the open clean
    /// documents' bytes from their editors).
    private func reindex() {
        if let workspace = documents?.workspace.value { indexing.build(workspace, openDocuments: opened.cleanDocuments()) }
    }

    /// The user asked to read the folder again (files changed outside the
    /// editor): the list is read again and summarized, the open document
    /// compared with its file (read again when it changed and has no unsaved
    /// edits), and the search index reads again only the files that changed.
    public func onRefreshed() async {
        await documents?.onRefreshed()
        await editor?.onCheckedDisk()
        await yamlEditor?.onCheckedDisk()
        reindex()
    }

    /// Opens the search screen.
    public func onTappedSearch() {
        let model = SearchModel(search: dependencies.search, clock: dependencies.clock) { [weak self] result in
            self?.tasks.replace(.openResult) { [weak self] in await self?.openResult(result) }
        }
        destination = .search(model)
    }

    /// Opens a search result: the document, with the matched block (in a
    /// YAML file, the matched node) selected.
    func openResult(_ result: SearchResult) async {
        destination = nil
        await documents?.onSelectedDocument(result.path)
        editor?.onSelectedLine(result.line)
        yamlEditor?.onSelectedLine(result.line)
    }

    /// Opens the settings screen.
    public func onTappedSettings() {
        let model = SettingsModel(client: dependencies.settings, catalog: dependencies.catalog) { [weak self] settings in
            self?.settings = settings
            self?.opened.apply(settings)
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
}
