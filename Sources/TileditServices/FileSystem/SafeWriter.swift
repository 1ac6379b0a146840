import Foundation

/// Writes a file so that it stays what it was and no fault loses a byte
///. Every write of the services goes through here:
/// document saves, conflict copies, new documents, settings and the
/// recovery journal.
///
/// 1. A symbolic link is followed to the file it names (through chains of
///    links), which is written; the links stay links. A link to nothing is
///    refused, and so is a link the caller did not expect there
///    (`LinkExpectation`: it was a file, or led elsewhere, when read),
///    unless `SaveOptions.replacesLink`, which puts a new file in its place.
/// 2. Only a regular file is written. A folder, FIFO, device or socket is
///    refused before anything is opened, except that a character device or
///    FIFO is written into in place with `SaveOptions.writesIntoDevices`.
/// 3. The file is opened (never following a link, never blocking) and
///    `fstat`, its content is compared with the precondition, and its
///    owner, group, mode and extended attributes (ACLs included) are read.
///    A file the user may not write is refused unless overridden.
/// 4. **Replace**: a temporary file beside it gets the owner and group
///    (`fchown`), the new bytes, the extended attributes and the mode
///    (`fchmod`, last, since `chown` and writes clear set-ID bits), and is
///    flushed (`fsync`). It then takes the file's name in one step that
///    cannot create a deleted file (`renameat2(RENAME_EXCHANGE)`; where the
///    file system cannot, a check of the file's identity just before
///    `rename`), and the folder is flushed. The old file, now under the
///    temporary name, must be the one read (same device, inode, size and
///    change times), else the swap is undone and the save is a conflict.
/// 5. **In place**, when a replace would not keep the file (more than one
///    hard link, an owner or group or attribute the new file cannot be
///    given, a file that cannot be renamed over): the complete new bytes
///    (the intended content) and then a complete backup of the old bytes
///    are written and flushed beside it (each first as a temporary file,
///    then renamed to its name, then the folder flushed), the file is
///    overwritten, truncated and flushed, and the backup and the intended
///    content removed (vim's `backupcopy=auto`). A failed write puts the
///    old bytes back; if even that fails both stay for
///    `InterruptedSaveRecovery`, which restores the backup only when the
///    file is provably what this write left (see `InterruptedWrite`).
/// 6. Where neither is possible, nothing is written. Nor is anything when
///    the file read for the precondition already holds exactly the bytes.
///
/// The temporary and backup files are locked (`flock`) while a save uses
/// them, so a check running at the same time leaves them alone.
struct SafeWriter: Sendable {
    let fileSystem: FileSystem
    /// Largest existing file read to compare it with the precondition.
    let sizeLimit: Int

    /// Writes `bytes` at `url`.
    ///
    /// - Parameters:
    ///   - precondition: what must be there (see `WritePrecondition`).
    ///   - options: overrides (read-only files, devices).
    ///   - newFilePermissions: permission bits of a file that did not exist,
    ///     or that replaces a link (`nil`: `0o666` less the umask).
    ///   - links: what the path must be as to symbolic links.
    /// - Returns: what `fstat` says about the written file.
    /// - Throws: `DocumentStoreError` (see its cases; `.becameLink` for a
    ///   link `links` does not allow); the message names `url` as given.
    func write(
        _ bytes: [UInt8], to url: URL, precondition: WritePrecondition,
        options: SaveOptions = .standard, newFilePermissions: UInt16? = nil, links: LinkExpectation = .unchecked
    ) throws -> FileStatus {
        var save = Save(writer: self, displayPath: url.path, bytes: bytes, options: options)
        return try save.run(url: url, precondition: precondition, newFilePermissions: newFilePermissions, links: links)
    }

    /// The file a chain of symbolic links at `url` ends at (`url` itself
    /// when it is not a link). The result may not exist.
    ///
    /// - Throws: `FileSystemError` (`ELOOP` after 40 links).
    func resolveLinks(_ url: URL) throws -> (target: URL, lastLinkText: String?) {
        var path = url
        var text: String?
        for _ in 0..<40 {
            guard let status = try fileSystem.linkStatus(path), status.kind == .symbolicLink else { return (path, text) }
            let link = try fileSystem.readLink(path)
            text = link
            path = link.hasPrefix("/") ? URL(fileURLWithPath: link) : path.deletingLastPathComponent().appendingPathComponent(link)
        }
        throw FileSystemError(.readLink, path: url.path, code: ELOOP)
    }

