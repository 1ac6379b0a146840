import TileditServices
import TileditViewModels
import TileditTerminalToolkit

/// The new-document sheet: the kind (post or page) and the title, with
/// the form's message while it cannot be created.
@MainActor
enum NewDocumentSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, form: DocumentListModel.NewDocumentForm, state: inout ViewState) {
        let width = min(area.width, 60)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: min(area.height, 9), title: "New document")
        let muted = CellStyle(foreground: .muted, background: .overlay)
        buffer.put(
            [TextSegment("Kind:  ", role: .muted), TextSegment("‹ \(form.kind.rawValue) ›", role: .accent, attributes: .bold), TextSegment("  Tab changes", role: .muted)],
            row: content.row, column: content.column, background: .overlay, clip: content)
        buffer.put("Title: ", row: content.row + 2, column: content.column, style: muted, clip: content)
        state.newDocumentField.draw(
            into: &buffer, rect: Rect(row: content.row + 2, column: content.column + 7, width: content.width - 7, height: 1),
            style: CellStyle(foreground: .text, background: .overlay, attributes: .underline), placeholder: "the document's title", focused: true)
        if let message = form.message {
            buffer.put(message, row: content.row + 4, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
        } else {
            buffer.put("Enter creates it", row: content.row + 4, column: content.column, style: muted, clip: content)
        }
    }
}
