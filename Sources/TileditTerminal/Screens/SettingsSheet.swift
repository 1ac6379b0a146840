import TileditModel
import TileditServices
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The settings sheet: format on save, the autosave interval, the theme,
/// and the order of the tile catalog; every change is saved at once by the
/// settings model.
@MainActor
enum SettingsSheet {
    /// The rows: three settings, then one per tile type in catalog order.
    static func rowLabels(_ settings: Settings, types: [String]) -> [String] {
        [
            "Format on save: \(settings.formatOnSave ? "on" : "off")",
            "Autosave: \(autosaveText(settings.autosaveInterval))",
            "Theme: \(settings.theme.rawValue)",
        ] + types.enumerated().map { "Catalog \($0.offset + 1): \($0.element)" }
    }

    static func autosaveText(_ seconds: Int) -> String {
        seconds == 0 ? "off" : seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    /// The tile types in the order the settings give them.
    static func types(_ app: AppModel, settings: Settings) -> [String] {
        app.catalog.ordered(by: settings.catalogOrder).schemas.map(\.type)
    }

    static func draw(into buffer: inout ScreenBuffer, area: Rect, model: SettingsModel, app: AppModel, state: inout ViewState) {
        let width = min(area.width, 60)
        let height = min(area.height, 7 + 3 + app.catalog.schemas.count)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: "Settings")
        let muted = CellStyle(foreground: .muted, background: .overlay)
        let settings: Settings
        switch model.settings {
        case .idle, .loading(previous: nil):
            buffer.put("Loading…", row: content.row, column: content.column, style: muted, clip: content)
            return
        case .failed(let error):
            buffer.put(error.message, row: content.row, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
            return
        case .loading(previous: let previous?):
            settings = previous
        case .loaded(let loaded):
            settings = loaded
        }
        let types = types(app, settings: settings)
        let labels = rowLabels(settings, types: types)
        state.settingsRow = min(state.settingsRow, labels.count - 1)
        var row = content.row
        for (index, label) in labels.enumerated() {
            if index == 3 {
                row += 1
                buffer.put("Tile catalog order (K, J move)", row: row, column: content.column, style: CellStyle(foreground: .heading, background: .overlay, attributes: .bold), clip: content)
                row += 1
            }
            guard row < content.maxRow - (model.saveError == nil ? 0 : 1) else { break }
            let selected = index == state.settingsRow
            let style = selected ? CellStyle(foreground: .selectionText, background: .selection) : CellStyle(foreground: .text, background: .overlay)
            let rowRect = Rect(row: row, column: content.column, width: content.width, height: 1)
            buffer.fill(rowRect, style: style)
            let text: String
            if index < 3 {
                let parts = label.split(separator: ":", maxSplits: 1)
                text = DisplayWidth.pad(String(parts[0]), to: 16) + "‹" + (parts.count > 1 ? String(parts[1]) : "") + " ›"
            } else {
                text = "  \(index - 2). \(types[index - 3])"
            }
            buffer.put(text, row: row, column: content.column, style: style, clip: rowRect)
            row += 1
        }
        if let error = model.saveError {
            buffer.put(error.message, row: content.maxRow - 1, column: content.column, style: CellStyle(foreground: .error, background: .overlay), clip: content)
        }
    }
}
