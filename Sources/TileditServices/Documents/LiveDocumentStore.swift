import Foundation
import Synchronization

/// The live `DocumentStore` operations over a `FileSystem`.
struct LiveDocumentStore: Sendable {
    let fileSystem: FileSystem
    let date: DateClient
    let journalFolder: URL
    let format: TimestampFormat
    let sizeLimit: Int
    /// Folders whose leftovers of interrupted saves were dealt with by this
    /// store: leftovers come from earlier processes, so once per folder is enough.
    let checkedFolders = CheckedFolders()

    /// A set of folder paths shared by the store's copies.
    final class CheckedFolders: Sendable {
        private let paths = Mutex<Set<String>>([])

        /// Whether `path` was not in the set (it is now).
        func insert(_ path: String) -> Bool {
            paths.withLock { $0.insert(path).inserted }
        }
    }

    var writer: SafeWriter { SafeWriter(fileSystem: fileSystem, sizeLimit: sizeLimit) }
    private var recovery: InterruptedSaveRecovery { InterruptedSaveRecovery(writer: writer) }

    // MARK: Load and save

    func load(_ url: URL) throws -> LoadedFile {
        let path = url.path
        guard let status = try stat(url, failure: { .readFailed(path: path, reason: $0) }) else {
            if let link = try? fileSystem.linkStatus(url), link.kind == .symbolicLink, let target = try? fileSystem.readLink(url) {
                throw DocumentStoreError.danglingLink(path: path, target: target)
            }
            throw DocumentStoreError.missing(path: path)
        }
        switch status.kind {
        case .file: break
        case .folder: throw DocumentStoreError.isFolder(path: path)
        default: throw DocumentStoreError.notAFile(path: path, kind: status.kind)
        }
        if status.size > sizeLimit {
            throw DocumentStoreError.content(path: path, .tooLarge(size: status.size, limit: sizeLimit))
        }
        let contents = try readContents(url, limit: sizeLimit)
        // The size limit holds for what was read, whatever stat said before.
        if contents.bytes.count > sizeLimit {
            throw DocumentStoreError.content(path: path, .tooLarge(size: Swift.max(contents.status.size, contents.bytes.count), limit: sizeLimit))
        }
        if let problem = ContentCheck.problem(in: contents.bytes, sizeLimit: sizeLimit) {
            throw DocumentStoreError.content(path: path, problem)
        }
        let fingerprint = FileFingerprint(
            hash: ContentHash(of: contents.bytes), size: contents.bytes.count,
            modificationDate: contents.status.modificationDate, permissions: contents.status.permissions,
            resolvedPath: resolvedPath(url))
        return LoadedFile(url: url, bytes: contents.bytes, fingerprint: fingerprint)
    }

    func save(_ url: URL, bytes: [UInt8], expected: FileFingerprint?, options: SaveOptions) throws -> FileFingerprint {
        if options.createsFolders, expected == nil { try makeFolder(of: url) }
        recoverOnce(folderOf: url)
        let written = try writer.write(
            bytes, to: url, precondition: expected.map { .content($0.hash) } ?? .absent, options: options,
            newFilePermissions: options.replacesLink ? expected?.permissions : nil, links: expected.map(LinkExpectation.init) ?? .unchecked)
        return FileFingerprint(
            hash: ContentHash(of: bytes), size: bytes.count,
            modificationDate: written.modificationDate, permissions: written.permissions, resolvedPath: resolvedPath(url))
    }

