import Foundation
import TileditServices

/// A file a command works on: where it is, how it is named in messages, and
/// how it is read.
struct InputFile: Sendable, Hashable {
    /// The path as the user wrote it, or a folder argument joined with the
    /// file's path inside that folder (`docs` + `a/index.md` → `docs/a/index.md`).
    var displayPath: String
    /// The file, absolute and standardized.
    var url: URL
    /// Markdown, YAML, or the Tiledown site config (read as flat YAML).
    var kind: DocumentKind
    /// The folder argument the file was found in (the workspace root the
    /// front matter dialect rule stops at), `nil` for a file named directly.
    var workspaceRoot: URL?

    /// The kind of a file named directly: `tiledown.yml` is the site config,
    /// `.yml`/`.yaml` files are YAML, every other file is read as Markdown.
    static func kind(forFileNamed name: String) -> DocumentKind {
        switch DocumentKind(fileName: name) {
        case .yaml: .yaml
        case .siteConfig: .siteConfig
        case .markdown, nil: .markdown
        }
    }

    /// How a file found at `relativePath` inside the folder argument
    /// `folderPath` is named: `.` adds nothing, a trailing `/` is not doubled.
    static func displayPath(folder folderPath: String, relativePath: String) -> String {
        if folderPath == "." || folderPath == "./" { return relativePath }
        var folder = folderPath
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + relativePath : folder + "/" + relativePath
    }
}
