import Foundation
import TileditModel
import TileditServices

/// A Markdown editor's side of its file, as its `DocumentSession` sees
/// it: reading the file into `BlockEdits`, the text and its revision, the
/// values typed and not applied (journaled beside the text, offered and
/// restored after a crash), formatting before a save when the settings
/// say so, and what a save, a kept copy or a question means for the editor.
@MainActor
final class MarkdownSessionOwner: DocumentSessionOwner {
    private let url: URL
    /// The path shown to the user.
    let sessionDisplayPath: String
    private let dialect: FrontMatterDialect
    private let catalog: TileCatalog
    private let session: DocumentSession
    private let edits: BlockEdits
    private let inspector: InspectorModel
    private let documentSaved: @MainActor (URL, [UInt8]) -> Void
    /// Whether a save formats the document first (the settings in effect).
    var formatOnSave: Bool
    /// Shows a question of the session (the editor's destination).
    var asks: @MainActor (DocumentSession.Question) -> Void = { _ in }
    /// Closes a conflict or its review when a merge settled it.
    var settledConflict: @MainActor () -> Void = {}
    /// Closes a question of the session that no longer stands, if shown.
    var withdrew: @MainActor (DocumentSession.Question) -> Void = { _ in }

    init(
        url: URL, displayPath: String, dialect: FrontMatterDialect, dependencies: DocumentEditorDependencies, session: DocumentSession,
        edits: BlockEdits, inspector: InspectorModel, documentSaved: @escaping @MainActor (URL, [UInt8]) -> Void
    ) {
        self.url = url
        sessionDisplayPath = displayPath
        self.dialect = dialect
        catalog = dependencies.catalog
        formatOnSave = dependencies.formatOnSave
        self.session = session
        self.edits = edits
        self.inspector = inspector
        self.documentSaved = documentSaved
    }

    /// Reads the file: the document, or why it could not be read; a
    /// cancelled read shows nothing (what was shown stays, else nothing yet).
    func load() async {
        edits.beganLoading()
        do {
            let bytes = try await session.load()
            edits.loaded(MarkdownDocument(bytes: bytes, dialect: dialect, catalog: catalog))
        } catch is CancellationError {
            edits.cancelledLoading()
        } catch {
            edits.failedLoading(ViewError(DocumentSession.message(error)))
        }
    }

    /// The journal's entry for the file when it holds edits worth offering
    /// back: other text, or values typed and not applied; `nil` for a file
    /// that did not load.
    func journaledEdits() async -> JournalEntry? {
        guard session.fingerprint != nil, let current = edits.document.value, let entry = await session.pendingJournalEntry() else { return nil }
        return entry.bytes != current.bytes || !entry.pendingValues.isEmpty ? entry : nil
    }

    /// Restores the journaled edits (`restore(_:)`), or forgets them.
    func recover(_ choice: RecoveryChoice) async {
        switch choice {
        case .restore: if let entry = await session.pendingJournalEntry() { restore(entry) }
        case .discard: await session.discardJournal()
        }
    }

    /// Forgets the unsaved edits: the values typed go, and the journal entry.
    func discardEdits() async {
        inspector.clearPending()
        await session.discardJournal()
    }

    /// Puts journaled edits back: the text (one undoable change), the
    /// journal's base version, and the values typed and not applied.
    func restore(_ entry: JournalEntry) {
        guard edits.document.value != nil else { return }
        edits.restore(entry.bytes) { [session, inspector] restored in
            session.adoptBase(of: entry)
            inspector.restore(
                PendingValuesJournal.pendingValues(entry.pendingValues, in: restored),
                newParagraph: PendingValuesJournal.newParagraph(entry.pendingValues, in: restored))
        }
    }

    var sessionBytes: [UInt8]? { edits.document.value?.bytes }

    var sessionRevision: Int { edits.history.revision }

    /// Changes that end on the bytes last read or written (a block moved
    /// away and back by hand) leave nothing to save: dirty by the history
    /// only while the bytes differ from those (compared only then).
    var sessionIsDirty: Bool {
        inspector.hasPendingValues || edits.history.isDirty && (session.baseBytes.map { $0 != sessionBytes } ?? true)
    }

    var sessionPendingValues: [JournalEntry.PendingValue] {
        (edits.document.value.map { PendingValuesJournal.journalValues(inspector.pending, in: $0) } ?? [])
            + PendingValuesJournal.journalValue(inspector.newParagraph)
    }

    func sessionWillSave() {
        if formatOnSave { edits.format() }
    }

    func sessionDidSave(_ bytes: [UInt8], revision: Int) {
        edits.markSaved(revision)
        documentSaved(url, bytes)
        // A note of what was not saved yet is no longer true.
        if edits.notesLast == .untilSave { edits.notes = [] }
        // Values typed and not applied are not in the file: the user is told.
        if let document = edits.document.value,
           let note = PendingValueSummary.savedNote(inspector.pending, newParagraph: inspector.newParagraph, in: document) {
            edits.notes = [note]
            edits.notesLast = .whilePendingValues
        }
    }

    func sessionDidKeepCopy(_ copy: URL, _ bytes: [UInt8]) {
        // A new file: the search index and the document list take it in.
        documentSaved(copy, bytes)
        edits.notes = [session.keptCopyNote(copy)]
    }

    func sessionApplyMerge(_ bytes: [UInt8], matchesDisk: Bool, note: String) -> String? {
        guard edits.document.value != nil else { return "The document is not loaded" }
        settledConflict()
        edits.takeMerged(bytes, matchesDisk: matchesDisk)
        edits.notes = [note]
        edits.notesLast = .untilSave
        return nil
    }

    func sessionWithdraws(_ question: DocumentSession.Question) {
        withdrew(question)
    }

    func sessionAsks(_ question: DocumentSession.Question) {
        asks(question)
    }

    func sessionReload() async {
        await load()
        // The file changed on disk: the search index and the document list follow it.
        if let bytes = sessionBytes { documentSaved(url, bytes) }
    }
}
