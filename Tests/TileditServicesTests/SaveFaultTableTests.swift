import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

/// Every write the services make, failed at every step in turn.
///
/// Each operation is run once through a recording file system to learn its
/// steps (its calls). Then, for every call and every fault that call can
/// meet, the operation runs again on a fresh copy of its files with that
/// fault, and the outcome is checked:
///
/// - the file is its complete old version or its complete new one (after a
///   simulated crash, once the start-up check has run);
/// - a failure is reported (a `DocumentStoreError` or `SettingsError` that
///   names the file) exactly when the new version is not on disk;
/// - no temporary or backup file is left, except where the fault stopped
///   its removal or killed the process, and then the next check removes it;
/// - the file keeps its mode (and, written in place, its identity);
/// - after the fault clears, the same write succeeds.
///
/// Races run the same way: before each call, another program deletes the
/// file, renames another file over it, writes it in place, or removes its
/// folder; the write never creates a deleted file or folder again and
/// never overwrites the other program's file.
///
/// Serialized: the runs block on file system calls, and one operation at a
/// time leaves the rest of the test pool free for other suites.
@Suite(.serialized) struct SaveFaultTableTests {
    /// The writes under test.
    enum Operation: String, CaseIterable, CustomTestStringConvertible {
        /// `save` over a file with one name (a replace).
        case replace
        /// `save` over a file with two hard links (written in place).
        case inPlace
        /// `save` through a symbolic link.
        case throughLink
        /// `save` of a new file (`expected == nil`).
        case newFile
        /// `saveCopy` ("keep both").
        case copy
        /// `create` from a template.
        case template
        /// `journal` over an earlier entry.
        case journal
        /// Settings written over an existing settings file.
        case settings

        var testDescription: String { rawValue }

        /// Whether the file does not exist before the write.
        var createsAFile: Bool { self == .newFile || self == .copy || self == .template }
        /// Whether the write replaces whatever is there (no conflict check).
        var overwritesAnything: Bool { self == .journal }
    }

    static let old = Array("---\ntitle: Old\n---\n\nThe old body, long enough to cut.\n".utf8)
    static let new = Array("---\ntitle: New\n---\n\nThe new body.\n".utf8)
    static let date = TestSupport.referenceDate

    /// One copy of an operation's files.
    struct Fixture {
        var root: URL
        var operation: Operation
        /// The file whose content is checked.
        var target: URL
        /// The folder a race may remove.
        var folder: URL
        var journalFolder: URL
        var settingsFile: URL
        /// The document a journal entry is for.
        var document: URL

        init(_ operation: Operation) async throws {
            self.operation = operation
            root = try TestSupport.makeMemoryFolder("tiledit-faults").resolvingSymlinksInPath()
            journalFolder = root.appendingPathComponent("journal")
            settingsFile = root.appendingPathComponent("config/settings.yml")
            let site = root.appendingPathComponent("site")
            folder = site.appendingPathComponent("posts")
            document = folder.appendingPathComponent("draft.md")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: journalFolder, withIntermediateDirectories: true)
            switch operation {
            case .replace:
                target = try TestSupport.writeFile(SaveFaultTableTests.old, at: "page.md", in: folder)
                try TestSupport.setPermissions(0o640, of: target)
            case .inPlace:
                target = try TestSupport.writeFile(SaveFaultTableTests.old, at: "page.md", in: folder)
                try TestSupport.setPermissions(0o640, of: target)
                try FileManager.default.linkItem(at: target, to: folder.appendingPathComponent("other-name.md"))
            case .throughLink:
                target = try TestSupport.writeFile(SaveFaultTableTests.old, at: "page.md", in: folder)
                try TestSupport.setPermissions(0o640, of: target)
                try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("link.md").path, withDestinationPath: "posts/page.md")
            case .newFile:
                target = folder.appendingPathComponent("new.md")
            case .copy:
                try TestSupport.writeFile(SaveFaultTableTests.old, at: "notes.md", in: folder)
                target = folder.appendingPathComponent("notes (conflict 2024-01-05 101500).md")
            case .template:
                target = folder.appendingPathComponent("hello-world.md")
            case .journal:
                // The entry written before the one under test.
                let store = DocumentStore.testing(
                    journalFolder: journalFolder, fileSystem: SaveFaultTableTests.unsynchronized, date: SaveFaultTableTests.date.addingTimeInterval(-60))
                try await store.journal(document, SaveFaultTableTests.old, nil, [])
                let names = try FileManager.default.contentsOfDirectory(atPath: journalFolder.path)
                target = journalFolder.appendingPathComponent(try #require(names.first))
                folder = journalFolder
            case .settings:
                target = try TestSupport.writeFile(Array("# Mine\ntheme: dark   # keep\n".utf8), at: "config/settings.yml", in: root)
                folder = target.deletingLastPathComponent()
            }
        }

