import CFileCalls
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The live `FileSystem` operations over POSIX calls.
enum POSIXFileOperations {
    // MARK: Paths

    static func status(_ url: URL, followsLinks: Bool) throws -> FileStatus? {
        var info = stat()
        let result = followsLinks ? stat(url.path, &info) : lstat(url.path, &info)
        guard result == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw FileSystemError(followsLinks ? .status : .linkStatus, path: url.path, code: code)
        }
        return fileStatus(info)
    }

    static func readLink(_ url: URL) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(url.path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw FileSystemError(.readLink, path: url.path, code: errno) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func canWrite(_ url: URL) throws -> Bool {
        if faccessat(AT_FDCWD, url.path, W_OK, AT_EACCESS) == 0 { return true }
        let code = errno
        if code == EACCES || code == EROFS || code == EPERM || code == ETXTBSY { return false }
        throw FileSystemError(.access, path: url.path, code: code)
    }

    static func synchronize(_ url: URL) throws {
        let descriptor = systemOpen(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileSystemError(.synchronize, path: url.path, code: errno) }
        defer { _ = systemClose(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError(.synchronize, path: url.path, code: errno) }
    }

    static func rename(_ source: URL, to destination: URL) throws {
        guard systemRename(source.path, destination.path) == 0 else {
            throw FileSystemError(.rename, path: source.path, code: errno)
        }
    }

    static func renameExclusive(_ source: URL, to destination: URL) throws {
        #if os(Linux)
        let result = renameat2(AT_FDCWD, source.path, AT_FDCWD, destination.path, UInt32(TILEDIT_RENAME_NOREPLACE))
        #elseif canImport(Darwin)
        let result = renamex_np(source.path, destination.path, UInt32(RENAME_EXCL))
        #else
        errno = ENOSYS
        let result: Int32 = -1
        #endif
        guard result == 0 else { throw FileSystemError(.rename, path: source.path, code: errno) }
    }

    static func exchange(_ first: URL, _ second: URL) throws {
        #if os(Linux)
        let result = renameat2(AT_FDCWD, first.path, AT_FDCWD, second.path, UInt32(TILEDIT_RENAME_EXCHANGE))
        #elseif canImport(Darwin)
        let result = renamex_np(first.path, second.path, UInt32(RENAME_SWAP))
        #else
        errno = ENOSYS
        let result: Int32 = -1
        #endif
        guard result == 0 else { throw FileSystemError(.rename, path: first.path, code: errno) }
    }

    static func remove(_ url: URL) throws {
        var info = stat()
        if lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            guard rmdir(url.path) == 0 else { throw FileSystemError(.remove, path: url.path, code: errno) }
        } else {
            guard unlink(url.path) == 0 else { throw FileSystemError(.remove, path: url.path, code: errno) }
        }
    }

    static func createFolder(_ url: URL) throws {
        var info = stat()
        if stat(url.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileSystemError(.createFolder, path: url.path, code: EEXIST) }
            return
        }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path && parent.path != "/" { try createFolder(parent) }
        guard mkdir(url.path, 0o777) == 0 || errno == EEXIST else {
            throw FileSystemError(.createFolder, path: url.path, code: errno)
        }
    }

    static func listFolder(_ url: URL) throws -> [FolderEntry] {
        guard let directory = opendir(url.path) else { throw FileSystemError(.listFolder, path: url.path, code: errno) }
        defer { closedir(directory) }
        var entries: [FolderEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            // d_type values are the same on Linux and Darwin.
            let kind: FileStatus.Kind
            switch entry.pointee.d_type {
            case 1: kind = .fifo
            case 2: kind = .characterDevice
            case 4: kind = .folder
            case 6: kind = .blockDevice
            case 8: kind = .file
            case 10: kind = .symbolicLink
            case 12: kind = .socket
            case 0: kind = linkKind(url.appendingPathComponent(name).path)
            default: kind = .other
            }
            entries.append(FolderEntry(name: name, kind: kind))
        }
        return entries
    }

    // MARK: Open files

    static func open(_ url: URL, mode: FileOpenMode) throws -> FileDescriptor {
        try open(path: url.path, mode: mode)
    }

    /// `open` of a path given as text (absolute, or from the working folder).
    static func open(path: String, mode: FileOpenMode) throws -> FileDescriptor {
        let flags: Int32
        var permissions: mode_t = 0
        switch mode {
        case .read(let followsLinks):
            flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followsLinks ? 0 : O_NOFOLLOW)
        case .update:
            flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW
        case .create(let bits):
            flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
            permissions = mode_t(bits)
        case .writeDevice:
            flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        }
        let descriptor = systemOpen(path, flags, permissions)
        guard descriptor >= 0 else { throw FileSystemError(.open, path: path, code: errno) }
        if mode == .writeDevice {
            // Blocking writes from here on: a pipe that is full waits for its reader.
            let current = fcntl(descriptor, F_GETFL)
            guard current >= 0, fcntl(descriptor, F_SETFL, current & ~O_NONBLOCK) == 0 else {
                let code = errno
                _ = systemClose(descriptor)
                throw FileSystemError(.open, path: path, code: code)
            }
        }
        return FileDescriptor(rawValue: descriptor)
    }

    static func describe(_ file: FileDescriptor) throws -> FileStatus {
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw FileSystemError(.describe, path: path(of: file), code: errno) }
        return fileStatus(info)
    }

    static func read(_ file: FileDescriptor, limit: Int) throws -> [UInt8] {
        var info = stat()
        let expected = fstat(file.rawValue, &info) == 0 ? Int(info.st_size) : 0
        let cap = limit == Int.max ? limit : limit + 1
        var result = [UInt8](repeating: 0, count: Swift.min(Swift.max(expected, 0) + 1, cap))
        var filled = 0
        while filled < cap {
            if filled == result.count {
                result += [UInt8](repeating: 0, count: Swift.min(Swift.max(result.count, 4096), cap - result.count))
            }
            let count = result.withUnsafeMutableBytes { buffer in
                pread(file.rawValue, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.read, path: path(of: file), code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        result.removeSubrange(filled...)
        return result
    }

    static func write(_ file: FileDescriptor, bytes: ArraySlice<UInt8>, offset: Int?) throws -> Int {
        while true {
            let count = bytes.withUnsafeBytes { buffer in
                if let offset {
                    pwrite(file.rawValue, buffer.baseAddress, buffer.count, off_t(offset))
                } else {
                    systemWrite(file.rawValue, buffer.baseAddress, buffer.count)
                }
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.write, path: path(of: file), code: errno)
            }
            return count
        }
    }

    static func truncate(_ file: FileDescriptor, length: Int) throws {
        guard ftruncate(file.rawValue, off_t(length)) == 0 else { throw FileSystemError(.truncate, path: path(of: file), code: errno) }
    }

    static func synchronize(_ file: FileDescriptor) throws {
        guard fsync(file.rawValue) == 0 else { throw FileSystemError(.synchronize, path: path(of: file), code: errno) }
    }

    static func close(_ file: FileDescriptor) throws {
        // The descriptor is released even when close reports an error: never retried.
        guard systemClose(file.rawValue) == 0 else { throw FileSystemError(.close, path: "", code: errno) }
    }

    static func lock(_ file: FileDescriptor) throws -> Bool {
        while flock(file.rawValue, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK || code == EAGAIN { return false }
            throw FileSystemError(.lock, path: path(of: file), code: code)
        }
        return true
    }

    static func setOwner(_ file: FileDescriptor, owner: UInt32, group: UInt32) throws {
        guard fchown(file.rawValue, uid_t(owner), gid_t(group)) == 0 else {
            throw FileSystemError(.setOwner, path: path(of: file), code: errno)
        }
    }

    static func setPermissions(_ file: FileDescriptor, _ permissions: UInt16) throws {
        guard fchmod(file.rawValue, mode_t(permissions & 0o7777)) == 0 else {
            throw FileSystemError(.setPermissions, path: path(of: file), code: errno)
        }
    }

    static func extendedAttributes(_ file: FileDescriptor) throws -> [ExtendedAttribute] {
        var names = [CChar](repeating: 0, count: 1024)
        var length: Int
        while true {
            length = listAttributeNames(file.rawValue, &names, names.count)
            if length >= 0 { break }
            let code = errno
            if code == ERANGE {
                let needed = listAttributeNames(file.rawValue, nil, 0)
                names = [CChar](repeating: 0, count: Swift.max(needed, names.count * 2))
                continue
            }
            if code == ENOTSUP || code == EOPNOTSUPP { return [] }
            throw FileSystemError(.listAttributes, path: path(of: file), code: code)
        }
        var attributes: [ExtendedAttribute] = []
        var start = 0
        for index in 0..<length where names[index] == 0 {
            let name = String(decoding: names[start..<index].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            start = index + 1
            guard !name.isEmpty, let value = try attributeValue(file, name: name) else { continue }
            attributes.append(ExtendedAttribute(name: name, value: value))
        }
        return attributes
    }

    /// The value of one attribute; `nil` when it went away since it was listed.
    private static func attributeValue(_ file: FileDescriptor, name: String) throws -> [UInt8]? {
        var value = [UInt8](repeating: 0, count: 256)
        while true {
            let count = getAttribute(file.rawValue, name, &value, value.count)
            if count >= 0 { return Array(value[0..<count]) }
            let code = errno
            if code == ERANGE {
                let needed = getAttribute(file.rawValue, name, nil, 0)
                value = [UInt8](repeating: 0, count: Swift.max(needed, value.count * 2))
                continue
            }
            if code == ENODATA_OR_ENOATTR { return nil }
            throw FileSystemError(.listAttributes, path: path(of: file), code: code)
        }
    }

    static func setExtendedAttribute(_ file: FileDescriptor, _ attribute: ExtendedAttribute) throws {
        let result = attribute.value.withUnsafeBytes { buffer in
            setAttribute(file.rawValue, attribute.name, buffer.baseAddress, buffer.count)
        }
        guard result == 0 else { throw FileSystemError(.setAttribute, path: path(of: file), code: errno) }
    }

    static func removeExtendedAttribute(_ file: FileDescriptor, name: String) throws {
        guard removeAttribute(file.rawValue, name) == 0 else {
            throw FileSystemError(.removeAttribute, path: path(of: file), code: errno)
        }
    }

    // MARK: Helpers

    /// The path an open file was opened at, for messages (Linux only;
    /// empty elsewhere).
    static func path(of file: FileDescriptor) -> String {
        #if os(Linux)
        (try? readLink(URL(fileURLWithPath: "/proc/self/fd/\(file.rawValue)"))) ?? ""
        #else
        ""
        #endif
    }

    private static func linkKind(_ path: String) -> FileStatus.Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .other }
        return kind(of: info.st_mode)
    }

    private static func kind(of mode: mode_t) -> FileStatus.Kind {
        switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFLNK: .symbolicLink
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        default: .other
        }
    }

    static func fileStatus(_ info: stat) -> FileStatus {
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        let changed = info.st_ctimespec
        #else
        let modified = info.st_mtim
        let changed = info.st_ctim
        #endif
        let date = Date(timeIntervalSince1970: TimeInterval(modified.tv_sec) + TimeInterval(modified.tv_nsec) / 1_000_000_000)
        let stamp = FileStatus.ChangeStamp(
            size: Int(info.st_size),
            modificationTime: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            statusChangeTime: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
        return FileStatus(
            kind: kind(of: info.st_mode), size: Int(info.st_size), modificationDate: date,
            permissions: UInt16(info.st_mode & 0o7777),
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            linkCount: Int(info.st_nlink), owner: UInt32(info.st_uid), group: UInt32(info.st_gid), changeStamp: stamp)
    }
}

