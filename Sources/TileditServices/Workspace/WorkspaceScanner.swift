import Foundation
import TileditModel

/// Walks a workspace folder and lists its document files (no content read).
struct WorkspaceScanner {
    /// A document file found by the walk.
    struct Candidate: Sendable {
        var path: String
        /// The file's absolute path as text (its folder's `path`, `/`, its
        /// name): what reading it takes (`FileSystem.readListedFile(atPath:limit:)`),
        /// with no URL made per file.
        var filePath: String
        var kind: DocumentKind
        var size: Int
        var dialect: FrontMatterDialect

        /// The file's URL, made from `filePath` when asked for.
        var url: URL { URL(fileURLWithPath: filePath, isDirectory: false) }

        init(path: String, filePath: String, kind: DocumentKind, size: Int, dialect: FrontMatterDialect) {
            self.path = path
            self.filePath = filePath
            self.kind = kind
            self.size = size
            self.dialect = dialect
        }

        init(path: String, url: URL, kind: DocumentKind, size: Int, dialect: FrontMatterDialect) {
            self.init(path: path, filePath: url.path, kind: kind, size: size, dialect: dialect)
        }
    }

    struct Result: Sendable {
        var candidates: [Candidate]
        var unreadableFolders: [String]
        var isTiledown: Bool
    }

    let fileSystem: FileSystem
    /// Whether each file's size is looked up during the walk (else its
    /// `size` is -1, for callers that look it up themselves, in parallel).
    var measuresFiles = true

    func scan(root: URL) throws -> Result {
        let top = try listRoot(root)
        var candidates = top.candidates
        var unreadable: [String] = []
        var pending = top.folders
        while let (folder, relative, parentIsTiledown) = pending.popLast() {
            do {
                let listing = try list(folder, relative: relative, parentIsTiledown: parentIsTiledown)
                candidates += listing.candidates
                pending += listing.folders
            } catch is FileSystemError {
                unreadable.append(relative)
            }
        }
        return Result(candidates: candidates, unreadableFolders: unreadable.sorted(), isTiledown: top.hasSiteConfig)
    }

    /// The listing of the root folder (`list`), after checking it is one.
    ///
    /// - Throws: `WorkspaceError` when `root` is missing, not a folder or
    ///   cannot be listed.
    func listRoot(_ root: URL) throws -> Listing {
        guard let status = try wrap(root, { try fileSystem.status(root) }) else {
            throw WorkspaceError.missing(path: root.path)
        }
        guard status.kind == .folder else { throw WorkspaceError.notAFolder(path: root.path) }
        do {
            return try list(root, relative: "", parentIsTiledown: false)
        } catch let error as FileSystemError {
            throw WorkspaceError.unreadable(path: root.path, reason: error.reason)
        }
    }

    /// One folder of the walk: its document files, and its subfolders to
    /// walk next (with their paths relative to the root and whether they
    /// are inside a tree with `tiledown.yml`).
    struct Listing: Sendable {
        var candidates: [Candidate] = []
        var folders: [(url: URL, path: String, isTiledown: Bool)] = []
        /// Whether the folder holds `tiledown.yml`.
        var hasSiteConfig = false
    }

    /// Lists `folder` (at `relative` from the root, `""` for the root):
    /// hidden entries, skipped folders and anything but files and folders
    /// left out; linked files are followed, linked folders not (no cycles).
    ///
    /// - Throws: what listing the folder throws (a `FileSystemError`).
    func list(_ folder: URL, relative: String, parentIsTiledown: Bool) throws -> Listing {
        let entries = try fileSystem.listFolder(folder)
        var files: [(FolderEntry, FileStatus.Kind)] = []
        var listing = Listing()
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
                if FrontMatterDialectRule.siteConfigNames.contains(entry.name) { listing.hasSiteConfig = true }
                files.append((entry, .file))
            case .symbolicLink, .fifo, .characterDevice, .blockDevice, .socket, .other:
                // Never read: a FIFO or a device could block or never end.
                break
            }
        }
        let isTiledownTree = parentIsTiledown || listing.hasSiteConfig
        // Files' paths as text from the folder's, made once (no URL per file).
        let folderPath = folder.path
        let prefix = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
        for (entry, kind) in files {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if kind == .folder {
                listing.folders.append((folder.appendingPathComponent(entry.name, isDirectory: true), path, isTiledownTree))
                continue
            }
            guard let documentKind = DocumentKind(fileName: entry.name) else { continue }
            var candidate = Candidate(
                path: path, filePath: prefix + entry.name, kind: documentKind, size: -1,
                dialect: isTiledownTree ? .tiledown : .yaml)
            if measuresFiles { candidate.size = (try? fileSystem.status(candidate.url))?.size ?? 0 }
            listing.candidates.append(candidate)
        }
        return listing
    }

    private func wrap<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FileSystemError {
            throw WorkspaceError.unreadable(path: url.path, reason: error.reason)
        }
    }
}
