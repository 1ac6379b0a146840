import Foundation
import Testing
import TileditServices
import TileditTestSupport

/// Saves by an ordinary user: `tiledit set` run as another user (numeric
/// IDs, no account needed) through `setpriv`, on files set up by root.
@Suite(
    "Saves as an ordinary user", .serialized,
    .enabled(if: ToolRun.canSwitchUser, "needs root, setpriv and the built binary to run tiledit as another user"))
struct NonRootSaveTests {
    static let user = ToolRun.User(id: 40001, group: 40001, groups: [40001, 40100])
    static let otherUser: UInt32 = 40002
    static let team: UInt32 = 40100
    static let old = "---\ntitle: Old\n---\n\nBody.\n"
    static let new = "---\ntitle: New\n---\n\nBody.\n"

    let root: URL
    /// A folder of the team group, set-group-ID, where the user may create files.
    let folder: URL

    init() throws {
        root = try TestSupport.makeTemporaryFolder("non-root").resolvingSymlinksInPath()
        try TestSupport.setPermissions(0o755, of: root)
        folder = root.appendingPathComponent("team")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestSupport.setOwner(Self.user.id, group: Self.team, of: folder)
        try TestSupport.setPermissions(0o2775, of: folder)
    }

    /// A file with `Self.old`, owner, group and mode.
    @discardableResult
    func file(_ name: String, owner: UInt32, group: UInt32, mode: UInt16) throws -> URL {
        let url = try TestSupport.writeFile(Array(Self.old.utf8), at: name, in: folder)
        try TestSupport.setOwner(owner, group: group, of: url)
        try TestSupport.setPermissions(mode, of: url)
        return url
    }

    func set(_ name: String, _ extra: [String] = []) throws -> ToolRun {
        try ToolRun.run(["set", name, "--front-matter", "title=New"] + extra, in: folder, as: Self.user)
    }

    func text(_ url: URL) throws -> String {
        String(decoding: try TestSupport.readFile(url), as: UTF8.self)
    }

    @Test func theUsersOwnFileKeepsItsGroupModeAndAttributesInASetGroupIDFolder() throws {
        // Its group is the user's own, not the folder's: a new file would get the folder's.
        let url = try file("own.md", owner: Self.user.id, group: Self.user.group, mode: 0o640)
        try TestSupport.setExtendedAttribute("user.note", Array("keep me".utf8), of: url)
        let list = TestSupport.accessControlList(owner: 0b110, users: [(Self.otherUser, 0b110)], group: 0b100, mask: 0b110, other: 0)
        try TestSupport.setExtendedAttribute("system.posix_acl_access", list, of: url)
        let before = try TestSupport.status(of: url)

        #expect(try set("own.md") == ToolRun(status: 0, standardOutput: "", standardError: ""))

        let after = try TestSupport.status(of: url)
        #expect(try text(url) == Self.new)
        #expect(after.owner == Self.user.id)
        #expect(after.group == Self.user.group)
        #expect(after.permissions == before.permissions)
        let attributes = try TestSupport.extendedAttributes(of: url)
        #expect(attributes["user.note"] == Array("keep me".utf8))
        #expect(attributes["system.posix_acl_access"] == list)
        #expect(TestSupport.listTree(folder) == ["own.md"])
    }

    @Test func aFileOfAnotherUserSharedThroughTheGroupIsWrittenInPlaceAndKeepsItsOwner() throws {
        let url = try file("shared.md", owner: Self.otherUser, group: Self.team, mode: 0o664)
        let before = try TestSupport.status(of: url)

        #expect(try set("shared.md") == ToolRun(status: 0, standardOutput: "", standardError: ""))

        let after = try TestSupport.status(of: url)
        #expect(try text(url) == Self.new)
        #expect(after.owner == Self.otherUser)
        #expect(after.group == Self.team)
        #expect(after.permissions == 0o664)
        #expect(after.identity == before.identity)
        #expect(TestSupport.listTree(folder) == ["shared.md"])
    }

