import Foundation

/// Finds the files an interrupted save left beside documents (see
/// `SaveLeftoverName`) and deals with each, never destroying bytes it
/// cannot prove are that save's:
///
/// - a temporary file is removed: the document is whole, its old or its
///   new version (a replace is one atomic step); so is a lone file of
///   intended content (its write in place had not started, or had finished
///   and removed its backup);
/// - a backup of a write in place is removed (with its intended content)
///   when the document holds the new content (the write finished) or the
///   backup's content (it had not started). When the document is neither
///   but provably that write stopped halfway (its length between the old
///   and the new one's, every byte the old or the new content's at that
///   offset, checked against the intended content kept beside the backup),
///   it is restored from the backup, in place (keeping its links, owner
///   and mode), and both are removed. Otherwise another program changed
///   the document after the interrupted save (or there is no intended
///   content to prove otherwise, as with backups of older versions): the
///   document is left as it is and the backup kept as a recoverable copy
///   (`InterruptedSave.Outcome.keptBackup`). A backup whose document is
///   gone takes the document's name again.
///
/// A leftover another process has locked (a save running now) is left
/// alone; so are files that merely look like leftovers but are links or
/// have several names.
struct InterruptedSaveRecovery: Sendable {
    let writer: SafeWriter
    var fileSystem: FileSystem { writer.fileSystem }

    /// The leftovers of the file at `target` (a path with no symbolic link
    /// as its last component).
    func recover(file target: URL) -> [InterruptedSave] {
        let folder = target.deletingLastPathComponent()
        guard let entries = try? fileSystem.listFolder(folder) else { return [] }
        return recover(entries, in: folder, onlyFor: target.lastPathComponent)
    }

    /// The leftovers in `folder` and, with `recursive`, in the folders under
    /// it that workspace discovery visits (hidden folders, build folders and
    /// links to folders are skipped).
    func recover(folder: URL, recursive: Bool) -> [InterruptedSave] {
        var results: [InterruptedSave] = []
        var pending = [folder]
        while let next = pending.popLast() {
            guard let entries = try? fileSystem.listFolder(next) else { continue }
            results += recover(entries, in: next, onlyFor: nil)
            guard recursive else { continue }
            for entry in entries.sorted(by: { $0.name > $1.name })
            where entry.kind == .folder && !entry.name.hasPrefix(".") && !WorkspaceClient.skippedFolderNames.contains(entry.name) {
                pending.append(next.appendingPathComponent(entry.name, isDirectory: true))
            }
        }
        return results
    }

    private func recover(_ entries: [FolderEntry], in folder: URL, onlyFor name: String?) -> [InterruptedSave] {
        let leftovers = entries.compactMap { entry -> (FolderEntry, SaveLeftoverName.Kind, String)? in
            guard entry.kind == .file, let (field, kind) = SaveLeftoverName.parse(entry.name) else { return nil }
            return (entry, kind, field)
        }
        guard !leftovers.isEmpty else { return [] }
        // Which document each name field belongs to (a cut name needs the listing).
        var documents: [String: String] = [:]
        for entry in entries where SaveLeftoverName.parse(entry.name) == nil {
            documents[SaveLeftoverName.field(for: entry.name)] = entry.name
        }
        var results: [InterruptedSave] = []
        for (entry, kind, field) in leftovers.sorted(by: { $0.0.name < $1.0.name }) {
            let documentName = documents[field] ?? field
            if let name, !SaveLeftoverName.field(field, belongsTo: name) { continue }
            let document = folder.appendingPathComponent(documentName)
            let leftover = folder.appendingPathComponent(entry.name)
            if let outcome = resolve(leftover, kind: kind, document: document, nameIsKnown: documents[field] != nil || !SaveLeftoverName.isCut(field)) {
                results.append(InterruptedSave(document: document, leftover: leftover, outcome: outcome))
            }
        }
        if results.contains(where: { if case .failed = $0.outcome { false } else { true } }) {
            try? fileSystem.synchronize(folder)
        }
        return results
    }

