import Foundation
import Observation
import TileditModel
import TileditServices

/// The document list's renames (`DocumentListModel`): planning what a
/// rename or move of a document changes, making it as one step and undoing
/// it, each refused while a file it writes has unsaved edits (they would
/// meet a file changed on disk). The list shows the outcomes; this part
/// holds the last rename made and the rules.
@Observable @MainActor
final class DocumentRenaming {
    /// The last rename made, undoable.
    private(set) var lastRename: AppliedRename?

    @ObservationIgnored private let root: URL
    @ObservationIgnored private let renamer: RenameClient
    @ObservationIgnored private let hasUnsavedEdits: @MainActor (String) -> Bool

    /// - Parameters:
    ///   - renamer: plans, makes and undoes renames.
    ///   - hasUnsavedEdits: whether an open editor holds unsaved edits of a path.
    init(root: URL, renamer: RenameClient, hasUnsavedEdits: @escaping @MainActor (String) -> Bool) {
        self.root = root
        self.renamer = renamer
        self.hasUnsavedEdits = hasUnsavedEdits
    }

    /// What planning a rename came to.
    enum Planned {
        /// The changes to show before they are made.
        case preview(RenamePreview)
        /// Why it cannot be made.
        case refused(ViewError)
        /// Cancelled: nothing to show.
        case cancelled
    }

    /// Plans the rename `form` holds in `workspace`.
    func plan(_ form: RenameForm, in workspace: Workspace) async -> Planned {
        if hasUnsavedEdits(form.source) {
            return .refused(ViewError("\(form.source) has unsaved edits: save or undo them before renaming it."))
        }
        do {
            let plan = try await renamer.plan(root, DocumentMove(source: form.source, destination: form.text), workspace)
            let unsaved = Self.writtenPaths(of: plan, after: false, in: workspace).filter(hasUnsavedEdits)
            guard unsaved.isEmpty else {
                return .refused(ViewError("The rename changes \(unsaved.joined(separator: ", ")), which \(Self.have(unsaved)) unsaved edits: save or undo them first."))
            }
            return .preview(RenamePreview(plan: plan))
        } catch is CancellationError {
            return .cancelled
        } catch {
            return .refused(ViewError(DocumentFiles.message(error)))
        }
    }

    /// Makes the rename `preview` shows: the rename made, with the note
    /// that says so, or why it failed (nothing half done: the client undoes
    /// what it made); `nil` when cancelled.
    func apply(_ preview: RenamePreview) async -> Result<(AppliedRename, notice: String), ViewError>? {
        do {
            let applied = try await renamer.apply(root, preview.plan)
            lastRename = applied
            let move = applied.plan.move
            return .success((applied, "Renamed \(move.source) to \(move.destination); \(Self.linkSummary(applied.plan)). Undo rename puts it back."))
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(ViewError(DocumentFiles.message(error)))
        }
    }

    /// Undoes the last rename: the document goes back with every file it
    /// changed, with the note that says so, or nothing changes and the
    /// error says why (a file changed on disk since, something at the old
    /// path, unsaved edits); `nil` when there is none or it was cancelled.
    func undo(in workspace: Workspace?) async -> Result<(AppliedRename, notice: String), ViewError>? {
        guard let applied = lastRename else { return nil }
        let unsaved = Self.writtenPaths(of: applied.plan, after: true, in: workspace).filter(hasUnsavedEdits)
        guard unsaved.isEmpty else {
            return .failure(ViewError("Undoing the rename changes \(unsaved.joined(separator: ", ")), which \(Self.have(unsaved)) unsaved edits: save or undo them first."))
        }
        do {
            try await renamer.undo(root, applied)
            lastRename = nil
            let move = applied.plan.move
            return .success((applied, "Undid the rename: \(move.destination) is \(move.source) again."))
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(ViewError("The rename was not undone: " + DocumentFiles.message(error)))
        }
    }

    /// The documents a rename (or, `after`, its undo) writes or moves: the
    /// edited files and every document inside what moves.
    private static func writtenPaths(of plan: RenamePlan, after: Bool, in workspace: Workspace?) -> [String] {
        let move = plan.move
        let moved = (workspace?.documents ?? []).map(\.path).filter { WorkspacePath.isInside($0, after ? move.movedTo : move.movedFrom) }
        let edited = plan.edits.map { after ? $0.newPath : $0.path }
        return Array(Set(moved + edited)).sorted()
    }

    private static func have(_ paths: [String]) -> String { paths.count == 1 ? "has" : "have" }

    private static func linkSummary(_ plan: RenamePlan) -> String {
        let files = plan.linkingFiles.filter(\.changesText)
        let links = files.reduce(0) { $0 + $1.linkCount }
        guard links > 0 else { return "no link to it changed" }
        return "\(links) link\(links == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s") followed"
    }
}
