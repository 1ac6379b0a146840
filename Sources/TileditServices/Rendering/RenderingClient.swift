import TileditModel

/// Renders documents: HTML for the browser and export, and the
/// renderer-neutral styled preview every renderer lays out its own way.
/// Rendering is pure; the client exists so view models can be tested with
/// canned output.
public struct RenderingClient: Sendable {
    /// The document as a full HTML page (escaped raw HTML, semantic tiles).
    public var html: @Sendable (MarkdownDocument) -> String
    /// The document as a styled preview. Throws `CancellationError` when the
    /// calling task is cancelled before it is done (a newer edit).
    public var preview: @Sendable (_ document: MarkdownDocument) async throws -> StyledDocument
    /// The styled preview of the blocks at `blocks` (positions from 0) only:
    /// what a pane shows of a long document. Throws `CancellationError` as
    /// `preview` does.
    public var previewBlocks: @Sendable (_ document: MarkdownDocument, _ blocks: Range<Int>) async throws -> StyledDocument

    /// - Parameter previewBlocks: `nil`: `preview` of the whole document
    ///   for blocks starting at 0, nothing for later ones.
    public init(
        html: @escaping @Sendable (MarkdownDocument) -> String,
        preview: @escaping @Sendable (_ document: MarkdownDocument) async throws -> StyledDocument,
        previewBlocks: (@Sendable (_ document: MarkdownDocument, _ blocks: Range<Int>) async throws -> StyledDocument)? = nil
    ) {
        self.html = html
        self.preview = preview
        self.previewBlocks = previewBlocks ?? { document, blocks in blocks.lowerBound == 0 ? try await preview(document) : StyledDocument() }
    }

    /// Rendering through the model's `HTMLRenderer` and `StyledDocumentBuilder`.
    public static let live = RenderingClient(
        html: { HTMLRenderer().renderPage($0) },
        preview: { document in try StyledDocumentBuilder().build(document, isCancelled: { Task.isCancelled }) },
        previewBlocks: { document, blocks in try StyledDocumentBuilder().build(document, blocks: blocks, isCancelled: { Task.isCancelled }) }
    )
}
