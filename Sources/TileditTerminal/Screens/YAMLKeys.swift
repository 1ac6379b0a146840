import TileditModel
import TileditViewModels
import TileditTerminalToolkit

/// Key commands for a YAML file: each maps to one of the YAML editor's
/// `on…` actions (the editor decides and refuses, with its reasons in
/// `notes`); only the focus, the typing widget and the renderer's own
/// notices change here.
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
        case .editBlock, .editField, .expandNode:
            if command == .expandNode { yaml.onTappedExpandOrEdit() } else { yaml.onTappedEdit() }
            // Typing goes to the value in the inspector.
            if yaml.isEditingField { state.focus = .inspector }
        case .collapseNode:
            yaml.onCollapsedSelection()
        case .deleteBlock, .removeProperty:
            yaml.onRemovedSelection()
        case .duplicateBlock:
            yaml.onDuplicatedItem()
        case .moveBlockUp, .moveBlockDown:
            yaml.onMovedItem(by: command == .moveBlockUp ? -1 : 1)
        case .insertParagraph:
            yaml.onAddedItem()
        case .addProperty:
            // On the tree `a` adds at the selected node (a key, or an item of a sequence).
            if state.focus == .blocks { yaml.onTappedAdd() } else { yaml.onTappedAddKey() }
        case .moveBlockTo:
            yaml.onTappedRenameKey()
        case .applyFix:
            yaml.onTappedApplyFix()
        case .goToLine:
            yaml.onTappedGoToLine()
        case .previousChoice, .nextChoice:
            yaml.onSteppedFieldType(by: command == .nextChoice ? 1 : -1)
        case .toggleField:
            yaml.onToggledField()
        case .insertTile, .editExternally, .format:
            state.message = "Not for YAML files: \(command.label.lowercased())"
        default:
            return nil
        }
        return []
    }

    /// Typing into the value: each edit goes to the field, which validates
    /// it; Enter applies a valid value, leaving applies it when valid (an
    /// invalid one stays in the field with its message), Ctrl-G puts the
    /// value back, Ctrl-S leaves and saves. The editor ends the typing
    /// (`isEditingField`); the router's sync closes the widget.
    static func handleTyping(_ key: KeyEvent, field: TextField, yaml: YAMLDocumentModel, state: inout ViewState) -> [KeyRouter.Effect] {
        var field = field
        switch KeyMap.command(for: key, in: [.fieldEditing]) {
        case .commitField?:
            yaml.onCommittedField()
        case .leaveField?:
            yaml.onLeftField()
            if key == .up || key == .down { yaml.onMovedSelection(by: key == .up ? -1 : 1) }
        case .discardTyping?:
            yaml.onDiscardedFieldTyping()
        case .commitAndSave?:
            yaml.onLeftField()
            return [.run { await yaml.onTappedSave() }]
        default:
            if field.handle(key) == .edited { yaml.onEditedField(field.text) }
            state.editing = .yamlValue(field)
        }
        return []
    }

    /// Typing a value of several lines into its text area: Enter breaks the
    /// line; leaving by Esc, Tab or Ctrl-C applies a valid value (an
    /// invalid one stays with its message), Ctrl-G puts the value back,
    /// Ctrl-S leaves and saves.
    static func handleTyping(_ key: KeyEvent, area: TextArea, yaml: YAMLDocumentModel, state: inout ViewState) -> [KeyRouter.Effect] {
        var area = area
        switch KeyMap.command(for: key, in: [.textEditing]) {
        case .leaveField?:
            yaml.onLeftField()
        case .discardTyping?:
            yaml.onDiscardedFieldTyping()
        case .commitAndSave?:
            yaml.onLeftField()
            return [.run { await yaml.onTappedSave() }]
        default:
            if area.handle(key) == .edited { yaml.onEditedField(area.text) }
            state.editing = .yamlText(area)
        }
        return []
    }

    private static func offset(of command: Command, page: Int) -> Int {
        switch command {
        case .moveUp: -1
        case .moveDown: 1
        case .pageUp: -page
        case .pageDown: page
        case .moveToFirst: Int.min
        default: Int.max
        }
    }
}
