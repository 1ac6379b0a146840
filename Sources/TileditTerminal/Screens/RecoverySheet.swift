import Foundation
import TileditViewModels
import TileditTerminalToolkit

/// The documents with unsaved edits left by an earlier session, listed at
/// start-up: one row each (path, when, whether the file changed since),
/// the selected one restored with Enter or discarded with d.
@MainActor
enum RecoverySheet {
    /// The accessibility label of a row, e.g. `posts/a.md (2024-01-05 10:15)`.
    static func rowLabel(_ item: RecoveryList.Item) -> String {
        "\(item.path) (\(dateText(item.date)))"
    }

    static func draw(into buffer: inout ScreenBuffer, area: Rect, list: RecoveryList, state: inout ViewState) {
        let width = min(area.width, 72)
        let height = min(area.height, list.items.count + 7)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: "Recover unsaved edits")
        buffer.put(
            "These documents have edits that were never saved:", row: content.row, column: content.column,
            style: CellStyle(foreground: .text, background: .overlay), clip: content)
        let listRect = Rect(row: content.row + 2, column: content.column, width: content.width, height: max(0, content.height - 4))
        for (index, item) in list.items.enumerated() where index < listRect.height {
            let row = Rect(row: listRect.row + index, column: listRect.column, width: listRect.width, height: 1)
            let selected = index == list.selection
            let style = selected ? CellStyle(foreground: .selectionText, background: .selection) : CellStyle(foreground: .text, background: .overlay)
            buffer.fill(row, style: style)
            state.record(row, .sheetRow(index: index))
            // A mark as well as the color, so the selection reads without colors too.
            var text = (selected ? "› " : "  ") + "\(item.path)  \(dateText(item.date))"
            if item.pendingValueCount > 0 { text += "  \(item.pendingValueCount) typed value\(item.pendingValueCount == 1 ? "" : "s")" }
            if item.fileChangedSince { text += "  (file changed since)" }
            buffer.put(text, row: row.row, column: row.column, style: style, clip: row)
        }
        buffer.put(
            "Enter restores · d discards · Esc decides later", row: content.maxRow - 1, column: content.column,
            style: CellStyle(foreground: .muted, background: .overlay), clip: content)
    }

    private static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
