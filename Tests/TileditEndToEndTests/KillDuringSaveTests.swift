import Foundation
import Testing
import TileditFixtures
import TileditServices
import TileditTestSupport

extension EndToEndTests {
    /// `tiledit fmt --write` on a folder of files, and `tiledit set` on a file
    /// replaced and on one written in place, killed with SIGKILL at random
    /// moments (a seeded generator picks them) up to 150 times each: after the
    /// start-up check, every file is its complete old or new version, hard
    /// links are still one file, links still links, and nothing is left beside
    /// them.
    ///
    /// Nested in `EndToEndTests` so its hundreds of processes never run beside
    /// the editor sessions under tmux. Each loop stops after 150 kills or 20
    /// seconds, whichever comes first, so a busy machine shortens it rather
    /// than making it slow.
    @Suite(
        "Saves killed at random moments",
        .enabled(if: EditorSession.isBinaryBuilt, "drives .build/debug/tiledit; build it with `swift build --build-tests`"),
        .timeLimit(.minutes(10)))
    struct KillDuringSaveTests {
        /// Bounds on each loop: a number of kills, and a time budget so a busy
        /// machine ends the loop early rather than the test running long.
        static let kills = 150
        static let budget = Duration.seconds(20)
        /// Files with a second name (hard links): written in place.
        static let linked = [1, 5]

        /// A Markdown file `fmt` rewrites (shorthand bullets) of about `size` bytes.
        static func unformatted(_ number: Int, size: Int) -> String {
            var text = "---\ntitle: File \(number)\n---\n\n# File \(number)\n\n"
            var item = 0
            while text.utf8.count < size {
                item += 1
                text += "* item \(item) of file \(number), with some words to make the line longer\n"
            }
            return text
        }

        /// A folder of 8 files (1 KB to 15 KB; few, so a run is short and the
        /// kills many), two of them with a second name (a hard link), and a
        /// symbolic link to another. Most of a run is spent saving: each save
        /// waits for the disk three times (`fsync`).
        static func makeWorkspace(in root: URL) throws -> URL {
            let docs = root.appendingPathComponent("docs")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            for number in 0..<8 {
                try Data(unformatted(number, size: 1000 + number * 2000).utf8).write(to: docs.appendingPathComponent(String(format: "file-%02d.md", number)))
            }
            for number in linked {
                try FileManager.default.linkItem(
                    at: docs.appendingPathComponent(String(format: "file-%02d.md", number)),
                    to: docs.appendingPathComponent(String(format: "file-%02d.md", number + 10)))
            }
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("linked.md").path, withDestinationPath: "docs/file-05.md")
            return docs
        }

        /// Every regular file under `folder`, by relative path.
        static func contents(of folder: URL) throws -> [String: [UInt8]] {
            var result: [String: [UInt8]] = [:]
            for path in TestSupport.listTree(folder) {
                let url = folder.appendingPathComponent(path)
                if try TestSupport.status(of: url).kind == .file { result[path] = try TestSupport.readFile(url) }
            }
            return result
        }

        /// The start-up check, as the editor and the commands run it; returns
        /// how many leftovers it dealt with.
        static func check(_ folder: URL) async -> Int {
            await DocumentStore.live(journalFolder: folder.appendingPathComponent(".journal")).recoverInterruptedSaves(folder).count
        }

