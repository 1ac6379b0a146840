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
    public static func live(file: URL, fileSystem: FileSystem = .live) -> SettingsClient {
        let path = file.path
        @Sendable func read() throws -> [UInt8]? {
            do {
                guard let status = try fileSystem.status(file) else { return nil }
                if status.kind == .folder { throw SettingsError.readFailed(path: path, reason: "it is a folder") }
                return try fileSystem.read(file)
            } catch let error as FileSystemError {
                if error.isMissing { return nil }
                throw SettingsError.readFailed(path: path, reason: error.reason)
            }
        }
        return SettingsClient(
            load: {
                guard let bytes = try read() else { return Settings() }
                return try SettingsFile.decode(bytes, path: path)
            },
            save: { settings in
                let existing = try read()
                let bytes = try SettingsFile.encode(settings, updating: existing, path: path)
                if bytes == existing { return }
                do {
                    let permissions = try fileSystem.status(file)?.permissions
                    try fileSystem.createFolder(file.deletingLastPathComponent())
                    try AtomicWriter(fileSystem: fileSystem).write(bytes, to: file, permissions: permissions)
                } catch let error as FileSystemError {
                    throw SettingsError.writeFailed(path: path, reason: error.reason)
                }
            }
        )
    }
}
