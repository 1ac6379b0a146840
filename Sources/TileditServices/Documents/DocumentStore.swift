import Foundation

/// Reads and writes documents safely: checked loads of regular files only,
/// saves that keep what a file is and refuse to overwrite a file changed on
/// disk, recovery after an interrupted save, conflict
/// copies, new documents from templates, a workspace trash, and a recovery
/// journal of unsaved edits.
///
/// Every closure throws `DocumentStoreError`.
public struct DocumentStore: Sendable {
    /// Reads a regular file (through symbolic links) and checks its bytes
    /// (size, then binary, then UTF-8). The size limit holds for what is
    /// read, not only for what `stat` said; a FIFO, device or socket is
    /// refused without being opened in a way that could block.
    ///
    /// Throws `.missing`, `.danglingLink`, `.isFolder`, `.notAFile`,
    /// `.content` (too large, binary, invalid UTF-8 with its byte offset,
    /// line and column) or `.readFailed`.
    public var load: @Sendable (URL) async throws -> LoadedFile

    /// Writes `bytes` to a file and returns the new fingerprint: the same as
    /// `saveWithOptions` with `SaveOptions.standard` (no override).
    public var save: @Sendable (_ url: URL, _ bytes: [UInt8], _ expected: FileFingerprint?) async throws -> FileFingerprint

    /// Writes `bytes` to a file, keeping what the file is, and returns the
    /// new fingerprint.
    ///
    /// Before writing, the file on disk is compared with `expected` by the
    /// hash of all its bytes: different bytes throw `.conflict`; a deleted
    /// file throws `.deletedOnDisk` (and is not created again, even when it
    /// is deleted while the save runs). `expected == nil` means a new file:
    /// a file already there throws `.conflict`.
    ///
    /// A symbolic link is written through (the link stays a link; a link to
    /// nothing throws `.danglingLink`). The file keeps its hard links,
    /// owner, group, mode and extended attributes (ACLs included): it is
    /// replaced atomically by a new file given all of them, or, where that
    /// cannot be done (several hard links, an owner the user cannot give),
    /// written in place after a complete backup copy is on disk. A file the
    /// user may not write throws `.notWritable` unless
    /// `options.overridesReadOnly`; one that can be neither replaced nor
    /// written in place throws `.cannotKeepFile`; a FIFO, device or socket
    /// throws `.notAFile` (see `SaveOptions.writesIntoDevices`).
    ///
    /// A failed write throws `.writeFailed` and leaves the file as it was
    /// and no temporary or backup file; `.incompleteWrite` when a write in
    /// place failed and could not be undone (its backup stays, and the next
    /// save or `recoverInterruptedSaves` restores it). Leftovers of saves
    /// interrupted earlier in the file's folder are dealt with first (once
    /// per folder and store, see `recoverInterruptedSaves`).
    public var saveWithOptions: @Sendable (_ url: URL, _ bytes: [UInt8], _ expected: FileFingerprint?, _ options: SaveOptions) async throws -> FileFingerprint

    /// Deals with the files interrupted saves left (a crash, a killed
    /// process, a full disk): under a folder (recursively, as workspace
    /// discovery walks it) or beside one file. Temporary files are removed,
    /// a backup of an unfinished write in place is restored into its
    /// document; see `InterruptedSave`. Call it when a workspace is opened
    /// and before commands write. Never throws: what cannot be dealt with
    /// is returned with `.failed`.
    public var recoverInterruptedSaves: @Sendable (URL) async -> [InterruptedSave]

    /// Writes `bytes` as a conflict copy of `url`, `name (conflict
    /// YYYY-MM-DD HHMMSS).ext` ("keep both" after a conflict; a ` 2`, ` 3`…
    /// suffix inside the parentheses when taken), and returns the new
    /// file's URL. For a file inside `workspaceRoot` the copy goes to
    /// `<workspaceRoot>/.tiledit/conflicts/<the file's folder>/`, a hidden
    /// folder that workspace discovery and static site generators skip;
    /// without a root (or outside it), beside the file.
    public var saveCopy: @Sendable (_ url: URL, _ bytes: [UInt8], _ workspaceRoot: URL?) async throws -> URL

    /// Creates a document from `template` inside `folder` (created when
    /// missing) and returns its URL. Never overwrites: when the slug is taken
    /// the name gets `-2`, `-3`…
    public var create: @Sendable (_ template: DocumentTemplate, _ folder: URL) async throws -> URL

    /// Moves a file or folder into `<workspaceRoot>/.tiledit-trash/<timestamp>/<relative path>`,
    /// then removes the folders it left empty (up to the root, which
    /// stays; `TrashedItem.removedFolders`).
    ///
    /// Throws `.outsideWorkspace` when the item is not under the root,
    /// `.missing` when it does not exist.
    public var trash: @Sendable (_ url: URL, _ workspaceRoot: URL) async throws -> TrashedItem

    /// Moves a trashed item back, making the folders it is in again when
    /// they are gone. Throws `.occupied` when something is at the
    /// original path, `.missing` when the trashed item is gone.
    public var restore: @Sendable (TrashedItem) async throws -> Void

