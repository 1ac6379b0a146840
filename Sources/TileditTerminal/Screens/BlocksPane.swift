import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The middle pane: the open document's blocks in order (position, kind,
/// one-line summary, problems), asking the editor for visible rows only,
/// so 50,000 blocks draw as fast as 50.
@MainActor
enum BlocksPane {
    /// The pane's title: label, block count and file (cut first when long).
    static func title(_ app: AppModel) -> String {
        guard let editor = app.editor else { return Pane.blocks.label }
        guard editor.document.value != nil else { return "\(Pane.blocks.label) · \(editor.displayPath)" }
        return "\(Pane.blocks.label) · \(editor.blockCount) · \(editor.displayPath)"
    }

    /// The accessibility label of a block row, e.g. `tile callout: welcome-note`.
    static func rowLabel(_ row: BlockRow) -> String {
        "\(row.kindLabel): \(row.summary)"
    }

    static func draw(into buffer: inout ScreenBuffer, rect: Rect, app: AppModel, state: inout ViewState, focused: Bool) {
        if let yaml = app.yamlEditor {
            YAMLTreePane.draw(into: &buffer, rect: rect, yaml: yaml, state: &state, focused: focused)
            state.recordRows(in: rect.inset(rows: 1, columns: 1), offset: state.blocksList.scrollOffset, count: yaml.rowCount) { .row(.blocks, index: $0) }
            return
        }
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: title(app), focused: focused)
        guard let editor = app.editor else {
            if app.documents?.workspace.isLoading == true || app.session == .closed {
                PaneFrame.message(into: &buffer, rect: inside, ["Opening…"])
            } else if case .failed = app.session {
                PaneFrame.message(into: &buffer, rect: inside, ["No document open"])
            } else {
                PaneFrame.message(into: &buffer, rect: inside, ["No document open", "Enter on a document opens it"])
            }
            return
        }
        switch editor.document {
        case .idle, .loading(previous: nil):
            PaneFrame.message(into: &buffer, rect: inside, ["Loading \(editor.displayPath)…"])
            return
        case .failed(let error):
            PaneFrame.message(into: &buffer, rect: inside, [error.message, "R tries again"], role: .error)
            return
        case .loading, .loaded:
            break
        }
        let count = editor.blockCount
        guard count > 0 else {
            PaneFrame.message(into: &buffer, rect: inside, ["The document is empty", "o adds a paragraph · i inserts a tile"])
            return
        }
        let digits = String(count).count
        state.blocksList.draw(into: &buffer, rect: inside, rowCount: count, selection: editor.selectedIndex, focused: focused) { buffer, row in
            guard let block = editor.row(at: row.index) else { return }
            let (segments, right) = rowSegments(block, index: row.index, digits: digits, kindWidth: min(16, max(10, row.rect.width * 35 / 100)))
            PaneFrame.drawRow(segments, right: right, into: &buffer, row: row)
        }
        state.recordRows(in: inside, offset: state.blocksList.scrollOffset, count: count) { .row(.blocks, index: $0) }
    }

    /// A block's row: number, kind and summary on the left, its problem counts on the right.
    private static func rowSegments(_ block: BlockRow, index: Int, digits: Int, kindWidth: Int) -> (left: [TextSegment], right: [TextSegment]) {
        let number = String(index + 1)
        var segments = [
            TextSegment(String(repeating: " ", count: max(0, digits - number.count)) + number + " ", role: .muted),
            TextSegment(DisplayWidth.pad(block.kindLabel, to: kindWidth) + " ", role: kindRole(block)),
        ]
        segments.append(TextSegment(block.summary, role: .text))
        var right: [TextSegment] = []
        if block.errorCount > 0 { right.append(TextSegment("✖\(block.errorCount)", role: .error)) }
        if block.warningCount > 0 { right.append(TextSegment((right.isEmpty ? "" : " ") + "!\(block.warningCount)", role: .warning)) }
        return (segments, right)
    }

    /// Columns the pane's rows want (borders included, the kind column at
    /// its widest), over at most its first `PaneFrame.measuredRows` rows:
    /// what `Layout` grows the pane to.
    static func wantedWidth(_ app: AppModel) -> Int {
        guard let editor = app.editor, editor.document.value != nil else { return 0 }
        let count = editor.blockCount
        let digits = String(count).count
        var widest = 0
        for index in 0..<min(count, PaneFrame.measuredRows) {
            guard let block = editor.row(at: index) else { continue }
            let (left, right) = rowSegments(block, index: index, digits: digits, kindWidth: 16)
            widest = max(widest, left.reduce(0) { $0 + $1.width } + right.reduce(0) { $0 + $1.width } + (right.isEmpty ? 0 : 1))
        }
        return widest + 2
    }

    static func kindRole(_ row: BlockRow) -> PaletteRole {
        if row.isRaw { return .error }
        if row.isTile { return .tileLabel }
        if row.kindLabel.hasPrefix("heading") { return .heading }
        if row.kindLabel == "front matter" { return .accent }
        return .muted
    }
}
