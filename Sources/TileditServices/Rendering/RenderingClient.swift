import TileditModel

/// Rendering of a document for previews, as a dependency.
///
/// The renderers live in TileditModel/Rendering; the composition root passes
/// them to `live(html:preview:)`, so this layer does not depend on which
/// renderer exists.
public struct RenderingClient: Sendable {
    /// The document as an HTML fragment.
    public var html: @Sendable (MarkdownDocument) -> String
    /// The document as terminal preview lines at most `width` columns wide.
    ///
    /// TODO: becomes `(MarkdownDocument, Int) -> [StyledLine]` once the
    /// model's `TerminalPreviewRenderer` and `StyledLine` land.
    public var preview: @Sendable (_ document: MarkdownDocument, _ width: Int) -> [String]

    public init(
        html: @escaping @Sendable (MarkdownDocument) -> String,
        preview: @escaping @Sendable (_ document: MarkdownDocument, _ width: Int) -> [String]
    ) {
        self.html = html
        self.preview = preview
    }

    /// The client over the given rendering functions.
    public static func live(
        html: @escaping @Sendable (MarkdownDocument) -> String,
        preview: @escaping @Sendable (_ document: MarkdownDocument, _ width: Int) -> [String]
    ) -> RenderingClient {
        RenderingClient(html: html, preview: preview)
    }
}
