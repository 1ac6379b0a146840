import TileditModel

/// A parsed file: a Markdown document or a YAML file.
enum SourceDocument: Sendable {
    case markdown(MarkdownDocument)
    case yaml(YAMLFileDocument)

    /// The file's bytes as parsed (after any edits).
    var bytes: [UInt8] {
        switch self {
        case .markdown(let document): document.bytes
        case .yaml(let file): file.bytes
        }
    }

    /// Every diagnostic, in file order.
    var diagnostics: [Diagnostic] {
        switch self {
        case .markdown(let document): document.diagnostics
        case .yaml(let file): file.diagnostics
        }
    }
}
