import Foundation
import TileditServices

/// Where a workspace session starts (ARCHITECTURE.md, "View models"): the
/// folder a path opens, and the documents with edits left in the recovery
/// journal by an earlier session.
struct WorkspaceStart {
    let fileSystem: FileSystem
    let store: DocumentStore

    /// The folder or file `path` names, relative to `currentDirectory`
    /// unless absolute; `currentDirectory` without a path.
    static func target(_ path: String?, in currentDirectory: URL) -> URL {
        let url = path.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : currentDirectory.appendingPathComponent($0) } ?? currentDirectory
        return url.standardizedFileURL
    }

    /// The document to open first: `file` when it is one of the list's
    /// documents, else the first readable Markdown document shown (`nil`:
    /// none); a `file` that is not a document fails with the reason. A
    /// document only listed so far is checked with `readability` (read, not
    /// parsed) and, when it cannot be read, its row says why (`DocumentListing.take`)
    /// and the next one is tried.
    @MainActor
    static func firstDocument(
        _ file: String?, in list: DocumentListModel, readability: (URL) async -> DocumentSummary.Readability
    ) async -> Result<String?, ViewError> {
        guard let file else {
            for summary in list.visibleDocuments where summary.kind == .markdown && summary.isReadable {
                guard !summary.isSummarized, case .unreadable(let problem) = await readability(list.root.appendingPathComponent(summary.path))
                else { return .success(summary.path) }
                list.listing.take([DocumentSummary(path: summary.path, kind: summary.kind, title: summary.title, size: 0, readability: .unreadable(problem))])
            }
            return .success(nil)
        }
        guard list.document(at: file) != nil else {
            return .failure(ViewError("Tiledit cannot open \(file): only Markdown (.md) and YAML (.yml, .yaml) documents open. Its folder is open instead."))
        }
        return .success(file)
    }

    /// The workspace root for `url` and, for a file, its path relative to
    /// the root: a folder is its own root; a file's root is the nearest
    /// folder above it holding `tiledown.yml`, else its own folder.
    func root(for url: URL) -> (root: URL, file: String?) {
        guard let status = try? fileSystem.status(url), status.kind != .folder else { return (url, nil) }
        var folder = url.deletingLastPathComponent()
        var candidate = folder
        while candidate.path != "/" {
            if (try? fileSystem.status(candidate.appendingPathComponent("tiledown.yml"))) != nil {
                folder = candidate
                break
            }
            candidate.deleteLastPathComponent()
        }
        return (folder, url.relativePath(in: folder) ?? url.lastPathComponent)
    }

    /// The documents of `workspace` (at `root`) with edits in the journal,
    /// each saying whether its file changed since; `nil` when there are none.
    func recoverableEdits(root: URL, workspace: Workspace) async -> RecoveryList? {
        guard let entries = try? await store.pendingJournals() else { return nil }
        var items: [RecoveryList.Item] = []
        for entry in entries {
            guard let path = entry.documentURL.relativePath(in: root), workspace.document(at: path) != nil else { continue }
            let onDisk = try? await store.load(entry.documentURL)
            items.append(RecoveryList.Item(
                path: path, date: entry.date, fileChangedSince: entry.baseHash != nil && onDisk?.hash != entry.baseHash,
                pendingValueCount: entry.pendingValues.count))
        }
        return items.isEmpty ? nil : RecoveryList(items: items)
    }
}
