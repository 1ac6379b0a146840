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
    private let session: DocumentSession
    private let edits: YAMLFileEdits
    private let documentSaved: @MainActor (URL, [UInt8]) -> Void
    /// Shows a question of the session (the editor's destination).
    var asks: @MainActor (DocumentSession.Question) -> Void = { _ in }

    init(url: URL, session: DocumentSession, edits: YAMLFileEdits, documentSaved: @escaping @MainActor (URL, [UInt8]) -> Void) {
        self.url = url
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
        edits.notes = ["Your edits were saved as \(copy.lastPathComponent)."]
    }

    func sessionAsks(_ question: DocumentSession.Question) {
        asks(question)
    }

    func sessionReload() async {
        await load()
    }
}
