import Foundation
import Synchronization
import TileditServices

/// The real file system with operations that can be made to fail while a
/// test runs (a disk that stops accepting writes, a rename that fails), so a
/// scenario can break saving after the workspace was opened.
public final class FaultInjector: Sendable {
    private let failing = Mutex<Set<FileSystemError.Operation>>([])
    /// Operations that fail with `ENOSPC` (a full disk) for paths under a folder.
    private let failingUnder = Mutex<[(FileSystemError.Operation, String)]>([])

    public init() {}

    /// Makes `operation` fail with `EACCES` until `repair()`.
    public func fail(_ operation: FileSystemError.Operation) {
        failing.withLock { _ = $0.insert(operation) }
    }

    /// Makes `operation` fail with `ENOSPC` (no space left) for paths
    /// under `folder` (and the folder itself) until `repair()`.
    public func fail(_ operation: FileSystemError.Operation, under folder: URL) {
        let path = folder.standardizedFileURL.path
        failingUnder.withLock { $0.append((operation, path)) }
    }

    /// Makes every operation work again.
    public func repair() {
        failing.withLock { $0.removeAll() }
        failingUnder.withLock { $0.removeAll() }
    }

    private func check(_ operation: FileSystemError.Operation, _ url: URL) throws {
        if failing.withLock({ $0.contains(operation) }) {
            throw FileSystemError(operation, path: url.path, code: EACCES)
        }
        let path = url.standardizedFileURL.path
        if failingUnder.withLock({ $0.contains { $0.0 == operation && (path == $0.1 || path.hasPrefix($0.1 + "/")) } }) {
            throw FileSystemError(operation, path: url.path, code: ENOSPC)
        }
    }

    /// The file system whose operations this injector controls.
    public var fileSystem: FileSystem {
        let live = FileSystem.live
        return FileSystem(
            status: { try self.check(.status, $0); return try live.status($0) },
            read: { try self.check(.read, $0); return try live.read($0) },
            write: { try self.check(.write, $0); try live.write($0, $1, $2) },
            synchronize: { try self.check(.synchronize, $0); try live.synchronize($0) },
            rename: { try self.check(.rename, $0); try live.rename($0, $1) },
            remove: { try self.check(.remove, $0); try live.remove($0) },
            createFolder: { try self.check(.createFolder, $0); try live.createFolder($0) },
            listFolder: { try self.check(.listFolder, $0); return try live.listFolder($0) }
        )
    }
}
