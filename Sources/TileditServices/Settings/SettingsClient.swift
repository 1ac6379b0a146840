import Foundation

/// The editor settings file as a dependency.
///
/// Closures throw `SettingsError`.
public struct SettingsClient: Sendable {
    /// Reads the settings; a missing file gives the defaults (`Settings()`).
    public var load: @Sendable () async throws -> Settings
    /// Writes the settings atomically: an existing file gets only the
    /// changed values' bytes replaced (see `SettingsFile.encode`); a missing
    /// file (and its folder) is created as a commented default file.
    public var save: @Sendable (Settings) async throws -> Void

    public init(load: @escaping @Sendable () async throws -> Settings, save: @escaping @Sendable (Settings) async throws -> Void) {
        self.load = load
        self.save = save
    }

    /// The client over the settings file at `file` (see
    /// `UserFolders.settingsFile(environment:homeFolder:)`).
    ///
    /// The file is read only when it is a regular file of at most
    /// `sizeLimit` bytes (1 MB by default), and written the way documents
    /// are (`DocumentStore.saveWithOptions`: its links, owner, mode and
    /// attributes are kept), refusing a file another program changed since
    /// it was read.
    public static func live(file: URL, fileSystem: FileSystem = .live, sizeLimit: Int = 1024 * 1024) -> SettingsClient {
        let path = file.path
        @Sendable func read() throws -> [UInt8]? {
            let bytes: [UInt8]
            do {
                bytes = try fileSystem.read(file, limit: sizeLimit).bytes
            } catch let error as FileSystemError {
                if error.isMissing { return nil }
                throw SettingsError.readFailed(path: path, reason: error.reason)
            }
            if bytes.count > sizeLimit { throw SettingsError.content(path: path, .tooLarge(size: bytes.count, limit: sizeLimit)) }
            return bytes
        }
        return SettingsClient(
            load: {
                guard let bytes = try read() else { return Settings() }
                return try SettingsFile.decode(bytes, path: path)
            },
            save: { settings in
                let writer = SafeWriter(fileSystem: fileSystem, sizeLimit: sizeLimit)
                // What an interrupted save of the settings left goes first.
                _ = InterruptedSaveRecovery(writer: writer).recover(file: (try? writer.resolveLinks(file).target) ?? file)
                let existing = try read()
                let bytes = try SettingsFile.encode(settings, updating: existing, path: path)
                if bytes == existing { return }
                do {
                    try fileSystem.createFolder(file.deletingLastPathComponent())
                } catch let error as FileSystemError {
                    throw SettingsError.writeFailed(path: path, reason: error.reason)
                }
                do {
                    _ = try writer.write(bytes, to: file, precondition: existing.map { .content(ContentHash(of: $0)) } ?? .absent)
                } catch let error as DocumentStoreError {
                    switch error {
                    case .writeFailed(_, let reason):
                        throw SettingsError.writeFailed(path: path, reason: reason)
                    case .conflict, .deletedOnDisk:
                        throw SettingsError.writeFailed(path: path, reason: "another program changed it meanwhile; try again")
                    default:
                        throw SettingsError.writeFailed(path: path, reason: error.message)
                    }
                }
            }
        )
    }
}
