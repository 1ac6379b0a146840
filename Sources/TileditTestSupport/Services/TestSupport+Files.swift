import Foundation

extension TestSupport {
    /// 2024-01-05 10:15:00 UTC, the date test clocks start at.
    public static let referenceDate = Date(timeIntervalSince1970: 1_704_449_700)

    /// UTC, for dates written into names in tests.
    public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// Writes `files` (relative path → UTF-8 text) under `folder`, creating
    /// folders as needed.
    public static func writeFiles(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            try writeFile(Array(text.utf8), at: path, in: folder)
        }
    }

    /// Writes `bytes` at `path` (relative) under `folder`, creating folders.
    @discardableResult
    public static func writeFile(_ bytes: [UInt8], at path: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    /// The bytes of `url`.
    public static func readFile(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    /// Paths of every file and folder under `folder`, relative, sorted.
    public static func listTree(_ folder: URL) -> [String] {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String { paths.append(path) }
        return paths.sorted()
    }

    /// The permission bits of `url`.
    public static func permissions(of url: URL) throws -> UInt16 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return UInt16((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0)
    }

    /// Sets the permission bits of `url`.
    public static func setPermissions(_ permissions: UInt16, of url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: NSNumber(value: permissions)], ofItemAtPath: url.path)
    }
}
