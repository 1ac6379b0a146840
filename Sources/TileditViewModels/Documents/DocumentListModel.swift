import Foundation
import Observation
import TileditModel
import TileditServices

/// The documents of a workspace: listed on appear (file names at once,
/// with no file read), then summarized in the background, the titles,
/// dates, tags and counts filled in as they come; filtered and sorted (the
/// visible list is derived, computed once per change); with new documents
/// from templates and deletion to the workspace trash after a confirmation.
@Observable @MainActor
public final class DocumentListModel {
    /// How the list is ordered.
    public enum SortOrder: String, Equatable, Sendable, CaseIterable {
        case title
        /// Newest first; documents without a date last.
        case date
        case path

        /// The next order, for a key that cycles through them.
        public var next: SortOrder {
            let all = Self.allCases
            return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
        }
    }

    /// The new-document sheet's form.
    public struct NewDocumentForm: Equatable, Sendable {
        public var kind: DocumentTemplate.Kind
        public var title: String

        /// Why the form cannot be submitted, or `nil` (derived).
        public var message: String? {
            title.trimmingCharacters(in: .whitespaces).isEmpty ? "Give the document a title" : nil
        }
    }

    /// Where the list navigates.
    public enum Destination: Equatable, Sendable {
        case newDocument(NewDocumentForm)
        case confirmDelete(path: String)
        case alert(ViewError)

        public var newDocument: NewDocumentForm? {
            if case .newDocument(let form) = self { return form }
            return nil
        }

        public var confirmDelete: String? {
            if case .confirmDelete(let path) = self { return path }
            return nil
        }

        public var alert: ViewError? {
            if case .alert(let error) = self { return error }
            return nil
        }
    }

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

    @ObservationIgnored private let workspaceClient: WorkspaceClient
    @ObservationIgnored private let store: DocumentStore
    @ObservationIgnored private let open: @MainActor (String) async -> Void
    @ObservationIgnored private let deleted: @MainActor (String) async -> Void
    @ObservationIgnored private let hasUnsavedEdits: @MainActor (String) -> Bool
    /// Whether appearing starts the summaries (else the owner does, with
    /// `summarizeRemaining()`, once its first document is open).
    @ObservationIgnored private let summarizesOnAppear: Bool
    /// The background summaries (tests await it).
    @ObservationIgnored private(set) var summaryTask: Task<Void, Never>?
    /// Position of each document in `workspace`'s documents, by path.
    @ObservationIgnored private var positionByPath: [String: Int] = [:]
    /// `visibleDocuments` for the state it was computed from.
    @ObservationIgnored private var visibleCache: (key: VisibleKey, documents: [DocumentSummary])?
    /// Changes whenever the documents do (a listing, a summary).
    @ObservationIgnored private var documentsRevision = 0

    /// What `visibleDocuments` is computed from.
    private struct VisibleKey: Equatable {
        var revision: Int
        var filterText: String
        var sortOrder: SortOrder
    }

    /// - Parameters:
    ///   - open: opens the document at a relative path (the app's editor).
    ///   - deleted: told when a document went to the trash (close its editor).
    ///   - hasUnsavedEdits: whether an open editor holds unsaved edits of a
    ///     path (the trash confirmation says so).
    ///   - summarizesOnAppear: whether `onAppeared` starts summarizing the
    ///     listed documents; `false` leaves that to `summarizeRemaining()`
    ///     (the app opens its first document first, and gives its summary
    ///     from the editor's parse).
    public init(
        root: URL, workspace: WorkspaceClient, store: DocumentStore,
        open: @escaping @MainActor (String) async -> Void, deleted: @escaping @MainActor (String) async -> Void = { _ in },
        hasUnsavedEdits: @escaping @MainActor (String) -> Bool = { _ in false }, summarizesOnAppear: Bool = true
    ) {
        self.root = root
        workspaceClient = workspace
        self.store = store
        self.open = open
        self.deleted = deleted
        self.hasUnsavedEdits = hasUnsavedEdits
        self.summarizesOnAppear = summarizesOnAppear
    }

    deinit {
        summaryTask?.cancel()
    }

    // MARK: Derived state

    /// The documents shown: filtered by `filterText`, ordered by `sortOrder`
    /// (computed once for each change of the documents, filter or order).
    public var visibleDocuments: [DocumentSummary] {
        guard let documents = workspace.value?.documents else { return [] }
        let key = VisibleKey(revision: documentsRevision, filterText: filterText, sortOrder: sortOrder)
        if let visibleCache, visibleCache.key == key { return visibleCache.documents }
        let visible = Self.visible(documents, filterText: filterText, sortOrder: sortOrder)
        visibleCache = (key, visible)
        return visible
    }

