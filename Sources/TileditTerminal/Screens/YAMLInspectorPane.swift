import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The inspector for a YAML file: the selected node's path, its comments,
/// anchor and the other places sharing it, and for a value its typed field
/// (the type, or in `tiledown.yml` the key's rule, the text on one line or
/// in a text area, the message while it cannot be applied, the choices);
/// the diagnostics of its row with their fix; below, why the last edit was
/// refused or what else it changed.
@MainActor
enum YAMLInspectorPane {
    static func title(_ yaml: YAMLDocumentModel) -> String {
        guard let index = yaml.selectedRow, let row = yaml.row(at: index) else { return Pane.inspector.label }
        switch row.kind {
        case .document: return "\(Pane.inspector.label) · document"
        case .mapping: return "\(Pane.inspector.label) · mapping"
        case .sequence: return "\(Pane.inspector.label) · sequence"
        case .alias: return "\(Pane.inspector.label) · alias"
        case .scalar(let type): return "\(Pane.inspector.label) · \(type.rawValue)"
        }
    }

    static func draw(into buffer: inout ScreenBuffer, rect: Rect, yaml: YAMLDocumentModel, state: inout ViewState, focused: Bool) {
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: title(yaml), focused: focused)
        guard let index = yaml.selectedRow, let row = yaml.row(at: index), let id = yaml.selection else {
            PaneFrame.message(into: &buffer, rect: inside, yaml.file.value == nil ? ["Nothing to inspect"] : ["No node selected"])
            return
        }
        guard inside.width > 4, inside.height > 2 else { return }
        let width = inside.width - 2
        var top = inside.row
        func put(_ text: String, _ style: CellStyle, wrapping: Bool = true) {
            let lines = wrapping ? DisplayWidth.wrap(text, width: width, maxLines: max(0, inside.maxRow - top)) : [text]
            for line in lines where top < inside.maxRow {
                buffer.put(line, row: top, column: inside.column + 1, style: style, clip: inside)
                top += 1
            }
        }
        let path = yaml.path(of: id)?.description ?? ""
        put(path.isEmpty ? "(document root)" : path, CellStyle(foreground: .heading, attributes: .bold))
        put("line \(row.line)", CellStyle(foreground: .muted))
        for comment in row.comments { put("# " + comment, CellStyle(foreground: .muted)) }
        if let anchor = row.anchor { put("anchor &\(anchor)", CellStyle(foreground: .tileLabel)) }
        if let shared = yaml.sharedValueNote(of: id) { put(shared, CellStyle(foreground: .link)) }
        top += 1
        for diagnostic in yaml.selectedDiagnostics {
            let mark = diagnostic.severity == .error ? "✖" : diagnostic.severity == .warning ? "!" : "i"
            let role: PaletteRole = diagnostic.severity == .error ? .error : diagnostic.severity == .warning ? .warning : .info
            put("\(mark) line \(diagnostic.location.line): \(diagnostic.message)", CellStyle(foreground: role))
            if let fix = diagnostic.fix { put("  x: \(fix.title)", CellStyle(foreground: .accent)) }
        }
        if let field = yaml.field, field.id == id {
            if field.isSiteConfiguration {
                put("accepts: \(field.siteKind?.hint ?? "any text (a key Tiledown does not know)")", CellStyle(foreground: .accent))
            } else {
                put("type: \(field.type.rawValue)   (←/→ changes it)", CellStyle(foreground: .accent))
            }
            if top < inside.maxRow {
                if case .yamlValue(var typing)? = state.editing {
                    let fieldRect = Rect(row: top, column: inside.column + 1, width: width, height: 1)
                    typing.draw(into: &buffer, rect: fieldRect, style: CellStyle(foreground: .text, attributes: .underline), focused: true)
                    state.editing = .yamlValue(typing)
                    top += 1
                } else if case .yamlText(var area)? = state.editing {
                    // The text area takes what room is left, keeping a few rows for the messages.
                    let height = max(1, min(max(area.lineCount, 3), inside.maxRow - top - 3))
                    let areaRect = Rect(row: top, column: inside.column + 1, width: width, height: height)
                    area.draw(into: &buffer, rect: areaRect, style: CellStyle(foreground: .text), focused: true)
                    state.editing = .yamlText(area)
                    top += height
                } else if field.isSingleLine {
                    put(field.text.isEmpty ? "(empty)" : field.text, CellStyle(foreground: .text))
                } else {
                    let lines = field.text.split(separator: "\n", omittingEmptySubsequences: false)
                    for line in lines.prefix(max(1, inside.maxRow - top - 3)) { put(String(line), CellStyle(foreground: .text)) }
                }
            }
            if let problem = field.problem {
                put("✖ " + problem, CellStyle(foreground: .error, attributes: .bold))
            } else if field.text != field.original {
                put(field.isSingleLine ? "Enter applies it; Esc leaves, applying it" : "Esc leaves, applying it", CellStyle(foreground: .muted))
            } else if !field.isSingleLine && !yaml.isEditingField {
                put("Enter edits it on several lines", CellStyle(foreground: .muted))
            }
            if !field.choices.isEmpty {
                put("choices: " + field.choices.joined(separator: ", ") + (field.isSiteConfiguration ? "  (←/→ picks one)" : ""), CellStyle(foreground: .muted))
            }
        } else {
            switch row.kind {
            case .mapping(let count):
                put("\(count) keys · Enter or → unfolds, ← folds · a adds a key", CellStyle(foreground: .muted))
            case .sequence(let count):
                put("\(count) items · Enter or → unfolds, ← folds · o adds an item", CellStyle(foreground: .muted))
            case .alias(let name):
                put("*\(name): the value of the anchor &\(name)", CellStyle(foreground: .muted))
            case .document, .scalar:
                break
            }
        }
        if !yaml.notes.isEmpty { top += 1 }
        for note in yaml.notes { put(note, CellStyle(foreground: .warning)) }
    }
}