    /// Writes all of `bytes` to an open file from `offset` (the current
    /// position when `nil`), repeating short writes.
    func writeAll(_ bytes: [UInt8], to file: FileDescriptor, at offset: Int?) throws {
        var written = 0
        while written < bytes.count {
            let count = try fileSystem.writeFile(file, bytes[written...], offset.map { $0 + written })
            // A write that makes no progress would loop for ever.
            guard count > 0 else { throw FileSystemError(.write, path: "", code: EIO) }
            written += count
        }
    }
}

/// One write in progress (the state `SafeWriter.write` threads through its steps).
private struct Save {
    /// Why a replace cannot keep the file: the write goes in place instead.
    struct CannotReplace: Error {
        var reason: String
    }

    let writer: SafeWriter
    let displayPath: String
    let bytes: [UInt8]
    let options: SaveOptions
    var fileSystem: FileSystem { writer.fileSystem }

    init(writer: SafeWriter, displayPath: String, bytes: [UInt8], options: SaveOptions) {
        self.writer = writer
        self.displayPath = displayPath
        self.bytes = bytes
        self.options = options
    }

    mutating func run(url: URL, precondition: WritePrecondition, newFilePermissions: UInt16?, links: LinkExpectation) throws -> FileStatus {
        let (target, linkText) = try step("resolve its symbolic links") { try writer.resolveLinks(url) }
        if linkText != nil, Self.refuses(links, target: target) {
            // Never written through: the link is told, or replaced by a file.
            guard options.replacesLink else {
                let text = try step("read its symbolic link") { try fileSystem.readLink(url) }
                throw DocumentStoreError.becameLink(path: displayPath, target: text)
            }
            return try create(at: url, permissions: newFilePermissions, precondition: .anything)
        }
        let current = try step("read what it is") { try fileSystem.linkStatus(target) }
        guard let current else {
            if let linkText { throw DocumentStoreError.danglingLink(path: displayPath, target: linkText) }
            switch precondition {
            case .content: throw DocumentStoreError.deletedOnDisk(path: displayPath)
            case .absent, .anything: return try create(at: target, permissions: newFilePermissions, precondition: precondition)
            }
        }
        switch current.kind {
        case .file:
            if case .absent = precondition { throw DocumentStoreError.conflict(path: displayPath) }
            do {
                return try replaceOrUpdate(target, precondition: precondition)
            } catch DocumentStoreError.deletedOnDisk where precondition == .anything {
                return try create(at: target, permissions: newFilePermissions, precondition: precondition)
            }
        case .folder:
            throw DocumentStoreError.isFolder(path: displayPath)
        case .characterDevice, .fifo:
            guard options.writesIntoDevices else { throw DocumentStoreError.notAFile(path: displayPath, kind: current.kind) }
            return try writeIntoDevice(target, expected: current)
        case .symbolicLink, .blockDevice, .socket, .other:
            throw DocumentStoreError.notAFile(path: displayPath, kind: current.kind)
        }
    }

    /// Whether a symbolic link leading to `target` breaks `links`.
    private static func refuses(_ links: LinkExpectation, target: URL) -> Bool {
        switch links {
        case .unchecked: false
        case .noLink: true
        case .leadsTo(let path): target.standardizedFileURL.path != path
        }
    }

    // MARK: A new file

    private func create(at target: URL, permissions: UInt16?, precondition: WritePrecondition) throws -> FileStatus {
        let (temporary, file) = try createTemporary(beside: target, permissions: permissions ?? 0o666, fileMissing: false)
        var committed = false
        defer {
            try? fileSystem.closeFile(file)
            if !committed { try? fileSystem.remove(temporary) }
        }
        let written = try step("write the new file") {
            try writer.writeAll(bytes, to: file, at: 0)
            try fileSystem.synchronizeFile(file)
            return try fileSystem.describeFile(file)
        }
        do {
            try fileSystem.renameExclusive(temporary, target)
        } catch let error as FileSystemError where error.code == EEXIST {
            if precondition == .anything {
                try step("put the new file in place") { try fileSystem.rename(temporary, target) }
            } else {
                throw DocumentStoreError.conflict(path: displayPath)
            }
        } catch let error as FileSystemError where Self.isUnsupported(error) {
            // No exclusive rename here: check, then rename (a narrow race).
            if precondition != .anything, try step("check the name is free", { try fileSystem.linkStatus(target) }) != nil {
                throw DocumentStoreError.conflict(path: displayPath)
            }
            try step("put the new file in place") { try fileSystem.rename(temporary, target) }
        } catch {
            throw failure(error, "put the new file in place")
        }
        committed = true
        try? fileSystem.synchronize(target.deletingLastPathComponent())
        return written
    }

