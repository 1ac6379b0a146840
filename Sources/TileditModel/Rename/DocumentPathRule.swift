/// What a new path for a renamed or moved document must be, checked as it
/// is typed (ARCHITECTURE.md, "Renaming a document"). The first rule a
/// path breaks gives the message; a path that breaks none can be planned
/// (the disk is checked again then, and when the move is made).
///
/// - It is inside the workspace and visible there: relative (no leading
///   `/`), no empty, `.` or `..` component, no component starting with `.`
///   (hidden: the documents list and the site skip it) nor named like a
///   build folder the list skips, no control characters, no spaces at
///   either end, at most 255 bytes per name.
/// - It names a Markdown file: `.md` (or `.markdown` for a file that has
///   it). A page bundle's page keeps its file name (`index.md`) and
///   changes its folder; its folder cannot move into itself.
/// - Nothing is there yet (no document, and for a bundle no folder
///   holding documents), and it is not the path the document has now.
/// - The site's home page (`index.md` at the root) and a folder's page
///   whose folder holds other Markdown documents (a section) are not
///   renamed: their folder is the workspace, or moving it would move the
///   other documents.
public enum DocumentPathRule {
    /// Folder names the document list skips (build output).
    public static let skippedFolderNames: Set<String> = ["node_modules", "dist", "_site", "build"]

    /// Why `source` (a document's path) cannot be renamed at all, or `nil`.
    ///
    /// - Parameter documents: every document path of the workspace.
    public static func problem(renaming source: String, documents: [String]) -> String? {
        let name = WorkspacePath.name(of: source)
        guard isMarkdown(name) else {
            return "Only Markdown documents are renamed here; \(source) is not one"
        }
        if PageAddress.bundleIndexNames.contains(name) {
            let folder = WorkspacePath.folder(of: source)
            if folder.isEmpty { return "\(source) is the site's home page: its folder is the workspace" }
            let others = documents.filter { $0 != source && WorkspacePath.isInside($0, folder) && isMarkdown($0) }
            if !others.isEmpty {
                let count = others.count
                return "\(source) is the page of a folder with \(count) other document\(count == 1 ? "" : "s") (\(others.sorted()[0])\(count > 1 ? ", …" : "")); moving its folder would move them too, which Tiledit does not do"
            }
        }
        return nil
    }

    /// Why `typed` cannot be the new path of `source`, or `nil`.
    ///
    /// - Parameter documents: every document path of the workspace.
    public static func problem(renaming source: String, to typed: String, documents: [String]) -> String? {
        if let problem = problem(renaming: source, documents: documents) { return problem }
        if typed.isEmpty { return "Type the new path, from the workspace folder" }
        if typed == source { return "That is the document's path now" }
        if typed.unicodeScalars.contains(where: isControl) { return "A path cannot hold control characters" }
        if typed.first?.isWhitespace == true || typed.last?.isWhitespace == true { return "No spaces at the start or end of the path" }
        if typed.hasPrefix("/") { return "Type the path from the workspace folder, without a leading /" }
        let components = typed.split(separator: "/", omittingEmptySubsequences: false)
        for component in components {
            if component.isEmpty { return typed.hasSuffix("/") ? "Type the file name after the last /" : "A folder name is empty (//)" }
            if component == "." || component == ".." { return "No . or .. in the path: it stays inside the workspace" }
            if component.hasPrefix(".") { return "`\(component)` starts with a dot: hidden files are not listed nor published" }
            if component.utf8.count > 255 { return "`\(component.prefix(20))…` is longer than 255 bytes" }
            if component.first?.isWhitespace == true || component.last?.isWhitespace == true { return "No spaces at the start or end of `\(component)`" }
        }
        for component in components.dropLast() where skippedFolderNames.contains(String(component)) {
            return "`\(component)` is a build folder: documents in it are not listed"
        }
        let name = WorkspacePath.name(of: typed)
        let sourceName = WorkspacePath.name(of: source)
        let move = DocumentMove(source: source, destination: typed)
        if move.movesFolder {
            guard name == sourceName else {
                let stem = name.hasSuffix(".markdown") ? String(typed.dropLast(9)) : name.hasSuffix(".md") ? String(typed.dropLast(3)) : typed
                return "A page bundle moves with its folder: keep \(sourceName) and change the folder, as in \(stem)/\(sourceName)"
            }
            let folder = WorkspacePath.folder(of: typed)
            if folder.isEmpty { return "\(sourceName) at the top is the site's home page; give the page a folder" }
            if WorkspacePath.isInside(folder, move.movedFrom) { return "A folder cannot move into itself" }
            if documents.contains(where: { WorkspacePath.isInside($0, folder) }) { return "The folder \(folder) already exists" }
        } else {
            let allowed = sourceName.lowercased().hasSuffix(".markdown") ? [".md", ".markdown"] : [".md"]
            guard allowed.contains(where: { name.lowercased().hasSuffix($0) && name.count > $0.count }) else {
                return "The name must end in .md"
            }
            if documents.contains(typed) { return "\(typed) already exists" }
            if documents.contains(where: { $0.hasPrefix(typed + "/") }) { return "\(typed) is a folder" }
        }
        return nil
    }

    /// Whether `path` names a Markdown file (extensions compared without case, as the document list does).
    private static func isMarkdown(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
