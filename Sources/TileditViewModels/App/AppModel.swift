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
    /// What the app shows over the panes.
    public private(set) var destination: Destination?
    /// The editor settings in effect.
    public private(set) var settings = Settings()
    /// Set when the user quit; the renderer exits.
    public private(set) var hasQuit = false

    @ObservationIgnored private let dependencies: Dependencies
    /// Editors opened in this session, by path.
    @ObservationIgnored private let opened: OpenEditors
    /// The search index and the document list following the workspace.
    @ObservationIgnored private let indexing: SearchCoordinator
    /// The disk check and opening a chosen search result.
    @ObservationIgnored private var tasks = OwnedTasks<Job>()
    /// A destination waiting behind the one shown (the recoverable edits
    /// behind the interrupted saves found at start-up).
    @ObservationIgnored private var queuedDestination: Destination?

    private enum Job: Hashable, Sendable {
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

    /// Index building (tests await it).
    var indexTask: Task<Void, Never>? { indexing.buildTask }
    /// The document list's background summaries (tests await it).
    var summaryTask: Task<Void, Never>? { documents?.listing.summaryTask }
    /// The document list catching up with the last save (tests await it).
    var savedSummaryTask: Task<Void, Never>? { indexing.listUpdateTask }
    /// The search index catching up with the last save or close (tests await it).
    var indexUpdateTask: Task<Void, Never>? { indexing.indexUpdateTask }

    /// Ends the session: every task this model started stops, then the renderer exits.
    private func quit() {
        tasks.cancelAll()
        indexing.cancelAll()
        documents?.listing.stopSummarizing()
        hasQuit = true
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
        if let workspace = list.workspace.value, let edits = await start.recoverableEdits(root: root, workspace: workspace) {
            destination = .recoverEdits(edits)
        }
        if !interrupted.isEmpty {
            queuedDestination = destination
            destination = .interruptedSaves(interrupted)
        }
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
        if let workspace = list.workspace.value { indexing.build(workspace, openDocuments: cleanOpenDocuments()) }
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
        switch choice {
        case .restore:
            await documents?.onSelectedDocument(item.path)
            if let editor, editor.displayPath == item.path, editor.destination?.recovery != nil {
                await editor.onChoseRecovery(.restore)
            }
        case .discard:
            try? await dependencies.store.clearJournal(root.appendingPathComponent(item.path))
            if let editor = opened.markdown[item.path], editor.destination?.recovery != nil { editor.onDismissed() }
        }
    }

    /// Opens the document at `path` (relative to the workspace) in the editor.
    func openDocument(_ path: String) async {
        guard let root = session.root ?? documents?.root else { return }
        if opened.yaml[path] != nil || opened.markdown[path] != nil { return show(opened.markdown[path], opened.yaml[path]) }
        let url = root.appendingPathComponent(path)
        var summary = documents?.document(at: path)
        if let listed = summary, !listed.isSummarized, case .unreadable(let problem) = await dependencies.workspace.readability(url) {
            // Not summarized yet: checked (not parsed) before an editor opens it.
            summary = DocumentSummary(path: path, kind: listed.kind, title: listed.title, size: 0, readability: .unreadable(problem))
            if let summary { documents?.listing.take([summary]) }
        }
        if let summary, case .unreadable(let problem) = summary.readability {
            destination = .alert(ViewError(problem.message(path: path)))
            return
        }
        // YAML files and `tiledown.yml` (read as Tiledown's flat lines) open in the YAML editor.
        if summary?.kind == .yaml || summary?.kind == .siteConfig {
            await openYAML(path, url: url)
            return
        }
        let dialect = summary?.dialect ?? FrontMatterDialectRule.dialect(forFileAt: url, workspaceRoot: root, fileSystem: dependencies.fileSystem)
        let editor = opened.openMarkdown(
            url: url, displayPath: path, dialect: dialect, settings: settings, catalog: catalog,
            changed: { [weak self] document, immediately in
                guard let self, self.editor?.url == url else { return }
                self.preview.onChangedDocument(document, immediately: immediately)
            },
            saved: { [weak self] url, bytes in self?.documentSaved(url, bytes) })
        show(editor, nil)
        await editor.onAppeared()
        preview.onChangedDocument(editor.document.value, immediately: true)
        // The list's row from the editor's parse: the file is not parsed twice.
        if let summary = parsedSummary(path) { documents?.listing.take([summary]) }
    }

    /// The summary of the Markdown document open at `path`, from its editor's
    /// parse (`nil` when it is not open, or not loaded).
    private func parsedSummary(_ path: String) -> DocumentSummary? {
        guard let root = session.root ?? documents?.root, let document = opened.markdown[path]?.document.value else { return nil }
        return DocumentSummary(parsed: document, path: path, rootName: root.standardizedFileURL.lastPathComponent)
    }

    /// Puts the Markdown or the YAML editor in the editor's place; the preview follows.
    private func show(_ markdown: DocumentEditorModel?, _ yaml: YAMLDocumentModel?) {
        editor = markdown
        yamlEditor = yaml
        preview.onChangedDocument(markdown?.document.value, immediately: true)
    }

    /// Opens the YAML file at `path` in a YAML editor (its tree in the blocks
    /// pane, its selected value in the inspector; no preview).
    private func openYAML(_ path: String, url: URL) async {
        let yaml = opened.openYAML(url: url, displayPath: path) { [weak self] url, bytes in self?.documentSaved(url, bytes) }
        show(nil, yaml)
        await yaml.onAppeared()
    }

    /// A document (Markdown or YAML) was written, or read again after
    /// another program changed it: the search index and the document list
    /// take in `bytes` (only this document), one after another in order; a
    /// Markdown document's row comes from its editor's parse.
    private func documentSaved(_ url: URL, _ bytes: [UInt8]) {
        // A conflict copy in the hidden `.tiledit/conflicts/` is no document of the workspace.
        guard let root = session.root ?? documents?.root, let path = url.relativePath(in: root), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return }
        let parsed = opened.markdown[path]?.document.value?.bytes == bytes ? parsedSummary(path) : nil
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
            await self?.followFolder()
        })
    }

    /// The folder changed outside the editor: the list follows, and the
    /// index reads again only the files that changed.
    func followFolder() async {
        guard let documents, await documents.onCheckedFolder(), let workspace = documents.workspace.value else { return }
        indexing.build(workspace, openDocuments: cleanOpenDocuments())
    }

    /// The user asked to read the folder again (files changed outside the
    /// editor): the list is read again and summarized, the open document
    /// compared with its file (read again when it changed and has no unsaved
    /// edits), and the search index reads again only the files that changed.
    public func onRefreshed() async {
        await documents?.onRefreshed()
        await editor?.onCheckedDisk()
        await yamlEditor?.onCheckedDisk()
        if let workspace = documents?.workspace.value { indexing.build(workspace, openDocuments: cleanOpenDocuments()) }
    }

    /// The bytes of the open Markdown documents without unsaved edits, by
    /// path (the file's bytes, as their editors hold them: the index shares
    /// them instead of reading the files again).
    private func cleanOpenDocuments() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (path, editor) in opened.markdown where !editor.isDirty {
            if let document = editor.document.value { result[path] = document.bytes }
        }
        return result
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

    /// The process was asked to end (SIGTERM, SIGHUP): the journal gets
    /// every document's latest edits, then the app quits.
    public func onReceivedTermination() async {
        await flushJournals()
        quit()
    }

    /// Waits until the journal holds every open document's latest edits.
    func flushJournals() async {
        await opened.quitWork.flushJournals()
    }

    /// Quits, or asks first when documents have unsaved edits.
    public func onTappedQuit() {
        let unsaved = unsavedPaths
        if unsaved.isEmpty { quit() } else { destination = .confirmQuit(unsavedPaths: unsaved) }
    }

    /// The user answered the quit confirmation.
    ///
    /// - Parameter saving: save every unsaved document first (quitting only
    ///   when all saves succeed), or discard the edits.
    public func onConfirmedQuit(saving: Bool) async {
        guard destination?.confirmQuit != nil else { return }
        destination = nil
        let work = opened.quitWork
        if saving {
            if let failure = await work.saveAll() {
                destination = .alert(ViewError(failure))
                return
            }
        } else {
            await work.discardAll()
        }
        quit()
    }
}
