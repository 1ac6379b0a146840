import TileditModel
import TileditViewModels

/// What a rename changes, before it is made: each file with its diff, the
/// notes, and the preview's buttons.
@MainActor
enum RenamePreviewSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, preview: RenamePreview, state: inout ViewState) {
        let body = preview.lines.map { line -> [TextSegment] in
            switch line.kind {
            case .file: [TextSegment(ChangesSheet.shown(line.text), role: .heading, attributes: .bold)]
            case .hunk: [TextSegment(line.text, role: .muted)]
            case .diff(.removed): [TextSegment(ChangesSheet.shown(line.text), role: .error)]
            case .diff(.added): [TextSegment(ChangesSheet.shown(line.text), role: .success)]
            case .diff(.context): [TextSegment(ChangesSheet.shown(line.text), role: .text)]
            case .note: [TextSegment("! " + line.text, role: .warning)]
            }
        }
        state.sheetPage = ChangesSheet.draw(
            into: &buffer, area: area, title: preview.title, header: [[TextSegment(preview.summary, role: .text)]], body: body,
            buttons: preview.buttons.map(\.title), selected: state.choice, scroll: &state.sheetScroll)
    }
}
