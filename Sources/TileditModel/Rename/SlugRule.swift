/// How a `slug` in front matter follows a rename or move (ARCHITECTURE.md,
/// "Renaming a document"): its last segment becomes the page's new name
/// when the name changed, and its folder part follows the page's folder
/// when it named that folder; slashes around it and any other segment
/// stay as written. A slug that changes no other way stays as it is.
public enum SlugRule {
    /// The slug after `move`, or `nil` when it stays `slug`.
    public static func slug(_ slug: String, after move: DocumentMove) -> String? {
        let oldPage = PageAddress.pagePath(ofFile: move.source)
        let newPage = PageAddress.pagePath(ofFile: move.destination)
        let oldName = WorkspacePath.name(of: oldPage)
        let newName = WorkspacePath.name(of: newPage)
        let oldFolder = WorkspacePath.folder(of: oldPage)
        let newFolder = WorkspacePath.folder(of: newPage)

        let leading = slug.prefix { $0 == "/" || $0 == " " || $0 == "\t" }
        let trailing = String(slug.reversed().prefix { $0 == "/" || $0 == " " || $0 == "\t" }.reversed())
        let core = slug.dropFirst(leading.count).dropLast(Swift.min(trailing.count, Swift.max(0, slug.count - leading.count)))
        guard !core.isEmpty else { return nil }
        var segments = core.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if oldName != newName, let last = segments.indices.last { segments[last] = newName }
        if segments.count > 1, oldFolder != newFolder, segments.dropLast().joined(separator: "/") == oldFolder {
            segments = (newFolder.isEmpty ? [] : newFolder.split(separator: "/").map(String.init)) + [segments[segments.count - 1]]
        }
        let result = leading + segments.joined(separator: "/") + trailing
        return result == slug ? nil : String(result)
    }
}
