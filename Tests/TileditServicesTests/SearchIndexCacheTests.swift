import Foundation
import Synchronization
import Testing
@testable import TileditServices
import TileditFixtures
import TileditTestSupport

/// The real file system, counting the successful openings of each file for reading.
private final class ReadCounter: Sendable {
    private let reads = Mutex<[String: Int]>([:])

    var fileSystem: FileSystem {
        let live = FileSystem.live
        var counted = live
        counted.openFile = { url, mode in
            let file = try live.openFile(url, mode)
            if case .read = mode { self.reads.withLock { $0[url.lastPathComponent, default: 0] += 1 } }
            return file
        }
        return counted
    }

    /// Names of the files read since the last call, sorted, each once per read.
    func take() -> [String] {
        reads.withLock { reads in
            defer { reads = [:] }
            return reads.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
        }
    }
}

@Suite struct SearchIndexCacheTests {
    static let files: [String: String] = [
        "tiledown.yml": "title: Cached site\n",
        "a.md": "---\ntitle: Alpha\ntags: One\n---\n\nApples and oranges.\n",
        "b.md": "# Beta\n\nBananas.\n",
        "c.md": "# Gamma\n\nCherries in 東京.\n",
        "docs/d.md": "# Delta\n\nDates and café.\n",
    ]

    static func makeWorkspace() throws -> (root: URL, cache: URL) {
        let folder = try TestSupport.makeTemporaryFolder("search-cache").resolvingSymlinksInPath()
        let root = folder.appendingPathComponent("site", isDirectory: true)
        try TestSupport.writeFiles(files, in: root)
        return (root, folder.appendingPathComponent("cache", isDirectory: true))
    }

    static func open(_ root: URL, cache: URL, fileSystem: FileSystem = .live) async throws -> SearchClient {
        let workspace = try await WorkspaceClient.live().discover(root)
        let client = SearchClient.live(fileSystem: fileSystem, cacheFolder: cache)
        try await client.build(workspace)
        return client
    }

    static func cacheFile(root: URL, cache: URL) -> URL {
        SearchIndexCache.fileURL(root: root, in: cache)
    }

    @Test func aSecondOpeningReadsOnlyTheFilesThatChanged() async throws {
        let (root, cache) = try Self.makeWorkspace()
        let counter = ReadCounter()
        _ = try await Self.open(root, cache: cache, fileSystem: counter.fileSystem)
        #expect(counter.take() == ["a.md", "b.md", "c.md", "d.md", "tiledown.yml"])
        #expect(FileManager.default.fileExists(atPath: Self.cacheFile(root: root, cache: cache).path))

        // Nothing changed: only the cache is read.
        var client = try await Self.open(root, cache: cache, fileSystem: counter.fileSystem)
        #expect(counter.take() == [Self.cacheFile(root: root, cache: cache).lastPathComponent])
        #expect(await client.search("cherries", 10).map(\.path) == ["c.md"])
        #expect(await client.search("東京", 10).map(\.path) == ["c.md"])
        #expect(await client.search("cafe", 10).map(\.path) == ["docs/d.md"])
        #expect(await client.search("tag:one", 10).map(\.path) == ["a.md"])

        // A changed file, a new one, a deleted one; one changed to the same
        // size with a new modification time.
        try TestSupport.writeFiles(["b.md": "# Beta\n\nBlueberries now.\n", "e.md": "# Epsilon\n\nElderberries.\n"], in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("c.md"))
        try TestSupport.writeFiles(["a.md": "---\ntitle: Alpha\ntags: One\n---\n\nApricot and oranges.\n"], in: root)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: root.appendingPathComponent("a.md").path)
        client = try await Self.open(root, cache: cache, fileSystem: counter.fileSystem)
        #expect(counter.take() == ["a.md", "b.md", "e.md", Self.cacheFile(root: root, cache: cache).lastPathComponent].sorted())
        #expect(await client.search("blueberries", 10).map(\.path) == ["b.md"])
        #expect(await client.search("bananas", 10).isEmpty)
        #expect(await client.search("apricot", 10).map(\.path) == ["a.md"])
        #expect(await client.search("elderberries", 10).map(\.path) == ["e.md"])
        #expect(await client.search("cherries", 10).isEmpty)

