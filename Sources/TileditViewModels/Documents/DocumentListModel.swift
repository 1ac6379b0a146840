import Foundation
import Observation
import TileditModel
import TileditServices

/// The documents of a workspace: loaded on appear, filtered and sorted
/// (the visible list is derived, never stored), with new documents from
/// templates, deletion to the workspace trash after a confirmation, and
/// renaming or moving a document with the links to it (a prompt checked
/// as it is typed, the changes shown before they are made, one undo).
@Observable @MainActor
public final class DocumentListModel {
    /// How the list is ordered.
    public typealias SortOrder = DocumentSortOrder
    /// The new-document sheet's form.
    public typealias NewDocumentForm = TileditViewModels.NewDocumentForm
    /// Where the list navigates.
    public typealias Destination = DocumentListDestination

    /// The workspace folder.
    public let root: URL
    /// The workspace, once discovered.
    public private(set) var workspace: Loadable<Workspace> = .idle
    /// Text that filters the list, in the search's query language
    /// (`DocumentFilter`: words in the title or path, `tag:`, `type:`, `draft:`).
    public private(set) var filterText = ""
    /// How the list is ordered.
    public private(set) var sortOrder = SortOrder.path
    /// The highlighted document's path.
    public private(set) var selection: String?
    /// Where the list navigates.
    public private(set) var destination: Destination?
    /// The last document moved to the trash, restorable.
    public private(set) var lastTrashed: TrashedItem?
    /// The last rename made, undoable.
    public var lastRename: AppliedRename? { renaming.lastRename }
    /// What the last rename or its undo did, until the next action.
    public private(set) var notice: String?

    @ObservationIgnored private let workspaceClient: WorkspaceClient
    @ObservationIgnored private let store: DocumentStore
    @ObservationIgnored private let open: @MainActor (String) async -> Void
    @ObservationIgnored private let deleted: @MainActor (String) async -> Void
    @ObservationIgnored private let hasUnsavedEdits: @MainActor (String) -> Bool
    @ObservationIgnored private let renaming: DocumentRenaming
    @ObservationIgnored private let renamed: @MainActor (AppliedRename, _ undone: Bool) async -> Void

    /// - Parameters:
    ///   - renamer: plans, makes and undoes renames.
    ///   - open: opens the document at a relative path (the app's editor).
    ///   - deleted: told when a document went to the trash (close its editor).
    ///   - hasUnsavedEdits: whether an open editor holds unsaved edits of a
    ///     path (the trash confirmation says so; a rename refuses).
    ///   - renamed: told after a rename was made (`undone` false) or undone,
    ///     with the list already read again (editors and the index follow).
    public init(
        root: URL, workspace: WorkspaceClient, store: DocumentStore, renamer: RenameClient,
        open: @escaping @MainActor (String) async -> Void, deleted: @escaping @MainActor (String) async -> Void = { _ in },
        hasUnsavedEdits: @escaping @MainActor (String) -> Bool = { _ in false },
        renamed: @escaping @MainActor (AppliedRename, _ undone: Bool) async -> Void = { _, _ in }
    ) {
        self.root = root
        workspaceClient = workspace
        self.store = store
        renaming = DocumentRenaming(root: root, renamer: renamer, hasUnsavedEdits: hasUnsavedEdits)
        self.open = open
        self.deleted = deleted
        self.hasUnsavedEdits = hasUnsavedEdits
        self.renamed = renamed
    }

    // MARK: Derived state

    /// The documents shown: filtered by `filterText`, ordered by `sortOrder`.
    public var visibleDocuments: [DocumentSummary] {
        guard let documents = workspace.value?.documents else { return [] }
        let filtered = DocumentFilter(filterText).filter(documents)
        switch sortOrder {
        case .path:
            return filtered.sorted { $0.path < $1.path }
        case .title:
            return filtered.sorted { ($0.title.lowercased(), $0.path) < ($1.title.lowercased(), $1.path) }
        case .date:
            return filtered.sorted { lhs, rhs in
                switch (lhs.date, rhs.date) {
                case (let left?, let right?): left == right ? lhs.path < rhs.path : left > right
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs.path < rhs.path
                }
            }
        }
    }

