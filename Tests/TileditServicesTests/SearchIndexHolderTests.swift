import Foundation
import Testing
@testable import TileditServices
import TileditTestSupport

@Suite struct SearchIndexHolderTests {
    @Test func editsDuringABuildAreReplayedOnTheNewIndex() async {
        let holder = SearchIndexHolder(fileSystem: .live)
        let generation = await holder.beginBuild()
        let built = await SearchIndex.build([
            SearchSource(path: "a.md", kind: .markdown, dialect: .yaml, bytes: Array("# Old words\n".utf8)),
            SearchSource(path: "b.md", kind: .markdown, dialect: .yaml, bytes: Array("# Bee\n".utf8)),
        ])

        await holder.update(path: "a.md", bytes: Array("# New words\n".utf8))
        await holder.remove(path: "b.md")
        await holder.finishBuild(generation, index: built, root: URL(fileURLWithPath: "/nonexistent-root"))

        #expect(await holder.search("old", limit: 10).isEmpty)
        #expect(await holder.search("new", limit: 10).map(\.path) == ["a.md"])
        #expect(await holder.search("bee", limit: 10).isEmpty)
    }

    @Test func anOlderBuildDoesNotReplaceANewerOne() async {
        let holder = SearchIndexHolder(fileSystem: .live)
        let first = await holder.beginBuild()
        let second = await holder.beginBuild()
        let root = URL(fileURLWithPath: "/nonexistent-root")
        await holder.finishBuild(second, index: await SearchIndex.build([
            SearchSource(path: "new.md", kind: .markdown, dialect: .yaml, bytes: Array("# Fresh\n".utf8)),
        ]), root: root)
        await holder.finishBuild(first, index: await SearchIndex.build([
            SearchSource(path: "old.md", kind: .markdown, dialect: .yaml, bytes: Array("# Stale\n".utf8)),
        ]), root: root)

        #expect(await holder.search("fresh", limit: 10).map(\.path) == ["new.md"])
        #expect(await holder.search("stale", limit: 10).isEmpty)
    }

    @Test func aSearchMadeWhileTheIndexIsBuiltWaitsForTheBuild() async {
        let holder = SearchIndexHolder(fileSystem: .live)
        let generation = await holder.beginBuild()
        let search = Task { await holder.search("fresh", limit: 10).map(\.path) }
        for _ in 0..<100 { await Task.yield() }
        await holder.finishBuild(generation, index: await SearchIndex.build([
            SearchSource(path: "new.md", kind: .markdown, dialect: .yaml, bytes: Array("# Fresh\n".utf8)),
        ]), root: URL(fileURLWithPath: "/nonexistent-root"))
        #expect(await search.value == ["new.md"])
    }
}