    // MARK: An existing file

    /// What the existing file is, read through one open file.
    private struct Inspection {
        var status: FileStatus
        var attributes: [ExtendedAttribute]
        var oldBytes: [UInt8]?
    }

    private func replaceOrUpdate(_ target: URL, precondition: WritePrecondition) throws -> FileStatus {
        var inspection = try inspect(target, precondition: precondition)
        let status = inspection.status
        // The same bytes as on disk: nothing to write (the file keeps its
        // inode, times and leftovers-free folder).
        if inspection.oldBytes == bytes { return status }
        // vim's rule: no write bit at all is read-only, even for root.
        let hasWriteBit = status.permissions & 0o222 != 0
        let accessible = try step("check your access") { try fileSystem.canWrite(target) }
        if !(hasWriteBit && accessible) && !options.overridesReadOnly {
            throw DocumentStoreError.notWritable(path: displayPath, permissions: status.permissions)
        }
        let reason: String
        if status.linkCount > 1 {
            reason = "it has \(status.linkCount) hard links, which a new file would separate"
        } else {
            do {
                return try replace(target, inspection: inspection)
            } catch let cannot as CannotReplace {
                reason = cannot.reason
            }
        }
        guard accessible else {
            throw DocumentStoreError.cannotKeepFile(path: displayPath, reason: "\(reason), and you may not write it in place")
        }
        if inspection.oldBytes == nil { inspection.oldBytes = try readOldBytes(target, expected: status) }
        return try update(target, inspection: inspection, reason: reason)
    }

    private func inspect(_ target: URL, precondition: WritePrecondition) throws -> Inspection {
        let file = try openExisting(target, mode: .read(followsLinks: false), "read it")
        defer { try? fileSystem.closeFile(file) }
        let status = try step("read what it is") { try fileSystem.describeFile(file) }
        guard status.kind == .file else { throw DocumentStoreError.conflict(path: displayPath) }
        var oldBytes: [UInt8]?
        if case .content(let hash) = precondition {
            let read = try step("read it") { try fileSystem.readFile(file, writer.sizeLimit) }
            guard read.count <= writer.sizeLimit, ContentHash(of: read) == hash else { throw DocumentStoreError.conflict(path: displayPath) }
            oldBytes = read
        }
        let attributes = try step("read its extended attributes") { try fileSystem.extendedAttributes(file) }
        // Written to while it was read: another program is at work.
        let after = try step("read what it is") { try fileSystem.describeFile(file) }
        guard after.changeStamp == status.changeStamp else { throw DocumentStoreError.conflict(path: displayPath) }
        return Inspection(status: status, attributes: attributes, oldBytes: oldBytes)
    }

    private func readOldBytes(_ target: URL, expected: FileStatus) throws -> [UInt8] {
        let file = try openExisting(target, mode: .read(followsLinks: false), "read it")
        defer { try? fileSystem.closeFile(file) }
        let bytes = try step("read it") { try fileSystem.readFile(file, Int.max - 1) }
        let status = try step("read what it is") { try fileSystem.describeFile(file) }
        guard status.identity == expected.identity, status.changeStamp == expected.changeStamp else {
            throw DocumentStoreError.conflict(path: displayPath)
        }
        return bytes
    }

    /// Opens the existing file; a missing file was deleted, a link or
    /// another file where it was is a conflict.
    private func openExisting(_ target: URL, mode: FileOpenMode, _ action: String) throws -> FileDescriptor {
        do {
            return try fileSystem.openFile(target, mode)
        } catch let error as FileSystemError where error.isMissing {
            throw DocumentStoreError.deletedOnDisk(path: displayPath)
        } catch let error as FileSystemError where error.code == ELOOP {
            throw DocumentStoreError.conflict(path: displayPath)
        } catch {
            throw failure(error, action)
        }
    }

