import Foundation
import TileditModel
import TileditServices

/// A YAML editor's side of its file, as its `DocumentSession` sees it:
/// reading the file into `YAMLFileEdits`, the bytes and their revision,
/// journaled edits offered and restored after a crash, and what a save,
/// a kept copy or a question means for the editor. YAML has no values
/// typed and not applied: the field's text is applied or stays in the field.
@MainActor
final class YAMLSessionOwner: DocumentSessionOwner {
    private let url: URL
    /// The path shown to the user.
    let sessionDisplayPath: String
    private let session: DocumentSession
    private let edits: YAMLFileEdits
    private let documentSaved: @MainActor (URL, [UInt8]) -> Void
    /// Shows a question of the session (the editor's destination).
    var asks: @MainActor (DocumentSession.Question) -> Void = { _ in }
    /// Closes a conflict or its review when a merge settled it.
    var settledConflict: @MainActor () -> Void = {}

    init(url: URL, displayPath: String, session: DocumentSession, edits: YAMLFileEdits, documentSaved: @escaping @MainActor (URL, [UInt8]) -> Void) {
        self.url = url
        sessionDisplayPath = displayPath
        self.session = session
        self.edits = edits
        self.documentSaved = documentSaved
    }

    /// Reads the file: the tree, or why it could not be read; a cancelled
    /// read shows nothing (what was shown stays, else nothing yet).
    func load() async {
        edits.beganLoading()
        do {
            edits.loaded(try await session.load())
        } catch is CancellationError {
            edits.cancelledLoading()
        } catch {
            edits.failedLoading(ViewError(DocumentSession.message(error)))
        }
    }

    /// The journal's entry for the file when its text differs from the
    /// file's; `nil` for a file that did not load.
    func journaledEdits() async -> JournalEntry? {
        guard session.fingerprint != nil, let current = edits.file.value, let entry = await session.pendingJournalEntry() else { return nil }
        return entry.bytes != current.bytes ? entry : nil
    }

    /// Puts the journaled text back as one undoable edit, from the
    /// journal's base version.
    func restore(_ entry: JournalEntry) {
        guard let current = edits.file.value else { return }
        let replacement = [TextEdit(range: 0..<current.bytes.count, replacement: entry.bytes)]
        var restored = current
        restored.apply(replacement)
        session.adoptBase(of: entry)
        edits.record(edits: replacement, before: current, after: restored, selectionAfter: edits.selection)
    }

    var sessionBytes: [UInt8]? { edits.file.value?.bytes }

    var sessionRevision: Int { edits.history.revision }

    var sessionIsDirty: Bool { edits.history.isDirty }

    var sessionPendingValues: [JournalEntry.PendingValue] { [] }

    func sessionWillSave() {}

    func sessionDidSave(_ bytes: [UInt8], revision: Int) {
        edits.markSaved(revision)
        documentSaved(url, bytes)
    }

    func sessionDidKeepCopy(_ copy: URL, _ bytes: [UInt8]) {
        documentSaved(copy, bytes)
        edits.notes = [session.keptCopyNote(copy)]
    }

    func sessionApplyMerge(_ bytes: [UInt8], matchesDisk: Bool, note: String) -> String? {
        guard let current = edits.file.value else { return "The file is not loaded" }
        var merged = current
        let changes = TextEdit.difference(from: current.bytes, to: bytes).map { [$0] } ?? []
        merged.apply(changes)
        // A text that does not read is refused, unless a side already did not read.
        if let error = merged.diagnostics.first(where: { $0.severity == .error }),
           !current.diagnostics.contains(where: { $0.severity == .error }) {
            return "The merged text does not read as YAML (line \(error.location.line): \(error.message)); choose other lines."
        }
        settledConflict()
        if !changes.isEmpty { edits.record(edits: changes, before: current, after: merged, selectionAfter: edits.selection) }
        // No revision of the history is on disk now, unless the merge gave the disk's text.
        edits.markSaved(matchesDisk ? edits.history.revision : -1)
        edits.notes = [note]
        return nil
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
