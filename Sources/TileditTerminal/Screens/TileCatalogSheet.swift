import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The tile catalog (`TileCatalogPicker`): every tile type the editor can
/// insert (type and what it is), filtered by what the user types, one
/// selected; Enter inserts it after the selected block.
@MainActor
enum TileCatalogSheet {
    static func draw(into buffer: inout ScreenBuffer, area: Rect, editor: DocumentEditorModel, picker: TileCatalogPicker, state: inout ViewState) {
        let schemas = picker.matches
        let width = min(area.width, 66)
        let height = min(area.height, editor.catalog.count + 6)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: Modal.catalog(editor, picker).title)
        let background = CellStyle(background: .overlay)
        buffer.put(
            [TextSegment("Filter: ", role: .muted), TextSegment(picker.query.isEmpty ? "type to filter" : picker.query, role: picker.query.isEmpty ? .muted : .accent)],
            row: content.row, column: content.column, background: .overlay, clip: content)
        let listRect = Rect(row: content.row + 2, column: content.column, width: content.width, height: content.height - 2)
        guard !schemas.isEmpty else {
            buffer.put("No tile type matches", row: listRect.row, column: listRect.column, style: CellStyle(foreground: .muted, background: .overlay), clip: listRect)
            return
        }
        let typeWidth = min(14, (schemas.map { DisplayWidth.of($0.type) }.max() ?? 8) + 1)
        state.catalogList.draw(into: &buffer, rect: listRect, rowCount: schemas.count, selection: picker.selection, style: background) { buffer, row in
            let schema = schemas[row.index]
            PaneFrame.drawRow([
                TextSegment(DisplayWidth.pad(schema.type, to: typeWidth), role: .tileLabel, attributes: .bold),
                TextSegment(" " + schema.summary, role: .muted),
            ], into: &buffer, row: row)
        }
        state.recordRows(in: listRect, offset: state.catalogList.scrollOffset, count: schemas.count) { .sheetRow(index: $0) }
    }
}
