import Foundation
import Observation
import TileditModel
import TileditServices

/// The documents of a workspace: listed on appear (file names at once,
/// then titles, dates, tags and counts as the background summaries come:
/// `DocumentListing`), filtered and sorted (the visible list is derived,
/// computed once per change), with new documents from templates, deletion
/// to the workspace trash after a confirmation (`DocumentFiles`), and
/// renaming or moving a document with the links to it (`DocumentRenaming`).
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
    /// The workspace, once listed.
    public var workspace: Loadable<Workspace> { listing.workspace }
    /// Text that filters the list, in the search's query language
    /// (`DocumentFilter`: words in the title or path, `tag:`, `type:`, `draft:`).
    public internal(set) var filterText = ""
    /// What in `filterText` could not be read as its filter (`tag:` with
    /// no name, `draft:maybe`), as sentences, the same query diagnostics
    /// the search box shows (`SearchQuery.problems`); shown under the
    /// filter box. Empty for a filter read whole.
    public var filterProblems: [String] { filterText.isEmpty ? [] : SearchQuery(parsing: filterText).problems }
    /// How the list is ordered.
    public private(set) var sortOrder = SortOrder.path
    /// The highlighted document's path.
    public private(set) var selection: String?
    /// Where the list navigates.
    public internal(set) var destination: Destination?
    /// The last document moved to the trash, restorable.
    public var lastTrashed: TrashedItem? { files.lastTrashed }
    /// The last rename made, undoable.
    public var lastRename: AppliedRename? { renaming.lastRename }
    /// What the last rename or its undo did, until the next action.
    public internal(set) var notice: String?

    /// The documents, listed and summarized (the app starts the summaries
    /// and hands in the rows its editors parse).
    @ObservationIgnored let listing: DocumentListing
    @ObservationIgnored let files: DocumentFiles
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
    ///   - summarizesOnAppear: whether `onAppeared` starts summarizing the
    ///     listed documents; `false` leaves that to `summarizeRemaining()`
    ///     (the app opens its first document first, and gives its summary
    ///     from the editor's parse).
    public init(
        root: URL, workspace: WorkspaceClient, store: DocumentStore, renamer: RenameClient,
        open: @escaping @MainActor (String) async -> Void, deleted: @escaping @MainActor (String) async -> Void = { _ in },
        hasUnsavedEdits: @escaping @MainActor (String) -> Bool = { _ in false },
        renamed: @escaping @MainActor (AppliedRename, _ undone: Bool) async -> Void = { _, _ in },
        summarizesOnAppear: Bool = true
    ) {
        self.root = root
        listing = DocumentListing(root: root, client: workspace, summarizesOnAppear: summarizesOnAppear)
        files = DocumentFiles(root: root, store: store)
        renaming = DocumentRenaming(root: root, renamer: renamer, hasUnsavedEdits: hasUnsavedEdits)
        self.open = open
        self.deleted = deleted
        self.hasUnsavedEdits = hasUnsavedEdits
        self.renamed = renamed
    }

    // MARK: Derived state

    /// The documents shown: filtered by `filterText`, ordered by `sortOrder`
    /// (computed once for each change of the documents, filter or order).
    public var visibleDocuments: [DocumentSummary] { listing.visible(filterText: filterText, sortOrder: sortOrder) }

    /// Position of the selection in the visible list.
    public var selectedIndex: Int? { selection.flatMap { path in visibleDocuments.firstIndex { $0.path == path } } }

    // MARK: Actions

    /// How many documents of the workspace use each value of the front
    /// matter list `key` (`DocumentSummary.frontMatterLists`): what a list
    /// field offers as an item is typed.
    public func valuesInUse(forKey key: String) -> [String: Int] {
        ListValueRanking.uses(of: key, in: (workspace.value?.documents ?? []).lazy.map(\.frontMatterLists))
    }

    /// The summary of the document at `path` (relative), if listed.
    public func document(at path: String) -> DocumentSummary? { listing.document(at: path) }

    /// Lists the workspace (the renderer calls this when the list appears)
    /// and, unless the owner starts them, summarizes its documents in the
    /// background.
    public func onAppeared() async {
        guard case .idle = workspace else { return }
        await reload(summarizing: listing.summarizesOnAppear ? .unsummarized : nil)
    }

    /// Lists the workspace again (after outside changes) and summarizes
    /// every document again in the background.
    public func onRefreshed() async {
        await reload(summarizing: .all)
    }

    /// Follows outside changes without `R` (the app calls it with its
    /// disk check; `DocumentListing.followFolder`): documents added or
    /// removed list the folder again (a selection gone moves to the first
    /// document), a file that changed is summarized again.
    ///
    /// - Returns: whether anything changed (the search index follows then).
    @discardableResult
    public func onCheckedFolder() async -> Bool {
        await listing.followFolder { [weak self] summarizing in await self?.reload(summarizing: summarizing) }
    }

    /// Lists the workspace; a selection no longer listed moves to the first document.
    func reload(summarizing: DocumentListing.Summarizing? = .unsummarized) async {
        await listing.reload(summarizing: summarizing)
        guard workspace.value != nil else { return }
        if selection == nil || document(at: selection ?? "") == nil {
            selection = visibleDocuments.first?.path
        }
    }

    /// Summarizes the document at `path` again after it was saved, so its
    /// title, date, tags and diagnostics count follow the file; a new file
    /// (a conflict copy) joins the list in path order. A document that
    /// cannot be summarized keeps its old row.
    public func onSavedDocument(_ path: String) async { await listing.summarizeAgain(path) }

    public func onChangedFilter(_ text: String) {
        filterText = text
        if let selection, !visibleDocuments.contains(where: { $0.path == selection }) {
            self.selection = visibleDocuments.first?.path
        }
    }

    /// The user chose an order.
    public func onChangedSortOrder(_ order: SortOrder) { sortOrder = order }

    /// The user asked for the next order (a key that cycles through them).
    public func onCycledSortOrder() { sortOrder = sortOrder.next }

    /// The user moved the highlight by `offset` rows (any offset; kept within the list).
    public func onMovedSelection(by offset: Int) {
        let documents = visibleDocuments
        notice = nil
        guard let target = ListPosition.moved(selectedIndex ?? 0, by: offset, count: documents.count) else { return }
        selection = documents[target].path
    }

    /// The user opened a document.
    public func onSelectedDocument(_ path: String) async {
        guard document(at: path) != nil else { return }
        notice = nil
        selection = path
        await open(path)
    }

    /// The user opened the highlighted document.
    public func onOpenedSelection() async {
        if let selection { await onSelectedDocument(selection) }
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
        if let error = await files.trash(path) {
            destination = .alert(error)
            return
        }
        await deleted(path)
        await reload()
    }

    /// Puts the last trashed document back.
    public func onTappedRestore() async {
        guard files.lastTrashed != nil else { return }
        if let error = await files.restore() { destination = .alert(error) } else { await reload() }
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
        if var form = destination?.rename { form.text = text; destination = .rename(form) }
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
        await renameFinished(await renaming.apply(preview), undone: false)
    }

    /// Undoes the last rename: the document goes back with every file it
    /// changed, or nothing changes and an alert says why.
    public func onTappedUndoRename() async {
        await renameFinished(await renaming.undo(in: workspace.value), undone: true)
    }

    /// After a rename or its undo: the list read again, the document
    /// selected where it is now, the app told and the note shown; or the
    /// failure in an alert (a failed rename was undone whole: the list is
    /// read again).
    private func renameFinished(_ outcome: Result<(AppliedRename, notice: String), ViewError>?, undone: Bool) async {
        switch outcome {
        case .success(let (applied, notice))?:
            await reload()
            selection = undone ? applied.plan.move.source : applied.plan.move.destination
            await renamed(applied, undone)
            self.notice = notice
        case .failure(let error)?:
            destination = .alert(error)
            if !undone { await reload() }
        case nil:
            break
        }
    }

    /// Closes the sheet or alert without acting.
    public func onDismissed() { destination = nil }

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
}
