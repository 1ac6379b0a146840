import Foundation
import TileditModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The live `RenameClient` operations over a `FileSystem` and a
/// `DocumentStore`. A rename and its undo are each a list of steps (make a
/// folder, move, write a file, remove a folder); after a failed step the
/// steps done are undone in reverse order, so the workspace is as it was,
/// or the error says what could not be put back.
struct LiveRenameClient: Sendable {
    let fileSystem: FileSystem
    let store: DocumentStore
    let catalog: TileCatalog

    // MARK: Planning

    func plan(root: URL, move: DocumentMove, workspace: Workspace) async throws -> RenamePlan {
        let paths = workspace.documents.map(\.path)
        if let problem = DocumentPathRule.problem(renaming: move.source, to: move.destination, documents: paths) {
            throw RenameError.refused(problem)
        }
        if try exists(move.movedTo, in: root) { throw RenameError.destinationExists(path: move.movedTo) }
        var sources: [RenameSource] = []
        var notes: [String] = []
        for summary in workspace.documents where summary.kind == .markdown {
            try Task.checkCancellation()
            do {
                let file = try await store.load(url(summary.path, in: root))
                sources.append(RenameSource(path: summary.path, bytes: file.bytes, dialect: summary.dialect ?? .tiledown))
            } catch let error as DocumentStoreError {
                if summary.path == move.source { throw RenameError.unreadable(path: summary.path, reason: error.message) }
                notes.append("\(summary.path) could not be read, so its links were not checked")
            }
        }
        guard sources.contains(where: { $0.path == move.source }) else {
            throw RenameError.unreadable(path: move.source, reason: "it is not among the workspace's documents")
        }
        var postsFolder = "posts"
        if workspace.isTiledown {
            for name in FrontMatterDialectRule.siteConfigNames.sorted() {
                if let file = try? await store.load(root.appendingPathComponent(name)) {
                    postsFolder = PageAddress.postsFolder(siteConfiguration: file.bytes)
                    break
                }
            }
        }
        let fileSystem = fileSystem
        var plan = RenamePlanner.plan(
            move, documents: sources, readsReferences: workspace.isTiledown, postsFolder: postsFolder, catalog: catalog
        ) { path in
            (try? fileSystem.status(root.appendingPathComponent(path))) != nil
        }
        plan.notes = notes + plan.notes
        return plan
    }

    // MARK: Applying

    /// One thing done to the workspace, undone in reverse after a failure.
    private enum Step {
        case createdFolder(String)
        case moved(from: String, to: String)
        case wrote(path: String, before: [UInt8], after: [UInt8])
    }

    func apply(root: URL, plan: RenamePlan) async throws -> AppliedRename {
        let move = plan.move
        // Every file as planned from, and the place free.
        var expected: [String: FileFingerprint] = [:]
        var changed: [String] = []
        for edit in plan.edits where edit.changesText {
            guard let file = try? await store.load(url(edit.path, in: root)), file.bytes == edit.before else {
                changed.append(edit.path)
                continue
            }
            expected[edit.path] = file.fingerprint
        }
        if !changed.isEmpty { throw RenameError.changedOnDisk(paths: changed) }
        guard try exists(move.movedFrom, in: root) else { throw RenameError.missing(path: move.movedFrom) }
        if try exists(move.movedTo, in: root) { throw RenameError.destinationExists(path: move.movedTo) }

        var done: [Step] = []
        do {
            for folder in try missingFolders(above: move.movedTo, in: root) {
                try fileSystemStep("make the folder \(folder)") { try fileSystem.createFolder(url(folder, in: root)) }
                done.append(.createdFolder(folder))
            }
            try moveExclusive(move.movedFrom, to: move.movedTo, in: root)
            done.append(.moved(from: move.movedFrom, to: move.movedTo))
            for edit in plan.edits where edit.changesText {
                try Task.checkCancellation()
                try await write(edit.after, to: edit.newPath, expecting: expected[edit.path], in: root)
                done.append(.wrote(path: edit.newPath, before: edit.before, after: edit.after))
            }
        } catch {
            throw await rollBack(done, root: root, because: error)
        }
        let removed = removeEmptyFolders(above: move.movedFrom, in: root)
        return AppliedRename(plan: plan, createdFolders: done.compactMap { if case .createdFolder(let path) = $0 { path } else { nil } }, removedFolders: removed)
    }

    // MARK: Undoing

    func undo(root: URL, applied: AppliedRename) async throws {
        let move = applied.plan.move
        var expected: [String: FileFingerprint] = [:]
        var changed: [String] = []
        for edit in applied.plan.edits where edit.changesText {
            guard let file = try? await store.load(url(edit.newPath, in: root)), file.bytes == edit.after else {
                changed.append(edit.newPath)
                continue
            }
            expected[edit.newPath] = file.fingerprint
        }
        if !changed.isEmpty { throw RenameError.changedOnDisk(paths: changed) }
        guard try exists(move.movedTo, in: root) else { throw RenameError.missing(path: move.movedTo) }
        if try exists(move.movedFrom, in: root) { throw RenameError.destinationExists(path: move.movedFrom) }

        var done: [Step] = []
        do {
            for edit in applied.plan.edits.reversed() where edit.changesText {
                try await write(edit.before, to: edit.newPath, expecting: expected[edit.newPath], in: root)
                done.append(.wrote(path: edit.newPath, before: edit.after, after: edit.before))
            }
            for folder in try missingFolders(above: move.movedFrom, in: root) {
                try fileSystemStep("make the folder \(folder)") { try fileSystem.createFolder(url(folder, in: root)) }
                done.append(.createdFolder(folder))
            }
            try moveExclusive(move.movedTo, to: move.movedFrom, in: root)
            done.append(.moved(from: move.movedTo, to: move.movedFrom))
        } catch {
            throw await rollBack(done, root: root, because: error)
        }
        // The folders the rename made for the new place go when empty.
        for folder in applied.createdFolders.reversed() {
            try? fileSystem.remove(url(folder, in: root))
        }
    }