    // MARK: Replace

    private func replace(_ target: URL, inspection: Inspection) throws -> FileStatus {
        let status = inspection.status
        let (temporary, file) = try createTemporary(beside: target, permissions: 0o600, fileMissing: true)
        var committed = false
        defer {
            try? fileSystem.closeFile(file)
            if !committed { try? fileSystem.remove(temporary) }
        }
        let created = try step("write the new file") { try fileSystem.describeFile(file) }
        if created.owner != status.owner || created.group != status.group {
            do {
                try fileSystem.setOwner(file, status.owner, status.group)
            } catch let error as FileSystemError where Self.isRefusal(error) {
                throw CannotReplace(reason: "it belongs to user \(status.owner) and group \(status.group), which a new file of yours cannot be given")
            } catch {
                throw failure(error, "give the new file its owner")
            }
        }
        try step("write the new file") { try writer.writeAll(bytes, to: file, at: 0) }
        // Attributes after the content: a write clears security.capability.
        try copyAttributes(inspection.attributes, to: file)
        do {
            try fileSystem.setPermissions(file, status.permissions)
        } catch let error as FileSystemError where Self.isRefusal(error) {
            throw CannotReplace(reason: "a new file cannot be given its mode \(DocumentStoreError.octal(status.permissions))")
        } catch {
            throw failure(error, "set the new file's mode")
        }
        let written = try step("write the new file") {
            try fileSystem.synchronizeFile(file)
            return try fileSystem.describeFile(file)
        }
        try commit(temporary, over: target, expected: status)
        committed = true
        try? fileSystem.synchronize(target.deletingLastPathComponent())
        return written
    }

    private func copyAttributes(_ attributes: [ExtendedAttribute], to file: FileDescriptor) throws {
        let present = try step("copy its extended attributes") { try fileSystem.extendedAttributes(file) }
        let wanted = Set(attributes.map(\.name))
        do {
            // An attribute the new file got from its folder (a default ACL) that the file did not have.
            for attribute in present where !wanted.contains(attribute.name) {
                try fileSystem.removeExtendedAttribute(file, attribute.name)
            }
            for attribute in attributes where !present.contains(attribute) {
                try fileSystem.setExtendedAttribute(file, attribute)
            }
        } catch let error as FileSystemError where Self.isRefusal(error) {
            throw CannotReplace(reason: "a new file cannot be given its extended attributes (\(error.reason))")
        } catch {
            throw failure(error, "copy its extended attributes")
        }
    }

    /// Puts `temporary` in the place of `target`, which must still be the
    /// file inspected; never creates `target` when it was deleted.
    private func commit(_ temporary: URL, over target: URL, expected: FileStatus) throws {
        do {
            try fileSystem.exchange(temporary, target)
        } catch let error as FileSystemError where Self.isUnsupported(error) {
            try checkUnchanged(target, expected: expected)
            do {
                try fileSystem.rename(temporary, target)
            } catch let error as FileSystemError where error.code == EXDEV || error.code == EBUSY {
                throw CannotReplace(reason: "it cannot be renamed over (\(error.reason); a mount point?)")
            } catch {
                throw failure(error, "put the new file in place")
            }
            return
        } catch let error as FileSystemError where error.isMissing {
            // The file, or its folder, is gone: nothing is created.
            try checkUnchanged(target, expected: expected)
            throw failure(error, "put the new file in place")
        } catch let error as FileSystemError where error.code == EXDEV || error.code == EBUSY {
            throw CannotReplace(reason: "it cannot be renamed over (\(error.reason); a mount point?)")
        } catch {
            throw failure(error, "put the new file in place")
        }
        // `temporary` now names the old file: it must be the one inspected,
        // unwritten since (the rename itself changed its status change time).
        let old = try? fileSystem.linkStatus(temporary)
        guard let old, old.kind == .file, old.identity == expected.identity, old.changeStamp.size == expected.changeStamp.size,
              old.changeStamp.modificationTime == expected.changeStamp.modificationTime else {
            // Another program replaced or wrote the file meanwhile: its file goes back.
            do {
                try fileSystem.exchange(temporary, target)
            } catch {
                try? fileSystem.rename(temporary, target)
            }
            throw DocumentStoreError.conflict(path: displayPath)
        }
        // The old file; a failure leaves a temporary file the next check removes.
        try? fileSystem.remove(temporary)
    }

