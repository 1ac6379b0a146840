import TileditModel
import TileditTextLayout
import TileditViewModels
import TileditTerminalToolkit

/// The rendered preview of the open document: the view model's styled
/// document laid out at the pane's width (`PreviewLayout`), only as far
/// as the pane is scrolled, kept from frame to frame until the preview or
/// the width changes; the visible rows are drawn. When the pane wants more
/// lines than the blocks rendered so far give, it tells the view model
/// (`onNeedsMoreBlocks`). It follows the selected block: when the view
/// model's anchor is for a selection it has not followed yet, the anchor's
/// item goes to the top; the keys and the wheel scroll it in between.
@MainActor
enum PreviewPane {
    /// A layout of one preview revision at one width.
    struct Cache: Sendable {
        var revision: Int
        var layout: PreviewLayout
    }

    static func draw(into buffer: inout ScreenBuffer, rect: Rect, app: AppModel, state: inout ViewState, focused: Bool) {
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: Pane.preview.label, focused: focused)
        if let placeholder = app.previewPlaceholder {
            PaneFrame.message(into: &buffer, rect: inside, [placeholder])
            return
        }
        let document: StyledDocument
        switch app.preview.document {
        case .idle, .loading(previous: nil):
            PaneFrame.message(into: &buffer, rect: inside, ["Rendering…"])
            return
        case .failed(let error):
            PaneFrame.message(into: &buffer, rect: inside, [error.message], role: .error)
            return
        case .loading(previous: let previous?):
            document = previous
        case .loaded(let loaded):
            document = loaded
        }
        guard !document.items.isEmpty else {
            PaneFrame.message(into: &buffer, rect: inside, ["Nothing to preview"])
            return
        }
        let content = Rect(row: inside.row, column: inside.column + 1, width: inside.width - 1, height: inside.height)
        let width = max(10, content.width)
        // A render's revision names its document: no document is compared.
        var cache = state.preview.flatMap { $0.revision == app.preview.revision && $0.layout.width == width ? $0 : nil }
            ?? Cache(revision: app.preview.revision, layout: PreviewLayout(document: document, width: width))
        if let anchor = app.preview.anchor, anchor.selectionRevision != state.previewFollowed,
           let line = cache.layout.firstLine(ofItem: anchor.item) {
            state.previewScroll = line
            state.previewFollowed = anchor.selectionRevision
        }
        let wanted = min(state.previewScroll, Int.max - 2 * content.height) + content.height
        cache.layout.layOut(through: wanted + content.height)
        // Everything rendered is laid out and the pane is within a page of
        // its end: the next blocks.
        if cache.layout.isComplete && cache.layout.lines.count < wanted + content.height && app.preview.hasMoreBlocks {
            app.preview.onNeedsMoreBlocks()
        }
        let lines = cache.layout.lines
        state.preview = cache
        state.previewScroll = max(0, min(state.previewScroll, lines.count - content.height))
        for offset in 0..<max(0, min(content.height, lines.count - state.previewScroll)) {
            var column = content.column
            for run in lines[state.previewScroll + offset].runs {
                column = buffer.put(run.text, row: content.row + offset, column: column, style: PreviewStyle.cellStyle(run.style), clip: content)
            }
        }
    }
}
