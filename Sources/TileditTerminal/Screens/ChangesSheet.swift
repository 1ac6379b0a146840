import TileditTextLayout
import TileditTerminalToolkit
import TileditViewModels

/// A large sheet over the panes for changes to read before choosing:
/// header lines, a body that scrolls (`ViewState.sheetScroll`, kept in
/// range here), and a row of buttons, the selected one marked. The rename
/// preview and the conflict review draw through it; what the lines and
/// buttons are is their view models'.
enum ChangesSheet {
    /// Draws the sheet in `area` and returns how many body rows it shows
    /// (for paging). Header lines of one segment wrap at the sheet's width.
    @discardableResult
    static func draw(
        into buffer: inout ScreenBuffer, area: Rect, title: String, header: [[TextSegment]], bodyCount: Int,
        bodyLine: (Int) -> [TextSegment], buttons: [String], selected: Int, scroll: inout Int, buttonRects: inout [Rect]
    ) -> Int {
        let width = min(area.width, 100)
        let height = max(5, area.height)
        let content = Overlay.drawSheet(into: &buffer, area: area, width: width, height: height, title: title)
        var row = content.row
        // Header lines wrap; body lines are cut at the sheet's edge (they are lines of files).
        let wrapped = header.flatMap { line -> [[TextSegment]] in
            guard line.count == 1, let segment = line.first else { return [line] }
            return DisplayWidth.wrap(segment.text, width: max(1, content.width)).map { [TextSegment($0, style: segment.style)] }
        }
        for line in wrapped where row < content.maxRow {
            buffer.put(line, row: row, column: content.column, background: .overlay, clip: content)
            row += 1
        }
        let buttonRow = content.maxRow - 1
        let bodyTop = row + (header.isEmpty ? 0 : 1)
        let bodyHeight = max(0, buttonRow - 1 - bodyTop)
        scroll = max(0, min(scroll, bodyCount - bodyHeight))
        // Only the lines shown are made.
        for offset in 0..<max(0, min(bodyHeight, bodyCount - scroll)) {
            buffer.put(bodyLine(scroll + offset), row: bodyTop + offset, column: content.column, background: .overlay, clip: content)
        }
        if bodyCount > bodyHeight, bodyHeight > 0 {
            let position = "lines \(scroll + 1)–\(min(bodyCount, scroll + bodyHeight)) of \(bodyCount)"
            buffer.put(position, row: buttonRow - 1, column: content.maxColumn - DisplayWidth.of(position), style: CellStyle(foreground: .muted, background: .overlay), clip: content)
        }
        buttonRects = drawButtons(buttons, selected: selected, into: &buffer, row: buttonRow, content: content)
        return bodyHeight
    }

    /// The buttons on one row, centered, the selected one highlighted and
    /// marked; returns where each one is.
    @discardableResult
    static func drawButtons(_ buttons: [String], selected: Int, into buffer: inout ScreenBuffer, row: Int, content: Rect) -> [Rect] {
        let labels = buttons.map(Overlay.buttonLabel)
        let total = labels.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, labels.count - 1)
        var column = content.column + max(0, (content.width - total) / 2)
        var rects: [Rect] = []
        for (index, label) in labels.enumerated() {
            let style = index == selected
                ? CellStyle(foreground: .selectionText, background: .selection, attributes: .bold)
                : CellStyle(foreground: .accent, background: .overlay)
            let start = column
            column = buffer.put(label, row: row, column: column, style: style, clip: content) + 2
            rects.append(Rect(row: row, column: start, width: max(0, column - 2 - start), height: 1).intersection(content))
        }
        return rects
    }

    /// A line of a file as the sheet shows it: tabs as spaces (control
    /// characters are drawn as their escapes by the buffer).
    static func shown(_ text: String) -> String {
        text.contains("\t") ? text.replacingOccurrences(of: "\t", with: "    ") : text
    }

    /// How a line of changes is drawn.
    static func segments(_ line: ChangeLine) -> [TextSegment] {
        switch line.kind {
        case .file: [TextSegment(shown(line.text), role: .heading, attributes: .bold)]
        case .hunk: [TextSegment(line.text, role: .muted)]
        case .diff(.removed): [TextSegment(shown(line.text), role: .error)]
        case .diff(.added): [TextSegment(shown(line.text), role: .success)]
        case .diff(.context): [TextSegment(shown(line.text), role: .text)]
        case .note: [TextSegment("! " + line.text, role: .warning)]
        }
    }
}