    /// Throws `.deletedOnDisk` or `.conflict` unless `target` is still the
    /// file inspected.
    private func checkUnchanged(_ target: URL, expected: FileStatus) throws {
        guard let now = try step("check it is unchanged", { try fileSystem.linkStatus(target) }) else {
            throw DocumentStoreError.deletedOnDisk(path: displayPath)
        }
        guard now.kind == .file, now.identity == expected.identity, now.changeStamp == expected.changeStamp else {
            throw DocumentStoreError.conflict(path: displayPath)
        }
    }

    // MARK: In place

    private func update(_ target: URL, inspection: Inspection, reason: String) throws -> FileStatus {
        let status = inspection.status
        let oldBytes = inspection.oldBytes ?? []
        let folder = target.deletingLastPathComponent()
        let names = SaveLeftoverName.inPlace(for: target.lastPathComponent, newContent: ContentHash(of: bytes))
        let permissions = status.permissions & 0o777
        let (intended, intendedFile) = try writeLeftover(bytes, beside: target, named: names.intended, permissions: permissions, reason: reason)
        var backupKept = false
        defer {
            try? fileSystem.closeFile(intendedFile)
            if !backupKept { try? fileSystem.remove(intended) }
        }
        let (backup, backupFile) = try writeLeftover(oldBytes, beside: target, named: names.backup, permissions: permissions, reason: reason)
        defer {
            try? fileSystem.closeFile(backupFile)
            if !backupKept {
                // The backup first: an intended content left alone is disposable.
                try? fileSystem.remove(backup)
                try? fileSystem.synchronize(folder)
            }
        }
        let file: FileDescriptor
        do {
            file = try fileSystem.openFile(target, .update)
        } catch let error as FileSystemError where error.isMissing {
            throw DocumentStoreError.deletedOnDisk(path: displayPath)
        } catch let error as FileSystemError where error.code == ELOOP {
            throw DocumentStoreError.conflict(path: displayPath)
        } catch let error as FileSystemError where Self.isRefusal(error) {
            throw DocumentStoreError.cannotKeepFile(path: displayPath, reason: "\(reason), and it cannot be opened for writing (\(error.reason))")
        } catch {
            throw failure(error, "open it for writing")
        }
        defer { try? fileSystem.closeFile(file) }
        let opened = try step("open it for writing") { try fileSystem.describeFile(file) }
        guard opened.identity == status.identity, opened.changeStamp == status.changeStamp else {
            throw DocumentStoreError.conflict(path: displayPath)
        }
        do {
            try overwrite(file, with: bytes)
        } catch {
            // Put the old bytes back from memory; the backup stays until they are.
            do {
                try overwrite(file, with: oldBytes)
            } catch {
                backupKept = true
                throw DocumentStoreError.incompleteWrite(path: displayPath, backupPath: backup.path, reason: Self.reason(error))
            }
            throw failure(error, "write it in place")
        }
        return (try? fileSystem.describeFile(file)) ?? opened
    }

    private func overwrite(_ file: FileDescriptor, with content: [UInt8]) throws {
        try writer.writeAll(content, to: file, at: 0)
        try fileSystem.truncateFile(file, content.count)
        try fileSystem.synchronizeFile(file)
    }

