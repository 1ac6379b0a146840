import Foundation
import Synchronization
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

/// What an interrupted save leaves is removed, or put back, at the next
/// check (start-up, a command that writes, the next save in the folder).
@Suite struct InterruptedSaveRecoveryTests {
    let folder: URL
    let journalFolder: URL
    static let old = Array("---\ntitle: Old\n---\n\nThe old body, long enough to be cut halfway.\n".utf8)
    static let new = Array("---\ntitle: New\n---\n\nThe new body.\n".utf8)

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("recovery").resolvingSymlinksInPath()
        journalFolder = try TestSupport.makeTemporaryFolder("journal").resolvingSymlinksInPath()
    }

    func store() -> DocumentStore {
        .testing(journalFolder: journalFolder)
    }

    /// The name a backup of `name` gets while `content` is written in place.
    func backupName(_ name: String, newContent: [UInt8]) -> String {
        ".\(name).tiledit-\(String(ContentHash(of: newContent).hex.prefix(16)))-k2x9.bak"
    }

    /// The name of the intended content beside the backup `backupName`.
    func intendedName(_ backupName: String) -> String {
        String(backupName.dropLast(4)) + ".new"
    }

    @Test func aTemporaryFileIsRemovedAndTheFileKept() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "posts/a.md", in: folder)
        let leftover = try TestSupport.writeFile(Self.new, at: "posts/.a.md.tiledit-3kd9x.tmp", in: folder)

        let recovered = await store().recoverInterruptedSaves(folder)

        #expect(recovered == [InterruptedSave(document: url, leftover: leftover, outcome: .removedTemporaryFile)])
        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.listTree(folder) == ["posts", "posts/a.md"])
    }

    @Test func aBackupOfAWriteThatHadNotStartedIsRemoved() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "a.md", in: folder)
        let leftover = try TestSupport.writeFile(Self.old, at: backupName("a.md", newContent: Self.new), in: folder)

        #expect(await store().recoverInterruptedSaves(folder) == [InterruptedSave(document: url, leftover: leftover, outcome: .removedBackup)])
        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.listTree(folder) == ["a.md"])
    }

    @Test func aBackupOfAWriteThatHadFinishedIsRemoved() async throws {
        let url = try TestSupport.writeFile(Self.new, at: "a.md", in: folder)
        let leftover = try TestSupport.writeFile(Self.old, at: backupName("a.md", newContent: Self.new), in: folder)

        #expect(await store().recoverInterruptedSaves(folder) == [InterruptedSave(document: url, leftover: leftover, outcome: .removedBackup)])
        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(TestSupport.listTree(folder) == ["a.md"])
    }

    /// Every way a write in place can stop: the new bytes up to any offset
    /// over the old ones, before or after the truncation.
    @Test func aFileLeftHalfWrittenInPlaceIsRestoredFromItsBackupKeepingItsLinks() async throws {
        for cut in 1..<Self.new.count {
            let url = try TestSupport.writeFile(Self.old, at: "h/a.md", in: folder)
            let second = folder.appendingPathComponent("h/b.md")
            try? FileManager.default.removeItem(at: second)
            try FileManager.default.linkItem(at: url, to: second)
            let identity = try TestSupport.status(of: url).identity
            let partial = Array(Self.new[..<cut]) + Array(Self.old[cut...])
            let handle = try FileHandle(forWritingTo: url)
            try handle.write(contentsOf: Array(Self.new[..<cut]))
            try handle.close()
            #expect(try TestSupport.readFile(url) == partial)
            let leftover = try TestSupport.writeFile(Self.old, at: "h/" + backupName("a.md", newContent: Self.new), in: folder)
            try TestSupport.writeFile(Self.new, at: "h/" + intendedName(backupName("a.md", newContent: Self.new)), in: folder)

            let recovered = await store().recoverInterruptedSaves(folder)

            // Where the new bytes start as the old ones did, the file is still whole.
            let outcome: InterruptedSave.Outcome = partial == Self.old ? .removedBackup : .restoredFromBackup
            #expect(recovered == [InterruptedSave(document: url, leftover: leftover, outcome: outcome)], "cut at \(cut)")
            #expect(try TestSupport.readFile(second) == Self.old, "cut at \(cut)")
            #expect(try TestSupport.status(of: url).identity == identity)
            #expect(TestSupport.listTree(folder) == ["h", "h/a.md", "h/b.md"])
        }
    }

    /// Every state the write in place can leave is restored; everything
    /// else another program could have written after it is kept as it is,
    /// and the backup with it.
    @Test func aFileChangedByAnotherProgramAfterAnInterruptedSaveIsLeftAsItIsAndItsBackupKept() async throws {
        let backup = backupName("a.md", newContent: Self.new)
        let outside: [[UInt8]] = [
            Self.old + Array("Appended by another program.\n".utf8),
            Array("---\ntitle: Edited in vim\n---\n\nThe old body, long enough to be cut halfway.\n".utf8),
            Array(Self.old.prefix(10)),
            [],
            Self.new + Array("x".utf8),
            Array(Self.old.dropLast()) + [UInt8(ascii: "?")],
            Array(Self.new.prefix(12)) + Array("EDITED".utf8) + Array(Self.old.dropFirst(18)),
        ]
        for (index, content) in outside.enumerated() {
            let url = try TestSupport.writeFile(content, at: "c\(index)/a.md", in: folder)
            let leftover = try TestSupport.writeFile(Self.old, at: "c\(index)/\(backup)", in: folder)
            try TestSupport.writeFile(Self.new, at: "c\(index)/\(intendedName(backup))", in: folder)

            let recovered = await store().recoverInterruptedSaves(url)

            #expect(recovered == [InterruptedSave(document: url, leftover: leftover, outcome: .keptBackup)], "case \(index)")
            #expect(try TestSupport.readFile(url) == content, "case \(index)")
            #expect(try TestSupport.readFile(leftover) == Self.old, "case \(index)")
            #expect(TestSupport.listTree(folder.appendingPathComponent("c\(index)")) == [backup, "a.md"], "case \(index)")
        }
    }

    /// The example the tester found: a backup from before backups recorded
    /// their new content, and a file another program wrote since.
    @Test func aBackupWithNoRecordOfItsWriteIsKeptWhenTheFileIsNeitherVersion() async throws {
        let later = Array("---\ntitle: Edited later in vim\n---\n\nIMPORTANT new text written by another program after the crash\n".utf8)
        let url = try TestSupport.writeFile(later, at: "a.md", in: folder)
        let old = Array("---\ntitle: OLD\n---\n\nold text\n".utf8)
        let leftover = try TestSupport.writeFile(old, at: ".a.md.tiledit-0123456789abcdef-abc123.bak", in: folder)

        let recovered = await store().recoverInterruptedSaves(folder)

        #expect(recovered == [InterruptedSave(document: url, leftover: leftover, outcome: .keptBackup)])
        #expect(recovered.first?.message == """
            \(url.path) was changed by another program after an interrupted save; it was left as it is, \
            and the version before that save was kept in \(leftover.path).
            """)
        #expect(try TestSupport.readFile(url) == later)
        #expect(try TestSupport.readFile(leftover) == old)
        // Asked again at the next check, never restored.
        #expect(await store().recoverInterruptedSaves(folder).map(\.outcome) == [.keptBackup])
        #expect(try TestSupport.readFile(url) == later)
    }

    @Test func anIntendedContentWithoutItsBackupIsRemovedAndTheFileKept() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "a.md", in: folder)
        let leftover = try TestSupport.writeFile(Self.new, at: intendedName(backupName("a.md", newContent: Self.new)), in: folder)

        #expect(await store().recoverInterruptedSaves(folder) == [InterruptedSave(document: url, leftover: leftover, outcome: .removedTemporaryFile)])
        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.listTree(folder) == ["a.md"])
    }

    /// A save of a hard-linked file killed at each step of its write in
    /// place, then another program writing the file: the next check never
    /// puts the old bytes back over the other program's.
    @Test func aSaveKilledInPlaceThenAnOutsideChangeKeepsTheOutsideChange() async throws {
        let outside = Array("---\ntitle: Written by another program\n---\n\nIts own text, longer than either version.\n".utf8)
        let injector = FaultInjector()
        var index = 0
        while true {
            let sub = "k\(index)"
            let url = try TestSupport.writeFile(Self.old, at: "\(sub)/a.md", in: folder)
            try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("\(sub)/b.md"))
            let loaded = try await store().load(url)
            injector.reset()
            injector.inject(.crash, atCall: index)
            let crashing = DocumentStore.testing(journalFolder: journalFolder, fileSystem: injector.fileSystem)
            _ = try? await crashing.save(url, Self.new, loaded.fingerprint)
            guard injector.hasCrashed else { break }
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: outside)
            try handle.close()

            let recovered = await store().recoverInterruptedSaves(url)

            #expect(try TestSupport.readFile(url) == outside, "crash at call \(index)")
            #expect(recovered.allSatisfy { $0.outcome != .restoredFromBackup }, "crash at call \(index)")
            let kept = recovered.filter { $0.outcome == .keptBackup }
            #expect(try kept.allSatisfy { try TestSupport.readFile($0.leftover) == Self.old }, "crash at call \(index)")
            index += 1
        }
        #expect(index > 10)
    }

    @Test func aBackupWhoseFileIsGoneTakesItsNameAgain() async throws {
        let leftover = try TestSupport.writeFile(Self.old, at: backupName("gone.md", newContent: Self.new), in: folder)
        let url = folder.appendingPathComponent("gone.md")

        #expect(await store().recoverInterruptedSaves(url) == [InterruptedSave(document: url, leftover: leftover, outcome: .restoredFromBackup)])
        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.listTree(folder) == ["gone.md"])
    }

    @Test func aLeftoverASaveIsStillUsingIsLeftAlone() async throws {
        _ = try TestSupport.writeFile(Self.old, at: "a.md", in: folder)
        let leftover = try TestSupport.writeFile(Self.new, at: ".a.md.tiledit-inuse.tmp", in: folder)
        let fileSystem = FileSystem.live
        let held = try fileSystem.openFile(leftover, .read(followsLinks: false))
        defer { try? fileSystem.closeFile(held) }
        #expect(try fileSystem.lockFile(held))

        #expect(await store().recoverInterruptedSaves(folder) == [])
        #expect(TestSupport.listTree(folder) == [".a.md.tiledit-inuse.tmp", "a.md"])
    }

    @Test func namesThatOnlyLookLikeLeftoversAreLeftAlone() async throws {
        _ = try TestSupport.writeFile(Self.old, at: "a.md", in: folder)
        for name in [".a.md.tiledit-.tmp", "a.md.tiledit-x.tmp", ".a.md.tiledit-x.txt", ".a.md.tiledit-notahash-x.bak", ".a.md.tiledit-X!.tmp"] {
            try TestSupport.writeFile(Self.new, at: name, in: folder)
        }
        // A link and a file with two names are never ours.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".a.md.tiledit-link.tmp").path, withDestinationPath: "a.md")
        try FileManager.default.linkItem(at: folder.appendingPathComponent("a.md"), to: folder.appendingPathComponent(".a.md.tiledit-twice.tmp"))
        let before = TestSupport.listTree(folder)

        #expect(await store().recoverInterruptedSaves(folder) == [])
        #expect(TestSupport.listTree(folder) == before)
    }

    @Test func subfoldersAreCheckedButHiddenAndBuildFoldersAreNot() async throws {
        for path in ["a/b/.x.md.tiledit-1.tmp", ".hidden/.x.md.tiledit-2.tmp", "node_modules/.x.md.tiledit-3.tmp"] {
            try TestSupport.writeFile(Self.new, at: path, in: folder)
        }

        let recovered = await store().recoverInterruptedSaves(folder)

        #expect(recovered.map(\.leftover.lastPathComponent) == [".x.md.tiledit-1.tmp"])
        #expect(TestSupport.saveLeftovers(in: folder) == [".hidden/.x.md.tiledit-2.tmp", "node_modules/.x.md.tiledit-3.tmp"])
    }

    @Test func theNextSaveInTheFolderDealsWithLeftoversFirst() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "a.md", in: folder)
        let store = store()
        let loaded = try await store.load(url)
        try TestSupport.writeFile(Self.new, at: ".a.md.tiledit-old1.tmp", in: folder)
        try TestSupport.writeFile(Self.new, at: ".b.md.tiledit-old2.tmp", in: folder)

        _ = try await store.save(url, Self.new, loaded.fingerprint)

        #expect(TestSupport.listTree(folder) == ["a.md"])
    }

    @Test func aLongNameIsMatchedThroughItsCutForm() async throws {
        let name = String(repeating: "long-name-", count: 24) + ".md"
        let url = try TestSupport.writeFile(Self.old, at: name, in: folder)
        try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("b.md"))
        // A write in place that stopped after the first bytes.
        let store = store()
        let loaded = try await store.load(url)
        // The intended content and the backup are written whole, the document's write stops after 20
        // bytes, and the old bytes cannot be put back.
        var fileSystem = FileSystem.live
        let write = fileSystem.writeFile
        let writes = Mutex(0)
        fileSystem.writeFile = { file, bytes, offset in
            switch writes.withLock({ count in defer { count += 1 }; return count }) {
            case 0, 1: return try write(file, bytes, offset)
            case 2: _ = try write(file, bytes.prefix(20), offset)
            default: break
            }
            throw FileSystemError(.write, path: "", code: EIO)
        }
        let error = await #expect(throws: DocumentStoreError.self) {
            try await DocumentStore.testing(journalFolder: journalFolder, fileSystem: fileSystem).save(url, Self.new, loaded.fingerprint)
        }
        let backups = TestSupport.saveLeftovers(in: folder)
        #expect(backups.count == 2 && backups.allSatisfy { $0.utf8.count <= 255 })
        let backup = backups.first { $0.hasSuffix(".bak") } ?? ""
        #expect(backups == [backup, String(backup.dropLast(4)) + ".new"])
        #expect(error == .incompleteWrite(
            path: url.path, backupPath: folder.appendingPathComponent(backup).path, reason: "Input/output error"))

        let recovered = await store.recoverInterruptedSaves(folder)

        #expect(recovered.map(\.outcome) == [.restoredFromBackup])
        #expect(recovered.map(\.document) == [url])
        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.saveLeftovers(in: folder).isEmpty)
    }

    @Test func messagesSayWhatWasDone() {
        let document = URL(fileURLWithPath: "/site/a.md")
        let leftover = URL(fileURLWithPath: "/site/.a.md.tiledit-x.tmp")
        #expect(InterruptedSave(document: document, leftover: leftover, outcome: .restoredFromBackup).message
            == "/site/a.md was left incomplete by an interrupted save; it was restored from its backup (the version before that save).")
        #expect(InterruptedSave(document: document, leftover: leftover, outcome: .removedTemporaryFile).message
            == "Removed .a.md.tiledit-x.tmp, a temporary file left by an interrupted save of /site/a.md; the file was whole.")
    }
}
