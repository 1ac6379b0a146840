import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// An editor's prompt over the panes (`EditorPrompt`): its question, the
/// answer being typed (the view-local field), and why a refused answer
/// cannot be used.
enum PromptSheet {
    @MainActor
    static func draw(into buffer: inout ScreenBuffer, area: Rect, prompt: EditorPrompt, state: inout ViewState) {
        let width = min(area.width, 50)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: min(area.height, 7), title: prompt.title)
        let question = prompt.question + ": "
        buffer.put(question, row: content.row, column: content.column, style: CellStyle(foreground: .muted, background: .overlay), clip: content)
        let column = content.column + DisplayWidth.of(question)
        state.promptField.draw(
            into: &buffer, rect: Rect(row: content.row, column: column, width: content.maxColumn - column, height: 1),
            style: CellStyle(foreground: .text, background: .overlay, attributes: .underline), focused: true)
        if let message = prompt.message {
            buffer.put(message, row: content.row + 2, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
        } else {
            buffer.put("Enter · Esc cancels", row: content.row + 2, column: content.column, style: CellStyle(foreground: .muted, background: .overlay), clip: content)
        }
    }
}
