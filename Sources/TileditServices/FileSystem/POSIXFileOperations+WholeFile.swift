#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIXFileOperations {
    /// `fstat` of an open file and, for a regular file, its bytes (at most
    /// `limit + 1`; see `FileSystem.readWholeFile`).
    ///
    /// The buffer is the size `fstat` gave plus one byte: a read that fills
    /// it means the file grew since, and reading goes on; a read that
    /// returns fewer bytes than asked once the size is reached is the end
    /// (a regular file reads short only there), so no second read looks
    /// for it. Not a regular file: no read at all.
    static func readWhole(_ file: FileDescriptor, limit: Int) throws -> FileContents {
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw FileSystemError(.describe, path: path(of: file), code: errno) }
        let status = fileStatus(info)
        guard status.kind == .file else { return FileContents(bytes: [], status: status) }
        let cap = limit >= Int.max - 1 ? Int.max : Swift.max(limit, 0) + 1
        let expected = Swift.max(Int(info.st_size), 0)
        // One byte past the size, so a file that grew shows in the same read.
        let capacity = Swift.min(expected, cap - 1) + 1
        var failure: Int32 = 0
        var atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < buffer.count {
                let asked = buffer.count - initialized
                let count = pread(file.rawValue, base + initialized, asked, off_t(initialized))
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                initialized += Swift.max(count, 0)
                if count == 0 || (count < asked && initialized >= expected) {
                    atEnd = true
                    return
                }
            }
        }
        guard failure == 0 else { throw FileSystemError(.read, path: path(of: file), code: failure) }
        // The buffer filled: the file grew since `fstat` (or is longer than the limit).
        var filled = bytes.count
        while !atEnd && filled < cap {
            bytes += [UInt8](repeating: 0, count: Swift.min(Swift.max(bytes.count, 4096), cap - bytes.count))
            while filled < bytes.count {
                let count = bytes.withUnsafeMutableBytes { buffer in
                    pread(file.rawValue, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(filled))
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(.read, path: path(of: file), code: errno)
                }
                if count == 0 {
                    atEnd = true
                    break
                }
                filled += count
            }
            bytes.removeSubrange(filled...)
        }
        return FileContents(bytes: bytes, status: status)
    }
}
