import Foundation

/// The file of intended content beside a backup of a write in place
/// (`.NAME.tiledit-HASH-RANDOM.new`, see `SaveLeftoverName`): the complete
/// new bytes that write was writing, open and locked while recovery uses it.
struct IntendedContent {
    /// Where it is.
    let url: URL
    /// Its bytes: the content the interrupted write in place was writing.
    let bytes: [UInt8]
    private let file: FileDescriptor
    private let fileSystem: FileSystem

    /// The intended content belonging to the backup at `backup`; `nil`
    /// when there is none (a backup of an older version, or a save killed
    /// in between), when it is not a plain file of one name, when a save
    /// running now holds it, or when it is larger than the size limit.
    ///
    /// - Throws: `FileSystemError` when it is there but cannot be read.
    static func open(besideBackup backup: URL, writer: SafeWriter) throws -> IntendedContent? {
        let fileSystem = writer.fileSystem
        guard let name = SaveLeftoverName.intended(forBackup: backup.lastPathComponent) else { return nil }
        let url = backup.deletingLastPathComponent().appendingPathComponent(name)
        let file: FileDescriptor
        do {
            file = try fileSystem.openFile(url, .read(followsLinks: false))
        } catch let error as FileSystemError where error.isMissing || error.code == ELOOP {
            return nil
        }
        var kept = false
        defer { if !kept { try? fileSystem.closeFile(file) } }
        let status = try fileSystem.describeFile(file)
        guard status.kind == .file, status.linkCount == 1, try fileSystem.lockFile(file) else { return nil }
        let bytes = try fileSystem.readFile(file, writer.sizeLimit)
        guard bytes.count <= writer.sizeLimit else { return nil }
        kept = true
        return IntendedContent(url: url, bytes: bytes, file: file, fileSystem: fileSystem)
    }

    private init(url: URL, bytes: [UInt8], file: FileDescriptor, fileSystem: FileSystem) {
        self.url = url
        self.bytes = bytes
        self.file = file
        self.fileSystem = fileSystem
    }

    /// Removes the file (its backup was dealt with).
    ///
    /// - Throws: `FileSystemError` when it cannot be removed (already gone is no error).
    func remove() throws {
        do {
            try fileSystem.remove(url)
        } catch let error as FileSystemError where error.isMissing {
            return
        }
    }

    /// Closes the open file, which gives up its lock.
    func close() {
        try? fileSystem.closeFile(file)
    }
}
