import Foundation
import Testing
import TileditModel
import TileditServices
import TileditTestSupport

@Suite struct DocumentStoreTests {
    let folder: URL
    let journalFolder: URL

    init() throws {
        folder = try TestSupport.makeTemporaryFolder("store").resolvingSymlinksInPath()
        journalFolder = try TestSupport.makeTemporaryFolder("journal").resolvingSymlinksInPath()
    }

    func store(_ fileSystem: FileSystem = .live) -> DocumentStore {
        .testing(journalFolder: journalFolder, fileSystem: fileSystem)
    }

    // MARK: Load

    @Test func loadReadsBytesHashSizeAndMode() async throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: A\r\n---\r\n".utf8)
        let url = try TestSupport.writeFile(bytes, at: "a.md", in: folder)
        try TestSupport.setPermissions(0o640, of: url)

        let loaded = try await store().load(url)

        #expect(loaded.bytes == bytes)
        #expect(loaded.hash == ContentHash(of: bytes))
        #expect(loaded.size == bytes.count)
        #expect(loaded.permissions == 0o640)
    }

    @Test func loadRefusesAMissingFile() async {
        let url = folder.appendingPathComponent("gone.md")
        await #expect(throws: DocumentStoreError.missing(path: url.path)) { try await store().load(url) }
    }

    @Test func loadRefusesAFolder() async {
        await #expect(throws: DocumentStoreError.isFolder(path: folder.path)) { try await store().load(folder) }
    }

    @Test func loadRefusesInvalidUTF8WithItsPosition() async throws {
        let url = try TestSupport.writeFile(Array("ok\nx".utf8) + [0xFF], at: "bad.md", in: folder)
        await #expect(throws: DocumentStoreError.content(path: url.path, .invalidUTF8(offset: 4, location: SourceLocation(line: 2, column: 2)))) {
            try await store().load(url)
        }
    }

    @Test func loadRefusesBinaryFiles() async throws {
        let url = try TestSupport.writeFile([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01], at: "image.md", in: folder)
        await #expect(throws: DocumentStoreError.content(path: url.path, .binary(offset: 4, location: SourceLocation(line: 1, column: 4)))) { try await store().load(url) }
    }

    @Test func loadRefusesFilesOverTheSizeLimitWithoutReadingThem() async throws {
        let url = try TestSupport.writeFile(Array("0123456789".utf8), at: "big.md", in: folder)
        var fileSystem = FileSystem.live
        fileSystem.readFile = { _, _ in
            Issue.record("a file over the limit was read")
            return []
        }
        let store = DocumentStore.testing(journalFolder: journalFolder, fileSystem: fileSystem, sizeLimit: 9)
        await #expect(throws: DocumentStoreError.content(path: url.path, .tooLarge(size: 10, limit: 9))) { try await store.load(url) }
    }

    // MARK: Save

    @Test func saveReplacesTheBytesAndKeepsTheMode() async throws {
        let url = try TestSupport.writeFile(Array("old\n".utf8), at: "page.md", in: folder)
        try TestSupport.setPermissions(0o640, of: url)
        let store = store()
        let loaded = try await store.load(url)

        let fingerprint = try await store.save(url, Array("new text\n".utf8), loaded.fingerprint)

        #expect(try TestSupport.readFile(url) == Array("new text\n".utf8))
        #expect(try TestSupport.permissions(of: url) == 0o640)
        #expect(fingerprint.hash == ContentHash(of: Array("new text\n".utf8)))
        #expect(fingerprint.size == 9)
        #expect(fingerprint.permissions == 0o640)
        #expect(TestSupport.listTree(folder) == ["page.md"])
    }

    @Test func openThenSaveWithoutAnEditKeepsTheIdenticalBytes() async throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: \"A\"  # note\r\n---\r\n\r\nText\u{00A0}é".utf8)
        let url = try TestSupport.writeFile(bytes, at: "keep.md", in: folder)
        let store = store()
        let loaded = try await store.load(url)

        _ = try await store.save(url, loaded.bytes, loaded.fingerprint)

        #expect(try TestSupport.readFile(url) == bytes)
    }

    @Test func saveAfterAnotherProgramChangedOnlyTheFrontMatterIsAConflict() async throws {
        // Case 46: same length, same body, same modification date.
        let url = try TestSupport.writeFile(Array("---\ntitle: Version one\n---\n\nSame body.\n".utf8), at: "index.md", in: folder)
        try FileManager.default.setAttributes([.modificationDate: TestSupport.referenceDate], ofItemAtPath: url.path)
        let store = store()
        let loaded = try await store.load(url)
        try TestSupport.writeFile(Array("---\ntitle: Version two\n---\n\nSame body.\n".utf8), at: "index.md", in: folder)
        try FileManager.default.setAttributes([.modificationDate: TestSupport.referenceDate], ofItemAtPath: url.path)
        let reloaded = try await store.load(url)
        #expect(reloaded.size == loaded.size)
        #expect(reloaded.modificationDate == loaded.modificationDate)

        await #expect(throws: DocumentStoreError.conflict(path: url.path)) {
            try await store.save(url, Array("---\ntitle: Mine\n---\n\nSame body.\n".utf8), loaded.fingerprint)
        }
        #expect(try TestSupport.readFile(url) == Array("---\ntitle: Version two\n---\n\nSame body.\n".utf8))
    }

    @Test func saveOfAFileDeletedOnDiskIsADistinctError() async throws {
        let url = try TestSupport.writeFile(Array("a\n".utf8), at: "a.md", in: folder)
        let store = store()
        let loaded = try await store.load(url)
        try FileManager.default.removeItem(at: url)

        await #expect(throws: DocumentStoreError.deletedOnDisk(path: url.path)) {
            try await store.save(url, Array("b\n".utf8), loaded.fingerprint)
        }
        #expect(TestSupport.listTree(folder) == [])
    }

    @Test func saveOfANewFileCreatesIt() async throws {
        let url = folder.appendingPathComponent("new.md")
        let fingerprint = try await store().save(url, Array("hello\n".utf8), nil)
        #expect(try TestSupport.readFile(url) == Array("hello\n".utf8))
        #expect(fingerprint.hash == ContentHash(of: Array("hello\n".utf8)))
    }

    @Test func aNewFileWhoseFolderIsGoneHasItsFoldersMadeOnlyWhenTheSaveSaysSo() async throws {
        let url = folder.appendingPathComponent("posts/news/index.md")
        let bytes = Array("hello\n".utf8)
        await #expect(throws: DocumentStoreError.writeFailed(path: url.path, reason: "its folder does not exist")) {
            try await store().save(url, bytes, nil)
        }
        #expect(TestSupport.listTree(folder) == [])
        // A file the editor read and whose folder went: deleted, nothing made.
        let loaded = FileFingerprint(hash: ContentHash(of: bytes), size: bytes.count, modificationDate: TestSupport.referenceDate, permissions: 0o644)
        await #expect(throws: DocumentStoreError.deletedOnDisk(path: url.path)) {
            try await store().saveWithOptions(url, bytes, loaded, SaveOptions(createsFolders: true))
        }
        #expect(TestSupport.listTree(folder) == [])

        _ = try await store().saveWithOptions(url, bytes, nil, SaveOptions(createsFolders: true))
        #expect(TestSupport.listTree(folder) == ["posts", "posts/news", "posts/news/index.md"])
        #expect(try TestSupport.readFile(url) == bytes)
    }

    @Test func saveOfANewFileWhereOneAppearedIsAConflict() async throws {
        let url = try TestSupport.writeFile(Array("theirs\n".utf8), at: "new.md", in: folder)
        await #expect(throws: DocumentStoreError.conflict(path: url.path)) {
            try await store().save(url, Array("mine\n".utf8), nil)
        }
        #expect(try TestSupport.readFile(url) == Array("theirs\n".utf8))
    }

    @Test(arguments: [FileSystemError.Operation.write, .synchronize, .rename])
    func aFailedStepLeavesTheOriginalAndNoTemporaryFile(operation: FileSystemError.Operation) async throws {
        let url = try TestSupport.writeFile(Array("original\n".utf8), at: "doc.md", in: folder)
        let loaded = try await store().load(url)

        await #expect(throws: DocumentStoreError.writeFailed(path: url.path, reason: FileSystemError(operation, path: "", code: 5).reason)) {
            try await store(.live(failing: operation)).save(url, Array("changed\n".utf8), loaded.fingerprint)
        }
        #expect(try TestSupport.readFile(url) == Array("original\n".utf8))
        #expect(TestSupport.listTree(folder) == ["doc.md"])
    }

    @Test func aWriteThatFailsHalfwayLeavesTheOriginalAndNoTemporaryFile() async throws {
        let url = try TestSupport.writeFile(Array("original\n".utf8), at: "doc.md", in: folder)
        let loaded = try await store().load(url)

        await #expect(throws: DocumentStoreError.self) {
            try await store(.liveWithPartialWrite).save(url, Array("a much longer replacement text\n".utf8), loaded.fingerprint)
        }
        #expect(try TestSupport.readFile(url) == Array("original\n".utf8))
        #expect(TestSupport.listTree(folder) == ["doc.md"])
    }

    @Test func saveWritesThroughASymbolicLink() async throws {
        let target = try TestSupport.writeFile(Array("a\n".utf8), at: "real.md", in: folder)
        let link = folder.appendingPathComponent("link.md")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let store = store()
        let loaded = try await store.load(link)

        _ = try await store.save(link, Array("b\n".utf8), loaded.fingerprint)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try TestSupport.readFile(target) == Array("b\n".utf8))
    }

    // MARK: Save copy

    @Test func saveCopyWithoutAWorkspaceWritesAConflictCopyBesideTheFile() async throws {
        let url = try TestSupport.writeFile(Array("theirs\n".utf8), at: "posts/notes.md", in: folder)
        let store = store()

        let first = try await store.saveCopy(url, Array("mine\n".utf8), nil)
        let second = try await store.saveCopy(url, Array("mine again\n".utf8), nil)

        #expect(first.lastPathComponent == "notes (conflict 2024-01-05 101500).md")
        #expect(second.lastPathComponent == "notes (conflict 2024-01-05 101500 2).md")
        #expect(try TestSupport.readFile(first) == Array("mine\n".utf8))
        #expect(try TestSupport.readFile(url) == Array("theirs\n".utf8))
        #expect(TestSupport.listTree(folder) == [
            "posts", "posts/notes (conflict 2024-01-05 101500 2).md", "posts/notes (conflict 2024-01-05 101500).md", "posts/notes.md",
        ])
    }

    @Test func saveCopyInAWorkspaceWritesItWhereTheSiteDoesNotPublish() async throws {
        let url = try TestSupport.writeFile(Array("theirs\n".utf8), at: "posts/hello/index.md", in: folder)
        let store = store()

        let copy = try await store.saveCopy(url, Array("mine\n".utf8), folder)
        let top = try await store.saveCopy(folder.appendingPathComponent("about.md"), Array("top\n".utf8), folder)

        #expect(copy == folder.appendingPathComponent(".tiledit/conflicts/posts/hello/index (conflict 2024-01-05 101500).md"))
        #expect(top == folder.appendingPathComponent(".tiledit/conflicts/about (conflict 2024-01-05 101500).md"))
        #expect(try TestSupport.readFile(copy) == Array("mine\n".utf8))
        #expect(TestSupport.listTree(folder) == [
            ".tiledit", ".tiledit/conflicts", ".tiledit/conflicts/about (conflict 2024-01-05 101500).md", ".tiledit/conflicts/posts",
            ".tiledit/conflicts/posts/hello", ".tiledit/conflicts/posts/hello/index (conflict 2024-01-05 101500).md",
            "posts", "posts/hello", "posts/hello/index.md",
        ])
        // Workspace discovery does not list it.
        let workspace = try await WorkspaceClient.live().discover(folder)
        #expect(workspace.documents.map(\.path) == ["posts/hello/index.md"])
    }

    // MARK: Templates

    @Test func createsAPageAsAFolderWithAnIndex() async throws {
        let url = try await store().create(DocumentTemplate(kind: .page, title: "Café: Über uns!"), folder)
        #expect(url == folder.appendingPathComponent("cafe-uber-uns/index.md"))
        #expect(String(decoding: try TestSupport.readFile(url), as: UTF8.self)
            == "---\ntitle: Café: Über uns!\ndescription:\n---\n\n# Café: Über uns!\n")
    }

    @Test func createsAPostWithDateTagsAndDraft() async throws {
        let url = try await store().create(DocumentTemplate(kind: .post, title: "Hello World", layout: .singleFile), folder.appendingPathComponent("posts"))
        #expect(url == folder.appendingPathComponent("posts/hello-world.md"))
        #expect(String(decoding: try TestSupport.readFile(url), as: UTF8.self)
            == "---\ntitle: Hello World\ndescription:\ndate: 2024-01-05\ntags:\ndraft: true\n---\n\n# Hello World\n")
    }

    @Test func quotesValuesInYAMLFrontMatterWhenNeeded() {
        let template = DocumentTemplate(kind: .page, title: "Yes: no", dialect: .yaml)
        #expect(String(decoding: template.bytes(date: "2024-01-05"), as: UTF8.self)
            == "---\ntitle: \"Yes: no\"\ndescription: \"\"\n---\n\n# Yes: no\n")
    }

    @Test func createsAYAMLFileWithACommentHeader() async throws {
        let url = try await store().create(DocumentTemplate(kind: .yaml, title: "Team Members"), folder)
        #expect(url == folder.appendingPathComponent("team-members.yml"))
        #expect(String(decoding: try TestSupport.readFile(url), as: UTF8.self)
            == "# Team Members\n# Created by Tiledit on 2024-01-05.\ntitle: Team Members\n")
    }

    @Test func neverOverwritesAnExistingDocument() async throws {
        try TestSupport.writeFiles(["about/index.md": "mine\n"], in: folder)
        let store = store()

        let second = try await store.create(DocumentTemplate(kind: .page, title: "About"), folder)
        let third = try await store.create(DocumentTemplate(kind: .page, title: "About", layout: .singleFile), folder)

        #expect(second == folder.appendingPathComponent("about-2/index.md"))
        #expect(third == folder.appendingPathComponent("about-3.md"))
        #expect(try TestSupport.readFile(folder.appendingPathComponent("about/index.md")) == Array("mine\n".utf8))
    }

    @Test(arguments: [
        ("Hello, World!", "hello-world"),
        ("  --Déjà vu--  ", "deja-vu"),
        ("Don't Panic", "dont-panic"),
        ("2024 Plans & Goals", "2024-plans-goals"),
        ("日本語", "untitled"),
        ("", "untitled"),
    ])
    func slugsAreLowercaseWordsJoinedByHyphens(title: String, slug: String) {
        #expect(Slug.make(from: title) == slug)
    }

    // MARK: Trash

    @Test func trashMovesIntoATimestampedFolderAndRestorePutsItBack() async throws {
        try TestSupport.writeFiles(["posts/a/index.md": "A\n", "posts/b.md": "B\n"], in: folder)
        let store = store()
        let url = folder.appendingPathComponent("posts/a/index.md")

        let item = try await store.trash(url, folder)

        #expect(item.trashedURL == folder.appendingPathComponent(".tiledit-trash/2024-01-05-101500/posts/a/index.md"))
        // The folder the page leaves empty goes too; `posts` holds another file and stays.
        #expect(item.removedFolders.map { $0.relativePath(in: folder) } == ["posts/a"])
        #expect(TestSupport.listTree(folder) == [
            ".tiledit-trash", ".tiledit-trash/2024-01-05-101500", ".tiledit-trash/2024-01-05-101500/posts",
            ".tiledit-trash/2024-01-05-101500/posts/a", ".tiledit-trash/2024-01-05-101500/posts/a/index.md",
            "posts", "posts/b.md",
        ])

        try await store.restore(item)

        #expect(try TestSupport.readFile(url) == Array("A\n".utf8))
        #expect(TestSupport.listTree(folder) == [".tiledit-trash", "posts", "posts/a", "posts/a/index.md", "posts/b.md"])
    }

    @Test func trashingTheLastDocumentOfNestedFoldersRemovesThemAllAndRestoreMakesThemAgain() async throws {
        try TestSupport.writeFiles(["a/b/c/page.md": "P\n", "top.md": "T\n"], in: folder)
        let store = store()
        let url = folder.appendingPathComponent("a/b/c/page.md")

        let item = try await store.trash(url, folder)
        #expect(item.removedFolders.map { $0.relativePath(in: folder) } == ["a/b/c", "a/b", "a"])
        #expect(TestSupport.listTree(folder).filter { !$0.hasPrefix(".tiledit-trash") } == ["top.md"])

        try await store.restore(item)
        #expect(TestSupport.listTree(folder) == [".tiledit-trash", "a", "a/b", "a/b/c", "a/b/c/page.md", "top.md"])
    }

    @Test func trashingTwiceInOneSecondUsesSeparateFolders() async throws {
        try TestSupport.writeFiles(["a.md": "1\n"], in: folder)
        let store = store()
        let first = try await store.trash(folder.appendingPathComponent("a.md"), folder)
        try TestSupport.writeFiles(["a.md": "2\n"], in: folder)
        let second = try await store.trash(folder.appendingPathComponent("a.md"), folder)

        #expect(first.batchFolder.lastPathComponent == "2024-01-05-101500")
        #expect(second.batchFolder.lastPathComponent == "2024-01-05-101500-2")
        #expect(try TestSupport.readFile(second.trashedURL) == Array("2\n".utf8))
    }

    @Test func restoreRefusesWhenTheOriginalPathIsOccupied() async throws {
        try TestSupport.writeFiles(["a.md": "old\n"], in: folder)
        let store = store()
        let url = folder.appendingPathComponent("a.md")
        let item = try await store.trash(url, folder)
        try TestSupport.writeFiles(["a.md": "new\n"], in: folder)

        await #expect(throws: DocumentStoreError.occupied(path: url.path)) { try await store.restore(item) }
        #expect(try TestSupport.readFile(url) == Array("new\n".utf8))
        #expect(try TestSupport.readFile(item.trashedURL) == Array("old\n".utf8))
    }

    @Test func trashRefusesItemsOutsideTheWorkspace() async throws {
        let other = try TestSupport.makeTemporaryFolder("other")
        let url = try TestSupport.writeFile(Array("x".utf8), at: "x.md", in: other)
        await #expect(throws: DocumentStoreError.outsideWorkspace(path: url.path, root: folder.path)) {
            try await store().trash(url, folder)
        }
    }

    // MARK: Journal

    @Test func journalWritesReadsAndClearsUnsavedEdits() async throws {
        let store = store()
        let url = folder.appendingPathComponent("posts/draft.md")
        let base = ContentHash(of: Array("saved\n".utf8))
        let edits: [UInt8] = Array("saved\nand edited\n".utf8) + [0x0A, 0xE2, 0x9C, 0x93]

        #expect(try await store.pendingJournal(url) == nil)
        try await store.journal(url, edits, base, [])

        #expect(try await store.pendingJournal(url) == JournalEntry(documentURL: url, bytes: edits, baseHash: base, date: TestSupport.referenceDate))
        #expect(try await store.pendingJournal(folder.appendingPathComponent("other.md")) == nil)

        try await store.clearJournal(url)
        #expect(try await store.pendingJournal(url) == nil)
        try await store.clearJournal(url)
    }

    /// A crash after the next entry is written but before it is renamed
    /// over the last one: the whole leftover is offered, a torn one is not,
    /// and clearing the journal removes leftovers.
    @Test func aWholeEntryLeftByAnInterruptedWriteIsOfferedAndCleared() async throws {
        let store = store()
        let url = folder.appendingPathComponent("crash.md")
        try await store.journal(url, Array("unsaved work\n".utf8), nil, [])
        let names = try FileManager.default.contentsOfDirectory(atPath: journalFolder.path)
        let name = try #require(names.first)
        #expect(names.count == 1)
        let entry = journalFolder.appendingPathComponent(name)
        let leftover = journalFolder.appendingPathComponent(".\(name).tiledit-x1y2.tmp")
        try FileManager.default.moveItem(at: entry, to: leftover)
        #expect(try await store.pendingJournal(url)?.bytes == Array("unsaved work\n".utf8))

        let torn = journalFolder.appendingPathComponent(".\(name).tiledit-z9.tmp")
        try Data(try Data(contentsOf: leftover).dropLast(3)).write(to: torn)
        try FileManager.default.removeItem(at: leftover)
        #expect(try await store.pendingJournal(url) == nil)

        try await store.clearJournal(url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: journalFolder.path).isEmpty)
    }

    @Test func aNewerJournalEntryReplacesTheOlderOne() async throws {
        let store = store()
        let url = folder.appendingPathComponent("a.md")
        try await store.journal(url, Array("one".utf8), nil, [])
        try await store.journal(url, Array("two".utf8), nil, [])

        #expect(try await store.pendingJournal(url)?.bytes == Array("two".utf8))
        #expect(TestSupport.listTree(journalFolder).count == 1)
    }

    @Test func aDamagedJournalEntryIsReportedNotReturned() async throws {
        let store = store()
        let url = folder.appendingPathComponent("a.md")
        try await store.journal(url, Array("some text".utf8), nil, [])
        let entry = try #require(TestSupport.listTree(journalFolder).first)
        let file = journalFolder.appendingPathComponent(entry)
        try Data(try TestSupport.readFile(file).dropLast(3)).write(to: file)

        await #expect(throws: DocumentStoreError.journalUnreadable(path: url.path)) { try await store.pendingJournal(url) }
    }

    @Test func typedValuesNotAppliedAreJournaledWithTheText() async throws {
        let store = store()
        let url = folder.appendingPathComponent("typing.md")
        let pending = [
            JournalEntry.PendingValue(block: 3, key: "height", text: "4 hundred"),
            JournalEntry.PendingValue(block: 5, key: nil, text: "Half a\nparagraph"),
        ]
        try await store.journal(url, Array("text\n".utf8), nil, pending)

        #expect(try await store.pendingJournal(url) == JournalEntry(
            documentURL: url, bytes: Array("text\n".utf8), baseHash: nil, date: TestSupport.referenceDate, pendingValues: pending))
    }

    @Test func everyPendingEntryIsListedByDocumentPathAndDamagedOnesAreLeftOut() async throws {
        let store = store()
        #expect(try await store.pendingJournals().isEmpty)
        let first = folder.appendingPathComponent("b/second.md")
        let second = folder.appendingPathComponent("a/first.md")
        let damaged = folder.appendingPathComponent("c/damaged.md")
        try await store.journal(first, Array("two".utf8), nil, [])
        try await store.journal(second, Array("one".utf8), nil, [JournalEntry.PendingValue(block: 0, key: "title", text: "x")])
        try await store.journal(damaged, Array("three".utf8), nil, [])
        let names = try FileManager.default.contentsOfDirectory(atPath: journalFolder.path)
        for name in names {
            let file = journalFolder.appendingPathComponent(name)
            if try TestSupport.readFile(file).suffix(5) == Array("three".utf8) {
                try Data(try TestSupport.readFile(file).dropLast(2)).write(to: file)
            }
        }

        let listed = try await store.pendingJournals()
        #expect(listed.map(\.documentURL.path) == [second.path, first.path])
        #expect(listed.map(\.bytes) == [Array("one".utf8), Array("two".utf8)])
        #expect(listed.first?.pendingValues == [JournalEntry.PendingValue(block: 0, key: "title", text: "x")])
        #expect(try FileManager.default.contentsOfDirectory(atPath: journalFolder.path).count == 3)
    }

    @Test func aMissingJournalFolderHoldsNoEntry() async throws {
        let store = DocumentStore.testing(journalFolder: folder.appendingPathComponent("never-made"))
        #expect(try await store.pendingJournals().isEmpty)
    }
}
