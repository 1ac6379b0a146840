import Foundation

/// Finds the files an interrupted save left beside documents (see
/// `SaveLeftoverName`) and deals with each:
///
/// - a temporary file is removed: the document is whole, its old or its
///   new version (a replace is one atomic step);
/// - a backup of a write in place is removed when the document holds the
///   new content (the write finished) or the backup's content (it had not
///   started); otherwise the write stopped halfway and the document is
///   restored from the backup, in place (keeping its links, owner and
///   mode), and then the backup is removed. A backup whose document is gone
///   takes the document's name again.
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
        guard let status = try fileSystem.linkStatus(document) else {
            guard nameIsKnown else { return .failed(reason: "its document is gone and its cut name cannot be completed") }
            // The document is gone: the backup takes its name (nothing is replaced).
            do {
                try fileSystem.renameExclusive(leftover, document)
            } catch let error as FileSystemError where error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP || error.code == EOPNOTSUPP {
                guard try fileSystem.linkStatus(document) == nil else { return .failed(reason: "\(document.lastPathComponent) appeared meanwhile") }
                try fileSystem.rename(leftover, document)
            }
            return .restoredFromBackup
        }
        guard status.kind == .file else { return .failed(reason: "\(document.lastPathComponent) is \(status.kind.description)") }
        let current = try fileSystem.read(document, limit: writer.sizeLimit).bytes
        guard current.count <= writer.sizeLimit else { return .failed(reason: "\(document.lastPathComponent) is larger than the size limit") }
        if current == backupBytes || SaveLeftoverName.hashPrefix(ContentHash(of: current)) == newContentPrefix {
            try fileSystem.remove(leftover)
            return .removedBackup
        }
        // The write in place stopped halfway: the old bytes go back, in place.
        let target = try fileSystem.openFile(document, .update)
        defer { try? fileSystem.closeFile(target) }
        let opened = try fileSystem.describeFile(target)
        guard opened.identity == status.identity else { return .failed(reason: "\(document.lastPathComponent) was replaced meanwhile") }
        try writer.writeAll(backupBytes, to: target, at: 0)
        try fileSystem.truncateFile(target, backupBytes.count)
        try fileSystem.synchronizeFile(target)
        try fileSystem.remove(leftover)
        return .restoredFromBackup
    }
}
