import TileditTextLayout
import TileditTerminalToolkit
import TileditViewModels

/// The rename prompt: the new path being typed (a view-local field whose
/// text goes to the document list), what moves, and the view model's
/// message while the path cannot be used.
@MainActor
enum RenameSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, form: RenameForm, state: inout ViewState) {
        let width = min(area.width, 76)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: min(area.height, 9), title: "Rename or move")
        let muted = CellStyle(foreground: .muted, background: .overlay)
        buffer.put("Now:  " + form.source, row: content.row, column: content.column, style: muted, clip: content)
        buffer.put("New:  ", row: content.row + 2, column: content.column, style: muted, clip: content)
        state.renameField.draw(
            into: &buffer, rect: Rect(row: content.row + 2, column: content.column + 6, width: content.width - 6, height: 1),
            style: CellStyle(foreground: .text, background: .overlay, attributes: .underline), placeholder: "path from the workspace folder", focused: true)
        if let message = form.message {
            buffer.put(message, row: content.row + 4, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
        } else {
            buffer.put(form.hint, row: content.row + 4, column: content.column, style: muted, clip: content)
            buffer.put("Enter shows the changes · Esc cancels", row: content.row + 5, column: content.column, style: muted, clip: content)
        }
    }
}