    /// A complete copy of `content` beside `target` under `name` (a
    /// backup or the intended content), on disk under that name before
    /// this returns; the open file keeps it locked.
    private func writeLeftover(
        _ content: [UInt8], beside target: URL, named name: String, permissions: UInt16, reason: String
    ) throws -> (URL, FileDescriptor) {
        let folder = target.deletingLastPathComponent()
        let temporary: URL
        let file: FileDescriptor
        do {
            (temporary, file) = try createTemporary(beside: target, permissions: 0o600, fileMissing: true)
        } catch DocumentStoreError.writeFailed(_, let failure) {
            throw DocumentStoreError.cannotKeepFile(path: displayPath, reason: "\(reason), and no backup copy can be written beside it to write it in place (\(failure))")
        }
        let leftover = folder.appendingPathComponent(name)
        var done = false
        defer {
            if !done {
                try? fileSystem.closeFile(file)
                try? fileSystem.remove(temporary)
                try? fileSystem.remove(leftover)
            }
        }
        try step("write a backup copy") {
            try writer.writeAll(content, to: file, at: 0)
            try fileSystem.setPermissions(file, permissions)
            try fileSystem.synchronizeFile(file)
            // Only a complete copy has its name.
            try fileSystem.rename(temporary, leftover)
            try fileSystem.synchronize(folder)
        }
        done = true
        return (leftover, file)
    }

    // MARK: Devices

    private func writeIntoDevice(_ target: URL, expected: FileStatus) throws -> FileStatus {
        let file: FileDescriptor
        do {
            file = try fileSystem.openFile(target, .writeDevice)
        } catch let error as FileSystemError where error.code == ENXIO && expected.kind == .fifo {
            throw DocumentStoreError.writeFailed(path: displayPath, reason: "it is a FIFO (named pipe) that no program is reading")
        } catch {
            throw failure(error, "open it")
        }
        var closed = false
        defer { if !closed { try? fileSystem.closeFile(file) } }
        let opened = try step("open it") { try fileSystem.describeFile(file) }
        guard opened.identity == expected.identity, opened.kind == expected.kind else { throw DocumentStoreError.conflict(path: displayPath) }
        try step("write into it") { try writer.writeAll(bytes, to: file, at: nil) }
        closed = true
        try step("write into it") { try fileSystem.closeFile(file) }
        return opened
    }

    // MARK: Steps

    /// A new, empty, locked file beside `target` with a temporary name.
    ///
    /// - Parameter fileMissing: whether a missing folder means the file was
    ///   deleted (it existed a moment ago).
    private func createTemporary(beside target: URL, permissions: UInt16, fileMissing: Bool) throws -> (URL, FileDescriptor) {
        let folder = target.deletingLastPathComponent()
        for _ in 0..<16 {
            let temporary = folder.appendingPathComponent(SaveLeftoverName.temporary(for: target.lastPathComponent))
            let file: FileDescriptor
            do {
                file = try fileSystem.openFile(temporary, .create(permissions: permissions))
            } catch let error as FileSystemError where error.code == EEXIST {
                continue
            } catch let error as FileSystemError where error.isMissing {
                if fileMissing { throw DocumentStoreError.deletedOnDisk(path: displayPath) }
                throw DocumentStoreError.writeFailed(path: displayPath, reason: "its folder does not exist")
            } catch let error as FileSystemError {
                throw DocumentStoreError.writeFailed(path: displayPath, reason: "no new file can be made in its folder: \(error.reason)")
            }
            do {
                // A check running now must leave this file alone; if one got it first, start over.
                if try fileSystem.lockFile(file) { return (temporary, file) }
            } catch {
                try? fileSystem.closeFile(file)
                try? fileSystem.remove(temporary)
                throw failure(error, "lock the new file")
            }
            try? fileSystem.closeFile(file)
        }
        throw DocumentStoreError.writeFailed(path: displayPath, reason: "no free temporary name beside it")
    }

    /// Runs a step, turning a `FileSystemError` into `.writeFailed`.
    private func step<T>(_ action: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw failure(error, action)
        }
    }

    private func failure(_ error: any Error, _ action: String) -> any Error {
        if error is DocumentStoreError || error is CannotReplace { return error }
        return DocumentStoreError.writeFailed(path: displayPath, reason: Self.reason(error))
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? FileSystemError { return error.reason }
        if let error = error as? DocumentStoreError { return error.message }
        return "\(error)"
    }

    /// The file system cannot do this kind of rename.
    private static func isUnsupported(_ error: FileSystemError) -> Bool {
        error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP || error.code == EOPNOTSUPP
    }

    /// The user may not do this (not the disk failing).
    private static func isRefusal(_ error: FileSystemError) -> Bool {
        error.code == EPERM || error.code == EACCES || error.code == ENOTSUP || error.code == EOPNOTSUPP || error.code == EINVAL
            || error.code == EROFS
    }
}
