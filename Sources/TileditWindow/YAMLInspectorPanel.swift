import CGtk
import TileditGtk
import TileditModel
import TileditViewModels

/// The inspector of a YAML file: the selected node's path, line, comments,
/// anchor and the places sharing its value; for a value, its typed field
/// (`YAMLScalarField`): the type (a drop-down), the value (an entry, or a
/// switch for a boolean; a value of several lines is shown, not edited)
/// and its message under it as the user types; for a mapping or a
/// sequence, how many keys or items it has; the structural edits (add a
/// key, rename a key, add, duplicate and move an item, remove the node);
/// the row's mistakes with a button applying the first fix
/// (`YAMLDiagnosticsSection`); and what the last edit was refused for or
/// changed elsewhere (`notes`). The path, the shared-value note and the
/// value's heading (`value · editing · not applied`) are labels described
/// as "Node path", "Shared value" and "Value heading".
///
/// Focusing the entry begins typing (`onTappedEdit`, as Enter on the row
/// does); typing goes to `onEditedField` on every change; Enter applies
/// (`onCommittedField`), leaving the entry applies a valid value
/// (`onLeftField`), Escape puts the value back (`onDiscardedFieldTyping`).
/// A value holding a character GTK cannot show (U+0000) is shown with a
/// stand-in and cannot be typed into, so no value is written that was not shown.
@MainActor
final class YAMLInspectorPanel {
    let view: Widget
    private let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
    private let path = Label()
    private let details = Label()
    private let shared = Label()
    private let diagnostics: YAMLDiagnosticsSection
    private let typeRow = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    private let type = DropDown(choices: YAMLValueType.allCases.map(\.rawValue))
    private let valueHeading = Label("value")
    private let entry = Entry()
    private let toggle = Switch()
    private let area = TextView()
    private let message = Label()
    private let notes = Label()
    private let app: AppModel
    private var observer: StateObserver?
    private var controllers: [EventController] = []
    private var isRendering = false

    init(app: AppModel) {
        self.app = app
        diagnostics = YAMLDiagnosticsSection(app: app)
        let scrolled = ScrolledWindow(content)
        scrolled.setScrollsHorizontally(false)
        scrolled.setAccessibleLabel("YAML inspector pane")
        scrolled.setExpands(horizontally: true, vertically: true)
        view = scrolled
        content.setMargins(12)
        path.addStyleClass("heading")
        path.setTextAlignment(0)
        path.setWraps(true)
        path.setAccessibleDescription("Node path")
        shared.setTextAlignment(0)
        shared.setWraps(true)
        shared.setAccessibleDescription("Shared value")
        details.setTextAlignment(0)
        details.setWraps(true)
        details.addStyleClass("dim-label")
        let typeLabel = Label("type")
        typeLabel.addStyleClass("caption-heading")
        type.setAccessibleName("Value type")
        type.setTooltip("The type the value is written as")
        typeRow.append(typeLabel)
        typeRow.append(type)
        valueHeading.setTextAlignment(0)
        valueHeading.addStyleClass("caption-heading")
        valueHeading.setAccessibleDescription("Value heading")
        entry.setAccessibleLabel("Value")
        toggle.setAccessibleLabel("Value")
        toggle.setHorizontalAlignment(GTK_ALIGN_START)
        area.setAccessibleLabel("Value")
        area.setMonospace(true)
        area.setEditable(false)
        area.addStyleClass("card")
        area.setSizeRequest(width: -1, height: 80)
        message.setTextAlignment(0)
        message.setWraps(true)
        message.addStyleClass("error")
        message.setAccessibleDescription("Field message")
        notes.setTextAlignment(0)
        notes.setWraps(true)
        notes.addStyleClass("warning")
        notes.setAccessibleDescription("Notes")
        content.append(path)
        content.append(details)
        content.append(shared)
        content.append(typeRow)
        content.append(valueHeading)
        content.append(entry)
        content.append(toggle)
        content.append(area)
        content.append(message)
        content.append(structuralButtons())
        content.append(diagnostics.view)
        content.append(notes)
        connectControls()
        observer = StateObserver { [weak self] in self?.render() }
    }

    private var yaml: YAMLDocumentModel? { app.yamlEditor }

    private func structuralButtons() -> Widget {
        let grid = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        let rows: [[(String, String, @MainActor (YAMLDocumentModel) -> Void)]] = [
            [("Add key…", "Add a key to the mapping", { $0.onTappedAddKey() }),
             ("Add item", "Add an item to the sequence", { $0.onAddedItem() }),
             ("Duplicate item", "Insert a copy of the item after it", { $0.onDuplicatedItem() })],
            [("Move item up", "Move the item up in its sequence, or the key in its mapping (Alt+Up)", { $0.onMovedItem(by: -1) }),
             ("Move item down", "Move the item down in its sequence, or the key in its mapping (Alt+Down)", { $0.onMovedItem(by: 1) }),
             ("Remove", "Remove the key or the item (Delete)", { $0.onRemovedSelection() })],
            [("Rename key…", "Rename the selected key", { $0.onTappedRenameKey() })],
        ]
        for row in rows {
            let line = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
            for (title, tooltip, action) in row {
                let button = Button(label: title)
                button.setAccessibleLabel(title.hasSuffix("…") ? String(title.dropLast()) : title)
                button.setTooltip(tooltip)
                button.onClicked { [weak self] in if let yaml = self?.yaml { action(yaml) } }
                line.append(button)
            }
            grid.append(line)
        }
        return grid
    }

