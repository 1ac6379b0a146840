import Foundation
import TileditModel
import TileditServices

/// A YAML editor's side of its file, as its `DocumentSession` sees it:
/// reading the file into `YAMLFileEdits`, the bytes and their revision,
/// journaled edits offered and restored after a crash, and what a save,
/// a kept copy or a question means for the editor. The field's typing
/// not yet written is journaled too (document, path and text), so a crash
/// loses no typing; restored, the field shows it again, being typed.
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
    /// Closes a question of the session that no longer stands, if shown.
    var withdrew: @MainActor (DocumentSession.Question) -> Void = { _ in }

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

    /// The journal's entry for the file when it holds edits worth offering
    /// back: other text, or typing not written; `nil` for a file that did
    /// not load.
    func journaledEdits() async -> JournalEntry? {
        guard session.fingerprint != nil, let current = edits.file.value, let entry = await session.pendingJournalEntry() else { return nil }
        return entry.bytes != current.bytes || !entry.pendingValues.isEmpty ? entry : nil
    }

    /// Puts the journaled text back as one undoable edit, from the
    /// journal's base version.
    func restore(_ entry: JournalEntry) {
        guard let current = edits.file.value else { return }
        let replacement = [TextEdit(range: 0..<current.bytes.count, replacement: entry.bytes)]
        var restored = current
        restored.apply(replacement)
        session.adoptBase(of: entry)
        if entry.bytes != current.bytes {
            edits.record(edits: replacement, before: current, after: restored, selectionAfter: edits.selection)
        }
        // The typing not written: its node selected, the field typed into again.
        guard let typed = entry.pendingValues.last, let key = typed.key, let file = edits.file.value,
              let id = YAMLNodeLocator(file: file).id(of: YAMLPath(parsing: key), document: typed.block) else { return }
        edits.selectRevealing(id)
        guard edits.field?.id == id else { return }
        edits.field?.typed(typed.text)
        edits.isTyping = true
        session.pendingValuesChanged()
    }

    var sessionBytes: [UInt8]? { edits.file.value?.bytes }

    var sessionRevision: Int { edits.history.revision }

    var sessionIsDirty: Bool { edits.isDirty }

    /// The field's typing not written: the document's index as `block`,
    /// the node's path as `key` (`YAMLPath.quotedText`), the text typed.
    var sessionPendingValues: [JournalEntry.PendingValue] {
        guard edits.hasPendingTyping, let field = edits.field, let file = edits.file.value,
              let path = YAMLNodeLocator(file: file).path(of: field.id) else { return [] }
        return [JournalEntry.PendingValue(block: field.id.document, key: path.quotedText, text: field.text)]
    }

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
