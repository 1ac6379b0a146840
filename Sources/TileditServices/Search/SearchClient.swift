import Foundation
import TileditModel

/// Workspace search as a dependency: an index kept up to date with edits,
/// and queries against it.
public struct SearchClient: Sendable {
    /// Indexes the readable documents of a workspace, replacing any earlier
    /// index; with a cache folder, documents unchanged since the last
    /// opening (same size and modification time) are taken from the cache
    /// instead of read, and the cache is written again when anything
    /// changed. Built again for the same folder (the list refreshed), only
    /// the files changed since the last build are read. Throws
    /// `CancellationError` when cancelled (the earlier index stays).
    public var build: @Sendable (Workspace) async throws -> Void
    /// `build`, taking the bytes of documents already read (relative path
    /// → bytes: an open document's, from its editor, the same buffer, not
    /// a copy) instead of reading their files again.
    public var buildWithOpenDocuments: @Sendable (_ workspace: Workspace, _ openDocuments: [String: [UInt8]]) async throws -> Void
    /// Re-indexes one document (path relative to the workspace root) from
    /// its current bytes, e.g. after an edit or a save.
    public var update: @Sendable (_ path: String, _ bytes: [UInt8]) async -> Void
    /// Re-reads one document from disk and re-indexes it (a change made by
    /// another program); drops it when it is gone or cannot be read as text.
    public var reload: @Sendable (_ path: String) async -> Void
    /// Drops one document (deleted, trashed, renamed away).
    public var remove: @Sendable (_ path: String) async -> Void
    /// The documents matching a query (see `SearchQuery`), best first, at
    /// most `limit`. A query made while the index is being built waits for
    /// the build, so it never answers from a partial index.
    public var search: @Sendable (_ query: String, _ limit: Int) async -> [SearchResult]

    public init(
        build: @escaping @Sendable (Workspace) async throws -> Void,
        update: @escaping @Sendable (_ path: String, _ bytes: [UInt8]) async -> Void,
        reload: @escaping @Sendable (_ path: String) async -> Void = { _ in },
        remove: @escaping @Sendable (_ path: String) async -> Void,
        search: @escaping @Sendable (_ query: String, _ limit: Int) async -> [SearchResult],
        buildWithOpenDocuments: (@Sendable (_ workspace: Workspace, _ openDocuments: [String: [UInt8]]) async throws -> Void)? = nil
    ) {
        self.build = build
        self.buildWithOpenDocuments = buildWithOpenDocuments ?? { workspace, _ in try await build(workspace) }
        self.update = update
        self.reload = reload
        self.remove = remove
        self.search = search
    }

    /// A client over its own index, reading files through `fileSystem`.
    /// Each call makes a new, empty index.
    ///
    /// - Parameter cacheFolder: where the index of each workspace is kept
    ///   between openings (`UserFolders.cacheFolder`); `nil`: not kept.
    public static func live(fileSystem: FileSystem = .live, cacheFolder: URL? = nil) -> SearchClient {
        let holder = SearchIndexHolder(fileSystem: fileSystem)
        let build: @Sendable (Workspace, [String: [UInt8]]) async throws -> Void = { workspace, openDocuments in
            let generation = await holder.beginBuild()
            let cached = await holder.builtIndex(of: workspace.root)
                ?? cacheFolder.flatMap { SearchIndexCache.load(root: workspace.root, from: $0, fileSystem: fileSystem) }
            let (index, changed) = await SearchIndex.buildReportingChanges(
                workspace: workspace, fileSystem: fileSystem, cached: cached, fingerprints: cacheFolder != nil,
                openDocuments: openDocuments, concurrency: ProcessInfo.processInfo.activeProcessorCount)
            if Task.isCancelled {
                await holder.abandonBuild(generation)
                throw CancellationError()
            }
            await holder.finishBuild(generation, index: index, root: workspace.root)
            if changed, let cacheFolder {
                SearchIndexCache.save(index, root: workspace.root, in: cacheFolder, fileSystem: fileSystem)
            }
        }
        return SearchClient(
            build: { workspace in try await build(workspace, [:]) },
            update: { path, bytes in await holder.update(path: path, bytes: bytes) },
            reload: { path in await holder.reload(path: path) },
            remove: { path in await holder.remove(path: path) },
            search: { query, limit in await holder.search(query, limit: limit) },
            buildWithOpenDocuments: build
        )
    }
}

