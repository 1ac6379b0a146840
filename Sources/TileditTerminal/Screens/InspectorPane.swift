import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The inspector of the selected block: a typed form for a tile or the
/// front matter (one row per field: key, required mark, value as a toggle,
/// a choice, a list or text; the message of a draft under it), the text of
/// a prose block, the block's problems with their fixes, and the selected
/// field's meaning and accepted values at the bottom.
@MainActor
enum InspectorPane {
    /// One row of the scrolling part of the pane.
    private struct Line {
        var segments: [TextSegment]
        /// The field the row belongs to, for the selection bar.
        var field: Int?
        /// Rows a multi-line field's text area takes here (0 for a plain row).
        var areaRows = 0
        /// A row of an open list field (`ListFieldRows`).
        var listRow: ListFieldRows.Row?
    }

    /// The pane's title.
    static func title(_ app: AppModel) -> String {
        if app.editor?.inspector.editing == .newParagraph { return "\(Pane.inspector.label) · new paragraph" }
        guard let editor = app.editor, let index = editor.selectedIndex, let row = editor.row(at: index) else { return Pane.inspector.label }
        return "\(Pane.inspector.label) · \(row.kindLabel)"
    }

    /// Rows a multi-line field editor gets.
    static let areaRows = 6

    /// The accessibility label of a field.
    static func fieldLabel(_ field: InspectorField) -> String {
        "Field \(field.key)\(field.isRequired ? " (required)" : ""): \(field.draft.isEmpty ? "not set" : field.draft)"
    }