    /// Records unsaved edits of `url` (the whole text), the hash of the
    /// file they started from and the values typed but not applied,
    /// replacing any earlier entry.
    public var journal: @Sendable (
        _ url: URL, _ bytes: [UInt8], _ baseHash: ContentHash?, _ pendingValues: [JournalEntry.PendingValue]
    ) async throws -> Void

    /// The journal entry of `url`, if one is pending. Throws
    /// `.journalUnreadable` for an entry that cannot be read back.
    public var pendingJournal: @Sendable (URL) async throws -> JournalEntry?

    /// Every whole journal entry, of any document, sorted by document path
    /// (offered back at start-up). Entries that cannot be read are left
    /// out and left in place. Throws `.readFailed` when the journal folder
    /// cannot be listed; a missing folder holds no entry.
    public var pendingJournals: @Sendable () async throws -> [JournalEntry]

    /// Deletes the journal entry of `url` (no error when there is none).
    public var clearJournal: @Sendable (URL) async throws -> Void

    /// A store over the given operations. Without `saveWithOptions`, saves
    /// with options go to `save` (the options are not applied); without
    /// `recoverInterruptedSaves`, nothing is recovered.
    public init(
        load: @escaping @Sendable (URL) async throws -> LoadedFile,
        save: @escaping @Sendable (_ url: URL, _ bytes: [UInt8], _ expected: FileFingerprint?) async throws -> FileFingerprint,
        saveWithOptions: (@Sendable (_ url: URL, _ bytes: [UInt8], _ expected: FileFingerprint?, _ options: SaveOptions) async throws -> FileFingerprint)? = nil,
        recoverInterruptedSaves: @escaping @Sendable (URL) async -> [InterruptedSave] = { _ in [] },
        saveCopy: @escaping @Sendable (_ url: URL, _ bytes: [UInt8], _ workspaceRoot: URL?) async throws -> URL,
        create: @escaping @Sendable (_ template: DocumentTemplate, _ folder: URL) async throws -> URL,
        trash: @escaping @Sendable (_ url: URL, _ workspaceRoot: URL) async throws -> TrashedItem,
        restore: @escaping @Sendable (TrashedItem) async throws -> Void,
        journal: @escaping @Sendable (
            _ url: URL, _ bytes: [UInt8], _ baseHash: ContentHash?, _ pendingValues: [JournalEntry.PendingValue]
        ) async throws -> Void,
        pendingJournal: @escaping @Sendable (URL) async throws -> JournalEntry?,
        pendingJournals: @escaping @Sendable () async throws -> [JournalEntry],
        clearJournal: @escaping @Sendable (URL) async throws -> Void
    ) {
        self.load = load
        self.save = save
        self.saveWithOptions = saveWithOptions ?? { url, bytes, expected, _ in try await save(url, bytes, expected) }
        self.recoverInterruptedSaves = recoverInterruptedSaves
        self.saveCopy = saveCopy
        self.create = create
        self.trash = trash
        self.restore = restore
        self.journal = journal
        self.pendingJournal = pendingJournal
        self.pendingJournals = pendingJournals
        self.clearJournal = clearJournal
    }

    /// Name of the trash folder in a workspace root.
    public static let trashFolderName = ".tiledit-trash"

    /// Where conflict copies go, relative to a workspace root (see `saveCopy`).
    public static let conflictFolderPath = ".tiledit/conflicts"

    /// The store over a file system.
    ///
    /// - Parameters:
    ///   - fileSystem: the file operations (`.live` for the real disk).
    ///   - date: the clock for conflict copy names, trash folders, journal
    ///     entries and post dates.
    ///   - journalFolder: where journal entries are kept (see
    ///     `UserFolders.journalFolder(environment:homeFolder:)`).
    ///   - timeZone: the zone dates are written in.
    ///   - sizeLimit: largest file opened, in bytes.
    public static func live(
        fileSystem: FileSystem = .live,
        date: DateClient = .live,
        journalFolder: URL,
        timeZone: TimeZone = .current,
        sizeLimit: Int = ContentCheck.defaultSizeLimit
    ) -> DocumentStore {
        let store = LiveDocumentStore(
            fileSystem: fileSystem, date: date, journalFolder: journalFolder,
            format: TimestampFormat(timeZone: timeZone), sizeLimit: sizeLimit)
        return DocumentStore(
            load: { try store.load($0) },
            save: { try store.save($0, bytes: $1, expected: $2, options: .standard) },
            saveWithOptions: { try store.save($0, bytes: $1, expected: $2, options: $3) },
            recoverInterruptedSaves: { store.recoverInterruptedSaves($0) },
            saveCopy: { try store.saveCopy($0, bytes: $1, workspaceRoot: $2) },
            create: { try store.create($0, in: $1) },
            trash: { try store.trash($0, workspaceRoot: $1) },
            restore: { try store.restore($0) },
            journal: { try store.journal($0, bytes: $1, baseHash: $2, pendingValues: $3) },
            pendingJournal: { try store.pendingJournal($0) },
            pendingJournals: { try store.pendingJournals() },
            clearJournal: { try store.clearJournal($0) }
        )
    }
}