    /// Position of the selection in the visible list.
    public var selectedIndex: Int? { selection.flatMap { path in visibleDocuments.firstIndex { $0.path == path } } }

    // MARK: Actions

    /// Discovers the workspace (the renderer calls this when the list appears).
    public func onAppeared() async {
        guard case .idle = workspace else { return }
        await reload()
    }

    /// Discovers the workspace again (after outside changes).
    public func onRefreshed() async {
        await reload()
    }

    private func reload() async {
        workspace = .loading(previous: workspace.value)
        do {
            let found = try await workspaceClient.discover(root)
            workspace = .loaded(found)
            if selection == nil || found.document(at: selection ?? "") == nil {
                selection = visibleDocuments.first?.path
            }
        } catch let error as WorkspaceError {
            workspace = .failed(ViewError(error.message))
        } catch is CancellationError {
            // Stopped by a newer reload or by quitting: not a failure to show.
            workspace = workspace.value.map(Loadable.loaded) ?? .idle
        } catch {
            workspace = .failed(ViewError(error.localizedDescription))
        }
    }

    /// Summarizes the document at `path` again after it was saved, so its
    /// title, date, tags and diagnostics count follow the file; a new file
    /// (a conflict copy) joins the list in path order. A document that
    /// cannot be summarized keeps its old row.
    public func onSavedDocument(_ path: String) async {
        guard let found = workspace.value, let summary = try? await workspaceClient.summarize(found.url(of: path), root),
              var current = workspace.value
        else { return }
        if let index = current.documents.firstIndex(where: { $0.path == path }) {
            current.documents[index] = summary
        } else {
            let index = current.documents.firstIndex { $0.path > path } ?? current.documents.count
            current.documents.insert(summary, at: index)
        }
        workspace = .loaded(current)
    }

    public func onChangedFilter(_ text: String) {
        filterText = text
        if let selection, !visibleDocuments.contains(where: { $0.path == selection }) {
            self.selection = visibleDocuments.first?.path
        }
    }

    public func onChangedSortOrder(_ order: SortOrder) {
        sortOrder = order
    }

    /// The user asked for the next order (a key that cycles through them).
    public func onCycledSortOrder() {
        sortOrder = sortOrder.next
    }

    /// The user moved the highlight by `offset` rows (any offset; kept within the list).
    public func onMovedSelection(by offset: Int) {
        let documents = visibleDocuments
        notice = nil
        guard let target = ListPosition.moved(selectedIndex ?? 0, by: offset, count: documents.count) else { return }
        selection = documents[target].path
    }

    /// The user opened a document.
    public func onSelectedDocument(_ path: String) async {
        guard workspace.value?.document(at: path) != nil else { return }
        notice = nil
        selection = path
        await open(path)
    }

    /// The user opened the highlighted document.
    public func onOpenedSelection() async {
        guard let selection else { return }
        await onSelectedDocument(selection)
    }

    /// Opens the new-document sheet.
    public func onTappedNewDocument() {
        notice = nil
        destination = .newDocument(NewDocumentForm(kind: workspace.value?.isTiledown == false ? .page : .post, title: ""))
    }

    public func onChangedNewDocument(_ form: NewDocumentForm) {
        guard destination?.newDocument != nil else { return }
        destination = .newDocument(form)
    }

    /// The user typed the new document's title.
    public func onChangedNewDocumentTitle(_ title: String) {
        guard var form = destination?.newDocument else { return }
        form.title = title
        destination = .newDocument(form)
    }

    /// The user stepped the new document's kind `step` places (Tab, Shift-Tab; wrapping).
    public func onSteppedNewDocumentKind(by step: Int) {
        guard let form = destination?.newDocument else { return }
        destination = .newDocument(form.steppingKind(by: step))
    }

    /// Creates the document from its template, lists and opens it.
    public func onConfirmedNewDocument() async {
        guard let form = destination?.newDocument, form.message == nil else { return }
        destination = nil
        let folder = form.kind == .post ? root.appendingPathComponent("posts") : root
        let template = DocumentTemplate(
            kind: form.kind, title: form.title.trimmingCharacters(in: .whitespaces),
            dialect: workspace.value?.isTiledown == false ? .yaml : .tiledown)
        do {
            let url = try await store.create(template, folder)
            await reload()
            let path = url.path.hasPrefix(root.path + "/") ? String(url.path.dropFirst(root.path.count + 1)) : url.lastPathComponent
            filterText = ""
            await onSelectedDocument(path)
        } catch {
            destination = .alert(ViewError(Self.message(error)))
        }
    }

