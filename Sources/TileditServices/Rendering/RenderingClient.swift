import TileditModel

/// Renders documents: HTML for the browser and export, styled plain text
/// for a terminal preview pane. Rendering is pure; the client exists so view
/// models can be tested with canned output.
public struct RenderingClient: Sendable {
    /// The document as a full HTML page (escaped raw HTML, semantic tiles).
    public var html: @Sendable (MarkdownDocument) -> String
    /// The document as styled lines wrapped to `width` display columns.
    public var preview: @Sendable (_ document: MarkdownDocument, _ width: Int) -> [StyledLine]

    public init(
        html: @escaping @Sendable (MarkdownDocument) -> String,
        preview: @escaping @Sendable (_ document: MarkdownDocument, _ width: Int) -> [StyledLine]
    ) {
        self.html = html
        self.preview = preview
    }

    /// Rendering through the model's `HTMLRenderer` and `TerminalPreviewRenderer`.
    public static let live = RenderingClient(
        html: { HTMLRenderer().renderPage($0) },
        preview: { TerminalPreviewRenderer().render($0, width: $1) }
    )
}
