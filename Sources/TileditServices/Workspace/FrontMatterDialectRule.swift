import Foundation
import TileditModel

/// Which front matter dialect a Markdown file is read with (ARCHITECTURE.md,
/// "The Tiledown format"): `.tiledown` when its folder, or any folder above it up to the
/// workspace root, holds `tiledown.yml`; `.yaml` otherwise.
///
/// Discovery, the editor and the headless commands all decide through this
/// one rule.
public enum FrontMatterDialectRule {
    /// The name of the Tiledown site config file.
    public static let siteConfigName = "tiledown.yml"
    /// Every name Tiledown reads its site config from (`tiledown.yml`, `tiledown.yaml`).
    public static let siteConfigNames: Set<String> = Set(SiteConfigurationSchema.fileNames)

    /// The dialect for the file at `url`.
    ///
    /// - Parameters:
    ///   - url: the Markdown file.
    ///   - workspaceRoot: the workspace folder; folders above it are not
    ///     looked at. `nil` (a file opened on its own), or a root that does
    ///     not contain `url`, looks up to the file system root.
    ///   - siteConfigExists: whether a `tiledown.yml` file exists in a folder.
    public static func dialect(forFileAt url: URL, workspaceRoot: URL?, siteConfigExists: (URL) -> Bool) -> FrontMatterDialect {
        let fileComponents = url.standardizedFileURL.pathComponents
        var stopCount = 1
        if let workspaceRoot {
            let rootComponents = workspaceRoot.standardizedFileURL.pathComponents
            if fileComponents.count > rootComponents.count, Array(fileComponents.prefix(rootComponents.count)) == rootComponents {
                stopCount = rootComponents.count
            }
        }
        var count = fileComponents.count - 1
        while count >= stopCount {
            let folder = URL(fileURLWithPath: NSString.path(withComponents: Array(fileComponents.prefix(count))), isDirectory: true)
            if siteConfigExists(folder) { return .tiledown }
            count -= 1
        }
        return .yaml
    }

    /// The dialect for the file at `url`, looking for `tiledown.yml` through
    /// `fileSystem` (see `dialect(forFileAt:workspaceRoot:siteConfigExists:)`).
    public static func dialect(forFileAt url: URL, workspaceRoot: URL?, fileSystem: FileSystem = .live) -> FrontMatterDialect {
        dialect(forFileAt: url, workspaceRoot: workspaceRoot) { folder in
            SiteConfigurationSchema.fileNames.contains { name in
                (try? fileSystem.status(folder.appendingPathComponent(name)))?.kind == .file
            }
        }
    }
}