        /// A duration in whole nanoseconds (at least 1).
        static func nanoseconds(_ duration: Duration) -> Int64 {
            Swift.max(1, duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        }

        /// Starts `process`, kills it after `delay` (unless it ended), waits for
        /// it; returns whether it was killed.
        static func kill(_ process: Process, after delay: Duration) async throws -> Bool {
            try process.run()
            try await Task.sleep(for: delay)
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return process.terminationReason == .uncaughtSignal
        }

        @Test func fmtWriteKilledAtRandomNeverLeavesAPartialFileOrALeftover() async throws {
            let root = try TestSupport.makeTemporaryFolder("kill-fmt").resolvingSymlinksInPath()
            let work = root.appendingPathComponent("work")
            // The versions: as written, and as fmt --write leaves them (timed, for the kill delays).
            let reference = root.appendingPathComponent("reference")
            _ = try Self.makeWorkspace(in: reference)
            let original = try Self.contents(of: reference)
            let clock = ContinuousClock()
            let started = clock.now
            let full = try ToolRun.run(["fmt", "--write", "docs"], in: reference)
            let duration = clock.now - started
            #expect(full.status == 0)
            let formatted = try Self.contents(of: reference)
            #expect(formatted.count == original.count && formatted != original)

            var random = SeededGenerator(seed: 0x5AFE_5A7E)
            var killed = 0
            var runs = 0
            var resets = 0
            var leftovers = 0
            let deadline = clock.now + Self.budget
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            var docs = try Self.makeWorkspace(in: work)
            var window = Self.nanoseconds(duration)
            while runs < Self.kills && clock.now < deadline {
                runs += 1
                let delay = Duration.nanoseconds(Int64.random(in: 0...window, using: &random))
                if try await Self.kill(ToolRun.start(["fmt", "--write", "docs"], in: work), after: delay) {
                    killed += 1
                } else {
                    // The machine got faster: kill sooner.
                    window = window * 9 / 10 + 1
                }

                leftovers += await Self.check(work)

                let now = try Self.contents(of: work)
                #expect(Set(now.keys) == Set(original.keys), "run \(runs): \(Set(now.keys).symmetricDifference(original.keys))")
                for (path, bytes) in now where bytes != original[path] && bytes != formatted[path] {
                    Issue.record("run \(runs): \(path) is neither its old nor its new version (\(bytes.count) bytes)")
                }
                #expect(TestSupport.saveLeftovers(in: work).isEmpty, "run \(runs): \(TestSupport.saveLeftovers(in: work))")
                for number in Self.linked {
                    let first = try TestSupport.status(of: docs.appendingPathComponent(String(format: "file-%02d.md", number)))
                    let second = try TestSupport.status(of: docs.appendingPathComponent(String(format: "file-%02d.md", number + 10)))
                    #expect(first.identity == second.identity && first.linkCount == 2, "run \(runs): file-\(number) lost its hard link")
                }
                #expect(try TestSupport.status(of: work.appendingPathComponent("linked.md")).kind == .symbolicLink)
                if now == formatted {
                    // All done: start again from the unformatted files.
                    resets += 1
                    try FileManager.default.removeItem(at: work)
                    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
                    docs = try Self.makeWorkspace(in: work)
                }
            }
            #expect(runs >= 10, "only \(runs) runs within the time budget")
            #expect(killed * 3 >= runs, "only \(killed) of \(runs) runs were killed before they ended")
            print("fmt --write: \(runs) runs, \(killed) killed, \(leftovers) leftovers dealt with, \(resets) finished folders; a whole run takes \(duration)")
            try? FileManager.default.removeItem(at: root)
        }

        @Test func setKilledAtRandomLeavesTheOldOrTheNewVersion() async throws {
            let root = try TestSupport.makeTemporaryFolder("kill-set").resolvingSymlinksInPath()
            let work = root.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            // A large file replaced on save, and one written in place (it has a second name).
            let body = String(repeating: "A paragraph of the body, long enough to take a while to write.\n\n", count: 300)
            func text(_ title: String) -> [UInt8] { Array("---\ntitle: \(title)\n---\n\n\(body)".utf8) }
            try Data(text("T0")).write(to: work.appendingPathComponent("replaced.md"))
            try Data(text("T0")).write(to: work.appendingPathComponent("in-place.md"))
            try FileManager.default.linkItem(at: work.appendingPathComponent("in-place.md"), to: work.appendingPathComponent("other-name.md"))
            let clock = ContinuousClock()
            let started = clock.now
            #expect(try ToolRun.run(["set", "replaced.md", "--front-matter", "title=T0"], in: work).status == 0)
            #expect(try ToolRun.run(["set", "in-place.md", "--front-matter", "title=T0"], in: work).status == 0)
            let duration = (clock.now - started) / 2
            var window = Self.nanoseconds(duration)

            var random = SeededGenerator(seed: 0x0DD_5E7)
            var killed = 0
            var runs = 0
            var titles = ["replaced.md": "T0", "in-place.md": "T0"]
            var leftovers = 0
            let deadline = clock.now + Self.budget
            while runs < Self.kills && clock.now < deadline {
                runs += 1
                let name = runs % 2 == 0 ? "replaced.md" : "in-place.md"
                let old = titles[name] ?? "T0"
                let new = "T\(runs)"
                let delay = Duration.nanoseconds(Int64.random(in: 0...window, using: &random))
                if try await Self.kill(ToolRun.start(["set", name, "--front-matter", "title=\(new)"], in: work), after: delay) {
                    killed += 1
                } else {
                    window = window * 9 / 10 + 1
                }

                leftovers += await Self.check(work)

                let bytes = try TestSupport.readFile(work.appendingPathComponent(name))
                if bytes == text(new) {
                    titles[name] = new
                } else if bytes != text(old) {
                    Issue.record("run \(runs): \(name) is neither its old nor its new version (\(bytes.count) bytes)")
                    titles[name] = String(decoding: bytes.dropFirst(11).prefix { $0 != 0x0A }, as: UTF8.self)
                }
                #expect(TestSupport.saveLeftovers(in: work).isEmpty, "run \(runs): \(TestSupport.saveLeftovers(in: work))")
                let first = try TestSupport.status(of: work.appendingPathComponent("in-place.md"))
                let second = try TestSupport.status(of: work.appendingPathComponent("other-name.md"))
                #expect(first.identity == second.identity && first.linkCount == 2, "run \(runs): the hard link was separated")
            }
            #expect(runs >= 10, "only \(runs) runs within the time budget")
            #expect(killed * 3 >= runs, "only \(killed) of \(runs) runs were killed before they ended")
            print("set: \(runs) runs, \(killed) killed, \(leftovers) leftovers dealt with; a whole run takes \(duration)")
            try? FileManager.default.removeItem(at: root)
        }
    }
}