    // MARK: Steps

    /// Undoes `done` in reverse and returns the error to throw for `error`.
    private func rollBack(_ done: [Step], root: URL, because error: any Error) async -> RenameError {
        if let error = error as? RenameError, done.isEmpty { return error }
        let reason = Self.reason(error)
        var leftovers: [String] = []
        for step in done.reversed() {
            switch step {
            case .createdFolder(let folder):
                do { try fileSystem.remove(url(folder, in: root)) } catch { leftovers.append("the new folder \(folder) stays") }
            case .moved(let from, let to):
                do { try moveExclusive(to, to: from, in: root) } catch { leftovers.append("\(from) stays at \(to) (\(Self.reason(error)))") }
            case .wrote(let path, let before, let after):
                let current = try? await store.load(url(path, in: root))
                guard let current, current.bytes == after else {
                    leftovers.append("\(path) changed meanwhile and was left as it is")
                    continue
                }
                do {
                    _ = try await store.saveWithOptions(url(path, in: root), before, current.fingerprint, SaveOptions())
                } catch {
                    leftovers.append("\(path) keeps its new links (\(Self.reason(error)))")
                }
            }
        }
        return .failed(reason: reason, restored: leftovers.isEmpty, leftover: leftovers.isEmpty ? nil : leftovers.joined(separator: "; "))
    }

    /// Writes `bytes` to `path` through the store, over the version read.
    private func write(_ bytes: [UInt8], to path: String, expecting fingerprint: FileFingerprint?, in root: URL) async throws {
        guard let fingerprint else { throw RenameError.changedOnDisk(paths: [path]) }
        do {
            _ = try await store.saveWithOptions(url(path, in: root), bytes, fingerprint, SaveOptions())
        } catch DocumentStoreError.conflict {
            throw RenameError.changedOnDisk(paths: [path])
        }
    }

    /// Renames `from` to `to`, never over something at `to`.
    private func moveExclusive(_ from: String, to: String, in root: URL) throws {
        let source = url(from, in: root)
        let target = url(to, in: root)
        do {
            try fileSystem.renameExclusive(source, target)
        } catch let error as FileSystemError where error.code == EEXIST {
            throw RenameError.destinationExists(path: to)
        } catch let error as FileSystemError where error.code == EINVAL || error.code == ENOSYS || error.code == ENOTSUP {
            // No exclusive rename on this file system: checked just before, a narrow race.
            guard try exists(to, in: root) == false else { throw RenameError.destinationExists(path: to) }
            try fileSystemStep("move \(from) to \(to)") { try fileSystem.rename(source, target) }
        } catch let error as FileSystemError {
            throw RenameError.failed(reason: "\(from) could not be moved to \(to): \(error.reason)", restored: true, leftover: nil)
        }
    }

    private func fileSystemStep(_ what: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as FileSystemError {
            throw RenameError.failed(reason: "could not \(what): \(error.reason)", restored: true, leftover: nil)
        }
    }

    /// The folders above `path` that do not exist, outermost first.
    private func missingFolders(above path: String, in root: URL) throws -> [String] {
        var missing: [String] = []
        var folder = WorkspacePath.folder(of: path)
        while !folder.isEmpty, try !exists(folder, in: root) {
            missing.insert(folder, at: 0)
            folder = WorkspacePath.folder(of: folder)
        }
        return missing
    }

    /// Removes the folders above `path` that are now empty, innermost
    /// first, up to the root (which stays); returns them.
    private func removeEmptyFolders(above path: String, in root: URL) -> [String] {
        var removed: [String] = []
        var folder = WorkspacePath.folder(of: path)
        while !folder.isEmpty {
            guard (try? fileSystem.listFolder(url(folder, in: root)))?.isEmpty == true else { break }
            do { try fileSystem.remove(url(folder, in: root)) } catch { break }
            removed.append(folder)
            folder = WorkspacePath.folder(of: folder)
        }
        return removed
    }

    private func exists(_ path: String, in root: URL) throws -> Bool {
        do {
            return try fileSystem.linkStatus(url(path, in: root)) != nil
        } catch let error as FileSystemError {
            throw RenameError.failed(reason: "\(path) cannot be looked at: \(error.reason)", restored: true, leftover: nil)
        }
    }

    private func url(_ path: String, in root: URL) -> URL {
        root.appendingPathComponent(path, isDirectory: false)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as RenameError:
            if case .failed(let reason, _, _) = error { return reason }
            return error.message
        case let error as DocumentStoreError: return error.message
        case let error as FileSystemError: return error.reason
        case is CancellationError: return "the rename was stopped"
        default: return "\(error)"
        }
    }
}