    /// `documents` filtered by `filterText` and ordered by `sortOrder`.
    private static func visible(_ documents: [DocumentSummary], filterText: String, sortOrder: SortOrder) -> [DocumentSummary] {
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

    /// The summary of the document at `path` (relative), if listed.
    public func document(at path: String) -> DocumentSummary? {
        guard let documents = workspace.value?.documents, let position = positionByPath[path], position < documents.count,
              documents[position].path == path
        else { return workspace.value?.document(at: path) }
        return documents[position]
    }

    // MARK: Actions

    /// Lists the workspace (the renderer calls this when the list appears)
    /// and, unless the owner starts them, summarizes its documents in the
    /// background.
    public func onAppeared() async {
        guard case .idle = workspace else { return }
        await reload(summarizing: summarizesOnAppear ? .unsummarized : nil)
    }

    /// Lists the workspace again (after outside changes) and summarizes
    /// every document again in the background.
    public func onRefreshed() async {
        await reload(summarizing: .all)
    }

    /// Which documents a listing summarizes.
    private enum Summarizing {
        /// Every one (the files may have changed).
        case all
        /// Those without a summary yet (new files).
        case unsummarized
    }

    /// Lists the workspace, keeping the summaries of documents still there
    /// until new ones come, and starts summarizing `summarizing`.
    private func reload(summarizing: Summarizing?) async {
        stopSummarizing()
        workspace = .loading(previous: workspace.value)
        do {
            var found = try await workspaceClient.list(root)
            if let previous = workspace.value {
                var earlier: [String: DocumentSummary] = [:]
                for summary in previous.documents where summary.isSummarized { earlier[summary.path] = summary }
                for index in found.documents.indices where !found.documents[index].isSummarized {
                    if let summary = earlier[found.documents[index].path] { found.documents[index] = summary }
                }
            }
            setWorkspace(found)
            if selection == nil || document(at: selection ?? "") == nil {
                selection = visibleDocuments.first?.path
            }
            switch summarizing {
            case .all?: summarize(found.documents.map(\.path))
            case .unsummarized?: summarizeRemaining()
            case nil: break
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

    /// Summarizes, in the background, every listed document that has no
    /// summary yet (replacing summaries under way).
    func summarizeRemaining() {
        guard let documents = workspace.value?.documents else { return }
        summarize(documents.filter { !$0.isSummarized }.map(\.path))
    }

    /// Summarizes `paths` in the background, each summary taking its row
    /// as it comes (a stored task: a newer one replaces it; ARCHITECTURE.md, "Tasks").
    private func summarize(_ paths: [String]) {
        summaryTask?.cancel()
        guard let listed = workspace.value, !paths.isEmpty else {
            summaryTask = nil
            return
        }
        let summaries = workspaceClient.summaries(listed, paths)
        summaryTask = Task { [weak self] in
            for await batch in summaries {
                guard !Task.isCancelled else { return }
                self?.take(batch)
            }
        }
    }

    /// Stops the background summaries (quitting).
    func stopSummarizing() {
        summaryTask?.cancel()
        summaryTask = nil
    }

    /// Puts `summaries` in their rows; a summary of a path not listed is a
    /// new file (a conflict copy) and joins the list in path order.
    func take(_ summaries: [DocumentSummary]) {
        guard var current = workspace.value else { return }
        // Taken out first, so the documents change in place (no copy of the list).
        workspace = .idle
        var inserted = false
        for summary in summaries {
            if let position = positionByPath[summary.path], position < current.documents.count,
               current.documents[position].path == summary.path {
                current.documents[position] = summary
            } else if let position = current.documents.firstIndex(where: { $0.path == summary.path }) {
                current.documents[position] = summary
            } else {
                let position = current.documents.firstIndex { $0.path > summary.path } ?? current.documents.count
                current.documents.insert(summary, at: position)
                inserted = true
            }
        }
        setWorkspace(current, renumbering: inserted)
    }

    /// The summary of a document the editor parsed (when it opened, saved or
    /// read the file again): its row follows at once, with no second read.
    func onSummarized(_ summary: DocumentSummary) {
        take([summary])
    }

    private func setWorkspace(_ found: Workspace, renumbering: Bool = true) {
        if renumbering {
            positionByPath = [:]
            positionByPath.reserveCapacity(found.documents.count)
            for (position, summary) in found.documents.enumerated() { positionByPath[summary.path] = position }
        }
        documentsRevision += 1
        workspace = .loaded(found)
    }

    /// Summarizes the document at `path` again after it was saved, so its
    /// title, date, tags and diagnostics count follow the file; a new file
    /// (a conflict copy) joins the list in path order. A document that
    /// cannot be summarized keeps its old row.
    public func onSavedDocument(_ path: String) async {
        guard let found = workspace.value, let summary = try? await workspaceClient.summarize(found.url(of: path), root) else { return }
        take([summary])
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

    /// The user moved the highlight by `offset` rows.
    public func onMovedSelection(by offset: Int) {
        let documents = visibleDocuments
        guard !documents.isEmpty else { return }
        let current = selectedIndex ?? 0
        selection = documents[Swift.max(0, Swift.min(documents.count - 1, current + offset))].path
    }

    /// The user opened a document.
    public func onSelectedDocument(_ path: String) async {
        guard document(at: path) != nil else { return }
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
        destination = .newDocument(NewDocumentForm(kind: workspace.value?.isTiledown == false ? .page : .post, title: ""))
    }

    public func onChangedNewDocument(_ form: NewDocumentForm) {
        guard destination?.newDocument != nil else { return }
        destination = .newDocument(form)
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
            await reload(summarizing: .unsummarized)
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
        destination = .confirmDelete(path: selection)
    }

    /// Moves the document to `.tiledit-trash` in the workspace.
    public func onConfirmedDelete() async {
        guard let path = destination?.confirmDelete else { return }
        destination = nil
        do {
            lastTrashed = try await store.trash(root.appendingPathComponent(path), root)
            await deleted(path)
            await reload(summarizing: .unsummarized)
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
            await reload(summarizing: .unsummarized)
        } catch {
            destination = .alert(ViewError(Self.message(error)))
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
        case .dismiss: onDismissed()
        }
    }

    static func message(_ error: any Error) -> String {
        if let error = error as? DocumentStoreError { return error.message }
        if let error = error as? WorkspaceError { return error.message }
        return error.localizedDescription
    }
}
