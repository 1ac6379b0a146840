import Foundation
import TileditModel
import TileditServices

/// Which editor a document of the workspace opens in (ARCHITECTURE.md,
/// "View models"): a file that cannot be read is refused with its problem
/// (checked, not parsed, when the list has not summarized it yet); YAML
/// files and `tiledown.yml` (read as Tiledown's flat lines) open in a
/// YAML editor; every other document in a Markdown editor, with the front
/// matter dialect of its summary or of the rule for its place.
@MainActor
struct DocumentOpening {
    /// What opening a document gave.
    enum Outcome {
        /// A new Markdown editor, not yet loaded.
        case markdown(DocumentEditorModel)
        /// A new YAML editor, not yet loaded.
        case yaml(YAMLDocumentModel)
        /// The file cannot be read: the message names the file and the place (line, column).
        case refused(ViewError)
    }

    let opened: OpenEditors
    let dependencies: AppDependencies

    /// Opens the document at `path` (relative to `root`) in a new editor
    /// kept in `opened`; `changed` and `saved` are its owner's callbacks.
    func open(
        _ path: String, root: URL, list: DocumentListModel?, settings: Settings, catalog: TileCatalog,
        changed: @escaping @MainActor (URL, MarkdownDocument, _ immediately: Bool) -> Void,
        saved: @escaping @MainActor (URL, [UInt8]) -> Void
    ) async -> Outcome {
        let url = root.appendingPathComponent(path)
        var summary = list?.document(at: path)
        if let listed = summary, !listed.isSummarized, case .unreadable(let problem) = await dependencies.workspace.readability(url) {
            summary = DocumentSummary(path: path, kind: listed.kind, title: listed.title, size: 0, readability: .unreadable(problem))
            if let summary { list?.listing.take([summary]) }
        }
        if let summary, case .unreadable(let problem) = summary.readability {
            return .refused(ViewError(problem.message(path: path)))
        }
        if summary?.kind == .yaml || summary?.kind == .siteConfig {
            return .yaml(opened.openYAML(url: url, displayPath: path, saved: saved))
        }
        let dialect = summary?.dialect ?? FrontMatterDialectRule.dialect(forFileAt: url, workspaceRoot: root, fileSystem: dependencies.fileSystem)
        let editor = opened.openMarkdown(
            url: url, displayPath: path, dialect: dialect, settings: settings, catalog: catalog,
            changed: { document, immediately in changed(url, document, immediately) }, saved: saved)
        // A list item's completions: the values the workspace uses for its key.
        editor.inspector.valuesInUse = { [weak list] key in list?.valuesInUse(forKey: key) ?? [:] }
        return .markdown(editor)
    }
}
