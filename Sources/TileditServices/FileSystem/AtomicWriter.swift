import Foundation

/// Replaces a file's content so that readers see the old bytes or the new
/// bytes, never a mix (DESIGN.md section 7): a temporary file in the same
/// folder is written and flushed, then renamed over the target. When any
/// step fails the temporary file is removed and the target is untouched.
struct AtomicWriter {
    let fileSystem: FileSystem

    /// Writes `bytes` to `url`.
    ///
    /// - Parameter permissions: permission bits of the new file (`nil`: the
    ///   default for a new file).
    /// - Throws: `FileSystemError` from the step that failed.
    func write(_ bytes: [UInt8], to url: URL, permissions: UInt16?) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(Self.temporaryName(for: url.lastPathComponent))
        do {
            try fileSystem.write(temporary, bytes, permissions)
            try fileSystem.synchronize(temporary)
            try fileSystem.rename(temporary, url)
        } catch {
            try? fileSystem.remove(temporary)
            throw error
        }
        // Makes the rename itself durable; the new content is already in place.
        try? fileSystem.synchronize(folder)
    }

    /// A hidden name beside the target, so discovery and other tools skip it.
    static func temporaryName(for name: String) -> String {
        ".\(name).tiledit-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
    }

    /// Whether `name` is one of this writer's temporary files.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".tiledit-")
    }
}
