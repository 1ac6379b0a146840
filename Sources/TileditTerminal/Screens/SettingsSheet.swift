import TileditModel
import TileditServices
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The settings sheet over `SettingsModel`: its rows (format on save, the
/// autosave interval, the theme, then the order of the tile catalog) with
/// the selected one marked; every change is saved at once by the model.
@MainActor
enum SettingsSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, model: SettingsModel, app: AppModel, state: inout ViewState) {
        let width = min(area.width, 60)
        let height = min(area.height, 7 + 3 + app.catalog.schemas.count)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: "Settings")
        let muted = CellStyle(foreground: .muted, background: .overlay)
        switch model.settings {
        case .idle, .loading(previous: nil):
            buffer.put("Loading…", row: content.row, column: content.column, style: muted, clip: content)
            return
        case .failed(let error):
            buffer.put(error.message, row: content.row, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
            return
        case .loading, .loaded:
            break
        }
        let rows = model.rows
        let selected = min(model.selectedRow, rows.count - 1)
        var top = content.row
        for (index, setting) in rows.enumerated() {
            if case .catalogType(_, position: 1) = setting.kind {
                top += 1
                buffer.put("Tile catalog order (K, J move)", row: top, column: content.column, style: CellStyle(foreground: .heading, background: .overlay, attributes: .bold), clip: content)
                top += 1
            }
            guard top < content.maxRow - (model.saveError == nil ? 0 : 1) else { break }
            let style = index == selected ? CellStyle(foreground: .selectionText, background: .selection) : CellStyle(foreground: .text, background: .overlay)
            let rowRect = Rect(row: top, column: content.column, width: content.width, height: 1)
            buffer.fill(rowRect, style: style)
            state.record(rowRect, .sheetRow(index: index))
            let text: String
            if case .catalogType(let type, let position) = setting.kind {
                text = "  \(position). \(type)"
            } else {
                text = DisplayWidth.pad(setting.name, to: 16) + "‹ " + setting.value + " ›"
            }
            buffer.put(text, row: top, column: content.column, style: style, clip: rowRect)
            top += 1
        }
        if let error = model.saveError {
            buffer.put(error.message, row: content.maxRow - 1, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
        }
    }
}