    @Test func hardLinksStayOneFile() throws {
        let url = try file("a.md", owner: Self.user.id, group: Self.team, mode: 0o644)
        try FileManager.default.linkItem(at: url, to: folder.appendingPathComponent("b.md"))

        #expect(try set("a.md") == ToolRun(status: 0, standardOutput: "", standardError: ""))

        #expect(try text(folder.appendingPathComponent("b.md")) == Self.new)
        #expect(try TestSupport.status(of: url).linkCount == 2)
        #expect(TestSupport.listTree(folder) == ["a.md", "b.md"])
    }

    @Test func aReadOnlyFileOfTheUserIsRefusedAndWrittenWithForceKeepingItsMode() throws {
        let url = try file("locked.md", owner: Self.user.id, group: Self.user.group, mode: 0o444)

        #expect(try set("locked.md") == ToolRun(
            status: 2, standardOutput: "",
            standardError: "locked.md: read-only for you (mode 0444); not written (--force writes it, keeping its mode)\n"))
        #expect(try text(url) == Self.old)

        #expect(try set("locked.md", ["--force"]) == ToolRun(status: 0, standardOutput: "", standardError: ""))
        let after = try TestSupport.status(of: url)
        #expect(try text(url) == Self.new)
        #expect(after.permissions == 0o444)
        #expect(after.owner == Self.user.id)
        #expect(after.group == Self.user.group)
    }

    @Test func aFileTheUserMayWriteInAReadOnlyFolderIsNotWrittenWithoutABackup() throws {
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let url = try TestSupport.writeFile(Array(Self.old.utf8), at: "page.md", in: locked)
        try TestSupport.setOwner(Self.user.id, group: Self.user.group, of: url)
        try FileManager.default.linkItem(at: url, to: locked.appendingPathComponent("other.md"))
        try TestSupport.setPermissions(0o555, of: locked)
        try TestSupport.setOwner(0, group: 0, of: locked)

        let single = try ToolRun.run(["set", "page.md", "--front-matter", "title=New"], in: locked, as: Self.user)

        // Two names: it would be written in place, but no backup can be put beside it first.
        #expect(single == ToolRun(
            status: 2, standardOutput: "",
            standardError: "page.md: not written: it has 2 hard links, which a new file would separate, and no backup copy can be written beside it to write it in place (no new file can be made in its folder: Permission denied)\n"))
        try FileManager.default.removeItem(at: locked.appendingPathComponent("other.md"))
        // One name: no temporary file can be made beside it.
        #expect(try ToolRun.run(["set", "page.md", "--front-matter", "title=New"], in: locked, as: Self.user) == ToolRun(
            status: 2, standardOutput: "",
            standardError: "page.md: could not be written (no new file can be made in its folder: Permission denied); the file on disk is unchanged\n"))
        #expect(try text(url) == Self.old)
        #expect(TestSupport.listTree(locked) == ["page.md"])
    }

    @Test func aFileOfRootInAFolderTheUserMayWriteIsNeverReplaced() throws {
        let url = try file("roots.md", owner: 0, group: 0, mode: 0o644)

        #expect(try set("roots.md") == ToolRun(
            status: 2, standardOutput: "",
            standardError: "roots.md: read-only for you (mode 0644); not written (--force writes it, keeping its mode)\n"))
        // Even forced: a new file would be the user's, and the user may not write root's file in place.
        #expect(try set("roots.md", ["--force"]) == ToolRun(
            status: 2, standardOutput: "",
            standardError: "roots.md: not written: it belongs to user 0 and group 0, which a new file of yours cannot be given, and you may not write it in place\n"))
        let after = try TestSupport.status(of: url)
        #expect(try text(url) == Self.old)
        #expect(after.owner == 0)
        #expect(TestSupport.listTree(folder) == ["roots.md"])
    }
}
