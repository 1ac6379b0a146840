import Foundation
import TileditModel
import TileditTestSupport
@testable import TileditViewModels

/// The YAML editor's actions and expectations of the scenario corpus,
/// replayed against `YAMLDocumentModel` as its renderers call it: a prompt
/// is answered through its `EditorPrompt`, a value is typed into the field
/// and applied or left, as the keys of the terminal do.
extension ScenarioDriver {
    private func requireYAML(_ step: Scenario.Step) throws -> YAMLDocumentModel {
        guard let yaml = app.yamlEditor else { throw fail(step, "no YAML file is open") }
        return yaml
    }

    /// Answers the prompt the editor shows with `answer`, typed and submitted.
    private func answerPrompt(_ yaml: YAMLDocumentModel, _ answer: String, _ step: Scenario.Step) throws {
        guard let prompt = yaml.destination?.prompt else { throw fail(step, "no prompt is shown") }
        prompt.onChangedText(answer)
        prompt.onSubmitted()
    }

    /// Types `text` into the selected value's field (opening it) and applies it with Enter.
    private func setValue(_ yaml: YAMLDocumentModel, _ text: String) {
        if !yaml.isEditingField { yaml.onTappedEdit() }
        yaml.onEditedField(text)
        yaml.onCommittedField()
    }

    /// Performs `step` when it is an action of the YAML editor; `false`
    /// when it is not (the action is the app's, or the Markdown editor's).
    func performYAML(_ step: Scenario.Step) async throws -> Bool {
        switch step.action {
        case "selectRow":
            let yaml = try requireYAML(step)
            guard let row = yaml.row(at: try int(step, "index")) else { throw fail(step, "no row at that index") }
            yaml.onSelected(row.id)
        case "unfold":
            // → in the terminal: a folded collection unfolds.
            try requireYAML(step).onTappedExpandOrEdit()
        case "fold":
            try requireYAML(step).onCollapsedSelection()
        case "setValue":
            setValue(try requireYAML(step), step[argument: "text"] ?? "")
        case "typeValue":
            let yaml = try requireYAML(step)
            if !yaml.isEditingField { yaml.onTappedEdit() }
            yaml.onEditedField(step[argument: "text"] ?? "")
        case "commitValue":
            try requireYAML(step).onCommittedField()
        case "leaveValue":
            try requireYAML(step).onLeftField()
        case "discardValue":
            try requireYAML(step).onDiscardedFieldTyping()
        case "addKey":
            let yaml = try requireYAML(step)
            yaml.onTappedAddKey()
            try answerPrompt(yaml, try text(step, "key"), step)
            if let value = step[argument: "value"] { setValue(yaml, value) }
        case "renameKey":
            let yaml = try requireYAML(step)
            yaml.onTappedRenameKey()
            try answerPrompt(yaml, try text(step, "to"), step)
        case "removeNode":
            try requireYAML(step).onRemovedSelection()
        case "addItem":
            let yaml = try requireYAML(step)
            yaml.onAddedItem()
            if let value = step[argument: "text"] { setValue(yaml, value) }
        case "moveItem":
            try requireYAML(step).onMovedItem(by: try int(step, "by"))
        case "duplicateItem":
            try requireYAML(step).onDuplicatedItem()
        case "selectLine":
            let yaml = try requireYAML(step)
            yaml.onTappedGoToLine()
            try answerPrompt(yaml, String(try int(step, "line")), step)
        case "fix":
            let yaml = try requireYAML(step)
            guard yaml.selectedDiagnostics.contains(where: { $0.fix != nil }) else { throw fail(step, "no fix here") }
            yaml.onTappedApplyFix()
        case "undo":
            try requireYAML(step).onTappedUndo()
        case "redo":
            try requireYAML(step).onTappedRedo()
        case "save":
            try await requireYAML(step).onTappedSave()
        default:
            return false
        }
        return true
    }

    /// A row as the terminal's tree pane draws it: two spaces per level,
    /// `▸`/`▾` for a folded or unfolded collection, the key (or `Document
    /// n`), the anchor, the tag and the summary.
    static func rowText(_ row: YAMLTreeRow) -> String {
        var text = String(repeating: "  ", count: min(row.depth, 20))
        if let expanded = row.isExpanded { text += expanded ? "▾ " : "▸ " }
        switch row.kind {
        case .document: text += row.label + " "
        default:
            if !row.label.isEmpty { text += row.label + ": " }
        }
        if let anchor = row.anchor { text += "&\(anchor) " }
        if let tag = row.tag { text += tag + " " }
        return text + row.summary
    }

    /// The value of the expectation `name` for the open YAML file; `nil`
    /// when the name is not one the YAML editor answers.
    func actualYAML(_ name: String, _ yaml: YAMLDocumentModel) -> Scenario.Expectation? {
        let selected = yaml.selectedRow.flatMap(yaml.row(at:))
        let field = yaml.field.flatMap { $0.id == yaml.selection ? $0 : nil }
        switch name {
        case "editor": return .text(yaml.displayPath)
        case "rows": return .list((0..<yaml.rowCount).compactMap(yaml.row(at:)).map(Self.rowText))
        case "rowCount": return .text(String(yaml.rowCount))
        case "selectedRow": return .text(selected.map(Self.rowText).map { $0.trimmingCharacters(in: .whitespaces) } ?? "none")
        case "path": return .text(yaml.selection.flatMap { yaml.path(of: $0)?.description } ?? "none")
        case "value": return .text(field?.text ?? "none")
        case "valueType": return .text(field?.type.rawValue ?? "none")
        case "valueProblem": return .text(field?.problem ?? "none")
        case "editingValue": return .text(String(yaml.isEditingField))
        case "shared": return .list(yaml.selection.flatMap(yaml.sharedValueNote(of:)).map { [$0] } ?? [])
        case "mistakes": return .list(yaml.selectedDiagnostics.map { "line \($0.location.line): \($0.message)" })
        case "fixes": return .list(yaml.selectedDiagnostics.compactMap(\.fix?.title))
        case "documentCount": return .text(String(yaml.documentCount))
        case "notes": return .list(yaml.notes)
        case "saveState": return .text(Self.label(yaml.saveState))
        case "canUndo": return .text(String(yaml.canUndo))
        case "canRedo": return .text(String(yaml.canRedo))
        case "errors": return .text(String(yaml.diagnosticCounts.errors))
        case "warnings": return .text(String(yaml.diagnosticCounts.warnings))
        case "destination" where app.destination == nil:
            return yaml.destination?.prompt != nil ? .text("prompt") : yaml.destination != nil ? .text("alert") : nil
        default: return nil
        }
    }

    private static func label(_ state: SaveState) -> String {
        switch state {
        case .clean: "clean"
        case .dirty: "dirty"
        case .saving: "saving"
        case .saved: "saved"
        case .failed: "failed"
        case .conflict: "conflict"
        case .diskProblem(let problem, _): problem.label
        }
    }
}