        // The cache was written again: the next opening reads nothing else.
        _ = try await Self.open(root, cache: cache, fileSystem: counter.fileSystem)
        #expect(counter.take() == [Self.cacheFile(root: root, cache: cache).lastPathComponent])
    }

    @Test func aFileWhoseDialectChangedIsReadAgain() async throws {
        let (root, cache) = try Self.makeWorkspace()
        try TestSupport.writeFiles(["q.md": "---\ntitle: \"Quoted\"\n---\n\nText.\n"], in: root)
        let before = try await Self.open(root, cache: cache)
        #expect(await before.search("quoted", 10).map(\.title) == ["\"Quoted\""])
        // Without tiledown.yml the front matter is YAML: the quotes are read.
        try FileManager.default.removeItem(at: root.appendingPathComponent("tiledown.yml"))
        let after = try await Self.open(root, cache: cache)
        #expect(await after.search("quoted", 10).map(\.title) == ["Quoted"])
    }

    @Test func eachWorkspaceHasItsOwnCacheFile() throws {
        let cache = URL(fileURLWithPath: "/tmp/cache", isDirectory: true)
        let first = SearchIndexCache.fileURL(root: URL(fileURLWithPath: "/sites/a"), in: cache)
        let second = SearchIndexCache.fileURL(root: URL(fileURLWithPath: "/sites/b"), in: cache)
        #expect(first != second)
        #expect(first.deletingLastPathComponent().path == "/tmp/cache")
        #expect(first.lastPathComponent.hasPrefix("search-") && first.lastPathComponent.hasSuffix(".index"))
        #expect(SearchIndexCache.fileURL(root: URL(fileURLWithPath: "/sites/a/"), in: cache) == first)
    }

    @Test func theCacheFolderFollowsXDGCacheHome() {
        let home = URL(fileURLWithPath: "/home/writer", isDirectory: true)
        #expect(UserFolders.cacheFolder(environment: ["XDG_CACHE_HOME": "/var/cache/writer"], homeFolder: home).path == "/var/cache/writer/tiledit")
        #expect(UserFolders.cacheFolder(environment: [:], homeFolder: home).path == "/home/writer/.cache/tiledit")
        #expect(UserFolders.cacheFolder(environment: ["XDG_CACHE_HOME": "relative"], homeFolder: home).path == "/home/writer/.cache/tiledit")
    }

    @Test func aCacheCutShortOrDamagedIsNeverTrusted() async throws {
        let (root, cache) = try Self.makeWorkspace()
        _ = try await Self.open(root, cache: cache)
        let file = Self.cacheFile(root: root, cache: cache)
        let good = try TestSupport.readFile(file)
        #expect(SearchIndexCache.decode(good, root: root)?.documentCount == 5)

        var damaged: [[UInt8]] = [[], Array(good.prefix(10)), Array(good.prefix(good.count / 2)), Array(good.dropLast())]
        for offset in [0, 25, good.count / 3, good.count / 2, good.count - 3] {
            var garbled = good
            garbled[offset] ^= 0x5A
            damaged.append(garbled)
        }
        for bytes in damaged {
            #expect(SearchIndexCache.decode(bytes, root: root) == nil)
            try Data(bytes).write(to: file)
            let counter = ReadCounter()
            let client = try await Self.open(root, cache: cache, fileSystem: counter.fileSystem)
            // Every document read again, and the right answers.
            #expect(counter.take().filter { !$0.hasPrefix("search-") } == ["a.md", "b.md", "c.md", "d.md", "tiledown.yml"])
            #expect(await client.search("cherries", 10).map(\.path) == ["c.md"])
        }
    }

    @Test func aCacheOfAnotherFormatVersionOrFolderIsIgnored() async throws {
        let (root, cache) = try Self.makeWorkspace()
        _ = try await Self.open(root, cache: cache)
        let good = try TestSupport.readFile(Self.cacheFile(root: root, cache: cache))
        // The version follows the magic line; the checksum made right again.
        var older = Array(good.dropLast(8))
        older[SearchIndexCache.magic.count] &+= 1
        older += Self.checksum(older)
        #expect(SearchIndexCache.decode(older, root: root) == nil)
        #expect(SearchIndexCache.decode(good, root: root.deletingLastPathComponent()) == nil)
    }

    @Test func damagedValuesUnderAGoodChecksumNeverTrap() async throws {
        let (root, cache) = try Self.makeWorkspace()
        _ = try await Self.open(root, cache: cache)
        let good = Array(try TestSupport.readFile(Self.cacheFile(root: root, cache: cache)).dropLast(8))
        var random = SeededGenerator(seed: 56)
        for _ in 0..<300 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let offset = Int.random(in: SearchIndexCache.magic.count..<bytes.count, using: &random)
                bytes[offset] = UInt8.random(in: 0...255, using: &random)
            }
            bytes += Self.checksum(bytes)
            // Either refused or an index that answers queries.
            if let index = SearchIndexCache.decode(bytes, root: root) {
                _ = index.search("cherries")
                _ = index.search("a")
                _ = index.search("tag:one type:x")
            }
        }
    }

    @Test func updatesAfterOpeningFromTheCacheKeepPrefixesWorking() async throws {
        let (root, cache) = try Self.makeWorkspace()
        _ = try await Self.open(root, cache: cache)
        let client = try await Self.open(root, cache: cache)
        await client.update("b.md", Array("# Beta\n\nBlackcurrants.\n".utf8))
        #expect(await client.search("blackc", 10).map(\.path) == ["b.md"])
        #expect(await client.search("ban", 10).isEmpty)
        #expect(await client.search("ap", 10).map(\.path) == ["a.md"])
    }

    static func checksum(_ bytes: [UInt8]) -> [UInt8] {
        let sum = bytes.withUnsafeBufferPointer { SearchIndexCache.checksum($0) }
        return withUnsafeBytes(of: sum.littleEndian) { Array($0) }
    }
}
