import Foundation
import Observation
import TileditModel
import TileditServices

/// The document list's file actions (`DocumentListModel`): a new document
/// from its template, the workspace trash and restoring the last document
/// trashed, through the document store; failures as messages a user can
/// act on.
@Observable @MainActor
final class DocumentFiles {
    /// The last document moved to the trash, restorable.
    private(set) var lastTrashed: TrashedItem?

    @ObservationIgnored private let root: URL
    @ObservationIgnored private let store: DocumentStore

    init(root: URL, store: DocumentStore) {
        self.root = root
        self.store = store
    }

    /// Creates the document `form` describes from its template (a post in
    /// `posts/`, a page at the top), in Tiledown's flat front matter unless
    /// the workspace is not Tiledown's: its path from the workspace folder.
    func create(_ form: NewDocumentForm, isTiledown: Bool) async -> Result<String, ViewError> {
        let folder = form.kind == .post ? root.appendingPathComponent("posts") : root
        let template = DocumentTemplate(
            kind: form.kind, title: form.title.trimmingCharacters(in: .whitespaces), dialect: isTiledown ? .tiledown : .yaml)
        do {
            let url = try await store.create(template, folder)
            return .success(url.relativePath(in: root) ?? url.lastPathComponent)
        } catch {
            return .failure(ViewError(Self.message(error)))
        }
    }

    /// Moves the document at `path` to `.tiledit-trash` in the workspace.
    func trash(_ path: String) async -> ViewError? {
        do {
            lastTrashed = try await store.trash(root.appendingPathComponent(path), root)
            return nil
        } catch {
            return ViewError(Self.message(error))
        }
    }

    /// Puts the last trashed document back; `nil` when it was, or there is none.
    func restore() async -> ViewError? {
        guard let item = lastTrashed else { return nil }
        do {
            try await store.restore(item)
            lastTrashed = nil
            return nil
        } catch {
            return ViewError(Self.message(error))
        }
    }

    /// The message of an error of the services the list uses.
    static func message(_ error: any Error) -> String {
        if let error = error as? DocumentStoreError { return error.message }
        if let error = error as? WorkspaceError { return error.message }
        if let error = error as? RenameError { return error.message }
        return error.localizedDescription
    }
}
