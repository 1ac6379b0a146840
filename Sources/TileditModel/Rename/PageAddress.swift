/// Where a site publishes a Markdown document (ARCHITECTURE.md, "Renaming a
/// document"): its page path, the URL path without its slashes.
///
/// - From the file's path: `posts/hello/index.md` (a page bundle, and
///   `_index.md` too) is `posts/hello`, `posts/a.md` is `posts/a`, the
///   root's `index.md` is `""` (the home page).
/// - From a `slug` in front matter: a slug holding `/` is the page path
///   from the root (`slug: posts/reference-routing`, as Tiledown reads it);
///   a slug without one names the page in its folder (`slug: hi` on
///   `posts/a.md` is `posts/hi`). Slashes around it are not part of it.
/// - The page is published at the slug's path when there is one, else at
///   the path's.
public enum PageAddress {
    /// File names that make their folder the page (a page bundle).
    public static let bundleIndexNames: Set<String> = ["index.md", "_index.md"]

    /// Whether `path` is a page bundle's page (`…/index.md` below the root).
    public static func isBundlePage(_ path: String) -> Bool {
        bundleIndexNames.contains(WorkspacePath.name(of: path)) && !WorkspacePath.folder(of: path).isEmpty
    }

    /// The page path from a document's file path.
    public static func pagePath(ofFile path: String) -> String {
        let name = WorkspacePath.name(of: path)
        if bundleIndexNames.contains(name) { return WorkspacePath.folder(of: path) }
        let folder = WorkspacePath.folder(of: path)
        let stem = name.hasSuffix(".markdown") ? String(name.dropLast(9)) : name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        return folder.isEmpty ? stem : folder + "/" + stem
    }

    /// The page path a slug gives a document at `path`; `nil` for an empty slug.
    public static func pagePath(ofSlug slug: String, file path: String) -> String? {
        let trimmed = trimmedSlashes(slug.trimmingSpaces())
        guard !trimmed.isEmpty else { return nil }
        if trimmed.contains("/") { return trimmed }
        let parent = WorkspacePath.folder(of: pagePath(ofFile: path))
        return parent.isEmpty ? trimmed : parent + "/" + trimmed
    }

    /// The page path a document is published at.
    public static func publishedPath(file path: String, slug: String?) -> String {
        slug.flatMap { pagePath(ofSlug: $0, file: path) } ?? pagePath(ofFile: path)
    }

    static func trimmedSlashes(_ text: String) -> String {
        var text = Substring(text)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
