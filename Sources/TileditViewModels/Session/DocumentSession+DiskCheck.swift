import TileditServices

/// The disk check (ARCHITECTURE.md, "View models"): what the session makes
/// of the file at its path now, whatever another program did to it, and
/// the answers to what it asks (save again, keep a copy, save anyway).
/// Nothing is written and the text is never changed without the user, except
/// that a clean document is read again when its file changed.
extension DocumentSession {
    /// Compares the file on disk with the version last read or written.
    ///
    /// - The same bytes through the same links: whatever was reported since
    ///   (a conflict, a deleted file) is over and its question withdrawn; a
    ///   file that lost its write permission is said (asked with unsaved edits).
    /// - Other bytes, or a symbolic link that leads elsewhere now: clean, the
    ///   file is loaded again; with unsaved edits it is a conflict, asked once
    ///   per version on disk.
    /// - Nothing there (deleted, moved or renamed away, its folder removed),
    ///   a folder, a FIFO, a link to nothing, a file that cannot be read as
    ///   text: `diskProblem` says which and `.deletedOnDisk` is asked once per
    ///   problem, with or without edits (the text stays as it is).
    ///
    /// Text never read from disk (no fingerprint) and not on disk yet is no problem.
    public func checkDisk() async {
        guard owner?.sessionBytes != nil, phase != .saving else { return }
        let onDisk: LoadedFile
        do {
            onDisk = try await store.load(url)
        } catch let error as DocumentStoreError {
            found(DiskProblem(error))
            return
        } catch {
            return
        }
        // A save may have started while the file was read: it decides.
        guard phase != .saving else { return }
        if onDisk.hash == fingerprint?.hash, onDisk.fingerprint.resolvedPath == fingerprint?.resolvedPath {
            foundAsLoaded(onDisk.fingerprint)
        } else if owner?.sessionIsDirty == true {
            foundChanged(onDisk.fingerprint)
        } else {
            settleProblem()
            await owner?.sessionReload()
        }
    }

    /// The problem reported last is over (the file is back): forgotten,
    /// and its question withdrawn if it is still shown.
    private func settleProblem() {
        guard let problem = diskProblem else { return }
        diskProblem = nil
        reportedProblem = nil
        autosaveHeld = false
        if phase.isFailure { phase = .idle }
        if case .readOnly(let permissions) = problem {
            let path = owner?.sessionDisplayPath ?? url.lastPathComponent
            owner?.sessionWithdraws(.overrideReadOnly(message: SessionAlert.becameReadOnly(displayPath: path, permissions: permissions)))
        } else {
            owner?.sessionWithdraws(.deletedOnDisk)
        }
    }

    // MARK: Answers

    /// The user answered the read-only question with "save anyway": the
    /// file is written keeping its mode (`SaveOptions.overridesReadOnly`).
    public func saveOverridingReadOnly() async {
        phase = .idle
        await save(expected: fingerprint, options: SaveOptions(overridesReadOnly: true))
    }

    /// The file was deleted on disk (or moved away, its folder with it):
    /// writes it again as a new file, making its folder again when it is
    /// gone (`SaveOptions.createsFolders`); a file put there meanwhile is a
    /// conflict, never overwritten.
    public func saveAgain() async {
        phase = .idle
        await save(expected: nil, options: SaveOptions(createsFolders: true))
    }

    /// Writes the text as a copy in `.tiledit/conflicts/` (beside the file
    /// without a workspace), leaving the path and the editor as they are:
    /// the answer when something else is at the path or it cannot be read.
    /// A failure shows as a failed save.
    public func keepCopy() async {
        guard let bytes = owner?.sessionBytes else { return }
        do {
            let copy = try await store.saveCopy(url, bytes, workspaceRoot)
            owner?.sessionDidKeepCopy(copy, bytes)
        } catch {
            fail(error)
        }
    }

    // MARK: What the check found

    /// The file is the version edits started from: a problem or a conflict
    /// reported since is over (changed back to the same bytes, put back);
    /// only its permission may have changed.
    private func foundAsLoaded(_ onDisk: FileFingerprint) {
        if diskProblem?.isReadOnly == false { settleProblem() }
        if phase == .conflict {
            phase = .idle
            reportedConflictHash = nil
            conflictLink = nil
            autosaveHeld = false
            owner?.sessionWithdraws(.conflict)
        }
        let wasWritable = (fingerprint?.permissions ?? 0) & 0o222 != 0
        let isWritable = onDisk.permissions & 0o222 != 0
        if wasWritable, !isWritable {
            found(.readOnly(permissions: onDisk.permissions))
        } else if diskProblem?.isReadOnly == true {
            settleProblem()
        }
    }

    /// The file on disk is another version, or reached through another
    /// link, and there are unsaved edits: a conflict, said once per version.
    private func foundChanged(_ onDisk: FileFingerprint) {
        let link = onDisk.resolvedPath
        conflictLink = link != fingerprint?.resolvedPath ? link : nil
        // The file is back, as another version: the conflict says so.
        settleProblem()
        if phase == .conflict, reportedConflictHash == nil {
            // A save found this conflict and asked (without the version it
            // found): this is that version, already asked about.
            reportedConflictHash = onDisk.hash
            reportedConflictLink = link
            return
        }
        // Said once per version on disk: an alert dismissed with Cancel
        // does not come back under the user's typing (a key meant for
        // the document could answer it); a save raises it again.
        guard phase != .conflict || onDisk.hash != reportedConflictHash || link != reportedConflictLink else { return }
        reportedConflictHash = onDisk.hash
        reportedConflictLink = link
        phase = .conflict
        autosaveHeld = true
        owner?.sessionAsks(.conflict)
    }

    /// Records `problem` and asks about it once (until it changes or is over).
    private func found(_ problem: DiskProblem) {
        // Text never written to the path yet is expected to be missing there.
        if fingerprint == nil, problem == .missing { return }
        guard problem != reportedProblem else { return }
        diskProblem = problem
        reportedProblem = problem
        if phase == .conflict {
            // The version the conflict was about is gone too.
            phase = .idle
            reportedConflictHash = nil
            conflictLink = nil
        }
        if case .readOnly(let permissions) = problem {
            // Only unsaved edits have something to decide; the status line says it.
            guard owner?.sessionIsDirty == true else { return }
            autosaveHeld = true
            let path = owner?.sessionDisplayPath ?? url.lastPathComponent
            owner?.sessionAsks(.overrideReadOnly(message: SessionAlert.becameReadOnly(displayPath: path, permissions: permissions)))
            return
        }
        autosaveHeld = true
        owner?.sessionAsks(.deletedOnDisk)
    }
}
