import Foundation

extension URL {
    /// This URL's path relative to `root`, `/`-separated (`""` for the root
    /// itself), or `nil` when it is not inside `root`. Both are standardized
    /// (`.` and `..` resolved); symbolic links are not resolved.
    public func relativePath(in root: URL) -> String? {
        let rootComponents = root.standardizedFileURL.pathComponents
        let components = standardizedFileURL.pathComponents
        guard components.count >= rootComponents.count, Array(components.prefix(rootComponents.count)) == rootComponents else { return nil }
        return components.dropFirst(rootComponents.count).joined(separator: "/")
    }
}
