import Foundation
import TileditServices

/// The editor a `DocumentSession` works for: it holds the text and its
/// history; the session asks it for the bytes and tells it what happened
/// on disk. Implemented by `DocumentEditorModel` (Markdown) and
/// `YAMLDocumentModel` (YAML); the session knows neither format.
@MainActor
public protocol DocumentSessionOwner: AnyObject {
    /// The text as edited (UTF-8 bytes), `nil` while nothing is loaded.
    var sessionBytes: [UInt8]? { get }
    /// The revision of `sessionBytes`: 0 as loaded, a new number per change
    /// (`EditHistory.revision`); handed back to `sessionDidSave`.
    var sessionRevision: Int { get }
    /// Whether there are edits not on disk (text changes, or values typed
    /// and not applied).
    var sessionIsDirty: Bool { get }
    /// Values typed and not applied that the recovery journal keeps beside
    /// the text (empty for a format without them).
    var sessionPendingValues: [JournalEntry.PendingValue] { get }
    /// Called just before a save reads `sessionBytes` (formatting on save).
    func sessionWillSave()
    /// `bytes`, the text of `revision`, are now on disk.
    func sessionDidSave(_ bytes: [UInt8], revision: Int)
    /// "Keep both" (then the file was loaded again) or "Keep a copy" (the
    /// text stays as it is) wrote `bytes` to the new file `copy`.
    func sessionDidKeepCopy(_ copy: URL, _ bytes: [UInt8])
    /// The session needs the user to decide (a conflict, a deleted file, a
    /// read-only file); the owner shows it as its destination.
    func sessionAsks(_ question: DocumentSession.Question)
    /// `question` no longer stands (the file on disk is back as it was
    /// loaded): the owner closes it if it shows it, and nothing else.
    func sessionWithdraws(_ question: DocumentSession.Question)
    /// The path shown to the user (in a conflict review).
    var sessionDisplayPath: String { get }
    /// A merge the user finished (`ConflictReview`): `bytes` become the
    /// text as one undoable change, unsaved (clean only when `matchesDisk`:
    /// the text is then the disk's), and `note` tells the user. Returns
    /// why the text cannot be taken (the YAML editor refuses a text that
    /// does not read), with nothing changed, or `nil`.
    func sessionApplyMerge(_ bytes: [UInt8], matchesDisk: Bool, note: String) -> String?
    /// Loads the file again from disk through `DocumentSession.load()`,
    /// dropping the history (a clean file changed on disk, "reload", "keep
    /// both").
    func sessionReload() async
}
