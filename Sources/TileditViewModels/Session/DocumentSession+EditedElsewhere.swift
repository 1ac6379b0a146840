import TileditServices

/// Another running editor with unsaved edits of the same file: its
/// journal entry is its own (`DocumentStore.journalIsLive`), never offered
/// here nor deleted, and the editor says the file is being edited there.
extension DocumentSession {
    /// The note both editors show when they open a file another running
    /// editor has unsaved edits of.
    public static let editedElsewhereNote =
        "Another Tiledit is editing this file and has unsaved edits of it: they are its own, not offered here; saving here makes a conflict there"

    /// Whether another running editor has unsaved edits of the file in the
    /// recovery journal.
    public func isEditedElsewhere() async -> Bool {
        await store.journalIsLive(url)
    }
}