    /// Asks to confirm moving the highlighted document to the trash.
    public func onTappedDelete() {
        guard let selection else { return }
        notice = nil
        destination = .confirmDelete(path: selection)
    }

    /// Moves the document to `.tiledit-trash` in the workspace.
    public func onConfirmedDelete() async {
        guard let path = destination?.confirmDelete else { return }
        destination = nil
        do {
            lastTrashed = try await store.trash(root.appendingPathComponent(path), root)
            await deleted(path)
            await reload()
        } catch {
            destination = .alert(ViewError(Self.message(error)))
        }
    }

    /// Puts the last trashed document back.
    public func onTappedRestore() async {
        guard let item = lastTrashed else { return }
        do {
            try await store.restore(item)
            lastTrashed = nil
            await reload()
        } catch {
            destination = .alert(ViewError(Self.message(error)))
        }
    }

    // MARK: Renaming

    /// Opens the prompt for the highlighted document's new path, filled
    /// with its path now.
    public func onTappedRename() {
        guard let selection, let documents = workspace.value?.documents else { return }
        notice = nil
        destination = .rename(RenameForm(source: selection, documents: documents.map(\.path)))
    }

    /// The user typed in the rename prompt.
    public func onChangedRename(_ text: String) {
        guard var form = destination?.rename else { return }
        form.text = text
        destination = .rename(form)
    }

    /// Plans the rename the prompt holds and shows what it changes; a path
    /// the rule refuses keeps the prompt open (its message says why).
    /// Unsaved edits of a file the rename writes refuse it.
    public func onConfirmedRename() async {
        guard let form = destination?.rename, form.message == nil, let workspace = workspace.value else { return }
        let planned = await renaming.plan(form, in: workspace)
        // Closed or changed while planning: the plan is not for what the prompt holds now.
        guard destination == .rename(form) else { return }
        switch planned {
        case .preview(let preview): destination = .renamePreview(preview)
        case .refused(let error): destination = .alert(error)
        case .cancelled: break
        }
    }

    /// Makes the rename the preview shows, as one step: the list is read
    /// again with the document selected at its new path, and `lastRename`
    /// can undo it.
    public func onConfirmedRenamePreview() async {
        guard let preview = destination?.renamePreview else { return }
        destination = nil
        switch await renaming.apply(preview) {
        case .success(let (applied, notice))?:
            await reload()
            selection = applied.plan.move.destination
            await renamed(applied, false)
            self.notice = notice
        case .failure(let error)?:
            destination = .alert(error)
            await reload()
        case nil:
            break
        }
    }

    /// Undoes the last rename: the document goes back with every file it
    /// changed, or nothing changes and an alert says why.
    public func onTappedUndoRename() async {
        switch await renaming.undo(in: workspace.value) {
        case .success(let (applied, notice))?:
            await reload()
            selection = applied.plan.move.source
            await renamed(applied, true)
            self.notice = notice
        case .failure(let error)?:
            destination = .alert(error)
        case nil:
            break
        }
    }

    /// Closes the sheet or alert without acting.
    public func onDismissed() {
        destination = nil
    }

    /// The alert shown, with its buttons; `nil` when there is none or the
    /// destination is the new-document sheet.
    public var alert: AlertState<DocumentListAlertChoice>? {
        destination.flatMap { DocumentListAlert.alert(for: $0, hasUnsavedEdits: hasUnsavedEdits) }
    }

    /// The user chose a button of `alert` (or closed it: its `dismissal`).
    public func onChose(_ choice: DocumentListAlertChoice) async {
        switch choice {
        case .trashDocument: await onConfirmedDelete()
        case .applyRename: await onConfirmedRenamePreview()
        case .dismiss: onDismissed()
        }
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? DocumentStoreError { return error.message }
        if let error = error as? WorkspaceError { return error.message }
        if let error = error as? RenameError { return error.message }
        return error.localizedDescription
    }
}