    private func connectControls() {
        type.onSelected { [weak self] in
            guard let self, !self.isRendering, let yaml = self.yaml, let field = yaml.field, let index = self.type.selectedIndex,
                  YAMLValueType.allCases.indices.contains(index), YAMLValueType.allCases[index] != field.type else { return }
            yaml.onChoseFieldType(YAMLValueType.allCases[index])
        }
        entry.onChanged { [weak self] in
            guard let self, !self.isRendering, let yaml = self.yaml, let field = yaml.field, field.text != self.entry.text,
                  GtkText.showsExactly(field.text) else { return }
            yaml.onEditedField(self.entry.text)
        }
        entry.onActivate { [weak self] in
            guard let self, !self.isRendering, let yaml = self.yaml, yaml.field != nil else { return }
            yaml.onCommittedField()
        }
        toggle.onToggled { [weak self] in
            guard let self, !self.isRendering, let yaml = self.yaml, let field = yaml.field, field.type == .boolean,
                  self.toggle.isOn != (field.text == "true") else { return }
            yaml.onToggledField()
        }
        let keys = KeyController()
        keys.setCapturesFirst()
        keys.onKeyPressed { [weak self] key, _ in
            guard let self, let yaml = self.yaml, let field = yaml.field, key == UInt32(GDK_KEY_Escape), field.text != field.original else { return false }
            yaml.onDiscardedFieldTyping()
            return true
        }
        let focus = FocusController()
        focus.onEnter { [weak self] in
            guard let self, !self.isRendering, let yaml = self.yaml, yaml.field != nil, !yaml.isEditingField else { return }
            yaml.onTappedEdit()
        }
        focus.onLeave { [weak self] in
            guard let self, !self.isRendering, let yaml = self.yaml, yaml.field != nil else { return }
            yaml.onLeftField()
        }
        entry.addController(keys)
        entry.addController(focus)
        // A value of several lines is edited elsewhere: asking to edit it gets the editor's note.
        let areaFocus = FocusController()
        areaFocus.onEnter { [weak self] in self?.yaml?.onTappedEdit() }
        area.addController(areaFocus)
        controllers += [keys, focus, areaFocus]
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        guard let yaml, let index = yaml.selectedRow, let row = yaml.row(at: index), let id = yaml.selection else {
            path.text = yaml?.file.value == nil ? (yaml == nil ? "" : "Loading…") : "No node selected"
            details.text = ""
            typeRow.isVisible = false
            valueHeading.isVisible = false
            entry.isVisible = false
            toggle.isVisible = false
            area.isVisible = false
            message.isVisible = false
            shared.isVisible = false
            diagnostics.render([])
            notes.text = yaml?.notes.joined(separator: "\n") ?? ""
            notes.isVisible = !(yaml?.notes.isEmpty ?? true)
            return
        }
        let nodePath = yaml.path(of: id)?.description ?? ""
        path.text = nodePath.isEmpty ? "(document root)" : nodePath
        var lines = ["line \(row.line)"]
        lines += row.comments.map { "# " + $0 }
        if let anchor = row.anchor { lines.append("anchor &\(anchor)") }
        switch row.kind {
        case .mapping(let count): lines.append("a mapping of \(count) key\(count == 1 ? "" : "s")")
        case .sequence(let count): lines.append("a sequence of \(count) item\(count == 1 ? "" : "s")")
        case .alias(let name): lines.append("*\(name): the value of the anchor &\(name)")
        case .document, .scalar: break
        }
        details.text = lines.joined(separator: "\n")
        let note = yaml.sharedValueNote(of: id)
        shared.text = note ?? ""
        shared.isVisible = note != nil
        diagnostics.render(yaml.selectedDiagnostics)
        let field = yaml.field.flatMap { $0.id == id ? $0 : nil }
        typeRow.isVisible = field != nil
        valueHeading.isVisible = field != nil
        if let field {
            type.selectedIndex = YAMLValueType.allCases.firstIndex(of: field.type)
            valueHeading.text = (["value"] + (yaml.isEditingField ? ["editing"] : []) + (field.text != field.original ? ["not applied"] : []))
                .joined(separator: " · ")
            let exact = GtkText.showsExactly(field.text)
            let isBoolean = field.type == .boolean && field.choices.contains(field.text)
            entry.isVisible = field.isSingleLine && !isBoolean
            toggle.isVisible = isBoolean
            area.isVisible = !field.isSingleLine
            entry.text = field.text
            entry.setEditable(exact)
            toggle.isOn = field.text == "true"
            area.text = field.text
            var description = field.choices.isEmpty ? "a \(field.type.rawValue)" : "one of " + field.choices.joined(separator: ", ")
            if !exact { description += "; it holds a character this window cannot show (U+0000, shown as \(GtkText.nulStandIn)): edit it in the terminal editor" }
            for control: Widget in [entry, toggle, area] { control.setAccessibleDescription(description) }
            message.text = field.problem ?? ""
            message.isVisible = field.problem != nil
        } else {
            entry.isVisible = false
            toggle.isVisible = false
            area.isVisible = false
            message.isVisible = false
        }
        notes.text = yaml.notes.joined(separator: "\n")
        notes.isVisible = !yaml.notes.isEmpty
    }
}
