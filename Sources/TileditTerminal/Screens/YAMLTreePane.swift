import TileditModel
import TileditViewModels
import TileditTextLayout
import TileditTerminalToolkit

/// The blocks pane for a YAML file: the tree of its documents, mappings,
/// sequences and values, one row per visible node (`▸` folded, `▾`
/// unfolded), drawn from the rows the YAML editor makes for the visible
/// range only.
@MainActor
enum YAMLTreePane {
    /// The pane's title: label, visible rows and file.
    static func title(_ yaml: YAMLDocumentModel) -> String {
        guard yaml.file.value != nil else { return "\(Pane.blocks.label) · \(yaml.displayPath)" }
        return "\(Pane.blocks.label) · \(yaml.rowCount) rows · \(yaml.displayPath)"
    }

    /// The accessibility label of a row, e.g. `title: Tiledit Example Site`.
    static func rowLabel(_ row: YAMLTreeRow) -> String {
        row.label.isEmpty ? row.summary : "\(row.label): \(row.summary)"
    }

    static func draw(into buffer: inout ScreenBuffer, rect: Rect, yaml: YAMLDocumentModel, state: inout ViewState, focused: Bool) {
        let inside = PaneFrame.draw(into: &buffer, rect: rect, title: title(yaml), focused: focused)
        switch yaml.file {
        case .idle, .loading(previous: nil):
            PaneFrame.message(into: &buffer, rect: inside, ["Loading \(yaml.displayPath)…"])
            return
        case .failed(let error):
            PaneFrame.message(into: &buffer, rect: inside, [error.message, "R tries again"], role: .error)
            return
        case .loading, .loaded:
            break
        }
        guard yaml.rowCount > 0 else {
            let problem = yaml.diagnostics.first { $0.severity == .error }
            PaneFrame.message(
                into: &buffer, rect: inside,
                problem.map { ["Line \($0.location.line), column \($0.location.column): \($0.message)", "Fix it in the source; edits wait until it reads"] } ?? ["The file is empty"],
                role: problem == nil ? .muted : .error)
            return
        }
        state.blocksList.draw(into: &buffer, rect: inside, rowCount: yaml.rowCount, selection: yaml.selectedRow, focused: focused) { buffer, row in
            guard let node = yaml.row(at: row.index) else { return }
            let marker = node.isExpanded.map { $0 ? "▾ " : "▸ " } ?? "  "
            var segments = [TextSegment(String(repeating: "  ", count: min(node.depth, 20)) + marker, role: .muted)]
            switch node.kind {
            case .document:
                segments.append(TextSegment(node.label + " ", role: .heading, attributes: .bold))
            default:
                if !node.label.isEmpty { segments.append(TextSegment(node.label + ": ", role: .accent)) }
            }
            if let anchor = node.anchor { segments.append(TextSegment("&\(anchor) ", role: .tileLabel)) }
            if let tag = node.tag { segments.append(TextSegment(tag + " ", role: .muted)) }
            segments.append(TextSegment(node.summary, role: summaryRole(node.kind)))
            var right: [TextSegment] = []
            switch node.severity {
            case .error?: right.append(TextSegment("✖", role: .error))
            case .warning?: right.append(TextSegment("!", role: .warning))
            case .info?, nil: break
            }
            if !node.comments.isEmpty { right.append(TextSegment((right.isEmpty ? "" : " ") + "#", role: .muted)) }
            right.append(TextSegment((right.isEmpty ? "" : " ") + "\(node.line)", role: .muted))
            PaneFrame.drawRow(segments, right: right, into: &buffer, row: row)
        }
    }

    static func summaryRole(_ kind: YAMLTreeRow.Kind) -> PaletteRole {
        switch kind {
        case .mapping, .sequence, .document: .muted
        case .alias: .link
        case .scalar(let type): type == .string ? .text : .code
        }
    }
}
