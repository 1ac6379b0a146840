import Foundation
import Synchronization

/// Which recovery journals a running editor owns: for each document it
/// journals, an exclusive advisory lock (`flock`) on a lock file named as
/// its journal entry (`KEY.lock`, in `journal.locks` beside the journal
/// folder, holding the owner's process id as text), held
/// open until the entry is cleared or the process ends (the system then
/// releases it). Another editor finding the lock held knows the journal is
/// a running editor's live edits: it neither offers nor deletes them, nor
/// writes over them. A lock file nobody holds (its editor died) is free,
/// and its journal is offered as before.
///
/// Lock files are left in place once made (removing one while another
/// process waits on it would let two owners lock two files of one name).
final class JournalLocks: Sendable {
    /// Who holds a journal's lock, as `owner(of:)` finds it.
    enum Owner: Equatable {
        /// Nobody, or this store.
        case none
        /// Another open lock: a running editor, its process id when it wrote one.
        case another(processID: Int32?)
    }

    private let held = Mutex<[String: FileDescriptor]>([:])
    private let fileSystem: FileSystem

    init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
    }

    deinit {
        let files = held.withLock { $0 }
        for file in files.values { try? fileSystem.closeFile(file) }
    }

    /// Takes the lock at `lockFile` for this store, keeping it until
    /// `release(_:)`; does nothing when this store holds it already.
    ///
    /// - Returns: `.none` when this store now holds it, `.another` when a
    ///   running editor does (nothing is taken).
    /// - Throws: `FileSystemError` when the lock file cannot be made or opened.
    func acquire(_ lockFile: URL) throws -> Owner {
        if held.withLock({ $0[lockFile.path] != nil }) { return .none }
        let file: FileDescriptor
        do {
            file = try fileSystem.openFile(lockFile, .create(permissions: 0o600))
        } catch let error as FileSystemError where error.code == EEXIST {
            file = try fileSystem.openFile(lockFile, .update)
        }
        guard try fileSystem.lockFile(file) else {
            try? fileSystem.closeFile(file)
            return .another(processID: processID(in: lockFile))
        }
        // The owner's process id, for the message another editor shows.
        let text = Array(String(ProcessInfo.processInfo.processIdentifier).utf8)
        _ = try? fileSystem.writeFile(file, text[...], 0)
        try? fileSystem.truncateFile(file, text.count)
        let replaced = held.withLock { held -> FileDescriptor? in
            defer { held[lockFile.path] = file }
            return held[lockFile.path]
        }
        if let replaced { try? fileSystem.closeFile(replaced) }
        return .none
    }

    /// Who holds the lock at `lockFile` now, without taking it.
    func owner(of lockFile: URL) -> Owner {
        if held.withLock({ $0[lockFile.path] != nil }) { return .none }
        guard let file = try? fileSystem.openFile(lockFile, .read(followsLinks: false)) else { return .none }
        defer { try? fileSystem.closeFile(file) }
        // Taken for a moment and given back when the file closes.
        guard let free = try? fileSystem.lockFile(file), !free else { return .none }
        return .another(processID: processID(in: lockFile))
    }

    /// Gives up this store's lock at `lockFile`, if it holds it.
    func release(_ lockFile: URL) {
        let file = held.withLock { $0.removeValue(forKey: lockFile.path) }
        if let file { try? fileSystem.closeFile(file) }
    }

    private func processID(in lockFile: URL) -> Int32? {
        guard let bytes = try? fileSystem.read(lockFile, limit: 32).bytes else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self))
    }
}
