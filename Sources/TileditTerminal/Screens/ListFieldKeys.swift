import TileditViewModels
import TileditTerminalToolkit

/// The keys of a list field opened as a list (`InspectorModel.list`):
/// moving among the items, adding, editing, removing and moving one, and
/// while an item is typed, its completions. Every key becomes an
/// `onInspectorList` action; the typed text lives in `ViewState.listItemField`.
@MainActor
enum ListFieldKeys {
    /// Handles `key` for the open list `list` of `editor`.
    static func handle(
        _ key: KeyEvent, list: InspectorListField, editor: DocumentEditorModel, app: AppModel, state: inout ViewState
    ) -> [KeyRouter.Effect] {
        defer { state.sync(with: app) }
        if key == .ctrl("c") {
            // Leaves the list keeping what was typed, then quits (asking first).
            editor.onInspectorList(.closed)
            app.onTappedQuit()
            return []
        }
        if list.typing != nil {
            return typing(key, editor: editor, state: &state)
        }
        if case .paste = key {
            state.message = "Paste goes into an item: a adds one, Enter edits the selected one"
            return []
        }
        if let command = KeyMap.command(for: key, in: [.listField]) {
            switch command {
            case .moveUp: editor.onInspectorList(.movedSelection(by: -1))
            case .moveDown: editor.onInspectorList(.movedSelection(by: 1))
            case .addListItem: editor.onInspectorList(.beganAddingItem)
            case .editListItem: editor.onInspectorList(list.items.isEmpty ? .beganAddingItem : .beganEditingItem)
            case .removeListItem: editor.onInspectorList(.removedItem)
            case .moveListItemUp: editor.onInspectorList(.movedItem(by: -1))
            case .moveListItemDown: editor.onInspectorList(.movedItem(by: 1))
            case .closeList: editor.onInspectorList(.closed)
            case .editListAsText:
                editor.onInspectorList(.closed)
                if editor.inspector.list == nil { editor.onInspector(.beganEditingField(list.key)) }
            case .commitAndSave: return [.run { await editor.onTappedSave() }]
            default: break
            }
            return []
        }
        switch KeyMap.command(for: key, in: [.global]) {
        case .undo?: editor.onTappedUndo()
        case .redo?: editor.onTappedRedo()
        case .showHelp?:
            state.isHelpShown = true
            state.helpScroll = 0
        default: break
        }
        return []
    }

    private static func typing(_ key: KeyEvent, editor: DocumentEditorModel, state: inout ViewState) -> [KeyRouter.Effect] {
        switch KeyMap.command(for: key, in: [.listItemEditing]) {
        case .commitListItem?: editor.onInspectorList(.committedItem)
        case .completeListItem?: editor.onInspectorList(.acceptedCompletion)
        case .nextCompletion?: editor.onInspectorList(.movedCompletion(by: 1))
        case .previousCompletion?: editor.onInspectorList(.movedCompletion(by: -1))
        case .discardListItem?: editor.onInspectorList(.discardedItem)
        case .commitAndSave?:
            editor.onInspectorList(.closed)
            return [.run { await editor.onTappedSave() }]
        default:
            var field = state.listItemField ?? TextField(text: editor.inspector.list?.typing?.text ?? "", accessibilityLabel: "Item")
            if field.handle(key) == .edited { editor.onInspectorList(.changedItem(field.text)) }
            state.listItemField = field
        }
        return []
    }
}
