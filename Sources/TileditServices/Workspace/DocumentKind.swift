/// What kind of workspace document a file is, from its name.
public enum DocumentKind: String, Sendable, Hashable, Codable {
    /// A Markdown file (`.md`, `.markdown`).
    case markdown
    /// A YAML file (`.yml`, `.yaml`) other than the site config.
    case yaml
    /// `tiledown.yml` (or `tiledown.yaml`): the Tiledown site config (flat keys, some dotted).
    case siteConfig

    /// The kind of a file named `fileName` (extensions compared without
    /// case), or `nil` for a file that is not a document.
    public init?(fileName: String) {
        if FrontMatterDialectRule.siteConfigNames.contains(fileName) {
            self = .siteConfig
            return
        }
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "md", "markdown": self = .markdown
        case "yml", "yaml": self = .yaml
        default: return nil
        }
    }
}
