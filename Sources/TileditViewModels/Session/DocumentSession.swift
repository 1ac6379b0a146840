import Foundation
import Observation
import TileditServices

/// One open file's life with the disk, whatever its format: the version
/// last read or written, saving (atomic, never over a file changed on disk,
/// asking before writing a read-only file), settling conflicts (reload,
/// overwrite, keep both, or compare and merge through a `ConflictReview`),
/// the recovery journal, autosave and the disk check (its rules in
/// `DocumentSession+DiskCheck`; ARCHITECTURE.md, "View models").
///
/// It works on bytes: its `owner` (a Markdown or YAML editor) tells it the
/// current text, its revision and whether it is dirty, and is told when a
/// save succeeded, when the user must decide something and when the file
/// must be loaded again. Every store error is caught and shown through
/// `saveState` or a `Question`; nothing throws to the owner except `load()`.
@Observable @MainActor
public final class DocumentSession {
    /// What the user must decide before the session goes on.
    public typealias Question = DocumentSessionQuestion
    /// Where the last save stands, before the owner's dirtiness is added.
    public typealias Phase = DocumentSessionPhase

    /// The file.
    public let url: URL
    /// Writes the unsaved edits to the recovery journal as they change.
    public let journal: JournalWriter
    /// The file as last read or written (its hash decides conflicts);
    /// `nil` before a load, or for text never read from disk (then a save
    /// creates the file and a file already there is a conflict).
    public internal(set) var fingerprint: FileFingerprint?
    /// Where the last save stands.
    public internal(set) var phase = Phase.idle
    /// The text as last read or written: what a merge starts from. `nil`
    /// before a load, and after edits restored from the journal were made
    /// on another version of the file (that version is not known).
    public private(set) var baseBytes: [UInt8]?
    /// Where the symbolic link now at the file's path leads, when the
    /// conflict is that it became one (it was a file, or led elsewhere,
    /// when loaded); `nil` for any other conflict, and after it is settled.
    public internal(set) var conflictLink: String?
    /// What is at the file's path instead of the text file it was loaded
    /// from, as the last disk check (or save) found it; `nil` while the file
    /// is there, readable and writable as loaded (see `checkDisk()`).
    public internal(set) var diskProblem: DiskProblem?
    /// Time after the last change before an automatic save; `nil`: no autosave.
    public var autosaveDelay: Duration?
    /// The workspace folder: "keep both" puts its copy in its
    /// `.tiledit/conflicts/` (`nil`: beside the file).
    public var workspaceRoot: URL?
    /// The editor the session works for (held weakly: the editor owns the session).
    @ObservationIgnored public weak var owner: (any DocumentSessionOwner)?

    /// Where the file is read and written (the conflict review reads it too).
    @ObservationIgnored let store: DocumentStore
    @ObservationIgnored private let clock: any Clock<Duration>
    /// The disk version a disk check last reported as a conflict.
    @ObservationIgnored var reportedConflictHash: ContentHash?
    /// Where the links led in the version reported as a conflict.
    @ObservationIgnored var reportedConflictLink: String?
    /// The problem a disk check last asked about (asked once per problem).
    @ObservationIgnored var reportedProblem: DiskProblem?
    /// The pending automatic save (tests await it).
    @ObservationIgnored public private(set) var autosaveTask: Task<Void, Never>?
    /// A question about the file waits for the user: a conflict, something
    /// else (or nothing) at the path, a read-only file. Autosave holds, since
    /// its save could only ask the same again under the user's typing; an
    /// explicit save still asks. Over when a save succeeds, the file is
    /// loaded again or the disk check finds the problem over.
    @ObservationIgnored public internal(set) var autosaveHeld = false

    /// A session of the file at `url` through `store`; autosave waits
    /// `autosaveDelay` on `clock` after the last change (`nil`: off).
    public init(url: URL, store: DocumentStore, clock: any Clock<Duration>, autosaveDelay: Duration? = nil) {
        self.url = url
        self.store = store
        self.clock = clock
        self.autosaveDelay = autosaveDelay
        journal = JournalWriter(url: url, store: store)
    }

    deinit {
        autosaveTask?.cancel()
    }

