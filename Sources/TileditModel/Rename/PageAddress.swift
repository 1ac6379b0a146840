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
        let lowered = name.lowercased()
        let stem = lowered.hasSuffix(".markdown") ? String(name.dropLast(9)) : lowered.hasSuffix(".md") ? String(name.dropLast(3)) : name
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

    /// The posts folder a site configuration (`tiledown.yml`, read as
    /// Tiledown reads it: `key: value` lines split at the first `:`, both
    /// trimmed, blank and `#` lines skipped) names in `postsDir`, slashes
    /// around it trimmed; `posts` when it names none.
    public static func postsFolder(siteConfiguration bytes: [UInt8]) -> String {
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]).trimmingSpaces()
            guard key == "postsDir" else { continue }
            return trimmedSlashes(String(line[line.index(after: colon)...]).trimmingSpaces())
        }
        return "posts"
    }

    static func trimmedSlashes(_ text: String) -> String {
        var text = Substring(text)
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
