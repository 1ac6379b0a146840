import Foundation
import Synchronization
import TileditServices

/// The real file system with operations that can be made to fail while a
/// test runs: a disk that stops accepting writes, a rename that fails, a
/// short write, `ENOSPC` after some bytes, a crash at any step, another
/// program deleting or replacing a file between two steps.
///
/// Every call through `fileSystem` is numbered from 0 (since `reset()`)
/// and recorded in `calls`, so a test can run an operation once to learn
/// its steps, then run it again failing at each step in turn.
public final class FaultInjector: Sendable {
    /// One call made through the file system.
    public struct Call: Sendable, Hashable, CustomStringConvertible {
        /// Which operation.
        public var operation: FileSystemError.Operation
        /// The path it was given, or the path the open file was opened at.
        public var path: String

        public var description: String { "\(operation.rawValue) \(path)" }
    }

    /// What happens at one call.
    public enum Fault: Sendable {
        /// The call fails with this `errno`, doing nothing.
        case error(Int32)
        /// A `writeFile` call writes only the first `count` bytes it was
        /// given and returns that count (a short write).
        case shortWrite(count: Int)
        /// A `writeFile` call writes the first `count` bytes it was given,
        /// then fails with `code` (`ENOSPC`: the disk filled up there).
        case partialWrite(count: Int, code: Int32)
        /// The process dies here: this call and every later one fail, and
        /// the files it had open are closed (their locks released) as the
        /// system would, so a later check sees what a crash leaves.
        case crash
        /// Another program acts first (deletes or replaces a file); then
        /// the call is made.
        case before(@Sendable () -> Void)
    }

    private struct State {
        var failing: [FileSystemError.Operation: Int32] = [:]
        var calls: [Call] = []
        var callCount = 0
        var recordsCalls = true
        var planned: [Int: (fault: Fault, sticky: Bool)] = [:]
        var stickyFaults: [FileSystemError.Operation: Fault] = [:]
        var crashed = false
        var openFiles: [Int32: String] = [:]
        var synchronizes = true
    }

    private let state = Mutex(State())

    public init() {}

    // MARK: Control

    /// Makes every call of `operation` fail with `code` (`EACCES` by
    /// default) until `repair()`.
    public func fail(_ operation: FileSystemError.Operation, code: Int32 = EACCES) {
        state.withLock { $0.failing[operation] = code }
    }

    /// Makes every operation work again (planned faults included).
    public func repair() {
        state.withLock {
            $0.failing.removeAll()
            $0.planned.removeAll()
            $0.stickyFaults.removeAll()
        }
    }

    /// Plans `fault` at the call numbered `index` (from 0, counting every
    /// call since `reset()`). With `sticky`, every later call of the same
    /// operation gets the same fault (a disk that stays full).
    public func inject(_ fault: Fault, atCall index: Int, sticky: Bool = false) {
        state.withLock { $0.planned[index] = (fault, sticky) }
    }

    /// Forgets the calls and the planned faults, and ends a simulated crash.
    /// Files the "dead" process left open are closed.
    public func reset() {
        let open = state.withLock { state -> [Int32] in
            let open = Array(state.openFiles.keys)
            state = State(recordsCalls: state.recordsCalls, synchronizes: state.synchronizes)
            return open
        }
        for descriptor in open { try? FileSystem.live.closeFile(FileDescriptor(rawValue: descriptor)) }
    }

    /// Whether `fsync` calls reach the disk (`true` by default). Turning
    /// them off keeps long fault tables fast; the calls are still counted
    /// and can still fail.
    public func setSynchronizes(_ synchronizes: Bool) {
        state.withLock { $0.synchronizes = synchronizes }
    }

    /// Whether calls are kept in `calls` (`true` by default; they are
    /// numbered either way). A file system used for many runs keeps none.
    public func setRecordsCalls(_ records: Bool) {
        state.withLock { $0.recordsCalls = records }
    }

    /// The calls made since `reset()`, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// Whether a planned `.crash` happened.
    public var hasCrashed: Bool { state.withLock { $0.crashed } }

    // MARK: The file system

    private enum Decision {
        case proceed
        case fail(Int32)
        case fault(Fault)
    }

    /// Records the call and says what to do.
    private func decide(_ operation: FileSystemError.Operation, _ path: String) -> Decision {
        state.withLock { state in
            let index = state.callCount
            state.callCount += 1
            if state.recordsCalls { state.calls.append(Call(operation: operation, path: path)) }
            if state.crashed { return .fail(ECANCELED) }
            if let code = state.failing[operation] { return .fail(code) }
            if let (fault, sticky) = state.planned.removeValue(forKey: index) {
                if sticky { state.stickyFaults[operation] = fault }
                if case .crash = fault { state.crashed = true }
                return .fault(fault)
            }
            if let fault = state.stickyFaults[operation] { return .fault(fault) }
            return .proceed
        }
    }

    /// Runs one call: the fault planned for it, or `body`.
    private func run<T>(_ operation: FileSystemError.Operation, _ path: String, _ body: () throws -> T) throws -> T {
        switch decide(operation, path) {
        case .proceed:
            return try body()
        case .fail(let code):
            throw FileSystemError(operation, path: path, code: code)
        case .fault(let fault):
            switch fault {
            case .error(let code):
                throw FileSystemError(operation, path: path, code: code)
            case .crash:
                closeOpenFiles()
                throw FileSystemError(operation, path: path, code: ECANCELED)
            case .before(let action):
                action()
                return try body()
            case .shortWrite, .partialWrite:
                // Only writes can be short; elsewhere it is an I/O error.
                throw FileSystemError(operation, path: path, code: EIO)
            }
        }
    }

