import Foundation
import TileditServices

extension TestSupport {
    /// Whether the tests run as root (they can give files any owner).
    public static var isRoot: Bool { geteuid() == 0 }

    /// `lstat` of `url`: kind, identity, links, owner, group, mode.
    public static func status(of url: URL) throws -> FileStatus {
        guard let status = try FileSystem.live.linkStatus(url) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        return status
    }

    /// Gives `url` an owner and group (`chown`, not following a link).
    public static func setOwner(_ owner: UInt32, group: UInt32, of url: URL) throws {
        guard lchown(url.path, uid_t(owner), gid_t(group)) == 0 else {
            throw FileSystemError(.setOwner, path: url.path, code: errno)
        }
    }

    /// The extended attributes of the file at `url`, by name.
    public static func extendedAttributes(of url: URL) throws -> [String: [UInt8]] {
        let fileSystem = FileSystem.live
        let file = try fileSystem.openFile(url, .read(followsLinks: false))
        defer { try? fileSystem.closeFile(file) }
        var result: [String: [UInt8]] = [:]
        for attribute in try fileSystem.extendedAttributes(file) { result[attribute.name] = attribute.value }
        return result
    }

    /// Sets one extended attribute of the file at `url`.
    public static func setExtendedAttribute(_ name: String, _ value: [UInt8], of url: URL) throws {
        let fileSystem = FileSystem.live
        let file = try fileSystem.openFile(url, .read(followsLinks: false))
        defer { try? fileSystem.closeFile(file) }
        try fileSystem.setExtendedAttribute(file, ExtendedAttribute(name: name, value: value))
    }

    /// A POSIX access control list as Linux stores it in the
    /// `system.posix_acl_access` attribute: owner, named users, group,
    /// mask, others (version 2, little-endian tag, permission, id).
    ///
    /// - Parameters:
    ///   - owner, group, mask, other: permission bits (`0b110` = rw-).
    ///   - users: named users and their permission bits.
    public static func accessControlList(owner: UInt16, users: [(UInt32, UInt16)], group: UInt16, mask: UInt16, other: UInt16) -> [UInt8] {
        var bytes: [UInt8] = [2, 0, 0, 0]
        func entry(_ tag: UInt16, _ permissions: UInt16, _ id: UInt32) {
            bytes += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(permissions & 0xFF), UInt8(permissions >> 8)]
            bytes += [UInt8(id & 0xFF), UInt8((id >> 8) & 0xFF), UInt8((id >> 16) & 0xFF), UInt8(id >> 24)]
        }
        entry(0x01, owner, UInt32.max)
        for (id, permissions) in users.sorted(by: { $0.0 < $1.0 }) { entry(0x02, permissions, id) }
        entry(0x04, group, UInt32.max)
        entry(0x10, mask, UInt32.max)
        entry(0x20, other, UInt32.max)
        return bytes
    }

    /// A new empty folder in memory (`/dev/shm`, a tmpfs) where there is
    /// one, else under the system's temporary folder: for tests that make
    /// thousands of small files and need no disk.
    public static func makeMemoryFolder(_ label: String) throws -> URL {
        let shared = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        guard access(shared.path, W_OK | X_OK) == 0 else { return try makeTemporaryFolder(label) }
        let url = shared.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Files under `folder` (recursively) an interrupted or failed save
    /// could leave: names with `.tiledit-` ending in `.tmp`, `.bak` or `.new`.
    public static func saveLeftovers(in folder: URL) -> [String] {
        listTree(folder).filter { path in
            let name = (path as NSString).lastPathComponent
            return name.hasPrefix(".") && name.contains(".tiledit-") && (name.hasSuffix(".tmp") || name.hasSuffix(".bak") || name.hasSuffix(".new"))
        }
    }
}
