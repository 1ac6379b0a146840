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

    public init(
        discover: @escaping @Sendable (_ root: URL) async throws -> Workspace,
        summarize: @escaping @Sendable (_ url: URL, _ root: URL) async throws -> DocumentSummary
    ) {
        self.discover = discover
        self.summarize = summarize
    }

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
        )
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
            let contents = try fileSystem.read(candidate.url, limit: sizeLimit)
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
