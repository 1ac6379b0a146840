import Foundation
import Testing
import TileditCLI
import TileditServices
import TileditTestSupport

/// `tiledit search` names each file it cannot open and each folder it
/// cannot list on standard error, searches the rest, and exits as `check`
/// does on the same folder (2).
@Suite("tiledit search, unreadable files and folders")
struct SearchCommandUnreadableTests {
    static let files = [
        "ws/good.md": "# Good\n\nA fox.\n",
        "ws/locked.md": "# Locked\n\nA fox too.\n",
        "ws/private/inside.md": "# Inside\n\nAnother fox.\n",
    ]

    static let problems = """
        ws/locked.md: cannot be read: Permission denied
        ws/private: folder cannot be listed

        """
    /// The same two lines, in the order `check` walks (folders first).
    static let checkProblems = """
        ws/private: folder cannot be listed
        ws/locked.md: cannot be read: Permission denied

        """

    /// The live file system refusing, as a `chmod 000` does for a user
    /// other than root, to open `ws/locked.md` and to list `ws/private`.
    static func refusing(in folder: URL) -> FileSystem {
        var fileSystem = FileSystem.live
        let open = fileSystem.openFile
        let list = fileSystem.listFolder
        let locked = folder.appendingPathComponent("ws/locked.md").standardizedFileURL.path
        let hidden = folder.appendingPathComponent("ws/private").standardizedFileURL.path
        fileSystem.openFile = { url, mode in
            if case .read = mode, url.standardizedFileURL.path == locked { throw FileSystemError(.open, path: url.path, code: EACCES) }
            return try open(url, mode)
        }
        fileSystem.listFolder = { url in
            if url.standardizedFileURL.path == hidden { throw FileSystemError(.listFolder, path: url.path, code: EACCES) }
            return try list(url)
        }
        return fileSystem
    }

    @Test func aFileThatCannotBeOpenedAndAFolderThatCannotBeListedAreNamedAndTheStatusIs2() async throws {
        let folder = try makeFolder(Self.files)
        let fileSystem = Self.refusing(in: folder)

        let search = await CommandRun.run(["search", "ws", "fox"], in: folder, fileSystem: fileSystem)
        let check = await CommandRun.run(["check", "ws"], in: folder, fileSystem: fileSystem)

        #expect(search == CommandRun(status: 2, standardOutput: "good.md:3: Good — A fox.\n", standardError: Self.problems))
        #expect(check == CommandRun(status: 2, standardError: Self.checkProblems))
    }

    /// Root reads a file whatever its mode, so this runs only for another user.
    @Test(.enabled(if: geteuid() != 0, "run as root: a chmod 000 file is still readable, the injected refusal above stands in"))
    func aChmod000FileAndFolderAreNamedAndTheStatusIs2() async throws {
        let folder = try makeFolder(Self.files)
        try TestSupport.setPermissions(0o000, of: folder.appendingPathComponent("ws/locked.md"))
        try TestSupport.setPermissions(0o000, of: folder.appendingPathComponent("ws/private"))
        defer {
            try? TestSupport.setPermissions(0o644, of: folder.appendingPathComponent("ws/locked.md"))
            try? TestSupport.setPermissions(0o755, of: folder.appendingPathComponent("ws/private"))
        }

        let search = await CommandRun.run(["search", "ws", "fox"], in: folder)
        let check = await CommandRun.run(["check", "ws"], in: folder)

        #expect(search == CommandRun(status: 2, standardOutput: "good.md:3: Good — A fox.\n", standardError: Self.problems))
        #expect(check == CommandRun(status: 2, standardError: Self.checkProblems))
    }
}