    /// Makes the folders of the file at `url` when they are gone (nothing
    /// at all is at the folder's path: a link to nothing is left alone).
    private func makeFolder(of url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            guard try fileSystem.linkStatus(folder) == nil else { return }
            try fileSystem.createFolder(folder)
        } catch let error as FileSystemError {
            throw DocumentStoreError.writeFailed(path: url.path, reason: "its folder could not be made again: \(error.reason)")
        }
    }

    /// The standardized path the symbolic links at `url` lead to; `nil`
    /// when `url` is no link (or they cannot be read).
    private func resolvedPath(_ url: URL) -> String? {
        guard let resolved = try? writer.resolveLinks(url), resolved.lastLinkText != nil else { return nil }
        return resolved.target.standardizedFileURL.path
    }

    /// Deals with leftovers of interrupted saves in the folder of the file
    /// `url` names (through its links), the first time this store writes there.
    private func recoverOnce(folderOf url: URL) {
        let target = (try? writer.resolveLinks(url).target) ?? url
        let folder = target.deletingLastPathComponent()
        guard checkedFolders.insert(folder.standardizedFileURL.path) else { return }
        _ = recovery.recover(folder: folder, recursive: false)
    }

    func recoverInterruptedSaves(_ url: URL) -> [InterruptedSave] {
        if let status = try? fileSystem.status(url), status.kind == .folder {
            _ = checkedFolders.insert(url.standardizedFileURL.path)
            return recovery.recover(folder: url, recursive: true)
        }
        let target = (try? writer.resolveLinks(url).target) ?? url
        return recovery.recover(file: target)
    }

    func saveCopy(_ url: URL, bytes: [UInt8], workspaceRoot: URL?) throws -> URL {
        var folder = url.deletingLastPathComponent()
        // Inside a workspace the copy goes where the site does not publish
        // it: a hidden folder at the root, by the file's own folder.
        if let workspaceRoot, let relative = folder.relativePath(in: workspaceRoot) {
            folder = workspaceRoot.appendingPathComponent(DocumentStore.conflictFolderPath, isDirectory: true)
            if !relative.isEmpty { folder = folder.appendingPathComponent(relative, isDirectory: true) }
            do {
                try fileSystem.createFolder(folder)
            } catch let error as FileSystemError {
                throw DocumentStoreError.writeFailed(path: folder.path, reason: error.reason)
            }
        }
        let name = url.lastPathComponent
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let fileExtension = dot.map { String(name[$0...]) } ?? ""
        let now = date.now()
        let stamp = "conflict \(format.day(now)) \(format.time(now))"
        var attempt = 1
        while true {
            let label = attempt == 1 ? stamp : "\(stamp) \(attempt)"
            let candidate = folder.appendingPathComponent("\(stem) (\(label))\(fileExtension)")
            if try stat(candidate, failure: { .writeFailed(path: candidate.path, reason: $0) }) == nil {
                do {
                    try writeNew(bytes, to: candidate, permissions: nil)
                    return candidate
                } catch DocumentStoreError.conflict {
                    // Taken meanwhile: the next name.
                }
            }
            attempt += 1
        }
    }

    // MARK: Templates

    func create(_ template: DocumentTemplate, in folder: URL) throws -> URL {
        let bytes = template.bytes(date: format.day(date.now()))
        var attempt = 1
        while true {
            let name = attempt == 1 ? template.slug : "\(template.slug)-\(attempt)"
            let relative = template.relativePath(name: name)
            var isFree = true
            for claimed in template.claimedPaths(name: name).map({ folder.appendingPathComponent($0) }) where isFree {
                isFree = try stat(claimed, failure: { .writeFailed(path: claimed.path, reason: $0) }) == nil
            }
            if isFree {
                let url = folder.appendingPathComponent(relative)
                do {
                    try fileSystem.createFolder(url.deletingLastPathComponent())
                } catch let error as FileSystemError {
                    throw DocumentStoreError.writeFailed(path: url.path, reason: error.reason)
                }
                try writeNew(bytes, to: url, permissions: nil)
                return url
            }
            attempt += 1
        }
    }

    // MARK: Trash

    func trash(_ url: URL, workspaceRoot: URL) throws -> TrashedItem {
        let root = workspaceRoot.standardizedFileURL
        let item = url.standardizedFileURL
        guard let relative = item.relativePath(in: root), !relative.isEmpty,
              relative != DocumentStore.trashFolderName, !relative.hasPrefix(DocumentStore.trashFolderName + "/") else {
            throw DocumentStoreError.outsideWorkspace(path: url.path, root: workspaceRoot.path)
        }
        guard try stat(item, failure: { .readFailed(path: url.path, reason: $0) }) != nil else {
            throw DocumentStoreError.missing(path: url.path)
        }
        let now = date.now()
        let trashFolder = root.appendingPathComponent(DocumentStore.trashFolderName, isDirectory: true)
        let stamp = "\(format.day(now))-\(format.time(now))"
        var attempt = 1
        var batch = trashFolder.appendingPathComponent(stamp, isDirectory: true)
        while try stat(batch, failure: { .writeFailed(path: batch.path, reason: $0) }) != nil {
            attempt += 1
            batch = trashFolder.appendingPathComponent("\(stamp)-\(attempt)", isDirectory: true)
        }
        let destination = batch.appendingPathComponent(relative)
        do {
            try fileSystem.createFolder(destination.deletingLastPathComponent())
            try fileSystem.rename(item, destination)
        } catch let error as FileSystemError {
            throw DocumentStoreError.writeFailed(path: url.path, reason: error.reason)
        }
        // Folders the item leaves empty go too (a page bundle's folder):
        // the innermost first, never the root; restore makes them again.
        var removed: [URL] = []
        var folder = item.deletingLastPathComponent().standardizedFileURL
        while folder.path != root.path, folder.relativePath(in: root) != nil {
            guard (try? fileSystem.listFolder(folder))?.isEmpty == true, (try? fileSystem.remove(folder)) != nil else { break }
            removed.append(folder)
            folder = folder.deletingLastPathComponent().standardizedFileURL
        }
        return TrashedItem(originalURL: item, trashedURL: destination, batchFolder: batch, date: now, removedFolders: removed)
    }

    func restore(_ item: TrashedItem) throws {
        let original = item.originalURL
        if try stat(original, failure: { .writeFailed(path: original.path, reason: $0) }) != nil {
            throw DocumentStoreError.occupied(path: original.path)
        }
        guard try stat(item.trashedURL, failure: { .readFailed(path: item.trashedURL.path, reason: $0) }) != nil else {
            throw DocumentStoreError.missing(path: item.trashedURL.path)
        }
        do {
            try fileSystem.createFolder(original.deletingLastPathComponent())
            try fileSystem.renameExclusive(item.trashedURL, original)
        } catch let error as FileSystemError where error.code == EEXIST {
            throw DocumentStoreError.occupied(path: original.path)
        } catch let error as FileSystemError where error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP {
            // No exclusive rename on this file system: checked above, a narrow race.
            do {
                try fileSystem.rename(item.trashedURL, original)
            } catch let error as FileSystemError {
                throw DocumentStoreError.writeFailed(path: original.path, reason: error.reason)
            }
        } catch let error as FileSystemError {
            throw DocumentStoreError.writeFailed(path: original.path, reason: error.reason)
        }
        // Folders the item left empty in the trash go too (removing a
        // non-empty folder fails, which stops the walk).
        var folder = item.trashedURL.deletingLastPathComponent().standardizedFileURL
        let batch = item.batchFolder.standardizedFileURL
        while folder.relativePath(in: batch) != nil {
            do { try fileSystem.remove(folder) } catch { break }
            if folder.path == batch.path { break }
            folder = folder.deletingLastPathComponent()
        }
    }

    // MARK: Journal

    /// The journal file's first line (JSON), followed by the document's bytes.
    private struct JournalHeader: Codable {
        var version: Int
        var path: String
        var baseHash: ContentHash?
        var date: Double
        var length: Int
        /// Values typed and not applied (absent in entries written before they were kept).
        var pending: [JournalEntry.PendingValue]?
    }

    func journalFile(for url: URL) -> URL {
        let key = ContentHash(of: Array(url.standardizedFileURL.path.utf8)).hex
        return journalFolder.appendingPathComponent("\(key).journal")
    }

    func journal(_ url: URL, bytes: [UInt8], baseHash: ContentHash?, pendingValues: [JournalEntry.PendingValue]) throws {
        let header = JournalHeader(
            version: 1, path: url.standardizedFileURL.path, baseHash: baseHash,
            date: date.now().timeIntervalSince1970, length: bytes.count, pending: pendingValues.isEmpty ? nil : pendingValues)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let headerData = try? encoder.encode(header) else {
            throw DocumentStoreError.writeFailed(path: url.path, reason: "the journal header could not be encoded")
        }
        let file = journalFile(for: url)
        do {
            try fileSystem.createFolder(journalFolder)
        } catch let error as FileSystemError {
            throw DocumentStoreError.writeFailed(path: file.path, reason: error.reason)
        }
        // 0o600: unsaved text is private to the user.
        _ = try writer.write(Array(headerData) + [0x0A] + bytes, to: file, precondition: .anything, newFilePermissions: 0o600)
    }

    func pendingJournal(_ url: URL) throws -> JournalEntry? {
        let file = journalFile(for: url)
        var newest: JournalEntry?
        if try stat(file, failure: { .readFailed(path: file.path, reason: $0) }) != nil {
            guard let decoded = try decodeJournal(readContents(file, limit: journalLimit).bytes) else {
                throw DocumentStoreError.journalUnreadable(path: url.path)
            }
            // A different path means another document's entry under a colliding key.
            guard decoded.path == url.standardizedFileURL.path else { return nil }
            newest = entry(decoded, for: url)
        }
        // A crash between writing the next entry and renaming it over the
        // last leaves the new entry in a temporary file: taken when it is
        // whole (its length as its header says) and newer.
        for leftover in journalLeftovers(of: file) {
            guard let bytes = try? fileSystem.read(leftover, limit: journalLimit).bytes, let decoded = decodeJournal(bytes),
                  decoded.path == url.standardizedFileURL.path else { continue }
            let candidate = entry(decoded, for: url)
            if newest.map({ candidate.date > $0.date }) ?? true { newest = candidate }
        }
        return newest
    }

    /// Largest journal file read: a document at the size limit and its header.
    private var journalLimit: Int { sizeLimit + 64 * 1024 }

    /// A journal file's header and the document bytes after it; `nil` when
    /// the file is not a whole version-1 entry.
    private func decodeJournal(_ content: [UInt8]) -> (path: String, header: JournalHeader, bytes: ArraySlice<UInt8>)? {
        guard let newline = content.firstIndex(of: 0x0A),
              let header = try? JSONDecoder().decode(JournalHeader.self, from: Data(content[..<newline])),
              header.version == 1, header.length == content.count - newline - 1 else { return nil }
        return (header.path, header, content[(newline + 1)...])
    }

    private func entry(_ decoded: (path: String, header: JournalHeader, bytes: ArraySlice<UInt8>), for url: URL) -> JournalEntry {
        JournalEntry(
            documentURL: url, bytes: Array(decoded.bytes), baseHash: decoded.header.baseHash,
            date: Date(timeIntervalSince1970: decoded.header.date), pendingValues: decoded.header.pending ?? [])
    }

    func pendingJournals() throws -> [JournalEntry] {
        let names: [FolderEntry]
        do {
            names = try fileSystem.listFolder(journalFolder)
        } catch let error as FileSystemError {
            if error.isMissing { return [] }
            throw DocumentStoreError.readFailed(path: journalFolder.path, reason: error.reason)
        }
        // Every document named by an entry or a whole leftover of one; each
        // is then read as `pendingJournal` reads it (the newest whole entry).
        var paths: Set<String> = []
        for name in names where name.kind == .file && (name.name.hasSuffix(".journal") || SaveLeftoverName.parse(name.name)?.1 == .temporary) {
            let file = journalFolder.appendingPathComponent(name.name)
            guard let bytes = try? fileSystem.read(file, limit: journalLimit).bytes, let decoded = decodeJournal(bytes) else { continue }
            paths.insert(decoded.path)
        }
        return paths.sorted().compactMap { path in try? pendingJournal(URL(fileURLWithPath: path)) }
    }

    /// Temporary files the atomic writer left beside `file` (interrupted writes).
    private func journalLeftovers(of file: URL) -> [URL] {
        let entries = (try? fileSystem.listFolder(journalFolder)) ?? []
        return entries
            .filter { entry in
                guard entry.kind == .file, let (field, kind) = SaveLeftoverName.parse(entry.name) else { return false }
                return kind == .temporary && SaveLeftoverName.field(field, belongsTo: file.lastPathComponent)
            }
            .map { journalFolder.appendingPathComponent($0.name) }
    }

    func clearJournal(_ url: URL) throws {
        let file = journalFile(for: url)
        for leftover in journalLeftovers(of: file) { try? fileSystem.remove(leftover) }
        do {
            try fileSystem.remove(file)
        } catch let error as FileSystemError {
            if error.isMissing { return }
            throw DocumentStoreError.writeFailed(path: file.path, reason: error.reason)
        }
    }

    // MARK: Helpers

    private func stat(_ url: URL, failure: (String) -> DocumentStoreError) throws -> FileStatus? {
        do {
            return try fileSystem.status(url)
        } catch let error as FileSystemError {
            throw failure(error.reason)
        }
    }

    private func readContents(_ url: URL, limit: Int) throws -> FileContents {
        do {
            return try fileSystem.read(url, limit: limit)
        } catch let error as FileSystemError {
            if let kind = error.kind { throw kind == .folder ? DocumentStoreError.isFolder(path: url.path) : DocumentStoreError.notAFile(path: url.path, kind: kind) }
            if error.isMissing { throw DocumentStoreError.missing(path: url.path) }
            throw DocumentStoreError.readFailed(path: url.path, reason: error.reason)
        }
    }

    /// Writes a file that must not exist yet.
    private func writeNew(_ bytes: [UInt8], to url: URL, permissions: UInt16?) throws {
        _ = try writer.write(bytes, to: url, precondition: .absent, newFilePermissions: permissions)
    }
}
