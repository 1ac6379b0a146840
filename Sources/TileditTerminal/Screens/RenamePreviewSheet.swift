import TileditModel
import TileditTerminalToolkit
import TileditViewModels

/// What a rename changes, before it is made: each file with its diff, the
/// notes, and the preview's buttons.
@MainActor
enum RenamePreviewSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, preview: RenamePreview, state: inout ViewState) {
        let lines = preview.lines
        var buttons: [Rect] = []
        state.sheetPage = ChangesSheet.draw(
            into: &buffer, area: area, title: preview.title, header: [[TextSegment(preview.summary, role: .text)]],
            bodyCount: lines.count, bodyLine: { ChangesSheet.segments(lines[$0]) },
            buttons: preview.buttons.map(\.title), selected: state.choice, scroll: &state.sheetScroll, buttonRects: &buttons)
        for (index, rect) in buttons.enumerated() { state.record(rect, .button(index: index)) }
    }
}
