import Foundation
import Synchronization
import TileditModel

/// Reads and analyzes documents for an index on every core: one worker per
/// core takes the next document, reads it, and analyzes it into its own
/// term table (no locks while analyzing); the tables are merged once at
/// the end.
enum SearchIndexBuilder {
    /// A document to analyze: its bytes, or the file to read them from.
    struct Item: Sendable {
        var path: String
        var kind: DocumentKind
        var dialect: FrontMatterDialect
        var bytes: [UInt8]?
        /// The folder `path` is relative to: the file is read from there
        /// (its URL made by the worker, on every core).
        var root: URL?
    }

    /// What one worker made.
    struct Output: Sendable {
        /// The worker's terms; the documents' term identities are its own.
        var table: ByteStringTable
        var documents: [IndexedDocument]
    }

    /// Analyzes `items` with `concurrency` workers. A file is read through
    /// `fileSystem`, with `fingerprints` after its status (what a cache
    /// keeps); files that cannot be read, or are not text, are left out.
    /// Stops early (with what it has) when the task is cancelled.
    static func analyze(
        _ items: [Item], rootName: String, fileSystem: FileSystem?, fingerprints: Bool = true, concurrency: Int,
        sizeLimit: Int = ContentCheck.defaultSizeLimit
    ) async -> [Output] {
        guard !items.isEmpty else { return [] }
        let queue = WorkQueue(count: items.count)
        let workers = Swift.max(1, Swift.min(concurrency, items.count))
        return await withTaskGroup(of: Output.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var analyzer = SearchDocumentAnalyzer()
                    var documents: [IndexedDocument] = []
                    while !Task.isCancelled, let index = queue.next() {
                        let item = items[index]
                        var bytes = item.bytes
                        var fingerprint: SearchFingerprint?
                        if bytes == nil, let root = item.root, let fileSystem {
                            let url = root.appendingPathComponent(item.path, isDirectory: false)
                            // The open file's status before its bytes: a change after it shows at the next opening.
                            guard let contents = try? fileSystem.readListedFile(url, limit: sizeLimit), contents.bytes.count <= sizeLimit
                            else { continue }
                            if fingerprints { fingerprint = SearchFingerprint(contents.status) }
                            bytes = contents.bytes
                        }
                        guard let bytes, let document = analyzer.analyze(
                            path: item.path, kind: item.kind, dialect: item.dialect, bytes: bytes, rootName: rootName,
                            fingerprint: fingerprint, sizeLimit: sizeLimit)
                        else { continue }
                        documents.append(document)
                    }
                    return Output(table: analyzer.takeTable(), documents: documents)
                }
            }
            var outputs: [Output] = []
            for await output in group { outputs.append(output) }
            return outputs
        }
    }

    /// Hands out the indices `0..<count`, each once, to any thread.
    final class WorkQueue: Sendable {
        private let counter = Atomic<Int>(0)
        let count: Int

        init(count: Int) {
            self.count = count
        }

        /// The next index, or `nil` when all are taken.
        func next() -> Int? {
            let index = counter.add(1, ordering: .relaxed).oldValue
            return index < count ? index : nil
        }
    }
}