    /// What was done with one leftover; `nil` when it was left alone (gone,
    /// not ours, or in use).
    private func resolve(_ leftover: URL, kind: SaveLeftoverName.Kind, document: URL, nameIsKnown: Bool) -> InterruptedSave.Outcome? {
        let file: FileDescriptor
        do {
            file = try fileSystem.openFile(leftover, .read(followsLinks: false))
        } catch let error as FileSystemError {
            return error.isMissing || error.code == ELOOP ? nil : .failed(reason: error.reason)
        } catch {
            return .failed(reason: "\(error)")
        }
        defer { try? fileSystem.closeFile(file) }
        do {
            let status = try fileSystem.describeFile(file)
            guard status.kind == .file, status.linkCount == 1 else { return nil }
            // A save running now holds the lock.
            guard try fileSystem.lockFile(file) else { return nil }
            switch kind {
            case .temporary:
                try fileSystem.remove(leftover)
                return .removedTemporaryFile
            case .intended:
                // Its backup, if still there, deals with it.
                guard let backupName = SaveLeftoverName.backup(forIntended: leftover.lastPathComponent),
                      try fileSystem.linkStatus(leftover.deletingLastPathComponent().appendingPathComponent(backupName)) == nil else { return nil }
                try fileSystem.remove(leftover)
                return .removedTemporaryFile
            case .backup(let newContentPrefix):
                return try resolveBackup(leftover, file: file, newContentPrefix: newContentPrefix, document: document, nameIsKnown: nameIsKnown)
            }
        } catch let error as FileSystemError {
            return error.isMissing ? nil : .failed(reason: error.reason)
        } catch {
            return .failed(reason: "\(error)")
        }
    }

    private func resolveBackup(
        _ leftover: URL, file: FileDescriptor, newContentPrefix: String, document: URL, nameIsKnown: Bool
    ) throws -> InterruptedSave.Outcome {
        let backupBytes = try fileSystem.readFile(file, writer.sizeLimit)
        guard backupBytes.count <= writer.sizeLimit else { return .failed(reason: "the backup is larger than the size limit") }
        let intended = try IntendedContent.open(besideBackup: leftover, writer: writer)
        defer { intended?.close() }
        guard let status = try fileSystem.linkStatus(document) else {
            guard nameIsKnown else { return .failed(reason: "its document is gone and its cut name cannot be completed") }
            // The document is gone: the backup takes its name (nothing is replaced).
            do {
                try fileSystem.renameExclusive(leftover, document)
            } catch let error as FileSystemError where error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP || error.code == EOPNOTSUPP {
                guard try fileSystem.linkStatus(document) == nil else { return .failed(reason: "\(document.lastPathComponent) appeared meanwhile") }
                try fileSystem.rename(leftover, document)
            }
            try intended?.remove()
            return .restoredFromBackup
        }
        guard status.kind == .file else { return .failed(reason: "\(document.lastPathComponent) is \(status.kind.description)") }
        let contents = try fileSystem.read(document, limit: writer.sizeLimit)
        let current = contents.bytes
        guard current.count <= writer.sizeLimit else { return .failed(reason: "\(document.lastPathComponent) is larger than the size limit") }
        let newBytes = intended?.bytes
        if current == backupBytes || current == newBytes
            || (newBytes == nil && SaveLeftoverName.hashPrefix(ContentHash(of: current)) == newContentPrefix) {
            try fileSystem.remove(leftover)
            try intended?.remove()
            return .removedBackup
        }
        guard let newBytes, InterruptedWrite.couldLeave(current, writing: newBytes, over: backupBytes) else {
            // Not what that write could leave: another program's content stays,
            // and the version before the interrupted save stays recoverable.
            try intended?.remove()
            return .keptBackup
        }
        // The write in place stopped halfway: the old bytes go back, in place,
        // unless the file was replaced or written since it was read.
        let target = try fileSystem.openFile(document, .update)
        defer { try? fileSystem.closeFile(target) }
        let opened = try fileSystem.describeFile(target)
        guard opened.identity == contents.status.identity, opened.changeStamp == contents.status.changeStamp else {
            return .failed(reason: "\(document.lastPathComponent) was changed meanwhile")
        }
        try writer.writeAll(backupBytes, to: target, at: 0)
        try fileSystem.truncateFile(target, backupBytes.count)
        try fileSystem.synchronizeFile(target)
        try fileSystem.remove(leftover)
        try intended?.remove()
        return .restoredFromBackup
    }
}
