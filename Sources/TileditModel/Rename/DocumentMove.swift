/// A Markdown document renamed or moved inside a workspace: its path
/// before and after, and what moves on disk (ARCHITECTURE.md, "Renaming a
/// document"). A page bundle's page (`posts/hello/index.md`) moves with
/// its folder, and everything in it (images, data) moves along; any other
/// document moves alone.
public struct DocumentMove: Sendable, Hashable {
    /// The document's path now (`posts/hello/index.md`).
    public let source: String
    /// Its path after the move (`posts/hi/index.md`).
    public let destination: String
    /// Whether the document is a page bundle's page, so its folder moves.
    public let movesFolder: Bool
    /// What is renamed on disk: the bundle's folder, or the file.
    public let movedFrom: String
    /// Where it is renamed to.
    public let movedTo: String

    /// Moving the document at `source` to `destination` (workspace paths).
    public init(source: String, destination: String) {
        self.source = source
        self.destination = destination
        // Kept, not derived on each use: a plan asks for them for every link of the workspace.
        movesFolder = PageAddress.isBundlePage(source)
        movedFrom = movesFolder ? WorkspacePath.folder(of: source) : source
        movedTo = movesFolder ? WorkspacePath.folder(of: destination) : destination
    }

    /// The new path of `path` when the move takes it along (the file
    /// itself, the folder, or anything inside the folder), else `nil`.
    public func mapped(_ path: String) -> String? {
        if path == movedFrom { return movedTo }
        guard movesFolder, path.hasPrefix(movedFrom + "/") else { return nil }
        return movedTo + path.dropFirst(movedFrom.count)
    }

    /// `path` after the move: mapped when moved, else as it is.
    public func following(_ path: String) -> String { mapped(path) ?? path }

    /// The inverse move (for undo).
    public var reversed: DocumentMove { DocumentMove(source: destination, destination: source) }
}
