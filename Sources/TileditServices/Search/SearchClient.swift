import Foundation
import TileditModel

/// Workspace search as a dependency: an index kept up to date with edits,
/// and queries against it.
public struct SearchClient: Sendable {
    /// Indexes the readable documents of a workspace, replacing any earlier
    /// index. Throws `CancellationError` when cancelled (the earlier index stays).
    public var build: @Sendable (Workspace) async throws -> Void
    /// Re-indexes one document (path relative to the workspace root) from
    /// its current bytes, e.g. after an edit or a save.
    public var update: @Sendable (_ path: String, _ bytes: [UInt8]) async -> Void
    /// Drops one document (deleted, trashed, renamed away).
    public var remove: @Sendable (_ path: String) async -> Void
    /// The documents matching a query (see `SearchQuery`), best first, at most `limit`.
    public var search: @Sendable (_ query: String, _ limit: Int) async -> [SearchResult]

    public init(
        build: @escaping @Sendable (Workspace) async throws -> Void,
        update: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) async -> Void,
        remove: @escaping @Sendable (_ path: String) async -> Void,
        search: @escaping @Sendable (_ query: String, _ limit: Int) async -> [SearchResult]
    ) {
        self.build = build
        self.update = update
        self.remove = remove
        self.search = search
    }

    /// A client over its own index, reading files through `fileSystem`.
    /// Each call makes a new, empty index.
    public static func live(fileSystem: FileSystem = .live) -> SearchClient {
        let holder = SearchIndexHolder(fileSystem: fileSystem)
        return SearchClient(
            build: { workspace in
                let index = await SearchIndex.build(workspace: workspace, fileSystem: fileSystem)
                try Task.checkCancellation()
                await holder.replace(index, root: workspace.root)
            },
            update: { path, bytes in await holder.update(path: path, bytes: bytes) },
            remove: { path in await holder.remove(path: path) },
            search: { query, limit in await holder.search(query, limit: limit) }
        )
    }
}

/// Holds a `SearchIndex` for a `SearchClient` and serializes its changes.
actor SearchIndexHolder {
    private let fileSystem: FileSystem
    private var index = SearchIndex()
    private var root: URL?

    init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
    }

    func replace(_ index: SearchIndex, root: URL) {
        self.index = index
        self.root = root
    }

    func update(path: String, bytes: [UInt8]) {
        guard let kind = DocumentKind(fileName: (path as NSString).lastPathComponent) else { return }
        let dialect: FrontMatterDialect = root.map {
            FrontMatterDialectRule.dialect(forFileAt: $0.appendingPathComponent(path), workspaceRoot: $0, fileSystem: fileSystem)
        } ?? .yaml
        index.update(SearchSource(path: path, kind: kind, dialect: dialect, bytes: bytes), rootName: root?.standardizedFileURL.lastPathComponent ?? "")
    }

    func remove(path: String) {
        index.remove(path: path)
    }

    func search(_ query: String, limit: Int) -> [SearchResult] {
        index.search(query, limit: limit)
    }
}
