import Foundation

/// Reads a whole file into memory with `open`/`fstat`/`read`, the least
/// work a file read can take, so open figures time our parsing rather than
/// a file API.
enum FileBytes {
    /// A file that could not be read.
    struct ReadError: Error, Sendable, CustomStringConvertible {
        var path: String
        var code: Int32

        var description: String { "cannot read \(path): \(String(cString: strerror(code)))" }
    }

    /// The bytes of the file at `path`.
    ///
    /// - Throws: `ReadError` with `errno` when the file cannot be opened,
    ///   measured or read.
    static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ReadError(path: path, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ReadError(path: path, code: errno) }
        let size = Int(status.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < size {
                let count = Foundation.read(descriptor, base + initialized, size - initialized)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    failure = count < 0 ? errno : EIO
                    return
                }
                initialized += count
            }
        }
        guard failure == 0 else { throw ReadError(path: path, code: failure) }
        return bytes
    }
}
