import Foundation
import TileditModel

/// The one-shot search of a folder (`tiledit search`): no index is built.
/// Each document is read once, on every core; a document with no byte of
/// 0x80 or above that lacks an ASCII word of the query is skipped at once,
/// and the others are read line by line as the index's results are
/// (`SearchMatcher`), so the results are the index's.
public enum SearchScan {
    /// A file the search could not read as text.
    public struct UnreadableFile: Sendable, Hashable {
        /// Path relative to the folder searched.
        public var path: String
        public var problem: ContentProblem

        public init(path: String, problem: ContentProblem) {
            self.path = path
            self.problem = problem
        }
    }

    /// What a search found.
    public struct Outcome: Sendable, Hashable {
        /// Best first.
        public var results: [SearchResult]
        /// Documents that could not be read (unreadable, too large, binary,
        /// not UTF-8), sorted by path.
        public var unreadableFiles: [UnreadableFile]
        /// Folders under the root that could not be listed (relative paths).
        public var unreadableFolders: [String]
    }

    /// Searches the documents under `root`, found as workspace discovery
    /// finds them (hidden and build folders skipped, front matter dialect
    /// by `FrontMatterDialectRule`).
    ///
    /// - Parameters:
    ///   - limit: most results.
    ///   - sizeLimit: larger files are reported as too large, not read.
    /// - Throws: `WorkspaceError` when `root` is missing, not a folder or
    ///   unreadable.
    public static func run(
        root: URL, query: SearchQuery, limit: Int = 100, fileSystem: FileSystem = .live,
        sizeLimit: Int = ContentCheck.defaultSizeLimit, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws -> Outcome {
        let scan = try WorkspaceScanner(fileSystem: fileSystem).scan(root: root)
        let rootName = root.standardizedFileURL.lastPathComponent
        let candidates = scan.candidates
        let queue = SearchIndexBuilder.WorkQueue(count: candidates.count)
        let workers = Swift.max(1, Swift.min(concurrency, candidates.count))
        typealias Found = (matches: [(key: (Int, Int), result: SearchResult)], unreadable: [UnreadableFile])
        let found = await withTaskGroup(of: Found.self) { group in
            for _ in 0..<workers where !candidates.isEmpty {
                group.addTask {
                    let matcher = SearchMatcher(query: query)
                    var matches: [(key: (Int, Int), result: SearchResult)] = []
                    var unreadable: [UnreadableFile] = []
                    while !Task.isCancelled, let index = queue.next() {
                        let candidate = candidates[index]
                        if candidate.size > sizeLimit {
                            unreadable.append(UnreadableFile(path: candidate.path, problem: .tooLarge(size: candidate.size, limit: sizeLimit)))
                            continue
                        }
                        let bytes: [UInt8]
                        do {
                            bytes = try fileSystem.read(candidate.url)
                        } catch let error as FileSystemError {
                            unreadable.append(UnreadableFile(path: candidate.path, problem: .unreadable(reason: error.reason)))
                            continue
                        } catch {
                            unreadable.append(UnreadableFile(path: candidate.path, problem: .unreadable(reason: "\(error)")))
                            continue
                        }
                        if let problem = ContentCheck.problem(in: bytes, sizeLimit: sizeLimit) {
                            unreadable.append(UnreadableFile(path: candidate.path, problem: problem))
                            continue
                        }
                        guard matcher.mayMatch(bytes, path: candidate.path),
                              let match = matcher.match(
                                bytes, path: candidate.path, kind: candidate.kind, dialect: candidate.dialect,
                                fallbackTitle: DocumentMetadata.fallbackTitle(forPath: candidate.path, rootName: rootName))
                        else { continue }
                        // Ranked as the index ranks: zone, then requirements met there.
                        let union = match.masks.reduce(0, |)
                        let zone = match.masks.isEmpty ? 0 : union.trailingZeroBitCount
                        let count = match.masks.filter { $0 & (1 << zone) != 0 }.count
                        matches.append(((zone, -count), match.result))
                    }
                    return (matches, unreadable)
                }
            }
            var all: Found = ([], [])
            for await part in group {
                all.matches += part.matches
                all.unreadable += part.unreadable
            }
            return all
        }
        let ranked = found.matches.sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key < rhs.key }
            return lhs.result.path < rhs.result.path
        }
        return Outcome(
            results: ranked.prefix(Swift.max(0, limit)).map(\.result),
            unreadableFiles: found.unreadable.sorted { $0.path < $1.path },
            unreadableFolders: scan.unreadableFolders)
    }
}
