import Foundation

/// A content folder and the documents found in it.
public struct Workspace: Sendable, Hashable {
    /// The folder.
    public var root: URL
    /// Whether the root holds `tiledown.yml`.
    public var isTiledown: Bool
    /// The documents, sorted by path.
    public var documents: [DocumentSummary]
    /// Folders under the root that could not be listed (relative paths).
    public var unreadableFolders: [String]

    public init(root: URL, isTiledown: Bool, documents: [DocumentSummary], unreadableFolders: [String] = []) {
        self.root = root
        self.isTiledown = isTiledown
        self.documents = documents
        self.unreadableFolders = unreadableFolders
    }

    /// The summary of the document at `path` (relative), if listed.
    public func document(at path: String) -> DocumentSummary? {
        documents.first { $0.path == path }
    }

    /// The absolute URL of a relative document path.
    public func url(of path: String) -> URL {
        root.appendingPathComponent(path, isDirectory: false)
    }
}
