import Foundation
import TileditModel

/// Renames and moves documents inside a workspace, with the links to them
/// (ARCHITECTURE.md, "Renaming a document"): plans what changes
/// (`RenamePlanner` over every Markdown document), makes it as one step
/// that is undone whole when any part fails, and undoes it, refusing when
/// a file it would write changed on disk since. Every file is written
/// through the document store's safe save, expecting the bytes it read.
///
/// Closures throw `RenameError`.
public struct RenameClient: Sendable {
    /// Plans moving the document `move.source` of the workspace at `root`
    /// (whose documents `workspace` lists) to `move.destination`. Throws
    /// `.refused` (the path rule), `.destinationExists`, `.unreadable`
    /// (the moved document).
    public var plan: @Sendable (_ root: URL, _ move: DocumentMove, _ workspace: Workspace) async throws -> RenamePlan
    /// Makes `plan`: checks every file still has the bytes planned from
    /// and that the new place is free, creates the folders it needs, moves
    /// the file or folder (never over anything), writes the edited files
    /// and removes the folders the move left empty. Throws
    /// `.changedOnDisk`, `.destinationExists`, `.missing`, `.failed`.
    public var apply: @Sendable (_ root: URL, _ plan: RenamePlan) async throws -> AppliedRename
    /// Undoes `applied`: checks every written file still has the bytes
    /// written and the old place is free, then puts each file's bytes and
    /// the document back. Throws `.changedOnDisk`, `.destinationExists`,
    /// `.missing`, `.failed`.
    public var undo: @Sendable (_ root: URL, _ applied: AppliedRename) async throws -> Void

    /// A client over the given operations (tests give recording ones).
    public init(
        plan: @escaping @Sendable (_ root: URL, _ move: DocumentMove, _ workspace: Workspace) async throws -> RenamePlan,
        apply: @escaping @Sendable (_ root: URL, _ plan: RenamePlan) async throws -> AppliedRename,
        undo: @escaping @Sendable (_ root: URL, _ applied: AppliedRename) async throws -> Void
    ) {
        self.plan = plan
        self.apply = apply
        self.undo = undo
    }

    /// Renames over a file system, writing through `store`.
    public static func live(fileSystem: FileSystem, store: DocumentStore, catalog: TileCatalog = .builtIn) -> RenameClient {
        let client = LiveRenameClient(fileSystem: fileSystem, store: store, catalog: catalog)
        return RenameClient(
            plan: { try await client.plan(root: $0, move: $1, workspace: $2) },
            apply: { try await client.apply(root: $0, plan: $1) },
            undo: { try await client.undo(root: $0, applied: $1) })
    }
}