    /// Where the file stands with the disk, given the owner's dirtiness.
    public var saveState: SaveState {
        let isDirty = owner?.sessionIsDirty ?? false
        switch phase {
        case .saving: return .saving
        case .conflict: return .conflict
        case .failed(let error): return .failed(error)
        case .saved, .idle:
            if let diskProblem { return .diskProblem(diskProblem, isDirty: isDirty) }
            return isDirty ? .dirty : phase == .saved ? .saved : .clean
        }
    }

    // MARK: Loading and the journal

    /// Reads the file and makes it the version edits start from; the save
    /// phase goes back to idle.
    ///
    /// - Returns: the file's bytes.
    /// - Throws: the store's `DocumentStoreError` (the session is unchanged).
    public func load() async throws -> [UInt8] {
        let file = try await store.load(url)
        fingerprint = file.fingerprint
        baseBytes = file.bytes
        phase = .idle
        conflictLink = nil
        diskProblem = nil
        reportedProblem = nil
        autosaveHeld = false
        return file.bytes
    }

    /// The journal entry of unsaved edits from an earlier session, if one
    /// can be read (an unreadable entry counts as none).
    public func pendingJournalEntry() async -> JournalEntry? {
        try? await store.pendingJournal(url)
    }

    /// Whether `entry` was made from a version other than the one loaded.
    public func fileChanged(since entry: JournalEntry) -> Bool {
        entry.baseHash != fingerprint?.hash
    }

    /// Journaled edits were restored: they were made to the file as it was
    /// then, so when it changed on disk since, saving them is a conflict,
    /// not an overwrite.
    public func adoptBase(of entry: JournalEntry) {
        if let base = entry.baseHash, base != fingerprint?.hash {
            fingerprint?.hash = base
            baseBytes = nil
        }
    }

    /// Empties the journal entry and waits until that is written.
    public func discardJournal() async {
        journal.write(.nothing)
        await journal.flush()
    }

    /// Makes the journal follow the owner's text: what it holds is taken
    /// when the write starts (the latest text then, without a copy kept
    /// meanwhile); nothing is written once the owner is gone.
    private func writeJournal() {
        journal.write { [weak self] in
            guard let self, self.owner != nil else { return nil }
            return self.journalContent
        }
    }

    /// What the journal must hold now: the owner's text, the base version
    /// and its pending values when dirty, else nothing.
    public var journalContent: JournalWriter.Content {
        guard let owner, owner.sessionIsDirty, let bytes = owner.sessionBytes else { return .nothing }
        return .edits(bytes: bytes, baseHash: fingerprint?.hash, pendingValues: owner.sessionPendingValues)
    }

    // MARK: Changes

    /// The text changed: a finished save or failure is over, the journal
    /// follows, and autosave starts waiting again.
    public func textChanged() {
        if phase == .saved || phase.isFailure { phase = .idle }
        writeJournal()
        scheduleAutosave()
    }

    /// Values typed and not applied changed (no text change): the journal
    /// follows; a finished save is over when there is now something unsaved.
    public func pendingValuesChanged() {
        if phase == .saved, owner?.sessionIsDirty == true { phase = .idle }
        writeJournal()
    }

    /// Schedules an automatic save `autosaveDelay` after now when the owner
    /// is dirty and no question waits for the user (`autosaveHeld`),
    /// replacing any scheduled one.
    public func scheduleAutosave() {
        autosaveTask?.cancel()
        guard let delay = autosaveDelay, owner?.sessionIsDirty == true, !autosaveHeld else { return }
        let wait = clock.sleeper(for: delay)
        autosaveTask = Task { [weak self] in
            do {
                try await wait()
            } catch {
                return
            }
            // A disk check may have asked something while it waited.
            guard let self, !self.autosaveHeld else { return }
            await self.save()
        }
    }

    // MARK: Saving

    /// Saves the owner's text atomically over the version last read or
    /// written; a file changed on disk since becomes a conflict, never an
    /// overwrite. Does nothing while a save runs or nothing is loaded.
    public func save() async {
        await save(expected: fingerprint)
    }