    private func closeOpenFiles() {
        let open = state.withLock { state -> [Int32] in
            defer { state.openFiles.removeAll() }
            return Array(state.openFiles.keys)
        }
        for descriptor in open { try? FileSystem.live.closeFile(FileDescriptor(rawValue: descriptor)) }
    }

    private func path(of file: FileDescriptor) -> String {
        state.withLock { $0.openFiles[file.rawValue] ?? "fd \(file.rawValue)" }
    }

    /// The file system whose calls this injector records and controls.
    public var fileSystem: FileSystem {
        let live = FileSystem.live
        return FileSystem(
            status: { url in try self.run(.status, url.path) { try live.status(url) } },
            linkStatus: { url in try self.run(.linkStatus, url.path) { try live.linkStatus(url) } },
            readLink: { url in try self.run(.readLink, url.path) { try live.readLink(url) } },
            canWrite: { url in try self.run(.access, url.path) { try live.canWrite(url) } },
            synchronize: { url in
                try self.run(.synchronize, url.path) {
                    if self.state.withLock({ $0.synchronizes }) { try live.synchronize(url) }
                }
            },
            rename: { from, to in try self.run(.rename, from.path) { try live.rename(from, to) } },
            renameExclusive: { from, to in try self.run(.rename, from.path) { try live.renameExclusive(from, to) } },
            exchange: { first, second in try self.run(.rename, first.path) { try live.exchange(first, second) } },
            remove: { url in try self.run(.remove, url.path) { try live.remove(url) } },
            createFolder: { url in try self.run(.createFolder, url.path) { try live.createFolder(url) } },
            listFolder: { url in try self.run(.listFolder, url.path) { try live.listFolder(url) } },
            openFile: { url, mode in
                try self.run(.open, url.path) {
                    let file = try live.openFile(url, mode)
                    self.state.withLock { $0.openFiles[file.rawValue] = url.path }
                    return file
                }
            },
            describeFile: { file in try self.run(.describe, self.path(of: file)) { try live.describeFile(file) } },
            readFile: { file, limit in try self.run(.read, self.path(of: file)) { try live.readFile(file, limit) } },
            writeFile: { file, bytes, offset in try self.write(file, bytes, offset, live) },
            truncateFile: { file, length in try self.run(.truncate, self.path(of: file)) { try live.truncateFile(file, length) } },
            synchronizeFile: { file in
                try self.run(.synchronize, self.path(of: file)) {
                    if self.state.withLock({ $0.synchronizes }) { try live.synchronizeFile(file) }
                }
            },
            closeFile: { file in
                let path = self.path(of: file)
                // A simulated crash closed it already; its number may belong to another file now.
                guard self.state.withLock({ $0.openFiles.removeValue(forKey: file.rawValue) }) != nil else {
                    throw FileSystemError(.close, path: path, code: EBADF)
                }
                // The descriptor is released whatever happens, as close(2) does.
                defer { try? live.closeFile(file) }
                try self.run(.close, path) {}
            },
            lockFile: { file in try self.run(.lock, self.path(of: file)) { try live.lockFile(file) } },
            setOwner: { file, owner, group in try self.run(.setOwner, self.path(of: file)) { try live.setOwner(file, owner, group) } },
            setPermissions: { file, bits in try self.run(.setPermissions, self.path(of: file)) { try live.setPermissions(file, bits) } },
            extendedAttributes: { file in try self.run(.listAttributes, self.path(of: file)) { try live.extendedAttributes(file) } },
            setExtendedAttribute: { file, attribute in
                try self.run(.setAttribute, self.path(of: file)) { try live.setExtendedAttribute(file, attribute) }
            },
            removeExtendedAttribute: { file, name in
                try self.run(.removeAttribute, self.path(of: file)) { try live.removeExtendedAttribute(file, name) }
            }
        )
    }

    private func write(_ file: FileDescriptor, _ bytes: ArraySlice<UInt8>, _ offset: Int?, _ live: FileSystem) throws -> Int {
        let path = path(of: file)
        switch decide(.write, path) {
        case .proceed:
            return try live.writeFile(file, bytes, offset)
        case .fail(let code):
            throw FileSystemError(.write, path: path, code: code)
        case .fault(let fault):
            switch fault {
            case .error(let code):
                throw FileSystemError(.write, path: path, code: code)
            case .crash:
                closeOpenFiles()
                throw FileSystemError(.write, path: path, code: ECANCELED)
            case .before(let action):
                action()
                return try live.writeFile(file, bytes, offset)
            case .shortWrite(let count):
                return try writePrefix(file, bytes, offset, count: count, live)
            case .partialWrite(let count, let code):
                _ = try writePrefix(file, bytes, offset, count: count, live)
                throw FileSystemError(.write, path: path, code: code)
            }
        }
    }

    private func writePrefix(_ file: FileDescriptor, _ bytes: ArraySlice<UInt8>, _ offset: Int?, count: Int, _ live: FileSystem) throws -> Int {
        let prefix = bytes.prefix(Swift.max(0, count))
        var written = 0
        while written < prefix.count {
            written += try live.writeFile(file, prefix.dropFirst(written), offset.map { $0 + written })
        }
        return written
    }
}