    static func draw(into buffer: inout ScreenBuffer, rect: Rect, app: AppModel, state: inout ViewState, focused: Bool) {
        if let yaml = app.yamlEditor {
            return YAMLInspectorPane.draw(into: &buffer, rect: rect, yaml: yaml, state: &state, focused: focused)
        }
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: title(app), focused: focused)
        guard let editor = app.editor, editor.document.value != nil else {
            PaneFrame.message(into: &buffer, rect: inside, ["Nothing to inspect", "Open a document and select a block"])
            return
        }
        let inspector = editor.inspector
        if let draft = inspector.newParagraph, case .newParagraph(var area)? = state.editing, inside.width > 4, inside.height > 3 {
            let header = "new paragraph: block \(draft.index + 1) of \(editor.blockCount + 1)"
            buffer.put(DisplayWidth.truncate(header, to: inside.width - 2), row: inside.row, column: inside.column + 1, style: CellStyle(foreground: .heading, attributes: .bold), clip: inside)
            let footerRows = inside.height >= 10 ? 2 : 0
            area.draw(into: &buffer, rect: Rect(row: inside.row + 1, column: inside.column + 1, width: inside.width - 2, height: inside.height - 1 - footerRows), style: .plain, focused: true)
            state.editing = .newParagraph(area)
            if footerRows > 0 { drawFooter(["Esc or Tab adds it · left empty, nothing is added · Ctrl-G discards"], into: &buffer, inside: inside) }
            return
        }
        guard let index = editor.selectedIndex, let row = editor.row(at: index) else {
            PaneFrame.message(into: &buffer, rect: inside, ["No block selected"])
            return
        }
        guard inside.width > 4, inside.height > 2 else { return }
        var top = inside.row
        let lines = "lines \(row.lines.lowerBound)–\(row.lines.upperBound)"
        let header: [TextSegment] = [
            TextSegment(row.kindLabel + ":", role: row.isTile ? .tileLabel : .heading, attributes: .bold),
            TextSegment(" " + row.summary, role: .text),
        ]
        let linesWidth = DisplayWidth.of(lines)
        let headerWidth = inside.width - 2 - linesWidth - 2
        buffer.put(TextSegment.fitting(header, width: max(1, headerWidth)), row: top, column: inside.column + 1, clip: inside)
        if headerWidth > 8 {
            buffer.put(lines, row: top, column: inside.maxColumn - 1 - linesWidth, style: CellStyle(foreground: .muted), clip: inside)
        }
        top += 1
        if let refusal = inspector.refusal {
            for line in DisplayWidth.wrap("✖ " + refusal.message, width: inside.width - 2).prefix(3) where top < inside.maxRow {
                buffer.put(line, row: top, column: inside.column + 1, style: CellStyle(foreground: .error, attributes: .bold), clip: inside)
                top += 1
            }
        }
        let footerRows = inside.height >= 10 ? 2 : 0
        let body = Rect(row: top, column: inside.column, width: inside.width, height: inside.maxRow - top - footerRows)
        switch inspector.subject {
        case .tile, .frontMatter:
            let fields = inspector.fields
            let selected = inspector.selectedFieldIndex ?? 0
            drawFields(fields, selected: selected, inspector: inspector, into: &buffer, rect: body, state: &state, focused: focused)
            if footerRows > 0, fields.indices.contains(selected) {
                let field = fields[selected]
                drawFooter(["\(field.key): \(field.summary)", field.guidance + (field.input == .toggle ? " · Space toggles" : "")], into: &buffer, inside: inside)
            }
        case .text:
            drawText(inspector, into: &buffer, rect: body, state: &state)
            if footerRows > 0 {
                let hint = state.editing.map { _ in "Esc or Tab leaves (applied) · Ctrl-G discards" } ?? "Enter edits the text · e opens $EDITOR"
                drawFooter([hint], into: &buffer, inside: inside)
            }
        case .nothing:
            PaneFrame.message(into: &buffer, rect: body, ["No block selected"])
        }
    }

    // MARK: Fields

    private static func drawFields(
        _ fields: [InspectorField], selected: Int, inspector: InspectorModel, into buffer: inout ScreenBuffer, rect: Rect, state: inout ViewState, focused: Bool
    ) {
        guard rect.height > 0 else { return }
        let keyWidth = min(16, fields.map { DisplayWidth.of($0.key) + ($0.isRequired ? 1 : 0) }.max() ?? 4)
        let valueColumn = keyWidth + 3
        var lines: [Line] = []
        var fieldRows: [Int: Int] = [:]
        for (index, field) in fields.enumerated() {
            fieldRows[index] = lines.count
            let isEditingArea = { if case .fieldArea(_, let key, _)? = state.editing { key == field.key } else { false } }()
            lines.append(Line(segments: fieldSegments(field, keyWidth: keyWidth), field: index))
            if isEditingArea {
                lines.append(Line(segments: [], field: index, areaRows: areaRows))
            }
            if let list = inspector.list, list.key == field.key {
                lines += ListFieldRows.rows(list, width: rect.width).map { Line(segments: $0.segments, field: index, listRow: $0) }
            }
            if let message = field.message {
                for wrapped in DisplayWidth.wrap("✖ " + message, width: max(1, rect.width - valueColumn - 1)) {
                    lines.append(Line(segments: [TextSegment(String(repeating: " ", count: valueColumn) + wrapped, role: .error)], field: index))
                }
            }
        }
        if fields.isEmpty {
            lines.append(Line(segments: [TextSegment(" No properties · a adds one", role: .muted)]))
        }
        let diagnostics = inspector.diagnostics
        if !diagnostics.isEmpty {
            lines.append(Line(segments: []))
            lines += diagnosticLines(diagnostics, width: rect.width)
        }
        // Scroll so the selected field's rows (and its text area) show.
        let rowsOf: (Line) -> Int = { max(1, $0.areaRows) }
        var offsets: [Int] = []
        var total = 0
        for line in lines {
            offsets.append(total)
            total += rowsOf(line)
        }
        if let first = fieldRows[selected] {
            let start = offsets[first]
            var end = start + 1
            for (position, line) in lines.enumerated() where line.field == selected { end = offsets[position] + rowsOf(line) }
            if start < state.inspectorScroll { state.inspectorScroll = start }
            if end > state.inspectorScroll + rect.height { state.inspectorScroll = end - rect.height }
        }
        state.inspectorScroll = max(0, min(state.inspectorScroll, total - rect.height))
        var editorRect: Rect?
        for (position, line) in lines.enumerated() {
            let row = rect.row + offsets[position] - state.inspectorScroll
            let height = rowsOf(line)
            guard row + height > rect.row, row < rect.maxRow else { continue }
            let rowRect = Rect(row: row, column: rect.column, width: rect.width, height: 1)
            if let field = line.field { state.record(Rect(row: row, column: rect.column, width: rect.width, height: height).intersection(rect), .row(.inspector, index: field)) }
            let isSelected = line.listRow.map { $0.isHighlighted && focused }
                ?? (line.field == selected && focused && state.editing == nil && line.areaRows == 0 && inspector.list == nil)
            if line.areaRows > 0 {
                editorRect = Rect(row: row, column: rect.column + 2, width: rect.width - 3, height: height).intersection(rect)
                continue
            }
            if isSelected {
                buffer.fill(rowRect, style: CellStyle(foreground: .selectionText, background: .selection))
                var segments = line.segments
                for index in segments.indices { segments[index].style = CellStyle(foreground: .selectionText, background: .selection, attributes: segments[index].style.attributes) }
                buffer.put(segments, row: row, column: rect.column, clip: rowRect)
            } else {
                buffer.put(line.segments, row: row, column: rect.column, clip: rowRect)
            }
            if line.listRow?.isItemField == true, var field = state.listItemField {
                let column = rect.column + ListFieldRows.indent
                field.draw(into: &buffer, rect: Rect(row: row, column: column, width: rect.maxColumn - column - 1, height: 1),
                           style: CellStyle(foreground: .text, attributes: .underline), focused: true)
                state.listItemField = field
            }
            if position == fieldRows[selected], case .field(let block, let key, var field)? = state.editing,
               fields[selected].key == key {
                let fieldRect = Rect(row: row, column: rect.column + valueColumn, width: rect.width - valueColumn - 1, height: 1)
                // The value drawn above may be wider than the field: clear it
                // to the row's end, or its last column shows beside the field.
                buffer.fill(Rect(row: row, column: fieldRect.column, width: rect.maxColumn - fieldRect.column, height: 1), style: .plain)
                field.draw(into: &buffer, rect: fieldRect, style: CellStyle(foreground: .text, attributes: .underline), focused: true)
                state.editing = .field(block: block, key: key, field)
            }
        }
        if let editorRect, case .fieldArea(let block, let key, var area)? = state.editing {
            area.draw(into: &buffer, rect: editorRect, style: CellStyle(foreground: .text, attributes: .underline), focused: true)
            state.editing = .fieldArea(block: block, key: key, area)
        }
    }

    private static func fieldSegments(_ field: InspectorField, keyWidth: Int) -> [TextSegment] {
        var segments: [TextSegment] = []
        segments.append(field.isEdited ? TextSegment("•", role: .dirty, attributes: .bold) : TextSegment(" "))
        let keyRole: PaletteRole = !field.isKnown ? .warning : field.isPresent ? .text : .muted
        let keyText = field.key + (field.isRequired ? "*" : "")
        segments.append(TextSegment(DisplayWidth.pad(keyText, to: keyWidth), role: keyRole, attributes: field.isPresent ? .bold : []))
        segments.append(TextSegment("  "))
        switch field.input {
        case .toggle:
            segments.append(TextSegment(field.isOn ? "[x] " : "[ ] ", role: .accent))
            segments.append(TextSegment(field.draft.isEmpty ? "not set" : field.draft, role: field.draft.isEmpty ? .muted : .text))
        case .choice:
            segments.append(TextSegment("‹ ", role: .accent))
            segments.append(TextSegment(field.draft.isEmpty ? "not set" : field.draft, role: field.draft.isEmpty ? .muted : .text))
            segments.append(TextSegment(" ›", role: .accent))
        case .multiline:
            let lines = field.draft.split(separator: "\n", omittingEmptySubsequences: false)
            segments.append(TextSegment(field.draft.isEmpty ? "not set" : String(lines.first ?? ""), role: field.draft.isEmpty ? .muted : .text))
            if lines.count > 1 { segments.append(TextSegment(" ⏎ +\(lines.count - 1) lines", role: .muted)) }
        case .line, .list:
            // A value read from YAML may still span lines (a nested mapping).
            segments.append(TextSegment(field.draft.isEmpty ? "not set" : StatusLine.oneLine(field.draft), role: field.draft.isEmpty ? .muted : .text))
        }
        if field.message != nil {
            segments[segments.count - 1].style.foreground = .error
        }
        return segments
    }

    private static func diagnosticLines(_ diagnostics: [Diagnostic], width: Int) -> [Line] {
        var lines: [Line] = [Line(segments: [TextSegment(" Problems", role: .heading, attributes: .bold)])]
        var firstFix = true
        for diagnostic in diagnostics {
            let role: PaletteRole = diagnostic.severity == .error ? .error : diagnostic.severity == .warning ? .warning : .info
            let mark = diagnostic.severity == .error ? "✖" : diagnostic.severity == .warning ? "!" : "i"
            for (index, wrapped) in DisplayWidth.wrap("\(mark) \(diagnostic.message)", width: max(1, width - 2)).enumerated() {
                lines.append(Line(segments: [TextSegment((index == 0 ? " " : "   ") + wrapped, role: role)]))
            }
            if let fix = diagnostic.fix {
                let key = firstFix ? "x: " : ""
                firstFix = false
                lines.append(Line(segments: [TextSegment("   fix \(key)", role: .accent), TextSegment(fix.title, role: .muted)]))
            }
        }
        return lines
    }

    // MARK: Text

    private static func drawText(_ inspector: InspectorModel, into buffer: inout ScreenBuffer, rect: Rect, state: inout ViewState) {
        guard rect.height > 0 else { return }
        let diagnostics = inspector.diagnostics
        let problemLines = diagnostics.isEmpty ? [] : diagnosticLines(diagnostics, width: rect.width)
        let problemRows = min(problemLines.count, max(0, rect.height / 3))
        let textRect = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height - problemRows)
        if case .text(let block, var area)? = state.editing {
            area.draw(into: &buffer, rect: textRect, style: .plain, focused: true)
            state.editing = .text(block: block, area)
        } else {
            let text = inspector.text ?? ""
            let style = CellStyle(foreground: inspector.subjectPending.text == nil ? .text : .dirty)
            for (offset, line) in DisplayWidth.wrap(text, width: textRect.width, maxLines: textRect.height).enumerated() {
                buffer.put(line, row: textRect.row + offset, column: textRect.column, style: style, clip: textRect)
            }
        }
        for (offset, line) in problemLines.prefix(problemRows).enumerated() {
            buffer.put(line.segments, row: textRect.maxRow + offset, column: rect.column, clip: rect)
        }
    }

    private static func drawFooter(_ lines: [String], into buffer: inout ScreenBuffer, inside: Rect) {
        let first = inside.maxRow - 2
        buffer.fill(Rect(row: first, column: inside.column, width: inside.width, height: 2))
        for (offset, line) in lines.prefix(2).enumerated() {
            buffer.put(DisplayWidth.truncate(line, to: inside.width - 2), row: first + offset, column: inside.column + 1, style: CellStyle(foreground: .muted), clip: inside)
        }
    }
}
