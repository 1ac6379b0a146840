import Foundation
import Synchronization
import Testing
import TileditServices
import TileditTestSupport
@testable import TileditViewModels

/// The parts `AppModel` is made of: where a session starts, and the tasks it owns.
@MainActor
@Suite("App parts")
struct AppPartsTests {
    @Test func aFileOpensInTheNearestFolderAboveItWithTiledownYML() throws {
        let folder = try TestSupport.makeTemporaryFolder()
        try TestSupport.writeFiles(["site/tiledown.yml": "title: Site\n", "site/posts/2024/hello.md": "# Hello\n", "loose/note.md": "# Note\n"], in: folder)
        let start = WorkspaceStart(fileSystem: .live, store: .unimplemented)
        let site = folder.appendingPathComponent("site").standardizedFileURL
        #expect(start.root(for: site.appendingPathComponent("posts/2024/hello.md")) == (site, "posts/2024/hello.md"))
        #expect(start.root(for: site) == (site, nil))
        let loose = folder.appendingPathComponent("loose").standardizedFileURL
        #expect(start.root(for: loose.appendingPathComponent("note.md")) == (loose, "note.md"))
        #expect(WorkspaceStart.target("../site/./posts", in: loose) == site.appendingPathComponent("posts"))
        #expect(WorkspaceStart.target("/tmp/x", in: loose) == URL(fileURLWithPath: "/tmp/x"))
        #expect(WorkspaceStart.target(nil, in: loose) == loose)
    }

    @Test func chainedWorkRunsInOrderAndCancellingStopsWhatIsLeft() async {
        var tasks = OwnedTasks<String>()
        let log = Mutex<[String]>([])
        for index in 1...3 { tasks.chain("updates") { log.withLock { $0.append("update \(index)") } } }
        await tasks["updates"]?.value
        #expect(log.withLock { $0 } == ["update 1", "update 2", "update 3"])
        tasks.replace("wait") {
            while !Task.isCancelled { await Task.yield() }
            log.withLock { $0.append(Task.isCancelled ? "wait cancelled" : "wait ended") }
        }
        let first = tasks["wait"]
        tasks.replace("wait") { log.withLock { $0.append("second wait") } }
        await first?.value
        await tasks["wait"]?.value
        #expect(log.withLock { Set($0.suffix(2)) } == ["wait cancelled", "second wait"])
        tasks.replace("wait") {
            while !Task.isCancelled { await Task.yield() }
            log.withLock { $0.append(Task.isCancelled ? "stopped on quit" : "ran on") }
        }
        tasks.cancelAll()
        await tasks["wait"]?.value
        #expect(log.withLock { $0.last } == "stopped on quit")
    }
}
