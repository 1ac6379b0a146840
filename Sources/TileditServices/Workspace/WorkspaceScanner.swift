import Foundation
import TileditModel

/// Walks a workspace folder and lists its document files (no content read).
struct WorkspaceScanner {
    /// A document file found by the walk.
    struct Candidate: Sendable {
        var path: String
        var url: URL
        var kind: DocumentKind
        var size: Int
        var dialect: FrontMatterDialect
    }

    struct Result: Sendable {
        var candidates: [Candidate]
        var unreadableFolders: [String]
        var isTiledown: Bool
    }

    let fileSystem: FileSystem

    func scan(root: URL) throws -> Result {
        guard let status = try wrap(root, { try fileSystem.status(root) }) else {
            throw WorkspaceError.missing(path: root.path)
        }
        guard status.kind == .folder else { throw WorkspaceError.notAFolder(path: root.path) }

        var candidates: [Candidate] = []
        var unreadable: [String] = []
        var isTiledown = false
        // (folder URL, relative path, inside a tree with tiledown.yml)
        var pending: [(URL, String, Bool)] = [(root, "", false)]
        while let (folder, relative, parentIsTiledown) = pending.popLast() {
            let entries: [FolderEntry]
            do {
                entries = try fileSystem.listFolder(folder)
            } catch let error as FileSystemError {
                if relative.isEmpty { throw WorkspaceError.unreadable(path: root.path, reason: error.reason) }
                unreadable.append(relative)
                continue
            }
            var files: [(FolderEntry, FileStatus.Kind)] = []
            var hasSiteConfig = false
            for entry in entries where !entry.name.hasPrefix(".") {
                var kind = entry.kind
                if kind == .symbolicLink {
                    // Linked files are followed; linked folders are not (no cycles).
                    kind = (try? fileSystem.status(folder.appendingPathComponent(entry.name)))?.kind ?? .other
                    if kind == .folder { continue }
                }
                switch kind {
                case .folder:
                    if !WorkspaceClient.skippedFolderNames.contains(entry.name) {
                        files.append((entry, .folder))
                    }
                case .file:
                    if FrontMatterDialectRule.siteConfigNames.contains(entry.name) { hasSiteConfig = true }
                    files.append((entry, .file))
                case .symbolicLink, .fifo, .characterDevice, .blockDevice, .socket, .other:
                    // Never read: a FIFO or a device could block or never end.
                    break
                }
            }
            let isTiledownTree = parentIsTiledown || hasSiteConfig
            if relative.isEmpty { isTiledown = hasSiteConfig }
            for (entry, kind) in files {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                let url = folder.appendingPathComponent(entry.name, isDirectory: kind == .folder)
                if kind == .folder {
                    pending.append((url, path, isTiledownTree))
                    continue
                }
                guard let documentKind = DocumentKind(fileName: entry.name) else { continue }
                let size = (try? fileSystem.status(url))?.size ?? 0
                candidates.append(Candidate(
                    path: path, url: url, kind: documentKind, size: size,
                    dialect: isTiledownTree ? .tiledown : .yaml))
            }
        }
        return Result(candidates: candidates, unreadableFolders: unreadable.sorted(), isTiledown: isTiledown)
    }

    private func wrap<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FileSystemError {
            throw WorkspaceError.unreadable(path: url.path, reason: error.reason)
        }
    }
}