        /// The file's bytes before the write (`nil`: no file).
        var before: [UInt8]? { try? TestSupport.readFile(target) }

        /// Runs the operation over `fileSystem`.
        func run(_ fileSystem: FileSystem) async throws {
            let store = DocumentStore.testing(journalFolder: journalFolder, fileSystem: fileSystem, date: SaveFaultTableTests.date)
            switch operation {
            case .replace, .inPlace:
                _ = try await store.save(target, SaveFaultTableTests.new, fingerprint(target))
            case .throughLink:
                let link = root.appendingPathComponent("site/link.md")
                // As loading the link gives it: the file the link led to.
                var expected = try fingerprint(target)
                expected.resolvedPath = target.standardizedFileURL.path
                _ = try await store.save(link, SaveFaultTableTests.new, expected)
            case .newFile:
                _ = try await store.save(target, SaveFaultTableTests.new, nil)
            case .copy:
                _ = try await store.saveCopy(folder.appendingPathComponent("notes.md"), SaveFaultTableTests.new, nil)
            case .template:
                _ = try await store.create(DocumentTemplate(kind: .post, title: "Hello World", layout: .singleFile), folder)
            case .journal:
                try await store.journal(document, SaveFaultTableTests.new, nil, [])
            case .settings:
                try await SettingsClient.live(file: settingsFile, fileSystem: fileSystem).save(Settings(theme: .light))
            }
        }

        /// The fingerprint of the file as it is now, as the editor had it when it read the file.
        func fingerprint(_ url: URL) throws -> FileFingerprint {
            let bytes = try TestSupport.readFile(url)
            return FileFingerprint(hash: ContentHash(of: bytes), size: bytes.count, modificationDate: Date(), permissions: 0o640)
        }

