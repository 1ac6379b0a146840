import TileditServices
import TileditViewModels
import TileditTerminalToolkit

/// Workspace search: the query field, then the results (path:line and the
/// matched line) of the last finished search, with its loading, empty and
/// error states.
@MainActor
enum SearchOverlay {
    /// The accessibility label of a result row, e.g. `posts/a/index.md:12`.
    static func rowLabel(_ result: SearchResult) -> String {
        "\(result.path):\(result.line)"
    }

    static func draw(into buffer: inout ScreenBuffer, area: Rect, search: SearchModel, state: inout ViewState) {
        let width = min(area.width, 96)
        let height = min(area.height, max(10, area.height - 4))
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: "Search")
        let overlay = CellStyle(background: .overlay)
        buffer.put("Find: ", row: content.row, column: content.column, style: CellStyle(foreground: .muted, background: .overlay), clip: content)
        state.searchField.draw(
            into: &buffer, rect: Rect(row: content.row, column: content.column + 6, width: content.width - 6, height: 1),
            style: CellStyle(foreground: .text, background: .overlay, attributes: .underline), placeholder: "words in titles, text and tiles", focused: true)
        let listRect = Rect(row: content.row + 2, column: content.column, width: content.width, height: content.height - 2)
        let results: [SearchResult]
        if !search.queryProblems.isEmpty {
            buffer.put(search.queryProblems.joined(separator: "; "), row: listRect.row, column: listRect.column, style: CellStyle(foreground: .error, background: .overlay), clip: listRect)
            return
        }
        switch search.results {
        case .idle:
            buffer.put("Type to search the workspace", row: listRect.row, column: listRect.column, style: CellStyle(foreground: .muted, background: .overlay), clip: listRect)
            return
        case .loading(previous: nil):
            buffer.put("Searching…", row: listRect.row, column: listRect.column, style: CellStyle(foreground: .muted, background: .overlay), clip: listRect)
            return
        case .failed(let error):
            buffer.put(error.message, row: listRect.row, column: listRect.column, style: CellStyle(foreground: .error, background: .overlay), clip: listRect)
            return
        case .loading(previous: let previous?):
            results = previous
        case .loaded(let loaded):
            results = loaded
        }
        guard !results.isEmpty else {
            buffer.put("No results for “\(search.query)”", row: listRect.row, column: listRect.column, style: CellStyle(foreground: .muted, background: .overlay), clip: listRect)
            return
        }
        state.searchList.draw(into: &buffer, rect: listRect, rowCount: results.count, selection: search.selection, style: overlay) { buffer, row in
            let result = results[row.index]
            PaneFrame.drawRow([
                TextSegment(rowLabel(result), role: .accent),
                TextSegment("  " + result.snippet, role: .text),
            ], into: &buffer, row: row)
        }
        state.recordRows(in: listRect, offset: state.searchList.scrollOffset, count: results.count) { .sheetRow(index: $0) }
    }
}
