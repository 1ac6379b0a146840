import Foundation

/// A file an interrupted save left beside a document, and what the check
/// at start-up (or at the next save) did with it
/// (`DocumentStore.recoverInterruptedSaves`).
public struct InterruptedSave: Sendable, Hashable {
    /// What was done.
    public enum Outcome: Sendable, Hashable {
        /// A temporary file was removed; the document was whole (a replace
        /// is atomic: the document is its old or its new version).
        case removedTemporaryFile
        /// A backup of a document written in place was removed: the write
        /// had finished, or had not started.
        case removedBackup
        /// A write in place had not finished: the document was restored from
        /// its backup (the version before that save), and the backup removed.
        case restoredFromBackup
        /// A backup of a document written in place was kept, and the
        /// document left as it is: the document is neither version and not
        /// provably what that write left (another program changed it after
        /// the interrupted save). The backup at `leftover` is a recoverable
        /// copy of the version before that save.
        case keptBackup
        /// The leftover could not be dealt with and is still there.
        case failed(reason: String)
    }

    /// The document the save was writing.
    public var document: URL
    /// The leftover file (already removed unless `outcome` is `.failed`).
    public var leftover: URL
    /// What was done.
    public var outcome: Outcome

    public init(document: URL, leftover: URL, outcome: Outcome) {
        self.document = document
        self.leftover = leftover
        self.outcome = outcome
    }

    /// A sentence naming the document and what was done.
    public var message: String {
        switch outcome {
        case .removedTemporaryFile:
            "Removed \(leftover.lastPathComponent), a temporary file left by an interrupted save of \(document.path); the file was whole."
        case .removedBackup:
            "Removed \(leftover.lastPathComponent), a backup left by an interrupted save of \(document.path); the file was whole."
        case .restoredFromBackup:
            "\(document.path) was left incomplete by an interrupted save; it was restored from its backup (the version before that save)."
        case .keptBackup:
            "\(document.path) was changed by another program after an interrupted save; it was left as it is, and the version before that save was kept in \(leftover.path)."
        case .failed(let reason):
            "\(leftover.path), left by an interrupted save of \(document.path), could not be dealt with (\(reason)); it was left in place."
        }
    }
}
