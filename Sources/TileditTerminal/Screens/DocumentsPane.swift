import TileditServices
import TileditViewModels
import TileditTerminalToolkit

/// The left pane: the workspace's documents (title, unsaved marker, draft
/// and problem badges, path), the filter, and the loading, empty and error
/// states. Only visible rows are drawn.
@MainActor
enum DocumentsPane {
    /// The pane's title: label, count and sort order.
    static func title(_ app: AppModel) -> String {
        guard let list = app.documents, let workspace = list.workspace.value else { return Pane.documents.label }
        let shown = list.visibleDocuments.count
        let count = shown == workspace.documents.count ? "\(shown)" : "\(shown) of \(workspace.documents.count)"
        return "\(Pane.documents.label) · \(count) · \(list.sortOrder.rawValue)"
    }

    /// The list's order as the status line says it, e.g. `by date`.
    static func orderLabel(_ order: DocumentListModel.SortOrder) -> String {
        "by \(order.rawValue)"
    }

    /// The accessibility label of a document row.
    static func rowLabel(_ summary: DocumentSummary) -> String {
        "\(summary.path) (\(summary.title))"
    }

    static func draw(into buffer: inout ScreenBuffer, rect: Rect, app: AppModel, state: inout ViewState, focused: Bool) {
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: title(app), focused: focused)
        guard let list = app.documents else {
            if case .failed(let error) = app.session {
                PaneFrame.message(into: &buffer, rect: inside, [error.message, "q quits"], role: .error)
            } else {
                PaneFrame.message(into: &buffer, rect: inside, ["Opening…"])
            }
            return
        }
        switch list.workspace {
        case .idle, .loading(previous: nil):
            PaneFrame.message(into: &buffer, rect: inside, ["Reading the folder…"])
            return
        case .failed(let error):
            PaneFrame.message(into: &buffer, rect: inside, [error.message, "R tries again · q quits"], role: .error)
            return
        case .loading, .loaded:
            break
        }
        var listRect = inside
        if case .filter(var field)? = state.editing {
            drawFilterLabel(into: &buffer, rect: inside)
            field.draw(into: &buffer, rect: filterFieldRect(inside), placeholder: "title, path or tag", focused: true)
            state.editing = .filter(field)
            listRect = Rect(row: inside.row + 1, column: inside.column, width: inside.width, height: inside.height - 1)
        } else if !list.filterText.isEmpty {
            drawFilterLabel(into: &buffer, rect: inside)
            buffer.put(list.filterText, row: inside.row, column: filterFieldRect(inside).column, style: CellStyle(foreground: .accent), clip: inside)
            listRect = Rect(row: inside.row + 1, column: inside.column, width: inside.width, height: inside.height - 1)
        }
        // Under the box, what the filter could not read (`tag:` with no name), as the search box shows it.
        let problems = list.filterProblems
        if !problems.isEmpty, listRect.height > 1 {
            buffer.put(problems.joined(separator: "; "), row: listRect.row, column: listRect.column + 1, style: CellStyle(foreground: .error), clip: listRect)
            listRect = Rect(row: listRect.row + 1, column: listRect.column, width: listRect.width, height: listRect.height - 1)
        }
        let documents = list.visibleDocuments
        guard !documents.isEmpty else {
            let lines = list.filterText.isEmpty
                ? ["No documents here", "n creates one"]
                : ["Nothing matches “\(list.filterText)”", "f then Ctrl-G clears the filter"]
            PaneFrame.message(into: &buffer, rect: listRect, lines)
            return
        }
        let unsaved = Set(app.unsavedPaths)
        let openPath = app.editor?.displayPath
        let selection = list.selectedIndex
        state.documentsList.draw(into: &buffer, rect: listRect, rowCount: documents.count, selection: selection, focused: focused) { buffer, row in
            let (segments, right) = rowSegments(documents[row.index], list: list, unsaved: unsaved, openPath: openPath)
            PaneFrame.drawRow(segments, right: right, into: &buffer, row: row)
        }
        state.recordRows(in: listRect, offset: state.documentsList.scrollOffset, count: documents.count) { .row(.documents, index: $0) }
    }

    private static func drawFilterLabel(into buffer: inout ScreenBuffer, rect: Rect) {
        buffer.put("Filter: ", row: rect.row, column: rect.column + 1, style: CellStyle(foreground: .muted), clip: rect)
    }

    private static func filterFieldRect(_ inside: Rect) -> Rect {
        Rect(row: inside.row, column: inside.column + 9, width: inside.width - 10, height: 1)
    }

    /// A document's row: title, markers and path on the left, its error count on the right.
    private static func rowSegments(
        _ summary: DocumentSummary, list: DocumentListModel, unsaved: Set<String>, openPath: String?
    ) -> (left: [TextSegment], right: [TextSegment]) {
        var segments: [TextSegment] = []
        segments.append(unsaved.contains(summary.path) ? TextSegment("*", role: .dirty, attributes: .bold) : TextSegment(summary.path == openPath ? "›" : " ", role: .accent))
        if let detail = list.sortOrder.detail(of: summary) { segments.append(TextSegment(detail + "  ", role: .muted)) }
        segments.append(TextSegment(summary.title, role: .text, attributes: summary.path == openPath ? .bold : []))
        if summary.isDraft { segments.append(TextSegment(" draft", role: .warning)) }
        if !summary.isReadable { segments.append(TextSegment(" unreadable", role: .error)) }
        segments.append(TextSegment("  " + summary.path, role: .muted))
        var right: [TextSegment] = []
        if summary.errorCount > 0 { right.append(TextSegment("✖\(summary.errorCount)", role: .error)) }
        return (segments, right)
    }

    /// Columns the pane's rows want (borders included), over at most its
    /// first `measuredRows` rows: what `Layout` grows the pane to.
    static func wantedWidth(_ app: AppModel) -> Int {
        guard let list = app.documents else { return 0 }
        let unsaved = Set(app.unsavedPaths)
        let openPath = app.editor?.displayPath
        let rows = list.visibleDocuments.prefix(PaneFrame.measuredRows).map { summary in
            let (left, right) = rowSegments(summary, list: list, unsaved: unsaved, openPath: openPath)
            return left.reduce(0) { $0 + $1.width } + right.reduce(0) { $0 + $1.width } + (right.isEmpty ? 0 : 1)
        }
        return (rows.max() ?? 0) + 2
    }
}