/// Holds a `SearchIndex` for a `SearchClient` and serializes its changes.
///
/// A build runs outside the actor; edits that arrive meanwhile go to the
/// current index and are replayed on the new one when the build finishes,
/// so none is lost. A search made meanwhile waits for the build to end.
actor SearchIndexHolder {
    private let fileSystem: FileSystem
    private var index = SearchIndex()
    private var root: URL?
    private var generation = 0
    /// Edits since the running build started, in order (`nil` bytes: removed).
    private var editsDuringBuild: [(path: String, bytes: [UInt8]?, fingerprint: SearchFingerprint?)]?
    /// Searches waiting for the running build to end.
    private var waitingSearches: [CheckedContinuation<Void, Never>] = []

    init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
    }

    /// The index of the last build of `root`, if one finished (with the
    /// edits since), to build it again from.
    func builtIndex(of root: URL) -> SearchIndex? {
        self.root?.standardizedFileURL == root.standardizedFileURL ? index : nil
    }

    func beginBuild() -> Int {
        generation += 1
        editsDuringBuild = []
        return generation
    }

    func abandonBuild(_ build: Int) {
        guard build == generation else { return }
        editsDuringBuild = nil
        resumeWaitingSearches()
    }

    func finishBuild(_ build: Int, index newIndex: SearchIndex, root newRoot: URL) {
        // A later build supersedes this one.
        guard build == generation else { return }
        index = newIndex
        root = newRoot
        for edit in editsDuringBuild ?? [] {
            if let bytes = edit.bytes {
                apply(path: edit.path, bytes: bytes, fingerprint: edit.fingerprint)
            } else {
                index.remove(path: edit.path)
            }
        }
        editsDuringBuild = nil
        resumeWaitingSearches()
    }

    private func resumeWaitingSearches() {
        let waiting = waitingSearches
        waitingSearches = []
        for continuation in waiting { continuation.resume() }
    }

    func update(path: String, bytes: [UInt8]) {
        editsDuringBuild?.append((path, bytes, nil))
        apply(path: path, bytes: bytes, fingerprint: nil)
    }

    func reload(path: String) {
        guard let root else { return }
        let url = root.appendingPathComponent(path, isDirectory: false)
        guard let contents = try? fileSystem.read(url, limit: ContentCheck.defaultSizeLimit),
              contents.bytes.count <= ContentCheck.defaultSizeLimit
        else {
            remove(path: path)
            return
        }
        let bytes = contents.bytes
        let fingerprint = SearchFingerprint(contents.status)
        editsDuringBuild?.append((path, bytes, fingerprint))
        apply(path: path, bytes: bytes, fingerprint: fingerprint)
    }

    func remove(path: String) {
        editsDuringBuild?.append((path, nil, nil))
        index.remove(path: path)
    }

    func search(_ query: String, limit: Int) async -> [SearchResult] {
        while editsDuringBuild != nil {
            await withCheckedContinuation { waitingSearches.append($0) }
        }
        return index.search(query, limit: limit)
    }

    private func apply(path: String, bytes: [UInt8], fingerprint: SearchFingerprint?) {
        guard let kind = DocumentKind(fileName: (path as NSString).lastPathComponent) else { return }
        let dialect: FrontMatterDialect = root.map {
            FrontMatterDialectRule.dialect(forFileAt: $0.appendingPathComponent(path), workspaceRoot: $0, fileSystem: fileSystem)
        } ?? .yaml
        index.update(
            SearchSource(path: path, kind: kind, dialect: dialect, bytes: bytes), fingerprint: fingerprint,
            rootName: root?.standardizedFileURL.lastPathComponent)
    }
}