    /// Saves over `expected` (`nil`: a new file) with `options`; a failure
    /// that asks the user something holds autosave until it is answered.
    func save(expected: FileFingerprint?, options: SaveOptions = SaveOptions()) async {
        guard let owner, owner.sessionBytes != nil, phase != .saving else { return }
        owner.sessionWillSave()
        guard let bytes = owner.sessionBytes else { return }
        let revision = owner.sessionRevision
        phase = .saving
        do {
            fingerprint = try await store.saveWithOptions(url, bytes, expected, options)
            baseBytes = bytes
            phase = .saved
            conflictLink = nil
            diskProblem = nil
            reportedProblem = nil
            autosaveHeld = false
            self.owner?.sessionDidSave(bytes, revision: revision)
            // Values typed and not applied are not in the file: they stay in the journal.
            writeJournal()
        } catch let error as DocumentStoreError {
            switch error {
            case .conflict:
                phase = .conflict
                autosaveHeld = true
                self.owner?.sessionAsks(.conflict)
            case .becameLink(_, let target):
                // Never written through: the conflict says where it leads.
                conflictLink = target
                phase = .conflict
                autosaveHeld = true
                self.owner?.sessionAsks(.conflict)
            case .deletedOnDisk, .isFolder, .notAFile, .danglingLink:
                // Nothing at the path, or something else there: the same
                // question as a disk check asks (save again, or keep a copy).
                phase = .failed(ViewError(error.message))
                diskProblem = DiskProblem(error)
                reportedProblem = diskProblem
                autosaveHeld = true
                self.owner?.sessionAsks(.deletedOnDisk)
            case .notWritable:
                // Other editors ask too: a rename would bypass the file's
                // own permission, so the user decides.
                phase = .failed(ViewError(error.message))
                autosaveHeld = true
                self.owner?.sessionAsks(.overrideReadOnly(message: error.message))
            default:
                phase = .failed(ViewError(error.message))
            }
        } catch is CancellationError {
            phase = .idle
        } catch {
            phase = .failed(ViewError(error.localizedDescription))
        }
    }

    /// Settles a conflict with the file on disk: reload drops the edits,
    /// overwrite writes them over the version now on disk, keep both writes
    /// them to a conflict copy and loads the file again. A failure shows as
    /// a failed save.
    public func resolveConflict(_ resolution: ConflictResolution) async {
        switch resolution {
        case .reload:
            await owner?.sessionReload()
        case .overwrite:
            do {
                // Over the version on disk, with the links the file had when
                // loaded: a link put there since is replaced by a file, its
                // target left alone, never written through.
                var onDisk = try await store.load(url).fingerprint
                onDisk.resolvedPath = fingerprint?.resolvedPath
                phase = .idle
                await save(expected: onDisk, options: SaveOptions(replacesLink: true))
            } catch {
                fail(error)
            }
        case .keepBoth:
            guard let bytes = owner?.sessionBytes else { return }
            do {
                let copy = try await store.saveCopy(url, bytes, workspaceRoot)
                await owner?.sessionReload()
                owner?.sessionDidKeepCopy(copy, bytes)
            } catch {
                fail(error)
            }
        }
    }

    /// The note after "keep both" wrote the edits to `copy`: where it is,
    /// and that the site does not publish it there.
    public func keptCopyNote(_ copy: URL) -> String {
        if let workspaceRoot, let relative = copy.relativePath(in: workspaceRoot), !relative.isEmpty {
            return "Your edits were saved as \(relative) (in a hidden folder the site does not publish)."
        }
        return "Your edits were saved as \(copy.lastPathComponent)."
    }

    /// The text was merged with `disk`: that version is now the one the
    /// next save writes over and the next merge's base, and the conflict is over.
    func adoptMerged(from disk: LoadedFile) {
        fingerprint = disk.fingerprint
        baseBytes = disk.bytes
        reportedConflictHash = nil
        phase = .idle
        autosaveHeld = false
        textChanged()
    }

    /// Records a failure that shows as a failed save.
    func fail(_ error: any Error) {
        phase = .failed(ViewError(Self.message(error)))
    }

    /// The message shown for `error`: a `DocumentStoreError`'s own, else the system's.
    static func message(_ error: any Error) -> String {
        if let error = error as? DocumentStoreError { return error.message }
        return error.localizedDescription
    }
}