// The enum's `read`, `write`, `open`, `close` and `rename` shadow the C
// functions inside it; these file-scope wrappers reach them, and hide the
// platforms' different extended attribute signatures.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemOpen(_ path: String, _ flags: Int32, _ permissions: mode_t = 0) -> Int32 {
    open(path, flags, permissions)
}

#if canImport(Darwin)
private let ENODATA_OR_ENOATTR = ENOATTR

private func listAttributeNames(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
    flistxattr(descriptor, buffer, size, XATTR_NOFOLLOW)
}

private func getAttribute(_ descriptor: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
    fgetxattr(descriptor, name, value, size, 0, 0)
}

private func setAttribute(_ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
    fsetxattr(descriptor, name, value, size, 0, 0)
}

private func removeAttribute(_ descriptor: Int32, _ name: String) -> Int32 {
    fremovexattr(descriptor, name, 0)
}
#else
private let ENODATA_OR_ENOATTR = ENODATA

private func listAttributeNames(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
    flistxattr(descriptor, buffer, size)
}

private func getAttribute(_ descriptor: Int32, _ name: String, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
    fgetxattr(descriptor, name, value, size)
}

private func setAttribute(_ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
    fsetxattr(descriptor, name, value, size, 0)
}

private func removeAttribute(_ descriptor: Int32, _ name: String) -> Int32 {
    fremovexattr(descriptor, name)
}
#endif
