import Foundation
import Testing
import TileditServices

extension FileSystem {
    /// A file system whose every closure records an issue and throws `EIO`.
    public static var unimplemented: FileSystem {
        @Sendable func fail(_ name: String, _ path: String) -> FileSystemError {
            Issue.record("FileSystem.\(name) was called unexpectedly")
            return FileSystemError(.status, path: path, code: 5)
        }
        return FileSystem(
            status: { throw fail("status", $0.path) },
            linkStatus: { throw fail("linkStatus", $0.path) },
            readLink: { throw fail("readLink", $0.path) },
            canWrite: { throw fail("canWrite", $0.path) },
            synchronize: { throw fail("synchronize", $0.path) },
            rename: { from, _ in throw fail("rename", from.path) },
            renameExclusive: { from, _ in throw fail("renameExclusive", from.path) },
            exchange: { first, _ in throw fail("exchange", first.path) },
            remove: { throw fail("remove", $0.path) },
            createFolder: { throw fail("createFolder", $0.path) },
            listFolder: { throw fail("listFolder", $0.path) },
            openFile: { url, _ in throw fail("openFile", url.path) },
            describeFile: { _ in throw fail("describeFile", "") },
            readFile: { _, _ in throw fail("readFile", "") },
            writeFile: { _, _, _ in throw fail("writeFile", "") },
            truncateFile: { _, _ in throw fail("truncateFile", "") },
            synchronizeFile: { _ in throw fail("synchronizeFile", "") },
            closeFile: { _ in throw fail("closeFile", "") },
            lockFile: { _ in throw fail("lockFile", "") },
            setOwner: { _, _, _ in throw fail("setOwner", "") },
            setPermissions: { _, _ in throw fail("setPermissions", "") },
            extendedAttributes: { _ in throw fail("extendedAttributes", "") },
            setExtendedAttribute: { _, _ in throw fail("setExtendedAttribute", "") },
            removeExtendedAttribute: { _, _ in throw fail("removeExtendedAttribute", "") }
        )
    }

    /// The real file system except that every call of `operation` fails
    /// with `code` (`EIO`, 5, by default) without doing anything. `write`
    /// is every `write(2)` into an open file, `read` every read,
    /// `synchronize` every `fsync`.
    public static func live(failing operation: FileSystemError.Operation, code: Int32 = 5) -> FileSystem {
        let injector = FaultInjector()
        injector.fail(operation, code: code)
        return injector.fileSystem
    }

    /// The real file system whose every `write(2)` writes half of the bytes
    /// it is given and then fails with `EIO` (a full disk, say).
    public static var liveWithPartialWrite: FileSystem {
        var fileSystem = FileSystem.live
        let real = fileSystem.writeFile
        fileSystem.writeFile = { file, bytes, offset in
            _ = try real(file, bytes.prefix(bytes.count / 2), offset)
            throw FileSystemError(.write, path: "", code: 5)
        }
        return fileSystem
    }
}
