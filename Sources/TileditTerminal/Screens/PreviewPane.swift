import TileditModel
import TileditViewModels

/// The rendered preview of the open document: styled lines from the
/// preview model, scrolled by the renderer, drawn for the visible rows only.
@MainActor
enum PreviewPane {
    static func draw(into buffer: inout ScreenBuffer, rect: Rect, app: AppModel, state: inout ViewState, focused: Bool) {
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: Pane.preview.label, focused: focused)
        guard app.editor != nil else {
            PaneFrame.message(into: &buffer, rect: inside, ["No document open"])
            return
        }
        let lines: [StyledLine]
        switch app.preview.lines {
        case .idle, .loading(previous: nil):
            PaneFrame.message(into: &buffer, rect: inside, ["Rendering…"])
            return
        case .failed(let error):
            PaneFrame.message(into: &buffer, rect: inside, [error.message], role: .error)
            return
        case .loading(previous: let previous?):
            lines = previous
        case .loaded(let loaded):
            lines = loaded
        }
        guard !lines.isEmpty else {
            PaneFrame.message(into: &buffer, rect: inside, ["Nothing to preview"])
            return
        }
        let content = Rect(row: inside.row, column: inside.column + 1, width: inside.width - 1, height: inside.height)
        state.previewScroll = max(0, min(state.previewScroll, lines.count - content.height))
        for offset in 0..<min(content.height, lines.count - state.previewScroll) {
            var column = content.column
            for run in lines[state.previewScroll + offset].runs {
                column = buffer.put(run.text, row: content.row + offset, column: column, style: PreviewStyle.cellStyle(run.style), clip: content)
            }
        }
    }
}