        /// Deals with leftovers as the start-up check does.
        func recover() async {
            _ = await DocumentStore.testing(journalFolder: journalFolder, fileSystem: SaveFaultTableTests.unsynchronized)
                .recoverInterruptedSaves(root)
        }
    }

    /// The new bytes an operation writes (from a run without faults), for
    /// any copy of its files (a journal entry names its document's path).
    static func expectedBytes(_ operation: Operation) async throws -> @Sendable (Fixture) -> [UInt8] {
        let fixture = try await Fixture(operation)
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        try await fixture.run(unsynchronized)
        let text = String(decoding: try TestSupport.readFile(fixture.target), as: UTF8.self)
        let root = fixture.root.path
        return { Array(text.replacingOccurrences(of: root, with: $0.root.path).utf8) }
    }

    // MARK: Faults

    /// What can go wrong at a call, by operation.
    static func faults(for call: FaultInjector.Call, writeLength: Int) -> [(String, FaultInjector.Fault, Bool)] {
        var faults: [(String, FaultInjector.Fault, Bool)] = [
            ("EIO", .error(EIO), false),
            ("crash", .crash, false),
        ]
        switch call.operation {
        case .write:
            faults.append(("ENOSPC", .error(ENOSPC), false))
            faults.append(("ENOSPC for good", .error(ENOSPC), true))
            // The disk fills up after any number of bytes.
            for offset in stride(from: 0, to: writeLength, by: 1) {
                faults.append(("\(offset) bytes then ENOSPC", .partialWrite(count: offset, code: ENOSPC), false))
            }
            faults.append(("half then ENOSPC for good", .partialWrite(count: writeLength / 2, code: ENOSPC), true))
            for offset in [0, 1, writeLength / 2, writeLength - 1] where offset >= 0 {
                faults.append(("short write of \(offset)", .shortWrite(count: offset), false))
            }
        case .open:
            faults.append(("EACCES (read-only folder)", .error(EACCES), false))
            faults.append(("EROFS", .error(EROFS), false))
            faults.append(("ENOSPC", .error(ENOSPC), false))
        case .rename:
            faults.append(("EXDEV", .error(EXDEV), false))
            faults.append(("EINVAL (cannot exchange)", .error(EINVAL), false))
            faults.append(("EACCES", .error(EACCES), false))
        case .setOwner, .setPermissions, .setAttribute, .removeAttribute:
            faults.append(("EPERM", .error(EPERM), false))
        case .synchronize, .truncate:
            faults.append(("EIO for good", .error(EIO), true))
        default:
            break
        }
        return faults
    }

    /// Another program at work just before a call.
    enum Race: String, CaseIterable {
        case deleted, replaced, writtenInPlace, folderRemoved, appeared
    }

    static let theirs = Array("Written by another program.\n".utf8)

    /// The real file system without `fsync` (what it protects against, a
    /// power cut, cannot happen in a test; thousands of runs stay fast).
    static let unsynchronized: FileSystem = {
        let injector = FaultInjector()
        injector.setSynchronizes(false)
        injector.setRecordsCalls(false)
        return injector.fileSystem
    }()

    static func races(for operation: Operation) -> [Race] {
        if operation.createsAFile { return operation == .template ? [.appeared] : [.appeared, .folderRemoved] }
        // Settings create their folder when it is missing, by design; a
        // journal entry is written whatever happened to the last one.
        if operation == .settings { return [.deleted, .replaced, .writtenInPlace] }
        if operation == .journal { return [.replaced, .writtenInPlace] }
        return [.deleted, .replaced, .writtenInPlace, .folderRemoved]
    }

    /// Whether a race's action did something (a file that appears only
    /// appears where nothing is yet).
    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    static func act(_ race: Race, on fixture: Fixture, acted: Flag) -> @Sendable () -> Void {
        let target = fixture.target
        let folder = fixture.folder
        return {
            let manager = FileManager.default
            switch race {
            case .deleted:
                try? manager.removeItem(at: target)
            case .replaced:
                let other = folder.appendingPathComponent("theirs.tmp-new")
                guard manager.fileExists(atPath: target.path), (try? Data(theirs).write(to: other)) != nil else { return }
                _ = rename(other.path, target.path)
            case .writtenInPlace:
                guard let handle = try? FileHandle(forWritingTo: target) else { return }
                try? handle.truncate(atOffset: 0)
                try? handle.write(contentsOf: theirs)
                try? handle.close()
            case .folderRemoved:
                try? manager.removeItem(at: folder)
            case .appeared:
                // O_EXCL: only when nothing is there yet.
                let descriptor = open(target.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                guard descriptor >= 0 else { return }
                _ = theirs.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                acted.set()
            }
        }
    }

    // MARK: The table

    @Test(arguments: Operation.allCases)
    func everyFaultAtEveryStepLeavesTheOldOrTheNewVersionAndNoLeftover(operation: Operation) async throws {
        let expected = try await Self.expectedBytes(operation)
        let trace = try await Self.trace(operation)
        let sample = try await Fixture(operation)
        let writeLength = expected(sample).count
        try? FileManager.default.removeItem(at: sample.root)
        var runs = 0
        for (index, call) in trace.enumerated() {
            for (label, fault, sticky) in Self.faults(for: call, writeLength: writeLength) {
                runs += 1
                let fixture = try await Fixture(operation)
                let new = expected(fixture)
                let old = fixture.before
                let injector = FaultInjector()
                injector.setSynchronizes(false)
                injector.inject(fault, atCall: index, sticky: sticky)
                let context = "\(operation) call \(index) (\(call.operation.rawValue) \(call.path.replacingOccurrences(of: fixture.root.path, with: ""))): \(label)"
                var thrown: (any Error)?
                do {
                    try await fixture.run(injector.fileSystem)
                } catch {
                    thrown = error
                }
                let crashed = injector.hasCrashed
                injector.reset()
                try await check(fixture, old: old, new: new, thrown: thrown, crashed: crashed, faultOn: call.operation, context: context)
                try? FileManager.default.removeItem(at: fixture.root)
            }
        }
        #expect(runs > trace.count * 2, "\(operation): \(runs) runs over \(trace.count) steps")
        print("\(operation): \(runs) faulty runs over \(trace.count) steps")
    }

    @Test(arguments: Operation.allCases)
    func anotherProgramActingBeforeAnyStepIsNeverOverwrittenNorUndone(operation: Operation) async throws {
        let expected = try await Self.expectedBytes(operation)
        let trace = try await Self.trace(operation)
        // Settings are read by the same call that writes them: a file deleted
        // before it was read is created afresh.
        let endOfRead = operation == .settings ? trace.firstIndex { $0.operation == .close } ?? 0 : -1
        // Written in place, a file can lose another program's write that lands
        // between the last check and the write itself: POSIX has no lock all
        // programs honour. Those steps are checked for the rest only.
        let lastOpen = trace.lastIndex { $0.operation == .open && $0.path.hasSuffix("/page.md") } ?? trace.count
        let truncation = trace.indices.first { $0 > lastOpen && trace[$0].operation == .truncate } ?? lastOpen
        let unguarded = operation == .inPlace ? (lastOpen + 2)..<(truncation + 1) : 0..<0
        for race in Self.races(for: operation) {
            for index in 0...trace.count {
                let fixture = try await Fixture(operation)
                let new = expected(fixture)
                let injector = FaultInjector()
                injector.setSynchronizes(false)
                let acted = Flag()
                let hook = Self.act(race, on: fixture, acted: acted)
                if index < trace.count {
                    injector.inject(.before(hook), atCall: index)
                }
                let context = "\(operation) \(race.rawValue) before call \(index)"
                var thrown: (any Error)?
                do {
                    try await fixture.run(injector.fileSystem)
                } catch {
                    thrown = error
                }
                if index == trace.count { hook() }
                injector.reset()
                let now = try? TestSupport.readFile(fixture.target)
                switch race {
                case .deleted:
                    #expect(now == nil || index <= endOfRead, "\(context): the deleted file was created again")
                case .folderRemoved:
                    #expect(!FileManager.default.fileExists(atPath: fixture.folder.path), "\(context): the removed folder was created again")
                case .replaced, .writtenInPlace:
                    if operation.overwritesAnything {
                        #expect(now == Self.theirs || now == new, "\(context)")
                    } else if !unguarded.contains(index) {
                        #expect(now == Self.theirs, "\(context): the other program's file was overwritten")
                    }
                case .appeared:
                    if acted.isSet {
                        #expect(now == Self.theirs, "\(context): the file that appeared was overwritten")
                    } else {
                        #expect(now == new || thrown != nil, "\(context)")
                    }
                }
                if let thrown {
                    #expect(thrown is DocumentStoreError || thrown is SettingsError, "\(context): \(thrown)")
                }
                #expect(TestSupport.saveLeftovers(in: fixture.root).isEmpty, "\(context): \(TestSupport.saveLeftovers(in: fixture.root))")
                try? FileManager.default.removeItem(at: fixture.root)
            }
        }
    }

    /// The calls of one run without faults.
    static func trace(_ operation: Operation) async throws -> [FaultInjector.Call] {
        let fixture = try await Fixture(operation)
        defer { try? FileManager.default.removeItem(at: fixture.root) }
        let injector = FaultInjector()
        injector.setSynchronizes(false)
        try await fixture.run(injector.fileSystem)
        return injector.calls
    }

    func check(
        _ fixture: Fixture, old: [UInt8]?, new: [UInt8], thrown: (any Error)?, crashed: Bool,
        faultOn operation: FileSystemError.Operation, context: String
    ) async throws {
        var now = try? TestSupport.readFile(fixture.target)
        var leftovers = TestSupport.saveLeftovers(in: fixture.root)
        let incomplete: Bool
        if case .incompleteWrite? = thrown as? DocumentStoreError { incomplete = true } else { incomplete = false }
        if crashed {
            // The process died: the start-up check finds what it left.
            await fixture.recover()
            leftovers = TestSupport.saveLeftovers(in: fixture.root)
            // The check leaves a save's file alone while its lock is held. A
            // process another test spawns at this moment holds the lock until
            // it execs (an flock follows the open file description into the
            // child), so a leftover is checked again, a bounded number of times.
            var attempts = 0
            while !leftovers.isEmpty && attempts < 2_000 {
                attempts += 1
                await Task.yield()
                await fixture.recover()
                leftovers = TestSupport.saveLeftovers(in: fixture.root)
            }
            now = try? TestSupport.readFile(fixture.target)
            #expect(now == old || now == new, "\(context): after the crash and the check the file is neither version")
            #expect(leftovers.isEmpty, "\(context): left after the check: \(leftovers)")
        } else if let thrown {
            if incomplete {
                #expect(!leftovers.isEmpty, "\(context): an incomplete write must keep its backup")
                await fixture.recover()
                now = try? TestSupport.readFile(fixture.target)
            }
            #expect(now == old, "\(context): failed (\(thrown)) but the file changed")
            if let error = thrown as? DocumentStoreError {
                let named = switch fixture.operation {
                case .throughLink: "link.md"
                case .template: "hello-world"
                default: fixture.target.lastPathComponent
                }
                #expect(error.message.contains(named), "\(context): the message does not name the file: \(error.message)")
            } else if let error = thrown as? SettingsError {
                #expect(error.message.contains("settings.yml"), "\(context): \(error.message)")
            } else {
                Issue.record("\(context): not a store error: \(thrown)")
            }
        } else {
            #expect(now == new, "\(context): reported saved but the file is not the new version")
        }
        if !crashed && !incomplete {
            // Only a removal that failed may leave something, and the next check removes it.
            if !leftovers.isEmpty {
                #expect(operation == .remove || operation == .close, "\(context): left \(leftovers)")
                await fixture.recover()
                #expect(TestSupport.saveLeftovers(in: fixture.root).isEmpty, "\(context): the check left \(TestSupport.saveLeftovers(in: fixture.root))")
            }
        }
        // What the file is.
        if let status = try? TestSupport.status(of: fixture.target), !fixture.operation.createsAFile, fixture.operation != .journal,
           fixture.operation != .settings {
            #expect(status.permissions == 0o640, "\(context): mode \(String(status.permissions, radix: 8))")
            if fixture.operation == .inPlace {
                let other = try? TestSupport.status(of: fixture.folder.appendingPathComponent("other-name.md"))
                #expect(other?.identity == status.identity && status.linkCount == 2, "\(context): the hard links were separated")
            }
        }
        // After the fault clears, the write succeeds.
        if thrown != nil || crashed {
            do {
                try await fixture.run(Self.unsynchronized)
                #expect(try TestSupport.readFile(fixture.target) == new, "\(context): the retry did not write the new version")
            } catch {
                if fixture.operation.createsAFile, now == new {
                    // The first attempt had already created it (a crash after the rename).
                } else {
                    Issue.record("\(context): the retry failed: \(error)")
                }
            }
        }
    }
}
