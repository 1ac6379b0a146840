import Foundation
import Synchronization
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

/// What the commands read and write: only regular files, never blocking;
/// links, hard links and read-only files kept as they are; leftovers of
/// interrupted saves dealt with before writing.
@Suite("Safe reads and writes of the commands", .timeLimit(.minutes(10)))
struct SafeWriteCommandTests {
    static let input = "---\ntitle: Shared page\n---\n\nShared body.\n"

    func makeFIFO(_ path: String, in folder: URL) throws {
        guard mkfifo(folder.appendingPathComponent(path).path, 0o644) == 0 else {
            throw FileSystemError(.createFolder, path: path, code: errno)
        }
    }

    // MARK: Case 47: symbolic links and hard links

    @Test func case47LinksStayLinksAndHardLinksStayOneFile() async throws {
        let folder = try makeFolder(["w/notes/page.md": Self.input, "h/a.md": Self.input])
        let site = folder.appendingPathComponent("w/site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("page.md").path, withDestinationPath: "../notes/page.md")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("chain.md").path, withDestinationPath: "page.md")
        let absolute = folder.appendingPathComponent("w/notes/page.md").path
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("abs.md").path, withDestinationPath: absolute)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("dangling.md").path, withDestinationPath: "missing.md")
        try FileManager.default.linkItem(at: folder.appendingPathComponent("h/a.md"), to: folder.appendingPathComponent("h/b.md"))
        func links() throws -> [String] {
            try ["page.md", "chain.md", "abs.md", "dangling.md"].map {
                try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent($0).path)
            }
        }
        let linkTargets = try links()

        for (link, title) in [("page.md", "Via link"), ("chain.md", "Via chain"), ("abs.md", "Via absolute link")] {
            let run = await CommandRun.run(["set", "w/site/\(link)", "--front-matter", "title=\(title)"], in: folder)
            #expect(run == CommandRun(status: 0))
            #expect(try text(of: "w/notes/page.md", in: folder) == "---\ntitle: \(title)\n---\n\nShared body.\n")
            #expect(try links() == linkTargets)
        }

        let dangling = await CommandRun.run(["set", "w/site/dangling.md", "--front-matter", "title=X"], in: folder)
        #expect(dangling == CommandRun(status: 2, standardError: "w/site/dangling.md: a symbolic link to missing.md, which does not exist; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("missing.md").path))

        let hard = await CommandRun.run(["set", "h/a.md", "--front-matter", "title=Both names"], in: folder)
        #expect(hard == CommandRun(status: 0))
        #expect(try text(of: "h/a.md", in: folder) == "---\ntitle: Both names\n---\n\nShared body.\n")
        #expect(try text(of: "h/b.md", in: folder) == "---\ntitle: Both names\n---\n\nShared body.\n")
        #expect(try fileNumber(of: "h/a.md", in: folder) == fileNumber(of: "h/b.md", in: folder))
        #expect(try TestSupport.status(of: folder.appendingPathComponent("h/b.md")).linkCount == 2)

        #expect(try links() == linkTargets)
        #expect(TestSupport.saveLeftovers(in: folder).isEmpty)
    }

    @Test func fmtWriteThroughALinkWritesTheTarget() async throws {
        let folder = try makeFolder(["notes/page.md": "# Page\n\n* item\n"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("site/page.md").path, withDestinationPath: "../notes/page.md")

        #expect(await CommandRun.run(["fmt", "--write", "site/page.md"], in: folder) == CommandRun(status: 0, standardError: "formatted site/page.md\n"))
        #expect(try text(of: "notes/page.md", in: folder) == "# Page\n\n- item\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("site/page.md").path) == "../notes/page.md")
    }

    // MARK: Read-only files

    @Test func aReadOnlyFileIsRefusedUnlessForced() async throws {
        let folder = try makeFolder(["page.md": Self.input, "docs/a.md": "* item\n"])
        try TestSupport.setPermissions(0o444, of: folder.appendingPathComponent("page.md"))
        try TestSupport.setPermissions(0o444, of: folder.appendingPathComponent("docs/a.md"))

        let refused = await CommandRun.run(["set", "page.md", "--front-matter", "title=New"], in: folder)
        #expect(refused == CommandRun(status: 2, standardError: "page.md: read-only for you (mode 0444); not written (--force writes it, keeping its mode)\n"))
        #expect(try text(of: "page.md", in: folder) == Self.input)
        let refusedFormat = await CommandRun.run(["fmt", "--write", "docs"], in: folder)
        #expect(refusedFormat == CommandRun(status: 2, standardError: "docs/a.md: read-only for you (mode 0444); not written (--force writes it, keeping its mode)\n"))

        #expect(await CommandRun.run(["set", "page.md", "--front-matter", "title=New", "--force"], in: folder) == CommandRun(status: 0))
        #expect(try text(of: "page.md", in: folder) == "---\ntitle: New\n---\n\nShared body.\n")
        #expect(try TestSupport.permissions(of: folder.appendingPathComponent("page.md")) == 0o444)
        #expect(await CommandRun.run(["fmt", "--write", "--force", "docs"], in: folder) == CommandRun(status: 0, standardError: "formatted docs/a.md\n"))
        #expect(try text(of: "docs/a.md", in: folder) == "- item\n")
        #expect(try TestSupport.permissions(of: folder.appendingPathComponent("docs/a.md")) == 0o444)
    }

    @Test func forceIsDocumentedAndGoesWithWrite() async throws {
        let folder = try makeFolder(["a.md": "# A\n"])
        for command in ["set", "fmt", "render"] {
            #expect(await CommandRun.run([command, "--help"], in: folder).standardOutput.contains("--force"), "\(command) --help")
        }
        let run = await CommandRun.run(["fmt", "--check", "--force", "a.md"], in: folder)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("tiledit fmt: --force goes with --write\n"))
    }

    // MARK: FIFOs, devices, sockets

    @Test func checkReportsAFIFOAndStillChecksTheOtherFiles() async throws {
        let folder = try makeFolder(["a.md": "---\ntitle: A\n\tdraft: true\n---\n"])
        try makeFIFO("fifo.md", in: folder)

        let run = await CommandRun.run(["check", "a.md", "fifo.md"], in: folder)

        #expect(run.status == 2)
        #expect(run.standardError == "fifo.md: is a FIFO (named pipe), not a regular file; only regular files are read or written\n")
        #expect(run.standardOutput == "a.md:3:1: error: tab used for indentation; YAML indentation must be spaces\n")
    }

    @Test(arguments: [
        ["json", "fifo.md"], ["render", "fifo.md"], ["fmt", "fifo.md"], ["fmt", "--write", "fifo.md"],
        ["set", "fifo.md", "--front-matter", "title=X"],
    ])
    func everyCommandRefusesAFIFOAtOnce(arguments: [String]) async throws {
        let folder = try makeFolder()
        try makeFIFO("fifo.md", in: folder)

        let run = await CommandRun.run(arguments, in: folder)

        #expect(run == CommandRun(status: 2, standardError: "fifo.md: is a FIFO (named pipe), not a regular file; only regular files are read or written\n"))
        #expect(try TestSupport.status(of: folder.appendingPathComponent("fifo.md")).kind == .fifo)
    }

    @Test func aDeviceReachedThroughALinkIsRefused() async throws {
        let folder = try makeFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.md").path, withDestinationPath: "/dev/zero")

        #expect(await CommandRun.run(["check", "zero.md"], in: folder) == CommandRun(
            status: 2, standardError: "zero.md: is a character device, not a regular file; only regular files are read or written\n"))
    }

    @Test func renderIntoACharacterDeviceWritesIntoItAndNeverReplacesIt() async throws {
        let folder = try makeFolder(["a.md": "# Hi\n"])

        #expect(await CommandRun.run(["render", "a.md", "-o", "/dev/null"], in: folder) == CommandRun(status: 0))

        #expect(try TestSupport.status(of: URL(fileURLWithPath: "/dev/null")).kind == .characterDevice)
    }

    @Test func renderIntoAFIFONoProgramReadsIsRefused() async throws {
        let folder = try makeFolder(["a.md": "# Hi\n"])
        try makeFIFO("out.html", in: folder)

        #expect(await CommandRun.run(["render", "a.md", "-o", "out.html"], in: folder) == CommandRun(
            status: 2, standardError: "out.html: could not be written (it is a FIFO (named pipe) that no program is reading); the file on disk is unchanged\n"))
        #expect(try TestSupport.status(of: folder.appendingPathComponent("out.html")).kind == .fifo)
    }

    @Test func renderRefusesToOverwriteItsInputThroughAHardLink() async throws {
        let folder = try makeFolder(["a.md": "# Hi\n"])
        try FileManager.default.linkItem(at: folder.appendingPathComponent("a.md"), to: folder.appendingPathComponent("same.md"))

        #expect(await CommandRun.run(["render", "a.md", "-o", "same.md"], in: folder) == CommandRun(
            status: 2, standardError: "same.md: is the input file; choose another output\n"))
        #expect(try text(of: "a.md", in: folder) == "# Hi\n")
    }

    // MARK: Interrupted saves

    @Test func fmtWriteDealsWithWhatInterruptedSavesLeftFirst() async throws {
        let folder = try makeFolder([
            "docs/a.md": "* item\n",
            "docs/.a.md.tiledit-x1.tmp": "- item\n",
            "docs/sub/b.md": "- b\n",
        ])
        // b.md was being written in place when the process died: it holds the new
        // bytes' start over the old ones; its backup holds the old bytes.
        let old = "- b, as it was before\n"
        let new = "- c\n"
        try Data((new + String(old.dropFirst(new.utf8.count))).utf8).write(to: folder.appendingPathComponent("docs/sub/b.md"))
        let hash = String(ContentHash(of: Array(new.utf8)).hex.prefix(16))
        try TestSupport.writeFile(Array(old.utf8), at: "docs/sub/.b.md.tiledit-\(hash)-x2.bak", in: folder)
        try TestSupport.writeFile(Array(new.utf8), at: "docs/sub/.b.md.tiledit-\(hash)-x2.new", in: folder)

        let run = await CommandRun.run(["fmt", "--write", "docs"], in: folder)

        #expect(run == CommandRun(status: 0, standardError: """
            docs/a.md: removed .a.md.tiledit-x1.tmp, a temporary file left by an interrupted save (the file was whole)
            docs/sub/b.md: restored from its backup; an interrupted save had left it incomplete
            formatted docs/a.md

            """))
        #expect(try text(of: "docs/sub/b.md", in: folder) == old)
        #expect(TestSupport.listTree(folder) == ["docs", "docs/a.md", "docs/sub", "docs/sub/b.md"])
    }

    /// A backup left by a killed save, then another program's change:
    /// `set`, `fmt --write` and `render -o` keep the change (and the backup).
    @Test func commandsNeverPutAStaleBackupOverAnotherProgramsChange() async throws {
        let old = "---\ntitle: Old\n---\n\nold text\n"
        let new = "---\ntitle: Set\n---\n\nold text\n"
        let later = "---\ntitle: Later\n---\n\nWritten by another program after the crash.\n"
        let hash = String(ContentHash(of: Array(new.utf8)).hex.prefix(16))
        let commands: [[String]] = [
            ["set", "a.md", "--front-matter", "draft=true"], ["fmt", "--write", "a.md"], ["render", "b.md", "-o", "a.md"],
        ]
        for command in commands {
            let folder = try makeFolder(["a.md": later, "b.md": "# B\n"])
            try TestSupport.writeFile(Array(old.utf8), at: ".a.md.tiledit-\(hash)-x2.bak", in: folder)
            try TestSupport.writeFile(Array(new.utf8), at: ".a.md.tiledit-\(hash)-x2.new", in: folder)

            let run = await CommandRun.run(command, in: folder)

            #expect(run.standardError.hasPrefix("""
                a.md: changed by another program after an interrupted save; left as it is, the version before that save kept in .a.md.tiledit-\(hash)-x2.bak

                """), "\(command)")
            #expect(try text(of: ".a.md.tiledit-\(hash)-x2.bak", in: folder) == old, "\(command)")
            #expect(try !text(of: "a.md", in: folder).contains("title: Old"), "\(command)")
            #expect(TestSupport.listTree(folder) == [".a.md.tiledit-\(hash)-x2.bak", "a.md", "b.md"], "\(command)")
        }
    }

    /// Another program puts a link in place of the file between the
    /// command's read and its write (`rm a.md; ln -s ../outside.txt a.md`):
    /// nothing is written through it, even when it leads to equal bytes.
    @Test(arguments: [["set", "site/a.md", "--front-matter", "title=New"], ["fmt", "--write", "site/a.md"]])
    func setAndFmtWriteNeverWriteThroughALinkPutInPlaceOfTheFile(command: [String]) async throws {
        let page = "---\ntitle: Old\n---\n\n* item\n"
        let folder = try makeFolder(["site/a.md": page, "outside.txt": page])
        let url = folder.appendingPathComponent("site/a.md")
        var fileSystem = FileSystem.live
        let listFolder = fileSystem.listFolder
        let listings = Mutex(0)
        fileSystem.listFolder = { listed in
            // The second look at the folder is the save's, after the read.
            if listed.lastPathComponent == "site", listings.withLock({ count in count += 1; return count }) == 2 {
                try? FileManager.default.removeItem(at: url)
                try? FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "../outside.txt")
            }
            return try listFolder(listed)
        }

        let run = await CommandRun.run(command, in: folder, fileSystem: fileSystem)

        #expect(run.status == 2)
        #expect(run.standardError == "site/a.md: is now a symbolic link to ../outside.txt, which it was not when it was read; not written through it\n")
        #expect(try text(of: "outside.txt", in: folder) == page)
        #expect(try TestSupport.status(of: url).kind == .symbolicLink)
    }

    @Test func aFileDeletedWhileFmtWriteRunsIsNotCreatedAgain() async throws {
        let folder = try makeFolder(["docs/a.md": "* a\n", "docs/b.md": "* b\n", "docs/c.md": "* c\n"])
        // Another program deletes b.md at the last moment, just before it is replaced.
        var fileSystem = FileSystem.live
        let exchange = fileSystem.exchange
        fileSystem.exchange = { temporary, target in
            if target.lastPathComponent == "b.md" { try? FileManager.default.removeItem(at: target) }
            try exchange(temporary, target)
        }

        let run = await CommandRun.run(["fmt", "--write", "docs"], in: folder, fileSystem: fileSystem)

        #expect(run == CommandRun(status: 2, standardError: """
            formatted docs/a.md
            docs/b.md: deleted on disk since it was read; not written
            formatted docs/c.md

            """))
        #expect(TestSupport.listTree(folder) == ["docs", "docs/a.md", "docs/c.md"])
    }
}
