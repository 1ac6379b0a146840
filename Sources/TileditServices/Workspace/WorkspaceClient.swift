import Foundation
import TileditModel

/// Finds and summarizes the documents of a content folder.
///
/// Closures throw `WorkspaceError`.
public struct WorkspaceClient: Sendable {
    /// Lists the Markdown (`.md`, `.markdown`) and YAML (`.yml`, `.yaml`)
    /// documents under a folder, each read once and summarized, sorted by
    /// path.
    ///
    /// Skipped: hidden files and folders (name starting with `.`, so
    /// `.git`, `.build` and `.tiledit-trash` too), the build output folders
    /// in `skippedFolderNames`, and symbolic links to folders. A file that
    /// cannot be opened as text (binary, not UTF-8, over the size limit,
    /// unreadable) is listed with `.unreadable` and its reason; it never
    /// stops discovery. Throws `.missing`, `.notAFolder` or `.unreadable`
    /// for the root only.
    public var discover: @Sendable (_ root: URL) async throws -> Workspace

    /// Summarizes one document of the workspace at `root` (after an edit or
    /// a change on disk). Throws `.missing`, `.notADocument`,
    /// `.outsideWorkspace`; content problems give an `.unreadable` summary.
    public var summarize: @Sendable (_ url: URL, _ root: URL) async throws -> DocumentSummary

    /// Lists the documents under a folder as `discover` finds them, without
    /// reading any: each summary holds the path, kind, front matter dialect
    /// and a title from the file name, and `isSummarized` is false (what a
    /// list shows at once, before `summaries` fills it in). Throws as
    /// `discover` does, for the root only.
    public var list: @Sendable (_ root: URL) async throws -> Workspace

    /// Reads and summarizes the documents at `paths` (relative to the
    /// workspace's root) on every core, each read once, as `summarize`
    /// does (a file that cannot be read gives its `.unreadable` summary),
    /// with the kind and dialect the workspace lists: the summaries come in
    /// batches as they are done, in no order, and the stream ends after the
    /// last one. Paths the workspace does not list are left out. Stops when the stream's
    /// consumer stops listening (its task is cancelled).
    public var summaries: @Sendable (_ workspace: Workspace, _ paths: [String]) -> AsyncStream<[DocumentSummary]>

    /// The documents `list` finds under a folder, each with its change
    /// stamp (one status call each, no file read; `nil` when the status
    /// cannot be read): what following outside changes compares; `nil`
    /// for a client that cannot say (the list is not followed). Throws as
    /// `list` does, for the root only.
    public var changeStamps: (@Sendable (_ root: URL) async throws -> [String: FileStatus.ChangeStamp?])?

    /// Whether the file can be opened as text, read and checked
    /// (`ContentCheck`) but not parsed: for a document only listed so far,
    /// before it is opened.
    public var readability: @Sendable (_ url: URL) async -> DocumentSummary.Readability

