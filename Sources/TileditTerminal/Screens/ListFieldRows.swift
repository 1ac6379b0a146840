import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The rows an open list field shows under its field in the inspector:
/// its items one per row (the selected one highlighted), the item being
/// typed in place or after the last, the completions offered for it (the
/// highlighted one marked), and the keys that work there.
enum ListFieldRows {
    /// One row.
    struct Row: Equatable {
        var segments: [TextSegment]
        /// Drawn with the selection's colors.
        var isHighlighted = false
        /// The item field is drawn here, after `indent` columns.
        var isItemField = false
    }

    /// Columns before an item.
    static let indent = 4

    /// The rows of `list`.
    static func rows(_ list: InspectorListField, width: Int) -> [Row] {
        var rows: [Row] = []
        let typing = list.typing
        let pad = String(repeating: " ", count: indent)
        for (index, item) in list.items.enumerated() {
            if case .item(index)? = typing?.target {
                rows.append(Row(segments: [TextSegment(pad)], isItemField: true))
                rows += completionRows(typing, width: width)
                continue
            }
            let isSelected = typing == nil && index == list.selectedIndex
            rows.append(Row(segments: [TextSegment(pad + "• ", role: .accent), TextSegment(item, role: .text)], isHighlighted: isSelected))
        }
        if typing?.target == .newItem {
            rows.append(Row(segments: [TextSegment(pad)], isItemField: true))
            rows += completionRows(typing, width: width)
        } else if list.items.isEmpty {
            rows.append(Row(segments: [TextSegment(pad + "no items", role: .muted)]))
        }
        let hint = typing == nil
            ? "a adds · Enter edits · d removes · K/J move · Esc leaves"
            : "Tab completes · ↑↓ choose · Enter applies · Esc drops"
        rows.append(Row(segments: [TextSegment(DisplayWidth.truncate(pad + hint, to: max(1, width)), role: .muted)]))
        return rows
    }

    private static func completionRows(_ typing: InspectorListField.Typing?, width: Int) -> [Row] {
        guard let typing else { return [] }
        return typing.completions.enumerated().map { index, completion in
            let uses = completion.uses == 1 ? "1 document" : "\(completion.uses) documents"
            return Row(
                segments: [
                    TextSegment(String(repeating: " ", count: indent + 2) + "↳ ", role: .accent), TextSegment(completion.value, role: .text),
                    TextSegment("  " + uses, role: .muted),
                ],
                isHighlighted: index == typing.highlighted)
        }
    }
}
