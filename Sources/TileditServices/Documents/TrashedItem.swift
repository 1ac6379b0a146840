import Foundation

/// A file or folder moved into the workspace's `.tiledit-trash` folder, with
/// what is needed to put it back.
public struct TrashedItem: Sendable, Hashable, Codable {
    /// Where it was.
    public var originalURL: URL
    /// Where it is now: `<root>/.tiledit-trash/<timestamp>/<relative path>`.
    public var trashedURL: URL
    /// The `<root>/.tiledit-trash/<timestamp>` folder holding it.
    public var batchFolder: URL
    /// When it was trashed.
    public var date: Date
    /// The folders moving it left empty and that were removed, innermost
    /// first (restoring makes them again).
    public var removedFolders: [URL]

    public init(originalURL: URL, trashedURL: URL, batchFolder: URL, date: Date, removedFolders: [URL] = []) {
        self.originalURL = originalURL
        self.trashedURL = trashedURL
        self.batchFolder = batchFolder
        self.date = date
        self.removedFolders = removedFolders
    }
}
