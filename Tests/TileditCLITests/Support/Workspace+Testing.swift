import Foundation
import Testing
import TileditTestSupport

/// A temporary folder holding `files` (relative path → text).
func makeFolder(_ files: [String: String] = [:]) throws -> URL {
    let folder = try TestSupport.makeTemporaryFolder("tiledit-cli")
    try TestSupport.writeFiles(files, in: folder)
    return folder
}

/// The text of the file at `path` under `folder`.
func text(of path: String, in folder: URL) throws -> String {
    String(decoding: try TestSupport.readFile(folder.appendingPathComponent(path)), as: UTF8.self)
}

/// Every file under `folder` with its bytes, to show that nothing was written.
func snapshot(of folder: URL) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for path in TestSupport.listTree(folder) {
        var isFolder: ObjCBool = false
        let url = folder.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            result[path] = try TestSupport.readFile(url)
        }
    }
    return result
}

/// The inode number of a file: an atomic save replaces it.
func fileNumber(of path: String, in folder: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
    return try #require((attributes[.systemFileNumber] as? NSNumber)?.intValue)
}
