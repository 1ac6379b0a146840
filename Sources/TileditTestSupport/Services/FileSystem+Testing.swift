import Foundation
import Testing
import TileditServices

extension FileSystem {
    /// A file system whose every closure records an issue and throws `EIO`.
    public static var unimplemented: FileSystem {
        @Sendable func fail(_ name: String, _ url: URL) -> FileSystemError {
            Issue.record("FileSystem.\(name) was called unexpectedly")
            return FileSystemError(.status, path: url.path, code: 5)
        }
        return FileSystem(
            status: { throw fail("status", $0) },
            read: { throw fail("read", $0) },
            write: { url, _, _ in throw fail("write", url) },
            synchronize: { throw fail("synchronize", $0) },
            rename: { from, _ in throw fail("rename", from) },
            remove: { throw fail("remove", $0) },
            createFolder: { throw fail("createFolder", $0) },
            listFolder: { throw fail("listFolder", $0) }
        )
    }

    /// The real file system except that `operation` fails with `code`
    /// (`EIO`, 5, by default) without doing anything.
    public static func live(failing operation: FileSystemError.Operation, code: Int32 = 5) -> FileSystem {
        var fileSystem = FileSystem.live
        switch operation {
        case .status: fileSystem.status = { throw FileSystemError(.status, path: $0.path, code: code) }
        case .read: fileSystem.read = { throw FileSystemError(.read, path: $0.path, code: code) }
        case .write: fileSystem.write = { url, _, _ in throw FileSystemError(.write, path: url.path, code: code) }
        case .synchronize: fileSystem.synchronize = { throw FileSystemError(.synchronize, path: $0.path, code: code) }
        case .rename: fileSystem.rename = { from, _ in throw FileSystemError(.rename, path: from.path, code: code) }
        case .remove: fileSystem.remove = { throw FileSystemError(.remove, path: $0.path, code: code) }
        case .createFolder: fileSystem.createFolder = { throw FileSystemError(.createFolder, path: $0.path, code: code) }
        case .listFolder: fileSystem.listFolder = { throw FileSystemError(.listFolder, path: $0.path, code: code) }
        }
        return fileSystem
    }

    /// The real file system whose `write` writes half of the bytes into the
    /// new file and then fails with `EIO` (a full disk, say).
    public static var liveWithPartialWrite: FileSystem {
        var fileSystem = FileSystem.live
        let real = fileSystem.write
        fileSystem.write = { url, bytes, permissions in
            try real(url, Array(bytes.prefix(bytes.count / 2)), permissions)
            throw FileSystemError(.write, path: url.path, code: 5)
        }
        return fileSystem
    }
}
