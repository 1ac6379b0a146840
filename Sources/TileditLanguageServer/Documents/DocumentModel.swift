import TileditModel

/// What an open document is parsed as.
public enum DocumentModel: Sendable {
    /// A Tiledown Markdown document.
    case markdown(MarkdownDocument)
    /// A YAML file (full YAML).
    case yaml(YAMLFileDocument)
    /// `tiledown.yml` / `tiledown.yaml`: Tiledown's flat site configuration.
    case siteConfiguration(YAMLFileDocument)

    /// Every diagnostic, as `tiledit check --info` reports them.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .markdown(let document): document.diagnostics
        case .yaml(let file), .siteConfiguration(let file): file.diagnostics
        }
    }

    /// The Markdown document, when the model is one.
    public var markdown: MarkdownDocument? {
        if case .markdown(let document) = self { return document }
        return nil
    }

    /// The YAML file, when the model is one (site configuration included).
    public var yamlFile: YAMLFileDocument? {
        switch self {
        case .markdown: nil
        case .yaml(let file), .siteConfiguration(let file): file
        }
    }
}
