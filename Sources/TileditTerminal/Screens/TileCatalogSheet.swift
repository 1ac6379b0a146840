import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The tile catalog: every tile type the editor can insert (type and what
/// it is), filtered by what the user types, one selected; Enter inserts it
/// after the selected block.
@MainActor
enum TileCatalogSheet {
    /// The catalog's types matching `query` (type or summary contains it,
    /// any case), in catalog order.
    static func matches(_ editor: DocumentEditorModel, query: String) -> [TileSchema] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return editor.catalog }
        let byType = editor.catalog.filter { $0.type.lowercased().hasPrefix(needle) }
        let rest = editor.catalog.filter { !$0.type.lowercased().hasPrefix(needle) && ($0.type.lowercased().contains(needle) || $0.summary.lowercased().contains(needle)) }
        return byType + rest
    }

    static func draw(into buffer: inout ScreenBuffer, area: Rect, editor: DocumentEditorModel, state: inout ViewState) {
        let schemas = matches(editor, query: state.catalogQuery)
        state.catalogIndex = schemas.isEmpty ? 0 : min(state.catalogIndex, schemas.count - 1)
        let width = min(area.width, 66)
        let height = min(area.height, editor.catalog.count + 6)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: Modal.editor(editor, .tileCatalog(insertAt: 0)).title)
        let background = CellStyle(background: .overlay)
        buffer.put(
            [TextSegment("Filter: ", role: .muted), TextSegment(state.catalogQuery.isEmpty ? "type to filter" : state.catalogQuery, role: state.catalogQuery.isEmpty ? .muted : .accent)],
            row: content.row, column: content.column, background: .overlay, clip: content)
        let listRect = Rect(row: content.row + 2, column: content.column, width: content.width, height: content.height - 2)
        guard !schemas.isEmpty else {
            buffer.put("No tile type matches", row: listRect.row, column: listRect.column, style: CellStyle(foreground: .muted, background: .overlay), clip: listRect)
            return
        }
        let typeWidth = min(14, (schemas.map { DisplayWidth.of($0.type) }.max() ?? 8) + 1)
        state.catalogList.draw(into: &buffer, rect: listRect, rowCount: schemas.count, selection: state.catalogIndex, style: background) { buffer, row in
            let schema = schemas[row.index]
            PaneFrame.drawRow([
                TextSegment(DisplayWidth.pad(schema.type, to: typeWidth), role: .tileLabel, attributes: .bold),
                TextSegment(" " + schema.summary, role: .muted),
            ], into: &buffer, row: row)
        }
    }
}