    /// - Parameters:
    ///   - list: `nil`: `discover` (summaries read at once).
    ///   - summaries: `nil`: `summarize` for each path, one after another,
    ///     one batch each.
    ///   - readability: `nil`: every file is readable.
    ///   - changeStamps: `nil`: the folder is not followed.
    public init(
        discover: @escaping @Sendable (_ root: URL) async throws -> Workspace,
        summarize: @escaping @Sendable (_ url: URL, _ root: URL) async throws -> DocumentSummary,
        list: (@Sendable (_ root: URL) async throws -> Workspace)? = nil,
        summaries: (@Sendable (_ workspace: Workspace, _ paths: [String]) -> AsyncStream<[DocumentSummary]>)? = nil,
        readability: (@Sendable (_ url: URL) async -> DocumentSummary.Readability)? = nil,
        changeStamps: (@Sendable (_ root: URL) async throws -> [String: FileStatus.ChangeStamp?])? = nil
    ) {
        self.discover = discover
        self.summarize = summarize
        self.readability = readability ?? { _ in .readable }
        self.list = list ?? discover
        self.changeStamps = changeStamps
        self.summaries = summaries ?? { workspace, paths in
            AsyncStream { continuation in
                let work = Task {
                    for path in paths where !Task.isCancelled {
                        if let summary = try? await summarize(workspace.url(of: path), workspace.root) { continuation.yield([summary]) }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in work.cancel() }
            }
        }
    }

    /// Summaries handed out in one batch by the live `summaries`.
    public static let summaryBatchSize = 64

    /// Build output folders skipped by discovery.
    public static let skippedFolderNames: Set<String> = ["node_modules", "dist", "_site", "build"]

    /// Discovery over a file system.
    ///
    /// - Parameters:
    ///   - fileSystem: the file operations.
    ///   - sizeLimit: files larger than this (bytes) are listed as unreadable without being read.
    ///   - concurrency: how many files are read and parsed at once (the core count by default).
    public static func live(
        fileSystem: FileSystem = .live,
        sizeLimit: Int = ContentCheck.defaultSizeLimit,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> WorkspaceClient {
        WorkspaceClient(
            discover: { root in
                let result = try WorkspaceScanner(fileSystem: fileSystem).scan(root: root)
                let rootName = root.standardizedFileURL.lastPathComponent
                let summaries = await BoundedConcurrency.map(result.candidates, limit: concurrency) { candidate in
                    summarizeOne(candidate, rootName: rootName, fileSystem: fileSystem, sizeLimit: sizeLimit)
                }
                try Task.checkCancellation()
                return Workspace(
                    root: root, isTiledown: result.isTiledown,
                    documents: summaries.sorted { $0.path < $1.path }, unreadableFolders: result.unreadableFolders)
            },
            summarize: { url, root in
                try summarizeFile(url, root: root, fileSystem: fileSystem, sizeLimit: sizeLimit)
            },
            list: { root in
                var scanner = WorkspaceScanner(fileSystem: fileSystem)
                scanner.measuresFiles = false
                let result = try scanner.scan(root: root)
                let rootName = root.standardizedFileURL.lastPathComponent
                let documents = result.candidates.map { candidate in
                    DocumentSummary(
                        path: candidate.path, kind: candidate.kind,
                        title: DocumentMetadata.fallbackTitle(forPath: candidate.path, rootName: rootName),
                        dialect: candidate.kind == .markdown ? candidate.dialect : nil, size: 0, isSummarized: false)
                }
                try Task.checkCancellation()
                return Workspace(
                    root: root, isTiledown: result.isTiledown, documents: documents.sorted { $0.path < $1.path },
                    unreadableFolders: result.unreadableFolders)
            },
            summaries: { workspace, paths in
                streamSummaries(workspace, paths: paths, fileSystem: fileSystem, sizeLimit: sizeLimit, concurrency: concurrency)
            },
            readability: { url in
                do {
                    let contents = try fileSystem.read(url, limit: sizeLimit)
                    if contents.bytes.count > sizeLimit {
                        return .unreadable(.tooLarge(size: Swift.max(contents.status.size, contents.bytes.count), limit: sizeLimit))
                    }
                    return ContentCheck.problem(in: contents.bytes, sizeLimit: sizeLimit).map { .unreadable($0) } ?? .readable
                } catch let error as FileSystemError {
                    return .unreadable(.unreadable(reason: error.reason))
                } catch {
                    return .unreadable(.unreadable(reason: "\(error)"))
                }
            },
            changeStamps: { root in
                var scanner = WorkspaceScanner(fileSystem: fileSystem)
                scanner.measuresFiles = false
                let result = try scanner.scan(root: root)
                var stamps: [String: FileStatus.ChangeStamp?] = [:]
                stamps.reserveCapacity(result.candidates.count)
                for candidate in result.candidates {
                    try Task.checkCancellation()
                    stamps[candidate.path] = .some((try? fileSystem.status(candidate.url))?.changeStamp)
                }
                return stamps
            }
        )
    }

    /// The live `summaries`: `concurrency` workers, each taking the next
    /// path, summarizing it and handing over a batch every
    /// `summaryBatchSize` documents (and its last one).
    private static func streamSummaries(
        _ workspace: Workspace, paths: [String], fileSystem: FileSystem, sizeLimit: Int, concurrency: Int
    ) -> AsyncStream<[DocumentSummary]> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let queue = SearchIndexBuilder.WorkQueue(count: paths.count)
            // The kind and dialect the listing found: no folder walk per file.
            var listed: [String: DocumentSummary] = [:]
            for summary in workspace.documents { listed[summary.path] = summary }
            let rootName = workspace.root.standardizedFileURL.lastPathComponent
            let candidates = paths.map { path -> WorkspaceScanner.Candidate? in
                guard let summary = listed[path] else { return nil }
                return WorkspaceScanner.Candidate(
                    path: path, url: workspace.url(of: path), kind: summary.kind, size: 0,
                    dialect: summary.dialect ?? .yaml)
            }
            let work = Task {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<Swift.max(1, Swift.min(concurrency, paths.count)) {
                        group.addTask {
                            var batch: [DocumentSummary] = []
                            while !Task.isCancelled, let index = queue.next() {
                                guard let candidate = candidates[index] else { continue }
                                batch.append(summarizeOne(candidate, rootName: rootName, fileSystem: fileSystem, sizeLimit: sizeLimit))
                                if batch.count == summaryBatchSize {
                                    continuation.yield(batch)
                                    batch = []
                                }
                            }
                            if !batch.isEmpty { continuation.yield(batch) }
                        }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in work.cancel() }
        }
    }

    /// `summarize` of the live client.
    private static func summarizeFile(_ url: URL, root: URL, fileSystem: FileSystem, sizeLimit: Int) throws -> DocumentSummary {
        guard let path = url.relativePath(in: root), !path.isEmpty else {
            throw WorkspaceError.outsideWorkspace(path: url.path, root: root.path)
        }
        guard let kind = DocumentKind(fileName: url.lastPathComponent) else {
            throw WorkspaceError.notADocument(path: url.path)
        }
        let status: FileStatus?
        do {
            status = try fileSystem.status(url)
        } catch let error as FileSystemError {
            throw WorkspaceError.unreadable(path: url.path, reason: error.reason)
        }
        guard let status else { throw WorkspaceError.missing(path: url.path) }
        guard status.kind == .file else { throw WorkspaceError.notADocument(path: url.path) }
        let dialect = FrontMatterDialectRule.dialect(forFileAt: url, workspaceRoot: root, fileSystem: fileSystem)
        let candidate = WorkspaceScanner.Candidate(path: path, url: url, kind: kind, size: status.size, dialect: dialect)
        return summarizeOne(candidate, rootName: root.standardizedFileURL.lastPathComponent, fileSystem: fileSystem, sizeLimit: sizeLimit)
    }

    private static func summarizeOne(
        _ candidate: WorkspaceScanner.Candidate, rootName: String, fileSystem: FileSystem, sizeLimit: Int
    ) -> DocumentSummary {
        if candidate.size > sizeLimit {
            return DocumentSummarizer.unreadable(
                path: candidate.path, rootName: rootName, kind: candidate.kind, size: candidate.size,
                problem: .tooLarge(size: candidate.size, limit: sizeLimit))
        }
        let bytes: [UInt8]
        do {
            let contents = try fileSystem.readListedFile(atPath: candidate.filePath, limit: sizeLimit)
            bytes = contents.bytes
            // Grown past the limit since the folder was listed.
            if bytes.count > sizeLimit {
                let size = Swift.max(contents.status.size, bytes.count)
                return DocumentSummarizer.unreadable(
                    path: candidate.path, rootName: rootName, kind: candidate.kind, size: size,
                    problem: .tooLarge(size: size, limit: sizeLimit))
            }
        } catch let error as FileSystemError {
            return DocumentSummarizer.unreadable(
                path: candidate.path, rootName: rootName, kind: candidate.kind, size: candidate.size,
                problem: .unreadable(reason: error.reason))
        } catch {
            return DocumentSummarizer.unreadable(
                path: candidate.path, rootName: rootName, kind: candidate.kind, size: candidate.size,
                problem: .unreadable(reason: "\(error)"))
        }
        return DocumentSummarizer.summarize(
            path: candidate.path, rootName: rootName, kind: candidate.kind, bytes: bytes,
            dialect: candidate.dialect, sizeLimit: sizeLimit)
    }
}
