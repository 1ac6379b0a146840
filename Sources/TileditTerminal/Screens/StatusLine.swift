import TileditViewModels
import TileditTerminalToolkit

/// The last row: the open file, its save state and problem counts, then
/// notes or the focused element's accessibility label; key hints for the
/// current context on the right.
@MainActor
enum StatusLine {
    static func draw(into buffer: inout ScreenBuffer, rect: Rect, app: AppModel, state: ViewState) {
        // The file and its save state before the key hints, when room is short.
        StatusBar(left: leftSegments(app: app, state: state), right: hints(app: app, state: state), essentialLeftCount: 2)
            .draw(into: &buffer, row: rect.row, column: rect.column, width: rect.width)
    }

    static func leftSegments(app: AppModel, state: ViewState) -> [TextSegment] {
        var segments: [TextSegment] = []
        if let editor = app.editor {
            segments.append(TextSegment(editor.displayPath, role: .text, attributes: .bold))
            let saveState = editor.saveState
            segments.append(TextSegment("  " + saveState.label, role: role(of: saveState), attributes: saveState == .clean ? [] : .bold))
            if let index = editor.selectedIndex { segments.append(TextSegment("  block \(index + 1)/\(editor.blockCount)", role: .muted)) }
            let counts = editor.diagnosticCounts
            if counts.errors > 0 { segments.append(TextSegment("  ✖ \(counts.errors) error\(counts.errors == 1 ? "" : "s")", role: .error)) }
            if counts.warnings > 0 { segments.append(TextSegment("  ! \(counts.warnings) warning\(counts.warnings == 1 ? "" : "s")", role: .warning)) }
            if case .failed(let error) = saveState { segments.append(TextSegment("  " + error.message, role: .error)) }
            if let problem = editor.session.journal.problem { segments.append(TextSegment("  " + problem.message, role: .error)) }
        } else if let yaml = app.yamlEditor {
            segments.append(TextSegment(yaml.displayPath, role: .text, attributes: .bold))
            let saveState = yaml.saveState
            segments.append(TextSegment("  " + saveState.label, role: role(of: saveState), attributes: saveState == .clean ? [] : .bold))
            if let index = yaml.selectedRow { segments.append(TextSegment("  row \(index + 1)/\(yaml.rowCount)", role: .muted)) }
            let (errors, warnings) = yaml.diagnosticCounts
            if errors > 0 { segments.append(TextSegment("  ✖ \(errors) error\(errors == 1 ? "" : "s")", role: .error)) }
            if warnings > 0 { segments.append(TextSegment("  ! \(warnings) warning\(warnings == 1 ? "" : "s")", role: .warning)) }
            if case .failed(let error) = saveState { segments.append(TextSegment("  " + error.message, role: .error)) }
        } else {
            switch app.session {
            case .closed, .opening: segments.append(TextSegment("Opening…", role: .muted))
            case .open(let root): segments.append(TextSegment(root.lastPathComponent, role: .text, attributes: .bold))
            case .failed: segments.append(TextSegment("Could not open the workspace", role: .error, attributes: .bold))
            }
        }
        if let message = state.message {
            segments.append(TextSegment("  " + message, role: .warning))
        } else if let notes = app.editor?.notes ?? app.yamlEditor?.notes, !notes.isEmpty {
            segments.append(TextSegment("  " + notes.joined(separator: " "), role: .info))
        } else if let notice = app.documents?.notice {
            segments.append(TextSegment("  " + notice, role: .info))
        }
        segments.append(TextSegment("  " + Self.oneLine(Screen.focusedElementLabel(app: app, state: state)), role: .muted))
        return segments
    }

    static func role(of saveState: SaveState) -> PaletteRole {
        switch saveState {
        case .clean: .muted
        case .dirty: .dirty
        case .saving: .info
        case .saved: .success
        case .failed, .conflict, .diskProblem: .error
        }
    }

    /// Key hints for what has the keys now.
    static func hints(app: AppModel, state: ViewState) -> [TextSegment] {
        let pairs: [(String, String)]
        if let modal = Modal.current(app: app, state: state) {
            switch modal.scope {
            case .help: pairs = [("Esc", "close")]
            case .catalog: pairs = [("type", "filter"), ("Enter", "insert"), ("Esc", "cancel")]
            case .search: pairs = [("Enter", "open"), ("Esc", "close")]
            case .settings: pairs = [("Space", "change"), ("Esc", "close")]
            case .newDocument: pairs = [("Tab", "kind"), ("Enter", "create"), ("Esc", "cancel")]
            case .recovery: pairs = [("Enter", "restore"), ("d", "discard"), ("Esc", "later")]
            case .prompt: pairs = [("Enter", "ok"), ("Esc", "cancel")]
            case .rename: pairs = [("Enter", "show changes"), ("Esc", "cancel")]
            case .changes: pairs = [("↑↓", "scroll"), ("Enter", "choose"), ("Esc", "back")]
            default: pairs = [("Enter", "choose"), ("Esc", "close")]
            }
        } else {
            switch state.editing {
            case .field?, .yamlValue?: pairs = [("Enter", "apply"), ("Esc", "leave"), ("Ctrl-G", "discard")]
            case .fieldArea?, .text?, .yamlText?: pairs = [("Esc", "leave"), ("Ctrl-G", "discard")]
            case .newParagraph?: pairs = [("Esc", "add it"), ("Ctrl-G", "discard")]
            case .filter?: pairs = [("Enter", "keep"), ("Ctrl-G", "clear")]
            case nil: pairs = [("?", "keys"), ("q", "quit")]
            }
        }
        var segments: [TextSegment] = []
        for (index, pair) in pairs.enumerated() {
            if index > 0 { segments.append(TextSegment("  ")) }
            segments.append(TextSegment(pair.0, role: .accent, attributes: .bold))
            segments.append(TextSegment(" " + pair.1))
        }
        return segments
    }

    /// `text` on one line: each line break (LF, CR, CRLF: a multi-line
    /// field's value) as `↵`, tabs as a space. Every other control
    /// character (VT, FF, NEL, U+2028 included) is left to the screen
    /// buffer, which shows its escape.
    nonisolated static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? "↵" : $0 == "\t" ? " " : $0 })
    }
}
