import TileditModel
import TileditViewModels
import TileditTerminalToolkit

/// Key commands for a YAML file: each maps to one of the YAML editor's
/// `on…` actions (the editor decides and refuses, with its reasons in
/// `notes`); only the focus, the typing field and messages change here.
@MainActor
enum YAMLKeys {
    /// Carries out `command` on `yaml`; `nil` when the command is not the
    /// YAML editor's and goes on to the panes' usual handling.
    static func perform(_ command: Command, yaml: YAMLDocumentModel, state: inout ViewState) -> [KeyRouter.Effect]? {
        switch command {
        case .save:
            return [.run { await yaml.onTappedSave() }]
        case .undo:
            yaml.onTappedUndo()
        case .redo:
            yaml.onTappedRedo()
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveToFirst, .moveToLast:
            guard state.focus == .blocks || state.focus == .inspector else { return nil }
            yaml.onMovedSelection(by: offset(of: command, page: KeyRouter.pageHeight(state)))
        case .editBlock, .editField:
            edit(yaml, state: &state)
        case .collapseNode:
            yaml.onCollapsedSelection()
        case .deleteBlock, .removeProperty:
            _ = yaml.onRemovedSelection()
        case .duplicateBlock:
            _ = yaml.onDuplicatedItem()
        case .moveBlockUp, .moveBlockDown:
            _ = yaml.onMovedItem(by: command == .moveBlockUp ? -1 : 1)
        case .insertParagraph:
            _ = yaml.onAddedItem("")
        case .addProperty:
            state.prompt = Prompt(kind: .addProperty)
        case .previousChoice, .nextChoice:
            guard let field = yaml.field else { break }
            let types = YAMLValueType.allCases
            let index = types.firstIndex(of: field.type) ?? 0
            yaml.onChoseFieldType(types[(index + (command == .nextChoice ? 1 : types.count - 1)) % types.count])
        case .toggleField:
            guard let field = yaml.field, field.type == .boolean else { break }
            yaml.onEditedField(field.text == "true" ? "false" : "true")
            _ = yaml.onCommittedField()
        case .insertTile, .moveBlockTo, .applyFix, .editExternally, .format, .goToLine:
            state.message = "Not for YAML files: \(command.label.lowercased())"
        default:
            return nil
        }
        return []
    }

    /// Unfolds the selected mapping or sequence, or starts typing into the selected value.
    private static func edit(_ yaml: YAMLDocumentModel, state: inout ViewState) {
        guard let index = yaml.selectedRow, let row = yaml.row(at: index) else { return }
        if row.isExpanded == false {
            yaml.onExpandedSelection()
            return
        }
        guard let field = yaml.field else { return }
        guard !field.text.contains("\n") else {
            state.message = "A value of several lines is edited with `tiledit set` for now"
            return
        }
        state.focus = .inspector
        state.editing = .yamlValue(TextField(text: field.text, accessibilityLabel: "Value"))
    }

    /// Typing into the value: each edit goes to the field, which validates
    /// it; Enter applies a valid value, leaving applies it when valid (an
    /// invalid one stays in the field with its message), Ctrl-G puts the
    /// value back, Ctrl-S leaves and saves.
    static func handleTyping(_ key: KeyEvent, field: TextField, yaml: YAMLDocumentModel, state: inout ViewState) -> [KeyRouter.Effect] {
        var field = field
        switch KeyMap.command(for: key, in: [.fieldEditing]) {
        case .commitField?:
            if yaml.onCommittedField() { state.editing = nil }
        case .leaveField?:
            if yaml.field?.canApply == true { _ = yaml.onCommittedField() }
            state.editing = nil
            if key == .up || key == .down { yaml.onMovedSelection(by: key == .up ? -1 : 1) }
        case .discardTyping?:
            yaml.onEditedField(yaml.field?.original ?? "")
            state.editing = nil
        case .commitAndSave?:
            if yaml.field?.canApply == true { _ = yaml.onCommittedField() }
            state.editing = nil
            return [.run { await yaml.onTappedSave() }]
        default:
            if field.handle(key) == .edited { yaml.onEditedField(field.text) }
            state.editing = .yamlValue(field)
        }
        return []
    }

    private static func offset(of command: Command, page: Int) -> Int {
        switch command {
        case .moveUp: -1
        case .moveDown: 1
        case .pageUp: -page
        case .pageDown: page
        case .moveToFirst: -1_000_000_000
        default: 1_000_000_000
        }
    }
}
