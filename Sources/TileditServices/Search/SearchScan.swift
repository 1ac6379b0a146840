import Foundation
import TileditModel

/// The one-shot search of a folder (`tiledit search`): no index is built.
///
/// Every document is read once, on every core, as soon as the walk of the
/// folder has listed it (`SearchWalk`), and searched for the
/// query's words as bytes (ASCII words ignoring ASCII case; the words of
/// other text folded); a document without them is done. For the others the
/// best rank they can have is worked out from where the words are (title
/// field, front matter, body); then, best first, documents are read line
/// by line as the index's results are (`SearchMatcher`) until the results
/// to show are certain. The results are the index's.
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

    /// A document that may match, and the best rank it can have.
    private struct Candidate: Sendable {
        var rank: (zone: Int, count: Int)
        var path: String
        /// Absolute, as text (`WorkspaceScanner.Candidate.filePath`).
        var filePath: String
        var kind: DocumentKind
        var dialect: FrontMatterDialect
        /// The result, once the document was read line by line.
        var result: SearchResult?

        func precedes(_ other: Candidate) -> Bool {
            if rank != other.rank { return rank < other.rank }
            return path < other.path
        }
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
        // A query of no words and no filters (`🎉`, `""`) matches nothing, as in the index.
        guard !query.isEmpty else { return Outcome(results: [], unreadableFiles: [], unreadableFolders: []) }
        var configured = WorkspaceScanner(fileSystem: fileSystem)
        configured.measuresFiles = false
        let scanner = configured
        let rootName = root.standardizedFileURL.lastPathComponent
        // Files are read while folders are still listed: the walk is shared.
        let walk = SearchWalk(root: try scanner.listRoot(root))
        let workers = Swift.max(1, concurrency)
        typealias Found = (candidates: [Candidate], unreadable: [UnreadableFile])
        let found = await withTaskGroup(of: Found.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    let matcher = SearchMatcher(query: query)
                    var candidates: [Candidate] = []
                    var unreadable: [UnreadableFile] = []
                    work: while !Task.isCancelled {
                        let file: WorkspaceScanner.Candidate
                        switch walk.next() {
                        case .done: break work
                        case .wait:
                            await Task.yield()
                            continue
                        case .list(let url, let path, let isTiledown):
                            do {
                                walk.listed(try scanner.list(url, relative: path, parentIsTiledown: isTiledown))
                            } catch {
                                walk.failed(path: path)
                            }
                            continue
                        case .read(let next): file = next
                        }
                        let bytes: [UInt8]
                        let firstNonASCII: Int
                        switch read(file.filePath, fileSystem: fileSystem, sizeLimit: sizeLimit) {
                        case .text(let read, let nonASCII):
                            bytes = read
                            firstNonASCII = nonASCII
                        case .problem(let problem):
                            unreadable.append(UnreadableFile(path: file.path, problem: problem))
                            continue
                        }
                        guard let hits = matcher.hits(in: bytes, path: file.path, firstNonASCII: firstNonASCII) else { continue }
                        let rank = matcher.bestRank(hits: hits, bytes: bytes, kind: file.kind, dialect: file.dialect)
                        candidates.append(Candidate(rank: rank, path: file.path, filePath: file.filePath, kind: file.kind, dialect: file.dialect))
                    }
                    return (candidates, unreadable)
                }
            }
            var all: Found = ([], [])
            for await part in group {
                all.candidates += part.candidates
                all.unreadable += part.unreadable
            }
            return all
        }

        // Best first: a document whose rank is certain and no worse than any
        // other's best is a result; one whose rank is not yet certain is read.
        var heap = CandidateHeap(found.candidates)
        let matcher = SearchMatcher(query: query)
        var results: [SearchResult] = []
        while results.count < limit, var next = heap.popFirst() {
            if let result = next.result {
                results.append(result)
                continue
            }
            guard case .text(let bytes, _) = read(next.filePath, fileSystem: fileSystem, sizeLimit: sizeLimit),
                  let match = matcher.match(
                    bytes, path: next.path, kind: next.kind, dialect: next.dialect,
                    fallbackTitle: DocumentMetadata.fallbackTitle(forPath: next.path, rootName: rootName))
            else { continue }
            // Ranked as the index ranks: zone, then requirements met there.
            let union = match.masks.reduce(0, |)
            let zone = match.masks.isEmpty ? 0 : union.trailingZeroBitCount
            next.rank = (zone, -match.masks.filter { $0 & (1 << zone) != 0 }.count)
            next.result = match.result
            heap.insert(next)
        }
        return Outcome(
            results: results,
            unreadableFiles: found.unreadable.sorted { $0.path < $1.path },
            unreadableFolders: walk.unreadableFolders)
    }

    /// A document read as text, or why it could not be.
    private enum Reading {
        /// The bytes, and the offset of their first byte of 0x80 or above
        /// (their count when there is none).
        case text([UInt8], firstNonASCII: Int)
        case problem(ContentProblem)
    }

    /// The bytes of a document that can be read as text, or why not.
    private static func read(_ filePath: String, fileSystem: FileSystem, sizeLimit: Int) -> Reading {
        do {
            // The folder was just listed: each file is a regular one there.
            let contents = try fileSystem.readListedFile(atPath: filePath, limit: sizeLimit)
            if contents.bytes.count > sizeLimit {
                return .problem(.tooLarge(size: Swift.max(contents.status.size, contents.bytes.count), limit: sizeLimit))
            }
            let bytes = contents.bytes
            // Checked and searched for non-ASCII bytes in one pass.
            let (problem, firstNonASCII) = ContentCheck.examine(bytes, sizeLimit: sizeLimit)
            if let problem { return .problem(problem) }
            return .text(bytes, firstNonASCII: firstNonASCII)
        } catch let error as FileSystemError {
            return .problem(.unreadable(reason: error.reason))
        } catch {
            return .problem(.unreadable(reason: "\(error)"))
        }
    }

    /// A binary min-heap of candidates, best first.
    private struct CandidateHeap {
        private var items: [Candidate] = []

        /// Heap order made in place, bottom up (linear; a full sort of every
        /// candidate is not needed for the few results taken).
        init(_ candidates: [Candidate]) {
            items = candidates
            var parent = items.count / 2
            while parent > 0 {
                parent -= 1
                siftDown(from: parent)
            }
        }

        mutating func insert(_ candidate: Candidate) {
            items.append(candidate)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child].precedes(items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func popFirst() -> Candidate? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let first = items.removeLast()
            siftDown(from: 0)
            return first
        }

        /// Moves the item at `start` down until neither child precedes it.
        private mutating func siftDown(from start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count && items[left].precedes(items[smallest]) { smallest = left }
                if right < items.count && items[right].precedes(items[smallest]) { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }
}
