/// Paths inside a workspace as `/`-separated text relative to its root
/// (`posts/hello/index.md`; `""` is the root): joining, resolving `.` and
/// `..`, and the relative path from one folder to another path.
public enum WorkspacePath {
    /// The folder holding `path` (`""` for a path at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last component of `path` (its file or folder name).
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `relative` (`../a/b.md`, `./x`, `x/`) resolved from `folder`, with
    /// `.` and `..` taken out and no trailing `/`; `nil` when it climbs
    /// above the root.
    public static func resolve(_ relative: String, from folder: String) -> String? {
        var components = folder.isEmpty ? [] : folder.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for component in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }

    /// The path from `folder` to `target` (`../b/c.md`; `""` when they are
    /// the same); both are workspace paths.
    public static func relative(from folder: String, to target: String) -> String {
        let from = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        let to = target.isEmpty ? [] : target.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...]).joined(separator: "/")
    }

    /// Whether `path` is `prefix` or lies inside the folder `prefix`.
    public static func isInside(_ path: String, _ prefix: String) -> Bool {
        prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/")
    }
}
