import TileditModel

/// How an open document is read, from its URI's file name and the
/// client's language identifier.
public enum DocumentKindRule {
    /// What a document is parsed as.
    public enum Kind: Sendable, Hashable {
        case markdown
        case yaml
        case siteConfiguration
    }

    /// `tiledown.yml` / `tiledown.yaml` is the site configuration; a
    /// `.yml`/`.yaml` name or the `yaml` language identifier is YAML;
    /// everything else is Markdown.
    public static func kind(uri: String, languageID: String?) -> Kind {
        let name = fileName(of: uri)
        if SiteConfigurationSchema.fileNames.contains(name) { return .siteConfiguration }
        let lowered = name.lowercased()
        if lowered.hasSuffix(".yml") || lowered.hasSuffix(".yaml") || languageID == "yaml" { return .yaml }
        return .markdown
    }

    /// The last path component of a URI, percent escapes decoded.
    static func fileName(of uri: String) -> String {
        var path = Substring(uri)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return last.removingPercentEncoding ?? last
    }
}
