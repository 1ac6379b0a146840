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
    static func status(_ url: URL) throws -> FileStatus? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw FileSystemError(.status, path: url.path, code: code)
        }
        return fileStatus(info)
    }

    static func read(_ url: URL) throws -> [UInt8] {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(.read, path: url.path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        let expected = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        var result = [UInt8](repeating: 0, count: Swift.max(expected, 0) + 1)
        var filled = 0
        while true {
            if filled == result.count { result += [UInt8](repeating: 0, count: Swift.max(result.count, 4096)) }
            let count = result.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.read, path: url.path, code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        result.removeSubrange(filled...)
        return result
    }

    static func write(_ url: URL, bytes: [UInt8], permissions: UInt16?) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions ?? 0o666))
        guard descriptor >= 0 else { throw FileSystemError(.write, path: url.path, code: errno) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        if let permissions, fchmod(descriptor, mode_t(permissions)) != 0 {
            throw FileSystemError(.write, path: url.path, code: errno)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.write, path: url.path, code: errno)
            }
            written += count
        }
        closed = true
        guard close(descriptor) == 0 else { throw FileSystemError(.write, path: url.path, code: errno) }
    }

    static func synchronize(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(.synchronize, path: url.path, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError(.synchronize, path: url.path, code: errno) }
    }

    static func rename(_ source: URL, to destination: URL) throws {
        guard systemRename(source.path, destination.path) == 0 else {
            throw FileSystemError(.rename, path: source.path, code: errno)
        }
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
            // d_type values are the same on Linux and Darwin: 4 folder, 8 file, 10 link, 0 unknown.
            let kind: FileStatus.Kind
            switch entry.pointee.d_type {
            case 4: kind = .folder
            case 8: kind = .file
            case 10: kind = .symbolicLink
            case 0: kind = linkKind(url.appendingPathComponent(name).path)
            default: kind = .other
            }
            entries.append(FolderEntry(name: name, kind: kind))
        }
        return entries
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
        default: .other
        }
    }

    private static func fileStatus(_ info: stat) -> FileStatus {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        let date = Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1_000_000_000)
        return FileStatus(kind: kind(of: info.st_mode), size: Int(info.st_size), modificationDate: date, permissions: UInt16(info.st_mode & 0o7777))
    }
}

// The enum's `read`, `write` and `rename` shadow the C functions inside it;
// these file-scope wrappers reach them.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
