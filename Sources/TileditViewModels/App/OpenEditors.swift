import Foundation
import TileditModel
import TileditServices

/// The editors opened in a workspace session, kept by path so that
/// switching documents keeps each one's unsaved edits: Markdown editors
/// made with the settings in effect and the catalog in the user's order,
/// YAML editors, each telling its owner after every save.
@MainActor
final class OpenEditors {
    private let store: DocumentStore
    private let clock: any Clock<Duration>
    /// Markdown editors by path.
    private(set) var markdown: [String: DocumentEditorModel] = [:]
    /// YAML editors by path.
    private(set) var yaml: [String: YAMLDocumentModel] = [:]
    /// The workspace folder, given to each editor's session (where "keep both" puts its copy).
    var workspaceRoot: URL?

    init(store: DocumentStore, clock: any Clock<Duration>) {
        self.store = store
        self.clock = clock
    }

    /// Paths of every open editor.
    var paths: [String] { Array(markdown.keys) + Array(yaml.keys) }

    /// What quitting does with these editors.
    var quitWork: QuitWork { QuitWork(markdown: Array(markdown.values), yaml: Array(yaml.values)) }

    /// The bytes of the open Markdown documents without unsaved edits, by
    /// path (the file's bytes, as their editors hold them: the index shares
    /// them instead of reading the files again).
    func cleanDocuments() -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (path, editor) in markdown where !editor.isDirty {
            if let document = editor.document.value { result[path] = document.bytes }
        }
        return result
    }

    /// The list's summary of the Markdown document or YAML file open at
    /// `path` (under `root`), from its editor's parse; `nil` when it is not
    /// open or not loaded.
    func parsedSummary(_ path: String, root: URL) -> DocumentSummary? {
        let rootName = root.standardizedFileURL.lastPathComponent
        if let document = markdown[path]?.document.value { return DocumentSummary(parsed: document, path: path, rootName: rootName) }
        guard let file = yaml[path]?.file.value else { return nil }
        return DocumentSummary(parsed: file, path: path, rootName: rootName)
    }

    /// The bytes the editor open at `path` holds (Markdown or YAML), `nil` when none is loaded.
    func bytes(_ path: String) -> [UInt8]? {
        markdown[path]?.document.value?.bytes ?? yaml[path]?.file.value?.bytes
    }

    /// A new Markdown editor of `url`, kept under `displayPath`; `changed`
    /// and `saved` are its `documentChanged` and `documentSaved`.
    func openMarkdown(
        url: URL, displayPath: String, dialect: FrontMatterDialect, settings: Settings, catalog: TileCatalog,
        changed: @escaping @MainActor (MarkdownDocument, _ immediately: Bool) -> Void,
        saved: @escaping @MainActor (URL, [UInt8]) -> Void
    ) -> DocumentEditorModel {
        let editor = DocumentEditorModel(
            url: url, displayPath: displayPath, dialect: dialect,
            dependencies: .init(store: store, clock: clock, catalog: catalog, formatOnSave: settings.formatOnSave, autosaveDelay: settings.autosaveDelay),
            documentChanged: changed, documentSaved: saved)
        editor.session.workspaceRoot = workspaceRoot
        markdown[displayPath] = editor
        return editor
    }

    /// A new YAML editor of `url`, kept under `displayPath`; `saved` is its `documentSaved`.
    func openYAML(url: URL, displayPath: String, saved: @escaping @MainActor (URL, [UInt8]) -> Void) -> YAMLDocumentModel {
        let editor = YAMLDocumentModel(url: url, displayPath: displayPath, dependencies: .init(store: store, clock: clock), documentSaved: saved)
        editor.session.workspaceRoot = workspaceRoot
        yaml[displayPath] = editor
        return editor
    }

    /// Forgets the editor of `path` (its document went to the trash).
    func close(_ path: String) {
        markdown[path] = nil
        yaml[path] = nil
    }

    /// The user chose what becomes of the recoverable edits of `path`
    /// (under `root`): the editor open on it (Markdown or YAML), if it
    /// shows the recovery, restores them; or the journal forgets them and
    /// the editor's recovery closes. Either way the question is asked once.
    func choseRecovery(_ choice: RecoveryChoice, of path: String, under root: URL) async {
        let editor = offeringRecovery(path)
        guard choice == .discard else {
            await editor?.onChoseRecovery(.restore)
            return
        }
        try? await store.clearJournal(root.appendingPathComponent(path))
        editor?.onDismissed()
    }

    /// The editor of `path` while it offers journaled edits back, if any.
    private func offeringRecovery(_ path: String) -> (any DocumentSessionEditor)? {
        if let editor = markdown[path], editor.destination?.recovery != nil { return editor }
        if let editor = yaml[path], editor.destination?.recovery != nil { return editor }
        return nil
    }

    /// Open Markdown editors follow new settings at once, not only those opened later.
    func apply(_ settings: Settings) {
        for editor in markdown.values {
            editor.onChangedSettings(formatOnSave: settings.formatOnSave, autosaveDelay: settings.autosaveDelay)
        }
    }
}
