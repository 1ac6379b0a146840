import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

/// A save keeps what the file is: links, hard links, owner, group, mode,
/// extended attributes and ACLs; and it refuses what it cannot keep.
@Suite struct SaveIdentityTests {
    let folder: URL
    let journalFolder: URL
    static let old = Array("---\ntitle: Old\n---\n\nBody.\n".utf8)
    static let new = Array("---\ntitle: New and longer\n---\n\nBody.\n".utf8)

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("identity").resolvingSymlinksInPath()
        journalFolder = try TestSupport.makeTemporaryFolder("journal").resolvingSymlinksInPath()
    }

    func store(_ fileSystem: FileSystem = .live) -> DocumentStore {
        .testing(journalFolder: journalFolder, fileSystem: fileSystem)
    }

    /// Loads `url`, saves `new` over it and returns the new fingerprint.
    @discardableResult
    func save(_ url: URL, _ bytes: [UInt8] = new, store: DocumentStore? = nil, options: SaveOptions = .standard) async throws -> FileFingerprint {
        let store = store ?? self.store()
        let loaded = try await store.load(url)
        return try await store.saveWithOptions(url, bytes, loaded.fingerprint, options)
    }

    // MARK: Nothing to write

    /// Edit, undo, save: the bytes are the disk's, so the file is not
    /// touched (same inode, same times, no leftovers), linked or not.
    @Test func savingTheBytesAlreadyOnDiskWritesNothing() async throws {
        for (index, hardLinked) in [false, true].enumerated() {
            let url = try TestSupport.writeFile(Self.old, at: "same\(index)/a.md", in: folder)
            if hardLinked { try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("same\(index)/b.md")) }
            let before = try TestSupport.status(of: url)
            let injector = FaultInjector()
            let loaded = try await store().load(url)

            let fingerprint = try await store(injector.fileSystem).save(url, Self.old, loaded.fingerprint)

            let writes: Set<FileSystemError.Operation> = [.write, .rename, .truncate, .remove, .setOwner, .setPermissions, .setAttribute]
            #expect(injector.calls.filter { writes.contains($0.operation) } == [], "hard-linked: \(hardLinked)")
            let after = try TestSupport.status(of: url)
            #expect(after.identity == before.identity && after.changeStamp == before.changeStamp, "hard-linked: \(hardLinked)")
            #expect(fingerprint == loaded.fingerprint, "hard-linked: \(hardLinked)")
            #expect(TestSupport.listTree(folder.appendingPathComponent("same\(index)")) == (hardLinked ? ["a.md", "b.md"] : ["a.md"]))
        }
    }

    // MARK: Hard links

    @Test func aFileWithTwoHardLinksIsWrittenInPlaceAndStaysOneFile() async throws {
        let first = try TestSupport.writeFile(Self.old, at: "h/a.md", in: folder)
        let second = folder.appendingPathComponent("h/b.md")
        try FileManager.default.linkItem(at: first, to: second)
        let before = try TestSupport.status(of: first)

        try await save(first)

        #expect(try TestSupport.readFile(first) == Self.new)
        #expect(try TestSupport.readFile(second) == Self.new)
        let after = try TestSupport.status(of: second)
        #expect(after.identity == before.identity)
        #expect(after.linkCount == 2)
        #expect(TestSupport.listTree(folder) == ["h", "h/a.md", "h/b.md"])
    }

    @Test func aShorterTextWrittenInPlaceLeavesNoTailOfTheOldOne() async throws {
        let first = try TestSupport.writeFile(Self.new, at: "a.md", in: folder)
        try FileManager.default.linkItem(at: first, to: folder.appendingPathComponent("b.md"))

        try await save(first, Self.old)

        #expect(try TestSupport.readFile(folder.appendingPathComponent("b.md")) == Self.old)
    }

    // MARK: Symbolic links (case 47)

    @Test(arguments: ["site/page.md", "site/chain.md", "site/abs.md"])
    func aSaveThroughASymbolicLinkWritesTheTargetAndKeepsTheLinks(link: String) async throws {
        let target = try TestSupport.writeFile(Self.old, at: "notes/page.md", in: folder)
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("page.md").path, withDestinationPath: "../notes/page.md")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("chain.md").path, withDestinationPath: "page.md")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("abs.md").path, withDestinationPath: target.path)

        try await save(folder.appendingPathComponent(link))

        #expect(try TestSupport.readFile(target) == Self.new)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("page.md").path) == "../notes/page.md")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("chain.md").path) == "page.md")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("abs.md").path) == target.path)
        #expect(TestSupport.saveLeftovers(in: folder).isEmpty)
    }

    @Test func aSaveThroughALinkToNothingIsRefusedAndCreatesNothing() async throws {
        let link = folder.appendingPathComponent("dangling.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "missing.md")

        await #expect(throws: DocumentStoreError.danglingLink(path: link.path, target: "missing.md")) {
            try await store().save(link, Self.new, nil)
        }
        await #expect(throws: DocumentStoreError.danglingLink(path: link.path, target: "missing.md")) {
            try await store().load(link)
        }
        #expect(TestSupport.listTree(folder) == ["dangling.md"])
    }

    // MARK: Owner, group, mode

    @Test(.enabled(if: TestSupport.isRoot, "giving files another owner needs root; the non-root case runs the binary as another user"))
    func ownerGroupAndModeAreKept() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "shared.md", in: folder)
        try TestSupport.setOwner(1234, group: 5678, of: url)
        try TestSupport.setPermissions(0o2640, of: url)
        let before = try TestSupport.status(of: url)

        try await save(url)

        let after = try TestSupport.status(of: url)
        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(after.owner == 1234)
        #expect(after.group == 5678)
        #expect(after.permissions == 0o2640)
        // Replaced, not written in place: root can give the new file anything.
        #expect(after.identity != before.identity)
    }

    @Test(.enabled(if: TestSupport.isRoot, "a folder of another group needs root; the non-root case runs the binary as another user"))
    func inASetGroupIDFolderTheFileKeepsItsOwnGroup() async throws {
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try TestSupport.setOwner(0, group: 5678, of: shared)
        try TestSupport.setPermissions(0o2775, of: shared)
        let url = try TestSupport.writeFile(Self.old, at: "page.md", in: shared)
        try TestSupport.setOwner(0, group: 4321, of: url)

        try await save(url)

        #expect(try TestSupport.status(of: url).group == 4321)
    }

    @Test(arguments: [UInt16(0o600), 0o640, 0o664, 0o755])
    func theModeIsKept(mode: UInt16) async throws {
        let url = try TestSupport.writeFile(Self.old, at: "page.md", in: folder)
        try TestSupport.setPermissions(mode, of: url)

        let fingerprint = try await save(url)

        #expect(try TestSupport.status(of: url).permissions == mode)
        #expect(fingerprint.permissions == mode)
    }

    // MARK: Extended attributes and ACLs

    @Test func extendedAttributesAreKept() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "page.md", in: folder)
        do {
            try TestSupport.setExtendedAttribute("user.comment", Array("reviewed".utf8), of: url)
            try TestSupport.setExtendedAttribute("user.empty", [], of: url)
        } catch {
            withKnownIssue("this file system has no user extended attributes: \(error)") { throw error }
            return
        }

        try await save(url)

        #expect(try TestSupport.extendedAttributes(of: url) == ["user.comment": Array("reviewed".utf8), "user.empty": []])
    }

    @Test func anAccessControlListIsKept() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "page.md", in: folder)
        let list = TestSupport.accessControlList(owner: 0b110, users: [(4242, 0b110)], group: 0b100, mask: 0b110, other: 0b100)
        do {
            try TestSupport.setExtendedAttribute("system.posix_acl_access", list, of: url)
        } catch {
            withKnownIssue("this file system has no POSIX ACLs: \(error)") { throw error }
            return
        }
        let mode = try TestSupport.status(of: url).permissions

        try await save(url)

        #expect(try TestSupport.extendedAttributes(of: url)["system.posix_acl_access"] == list)
        #expect(try TestSupport.status(of: url).permissions == mode)
    }

    @Test func aFolderDefaultACLDoesNotGiveTheSavedFileAnACLItDidNotHave() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "page.md", in: folder)
        let list = TestSupport.accessControlList(owner: 0b111, users: [(4242, 0b111)], group: 0b101, mask: 0b111, other: 0b101)
        do {
            try TestSupport.setExtendedAttribute("system.posix_acl_default", list, of: folder)
        } catch {
            withKnownIssue("this file system has no POSIX ACLs: \(error)") { throw error }
            return
        }

        try await save(url)

        #expect(try TestSupport.extendedAttributes(of: url)["system.posix_acl_access"] == nil)
    }

    // MARK: Read-only files

    @Test func aReadOnlyFileIsRefusedAndWrittenOnlyWhenOverridden() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "locked.md", in: folder)
        try TestSupport.setPermissions(0o444, of: url)
        let store = store()
        let loaded = try await store.load(url)

        await #expect(throws: DocumentStoreError.notWritable(path: url.path, permissions: 0o444)) {
            try await store.save(url, Self.new, loaded.fingerprint)
        }
        #expect(try TestSupport.readFile(url) == Self.old)

        _ = try await store.saveWithOptions(url, Self.new, loaded.fingerprint, SaveOptions(overridesReadOnly: true))
        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(try TestSupport.status(of: url).permissions == 0o444)
        #expect(TestSupport.listTree(folder) == ["locked.md"])
    }

    @Test func theNotWritableMessageSaysWhatToDo() {
        #expect(DocumentStoreError.notWritable(path: "/s/a.md", permissions: 0o444).message
            == "/s/a.md is read-only for you (mode 0444); it was not saved. Saving anyway keeps its mode.")
    }

    // MARK: When a replace cannot keep the file

    /// An owner the user cannot give a new file (`fchown` refused): the file
    /// is written in place after a backup, so it keeps its owner.
    @Test func anOwnerTheNewFileCannotGetMakesTheSaveWriteInPlace() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "theirs.md", in: folder)
        let before = try TestSupport.status(of: url)
        var fileSystem = FileSystem.live
        fileSystem.setOwner = { _, _, _ in throw FileSystemError(.setOwner, path: "", code: EPERM) }
        // Every new file looks like it got another owner, so fchown is needed.
        let describe = fileSystem.describeFile
        fileSystem.describeFile = { file in
            var status = try describe(file)
            if status.linkCount == 1 && status.size == 0 { status.owner = status.owner &+ 1 }
            return status
        }

        try await save(url, store: store(fileSystem))

        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(try TestSupport.status(of: url).identity == before.identity)
        #expect(TestSupport.listTree(folder) == ["theirs.md"])
    }

    @Test func aFileThatCannotBeRenamedOverIsWrittenInPlace() async throws {
        // A file bind-mounted on its own: rename fails with EXDEV or EBUSY.
        let url = try TestSupport.writeFile(Self.old, at: "mounted.md", in: folder)
        let before = try TestSupport.status(of: url)
        var fileSystem = FileSystem.live
        fileSystem.exchange = { from, _ in throw FileSystemError(.rename, path: from.path, code: EXDEV) }

        try await save(url, store: store(fileSystem))

        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(try TestSupport.status(of: url).identity == before.identity)
        #expect(TestSupport.listTree(folder) == ["mounted.md"])
    }

    @Test func whereNeitherWayIsPossibleNothingIsWritten() async throws {
        // Hard links (so not replaced) and no write access (so not in place),
        // even with the override.
        let url = try TestSupport.writeFile(Self.old, at: "a.md", in: folder)
        try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("b.md"))
        var fileSystem = FileSystem.live
        fileSystem.canWrite = { _ in false }
        let store = store(fileSystem)
        let loaded = try await store.load(url)

        await #expect(throws: DocumentStoreError.cannotKeepFile(
            path: url.path, reason: "it has 2 hard links, which a new file would separate, and you may not write it in place")) {
            try await store.saveWithOptions(url, Self.new, loaded.fingerprint, SaveOptions(overridesReadOnly: true))
        }
        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.listTree(folder) == ["a.md", "b.md"])
    }

    @Test func withoutExchangeAFileIsStillReplacedAfterACheck() async throws {
        let url = try TestSupport.writeFile(Self.old, at: "page.md", in: folder)
        var fileSystem = FileSystem.live
        fileSystem.exchange = { from, _ in throw FileSystemError(.rename, path: from.path, code: EINVAL) }
        fileSystem.renameExclusive = { from, _ in throw FileSystemError(.rename, path: from.path, code: EINVAL) }

        try await save(url, store: store(fileSystem))
        _ = try await store(fileSystem).save(folder.appendingPathComponent("new.md"), Self.new, nil)

        #expect(try TestSupport.readFile(url) == Self.new)
        #expect(try TestSupport.readFile(folder.appendingPathComponent("new.md")) == Self.new)
        #expect(TestSupport.listTree(folder) == ["new.md", "page.md"])
    }

    // MARK: Names

    @Test func aFileWithALongNameIsSaved() async throws {
        let name = String(repeating: "é", count: 120) + ".md"
        #expect(name.utf8.count == 243)
        let url = try TestSupport.writeFile(Self.old, at: name, in: folder)

        // Replaced (a temporary file beside it), then written in place (a backup beside it).
        try await save(url)
        try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("other.md"))
        try await save(url, Self.old)

        #expect(try TestSupport.readFile(url) == Self.old)
        #expect(TestSupport.listTree(folder) == [name, "other.md"].sorted())
    }
}
