import Foundation

/// The live `DocumentStore` operations over a `FileSystem`.
struct LiveDocumentStore: Sendable {
    let fileSystem: FileSystem
    let date: DateClient
    let journalFolder: URL
    let format: TimestampFormat
    let sizeLimit: Int

    private var writer: AtomicWriter { AtomicWriter(fileSystem: fileSystem) }

    // MARK: Load and save

    func load(_ url: URL) throws -> LoadedFile {
        let path = url.path
        guard let status = try stat(url, failure: { .readFailed(path: path, reason: $0) }) else {
            throw DocumentStoreError.missing(path: path)
        }
        if status.kind == .folder { throw DocumentStoreError.isFolder(path: path) }
        if status.size > sizeLimit {
            throw DocumentStoreError.content(path: path, .tooLarge(size: status.size, limit: sizeLimit))
        }
        let bytes = try readBytes(url)
        if let problem = ContentCheck.problem(in: bytes, sizeLimit: sizeLimit) {
            throw DocumentStoreError.content(path: path, problem)
        }
        let fingerprint = FileFingerprint(
            hash: ContentHash(of: bytes), size: bytes.count,
            modificationDate: status.modificationDate, permissions: status.permissions)
        return LoadedFile(url: url, bytes: bytes, fingerprint: fingerprint)
    }

    func save(_ url: URL, bytes: [UInt8], expected: FileFingerprint?) throws -> FileFingerprint {
        // Write through a symbolic link, so the link stays a link.
        let target = url.resolvingSymlinksInPath()
        let path = url.path
        let current = try stat(target, failure: { .readFailed(path: path, reason: $0) })
        switch (current, expected) {
        case (nil, .some):
            throw DocumentStoreError.deletedOnDisk(path: path)
        case (.some, nil):
            throw DocumentStoreError.conflict(path: path)
        case (.some(let status), .some(let expected)):
            if status.kind == .folder { throw DocumentStoreError.isFolder(path: path) }
            // Compare every byte (through the hash): size and date can match
            // after another program's edit (case 46).
            let onDisk = try readBytes(target)
            if ContentHash(of: onDisk) != expected.hash { throw DocumentStoreError.conflict(path: path) }
        case (nil, nil):
            break
        }
        do {
            try writer.write(bytes, to: target, permissions: current?.permissions)
        } catch let error as FileSystemError {
            throw DocumentStoreError.writeFailed(path: path, reason: error.reason)
        }
        let written = try? fileSystem.status(target)
        return FileFingerprint(
            hash: ContentHash(of: bytes), size: bytes.count,
            modificationDate: written?.modificationDate ?? date.now(),
            permissions: written?.permissions ?? current?.permissions ?? 0o644)
    }

    func saveCopy(_ url: URL, bytes: [UInt8]) throws -> URL {
        let folder = url.deletingLastPathComponent()
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
                try writeNew(bytes, to: candidate, permissions: nil)
                return candidate
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
        return TrashedItem(originalURL: item, trashedURL: destination, batchFolder: batch, date: now)
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
            try fileSystem.rename(item.trashedURL, original)
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
            // 0o600: unsaved text is private to the user.
            try writer.write(Array(headerData) + [0x0A] + bytes, to: file, permissions: 0o600)
        } catch let error as FileSystemError {
            throw DocumentStoreError.writeFailed(path: file.path, reason: error.reason)
        }
    }

    func pendingJournal(_ url: URL) throws -> JournalEntry? {
        let file = journalFile(for: url)
        var newest: JournalEntry?
        if try stat(file, failure: { .readFailed(path: file.path, reason: $0) }) != nil {
            guard let decoded = try decodeJournal(readBytes(file)) else { throw DocumentStoreError.journalUnreadable(path: url.path) }
            // A different path means another document's entry under a colliding key.
            guard decoded.path == url.standardizedFileURL.path else { return nil }
            newest = entry(decoded, for: url)
        }
        // A crash between writing the next entry and renaming it over the
        // last leaves the new entry in a temporary file: taken when it is
        // whole (its length as its header says) and newer.
        for leftover in journalLeftovers(of: file) {
            guard let bytes = try? fileSystem.read(leftover), let decoded = decodeJournal(bytes),
                  decoded.path == url.standardizedFileURL.path else { continue }
            let candidate = entry(decoded, for: url)
            if newest.map({ candidate.date > $0.date }) ?? true { newest = candidate }
        }
        return newest
    }

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
        for name in names where name.kind == .file && (name.name.hasSuffix(".journal") || AtomicWriter.isTemporaryName(name.name)) {
            let file = journalFolder.appendingPathComponent(name.name)
            guard let bytes = try? fileSystem.read(file), let decoded = decodeJournal(bytes) else { continue }
            paths.insert(decoded.path)
        }
        return paths.sorted().compactMap { path in try? pendingJournal(URL(fileURLWithPath: path)) }
    }

    /// Temporary files the atomic writer left beside `file` (interrupted writes).
    private func journalLeftovers(of file: URL) -> [URL] {
        let prefix = ".\(file.lastPathComponent).tiledit-"
        let entries = (try? fileSystem.listFolder(journalFolder)) ?? []
        return entries
            .filter { $0.kind == .file && $0.name.hasPrefix(prefix) && AtomicWriter.isTemporaryName($0.name) }
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

    private func readBytes(_ url: URL) throws -> [UInt8] {
        do {
            return try fileSystem.read(url)
        } catch let error as FileSystemError {
            if error.isMissing { throw DocumentStoreError.missing(path: url.path) }
            throw DocumentStoreError.readFailed(path: url.path, reason: error.reason)
        }
    }

    /// Writes a file that must not exist yet (no temporary file: creating it
    /// exclusively already refuses to overwrite).
    private func writeNew(_ bytes: [UInt8], to url: URL, permissions: UInt16?) throws {
        do {
            try fileSystem.write(url, bytes, permissions)
            try fileSystem.synchronize(url)
        } catch let error as FileSystemError {
            if error.code == EEXIST { throw DocumentStoreError.conflict(path: url.path) }
            try? fileSystem.remove(url)
            throw DocumentStoreError.writeFailed(path: url.path, reason: error.reason)
        }
    }
}
